/**
 * generate-media [--products N] [--seed S] [--catalogue DIR] [--out DIR] [--cache DIR]
 *
 * Writes the demo media store (docs/decisions/0046): every image the demo catalogue names
 * (built again in memory from --products and --seed, the same documents generate-catalogue
 * imports; or the import files in --catalogue DIR) and the flags of the shops' delivery
 * countries, into the folder the worker serves /images/* from (default dist/_media),
 * rendering only what the cache (default .wrangler/state/media-cache) lacks.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { buildCatalogue, loadShops } from "./catalogue-demo/build";
import { collectMedia, writeMedia, type MediaStats } from "./media/store";
import { ROOT } from "./lib/shops";

/** The media store's folder beside the shops' builds (worker/edge/media.ts serves it). */
export const MEDIA_FOLDER = "_media";
export const DEFAULT_SEED = 42;

export interface MediaOptions {
  documents: CatalogueDocument[];
  out: string;
  cacheDir: string;
  seed?: number;
}

/** The demo catalogue's documents as generate-catalogue writes them (pictures do not depend on the date). */
export function demoDocuments(products: number, seed = DEFAULT_SEED): CatalogueDocument[] {
  return buildCatalogue({ products, seed, now: new Date("2025-01-01T00:00:00Z") }).map((file) => file.document);
}

/** Import files in a folder, in import order. */
export function catalogueFolderDocuments(folder: string): CatalogueDocument[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), "utf8")) as CatalogueDocument);
}

/** Writes the media store for the documents and every delivery country's flag. */
export async function generateMedia(options: MediaOptions): Promise<MediaStats> {
  const countries = [...new Set(loadShops().flatMap((shop) => shop.deliveryCountries))];
  return writeMedia(collectMedia(options.documents, countries, options.seed ?? DEFAULT_SEED), { out: options.out, cacheDir: options.cacheDir });
}

export function describeMedia(stats: MediaStats): string {
  return `Media store: ${stats.paths} images named, ${stats.files} files (${(stats.bytes / 1024 / 1024).toFixed(1)} MB), ${stats.rendered} pictures rendered, ${stats.reused} from the cache, ${stats.removed} stale files removed, ${stats.seconds.toFixed(1)} s`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: "string", default: "300" },
      seed: { type: "string", default: String(DEFAULT_SEED) },
      catalogue: { type: "string" },
      out: { type: "string", default: join(ROOT, "dist", MEDIA_FOLDER) },
      cache: { type: "string", default: join(ROOT, ".wrangler", "state", "media-cache") },
    },
  });
  const seed = Number(values.seed);
  const documents = values.catalogue ? catalogueFolderDocuments(values.catalogue) : demoDocuments(Number(values.products), seed);
  const stats = await generateMedia({ documents, out: values.out!, cacheDir: values.cache!, seed });
  console.log(describeMedia(stats));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`generate-media: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
