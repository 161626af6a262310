/**
 * npx tsx scripts/generate-media.ts [--products N] [--seed S] [--catalogue DIR] [--out DIR] [--cache DIR]   (options: --help)
 *
 * Writes the demo media store (docs/decisions/0046): every image the demo catalogue names
 * (built again in memory from --products and --seed, the same documents generate-catalogue
 * imports; or the import files in --catalogue DIR) and the flags of the shops' delivery
 * countries, into the folder the worker serves /images/* from (default dist/_media),
 * rendering only what the cache (default .wrangler/state/media-cache) lacks. The merchant's
 * own files are taken instead of drawn ones (scripts/media/uploads.ts): those kept by
 * `npm run import` (default .wrangler/state/media-uploads) and, with --catalogue, the files
 * beside the import files at the paths they name, checked by their bytes.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { buildCatalogue, loadShops } from "./catalogue-demo/build";
import { collectMedia, writeMedia, type MediaStats } from "./media/store";
import { findUploads, keptUploads, uploadItems } from "./media/uploads";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { ROOT } from "./lib/shops";

/** The media store's folder beside the shops' builds (worker/edge/media.ts serves it). */
export const MEDIA_FOLDER = "_media";
/** In the local state: made files by content, and the merchant's files the import took. */
export const MEDIA_CACHE_FOLDER = "media-cache";
export const MEDIA_UPLOADS_FOLDER = "media-uploads";
export const DEFAULT_SEED = 42;

export interface MediaOptions {
  documents: CatalogueDocument[];
  out: string;
  cacheDir: string;
  seed?: number;
  /** The merchant's files by store path (uploads.ts): taken instead of drawn. */
  uploads?: Map<string, string>;
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
  const items = collectMedia(options.documents, countries, options.seed ?? DEFAULT_SEED);
  for (const [path, item] of uploadItems(options.uploads ?? new Map())) items.set(path, item);
  return writeMedia(items, { out: options.out, cacheDir: options.cacheDir });
}

export function describeMedia(stats: MediaStats): string {
  return `Media store: ${stats.paths} media files named, ${stats.files} files (${(stats.bytes / 1024 / 1024).toFixed(1)} MB), ${stats.rendered} made (pictures, PDFs, videos), ${stats.reused} from the cache, ${stats.removed} stale files removed, ${stats.seconds.toFixed(1)} s`;
}

const COMMAND = {
  command: "npx tsx scripts/generate-media.ts",
  summary: "Writes the demo media store: every image the demo catalogue names and the delivery countries' flags, rendering only what the cache lacks.",
  options: {
    products: { type: "integer", default: 300, min: 1, description: "products of the demo catalogue whose images are drawn" },
    seed: { type: "integer", default: DEFAULT_SEED, min: 0, description: "the demo catalogue's seed" },
    catalogue: { type: "string", value: "dir", description: "take the images from the import files in this folder instead of the demo catalogue" },
    out: { type: "string", default: join("dist", MEDIA_FOLDER), value: "dir", description: "the media store's folder" },
    cache: { type: "string", default: join(".wrangler", "state", MEDIA_CACHE_FOLDER), value: "dir", description: "made files by content" },
    uploads: {
      type: "string",
      default: join(".wrangler", "state", MEDIA_UPLOADS_FOLDER),
      value: "dir",
      description: "the merchant's files the import kept, by store path",
    },
  },
  examples: ["npx tsx scripts/generate-media.ts --products 5000"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const seed = values.seed;
  const documents = values.catalogue ? catalogueFolderDocuments(values.catalogue) : demoDocuments(values.products, seed);
  const uploads = keptUploads(resolve(ROOT, values.uploads));
  if (values.catalogue) {
    const found = findUploads(documents, values.catalogue);
    if (found.problems.length > 0) throw new Error(`files refused:\n${found.problems.join("\n")}`);
    for (const [path, file] of found.files) uploads.set(path, file);
  }
  const stats = await generateMedia({ documents, out: resolve(ROOT, values.out), cacheDir: resolve(ROOT, values.cache), seed, uploads });
  console.log(describeMedia(stats));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`generate-media: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
