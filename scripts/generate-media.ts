/**
 * generate-media [--catalogue DIR] [--out DIR] [--cache DIR] [--seed S]
 *
 * Writes the demo media store (docs/decisions/0046): every image the catalogue files in
 * DIR name and the flags of the shops' delivery countries, into the folder the worker
 * serves /images/* from (default dist/_media), rendering only what the cache (default
 * .wrangler/state/media-cache) lacks.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { CatalogueDocument } from "../worker/shop-api/catalogue/import-format";
import { loadShops } from "./catalogue-demo/build";
import { collectMedia, writeMedia, type MediaStats } from "./catalogue-demo/media";
import { ROOT } from "./lib/shops";

export const MEDIA_FOLDER = "_media";

export interface MediaOptions {
  catalogue: string;
  out: string;
  cacheDir: string;
  seed?: number;
}

/** Reads the catalogue files and writes the media store. */
export async function generateMedia(options: MediaOptions): Promise<MediaStats> {
  const documents: CatalogueDocument[] = existsSync(options.catalogue)
    ? readdirSync(options.catalogue)
        .filter((name) => name.endsWith(".json"))
        .sort()
        .map((name) => JSON.parse(readFileSync(join(options.catalogue, name), "utf8")) as CatalogueDocument)
    : [];
  const countries = [...new Set(loadShops().flatMap((shop) => shop.deliveryCountries))];
  return writeMedia(collectMedia(documents, countries, options.seed ?? 42), { out: options.out, cacheDir: options.cacheDir });
}

export function describeMedia(stats: MediaStats): string {
  return `media: ${stats.paths} images named, ${stats.files} files (${(stats.bytes / 1024 / 1024).toFixed(1)} MB), ${stats.rendered} pictures rendered, ${stats.reused} from the cache, ${stats.removed} stale files removed, ${stats.seconds.toFixed(1)} s`;
}

async function main() {
  const { values } = parseArgs({
    options: {
      catalogue: { type: "string", default: join(ROOT, ".data", "catalogue") },
      out: { type: "string", default: join(ROOT, "dist", MEDIA_FOLDER) },
      cache: { type: "string", default: join(ROOT, ".wrangler", "state", "media-cache") },
      seed: { type: "string", default: "42" },
    },
  });
  const stats = await generateMedia({ catalogue: values.catalogue!, out: values.out!, cacheDir: values.cache!, seed: Number(values.seed) });
  console.log(describeMedia(stats));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`generate-media: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
