/**
 * npm run generate -- [--products N] [--seed S] [--out DIR] [--now ISO] [--no-import] [--chunk N]   (options: --help)
 *
 * Writes a deterministic demo catalogue as import files (same seed, size and --now
 * give byte-identical files) and imports them into the local D1 of `wrangler dev` (every shop
 * database its configuration declares) through the import merchandisers use. Each file is one transaction.
 * Beside them lies the merchant's own photo of one product (catalogue-demo/merchant-photo.ts),
 * which the import keeps for the media store as `npm run import` keeps a merchant's files, and in
 * erp/ the ERP's two updates of one product's sample availability (catalogue-demo/sample-availability.ts),
 * not imported: a newcomer imports them to see the pages' notice (docs/development.md).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importCatalogueEverywhere } from "@shop-api/catalogue/apply-import";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { allShops } from "@shop-api/core/shop";
import { boundDatabase, everyShopDatabaseOf, type ShopDatabaseOf } from "@shop-api/core/shop-database";
import type { ShopApiEnv } from "@worker/env";
import { buildCatalogue, type CatalogueFile } from "./catalogue-demo/build";
import { writeMerchantPhoto } from "./catalogue-demo/merchant-photo";
import { ERP_FOLDER, sampleAvailabilityUpdates, type SampleAvailabilityUpdates } from "./catalogue-demo/sample-availability";
import { findUploads, keepUploads } from "./media/uploads";
import { MEDIA_UPLOADS_FOLDER } from "./generate-media";
import { formatProblem } from "./lib/import-report";
import { demoCatalogueDir, localStateDir } from "./lib/local-state";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import type { LocalBindingsOptions } from "./local-d1";

export interface GenerateOptions {
  products: number;
  seed: number;
  out: string;
  now: Date;
  chunkSize?: number;
}

export interface WrittenCatalogue {
  files: { name: string; path: string; products: number; bytes: number }[];
  documents: CatalogueDocument[];
  totals: Record<string, number>;
}

/** The seed the demo catalogue is written with unless told otherwise (the builds' and the deploy rehearsal's). */
export const DEMO_SEED = 42;

const FILE_PATTERN = /^(00-base|products-\d{4}(-prices)?|terrace|roof-windows)\.json$/;

/** Builds the catalogue and writes its files to `out` (earlier generated files there are removed). */
export function writeCatalogue(options: GenerateOptions): WrittenCatalogue {
  const files = buildCatalogue({ products: options.products, seed: options.seed, now: options.now, chunkSize: options.chunkSize });
  mkdirSync(options.out, { recursive: true });
  for (const name of readdirSync(options.out)) if (FILE_PATTERN.test(name)) rmSync(join(options.out, name));
  const totals: Record<string, number> = {};
  const written = files.map((file: CatalogueFile) => {
    const text = JSON.stringify(file.document) + "\n";
    const path = join(options.out, file.name);
    writeFileSync(path, text);
    for (const [section, records] of Object.entries(file.document)) totals[section] = (totals[section] ?? 0) + (records as unknown[]).length;
    return { name: file.name, path, products: file.products, bytes: Buffer.byteLength(text) };
  });
  return { files: written, documents: files.map((file) => file.document), totals };
}

export interface ImportProgress {
  file: string;
  importedProducts: number;
  totalProducts: number;
  seconds: number;
}

/** The ERP's sample updates as files in the erp/ folder beside the import files. */
export interface SampleUpdateFiles extends Pick<SampleAvailabilityUpdates, "sku" | "title"> {
  withdrawn: string;
  restored: string;
}

/** Writes the ERP's two sample updates into `out`/erp/; null when the catalogue has no product that offers samples. */
export function writeSampleUpdates(out: string, documents: CatalogueDocument[]): SampleUpdateFiles | null {
  const updates = sampleAvailabilityUpdates(documents);
  if (!updates) return null;
  const folder = join(out, ERP_FOLDER);
  mkdirSync(folder, { recursive: true });
  const files = { withdrawn: join(folder, "samples-withdrawn.json"), restored: join(folder, "samples-restored.json") };
  writeFileSync(files.withdrawn, JSON.stringify(updates.withdrawn, null, 2) + "\n");
  writeFileSync(files.restored, JSON.stringify(updates.restored, null, 2) + "\n");
  return { sku: updates.sku, title: updates.title, ...files };
}

/**
 * Writes the catalogue and, beside it, the merchant's photo (its store path: null when the catalogue
 * has no product for it) and the ERP's sample updates.
 */
export async function writeDemoCatalogue(
  options: GenerateOptions,
): Promise<WrittenCatalogue & { merchantPhoto: string | null; sampleUpdates: SampleUpdateFiles | null }> {
  const catalogue = writeCatalogue(options);
  const merchantPhoto = await writeMerchantPhoto(options.out, catalogue.documents);
  return { ...catalogue, merchantPhoto, sampleUpdates: writeSampleUpdates(options.out, catalogue.documents) };
}

/** Keeps the merchant's files beside the import files (checked by their bytes) in the upload folder the media store takes them from. */
export function keepMerchantFiles(documents: CatalogueDocument[], folder: string, uploadsDir: string): string[] {
  const media = findUploads(documents, folder);
  if (media.problems.length > 0) throw new Error(`media files refused:\n${media.problems.join("\n")}`);
  keepUploads(media.files, uploadsDir);
  return [...media.files.keys()];
}

/** Imports written files in order into every shop database (docs/decisions/0064); throws with every problem when a file is refused. */
export async function importCatalogueFiles(
  databases: readonly ShopDatabaseOf[],
  catalogue: WrittenCatalogue,
  now: Date,
  onProgress?: (progress: ImportProgress) => void,
): Promise<{ changedProducts: number; imports: number }> {
  const started = Date.now();
  const totalProducts = catalogue.files.reduce((sum, f) => sum + f.products, 0);
  let importedProducts = 0;
  const changed = new Set<string>();
  for (const file of catalogue.files) {
    const result = await importCatalogueEverywhere(databases, { format: "json", text: readFileSync(file.path, "utf8") }, { source: `demo:${file.name}`, now });
    if (!result.ok) {
      throw new Error(`${file.name} was refused:\n${result.problems.map((p) => `  ${formatProblem("json", p)}`).join("\n")}`);
    }
    for (const sku of result.changedSkus) changed.add(sku);
    importedProducts += file.products;
    onProgress?.({ file: file.name, importedProducts, totalProducts, seconds: (Date.now() - started) / 1000 });
  }
  return { changedProducts: changed.size, imports: catalogue.files.length };
}

/**
 * The databases a demo import writes: every shop database (DB first), then the further D1 bindings of `declared` that
 * hold no shop's live data yet (a deployed environment's second database while SHOP_DATABASES is unset), which get
 * the catalogue and none of its stock (catalogue/stock-allowance.ts).
 */
export function demoImportDatabases(env: ShopApiEnv, declared: readonly string[] = []): ShopDatabaseOf[] {
  const databases = everyShopDatabaseOf(
    env,
    allShops().map((shop) => shop.id),
  );
  const more = declared.filter((binding) => !databases.some((database) => database.binding === binding));
  return [...databases, ...more.map((binding) => ({ db: boundDatabase(env, binding), binding, shops: [] }))];
}

/**
 * Imports written files into the local databases (wrangler.jsonc's top level, or the configuration, environment and
 * state of `bindings`: the deploy rehearsal's), those of demoImportDatabases, and keeps the merchant's files in that
 * state's media uploads.
 */
export async function importDemoCatalogue(
  catalogue: WrittenCatalogue,
  options: { out: string; now: Date; bindings?: LocalBindingsOptions; declared?: readonly string[]; onProgress?: (progress: ImportProgress) => void },
): Promise<{ changedProducts: number; imports: number }> {
  // Loaded on use: writing the files alone (--no-import) needs no wrangler.
  const { withLocalBindings } = await import("./local-d1");
  keepMerchantFiles(catalogue.documents, options.out, join(options.bindings?.stateDir ?? localStateDir(), MEDIA_UPLOADS_FOLDER));
  return withLocalBindings(
    (env) => importCatalogueFiles(demoImportDatabases(env, options.declared), catalogue, options.now, options.onProgress),
    options.bindings,
  );
}

const COMMAND = {
  command: "npm run generate --",
  summary: "Writes a deterministic demo catalogue as import files and imports them into the local D1 through the merchandisers' import.",
  options: {
    products: { type: "integer", default: 300, min: 1, description: "products in the catalogue" },
    seed: { type: "integer", default: DEMO_SEED, min: 0, description: "the random seed (same seed, size and --now: byte-identical files)" },
    out: {
      type: "string",
      value: "dir",
      description: "where the import files are written (default: demo-catalogue/ in the local state, .wrangler/state or LOCAL_STATE_DIR)",
    },
    now: { type: "string", value: "ISO date-time", description: "the catalogue's present, e.g. 2025-07-01T00:00:00Z (default: now)" },
    chunk: { type: "integer", default: 1000, min: 10, description: "products per import file" },
    "no-import": { type: "boolean", description: "only write the files" },
  },
  examples: ["npm run generate -- --products 5000 --seed 42", "npm run generate -- --products 50 --out /tmp/catalogue --no-import"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

function generateOptions(): GenerateOptions & { import: boolean } {
  const { values } = runCommandLine(COMMAND);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime())) refuseUsage(COMMAND, `--now must be an ISO date-time, e.g. 2025-07-01T00:00:00Z (got '${values.now}')`);
  return { products: values.products, seed: values.seed, out: values.out ?? demoCatalogueDir(), now, chunkSize: values.chunk, import: !values["no-import"] };
}

async function main(): Promise<void> {
  const options = generateOptions();
  const started = Date.now();
  const catalogue = await writeDemoCatalogue(options);
  const bytes = catalogue.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `wrote ${catalogue.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${options.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  let changed: number | undefined;
  if (options.import) {
    const { applyLocalMigrations } = await import("./local-d1");
    await applyLocalMigrations();
    const result = await importDemoCatalogue(catalogue, {
      out: options.out,
      now: options.now,
      onProgress: (p) => {
        if (p.file.endsWith("-prices.json") || p.file === "00-base.json") return;
        console.log(`imported ${p.importedProducts}/${p.totalProducts} products (${p.seconds.toFixed(1)}s)`);
      },
    });
    changed = result.changedProducts;
  }
  const t = catalogue.totals;
  console.log(
    [
      "demo catalogue:",
      `  seed ${options.seed}, now ${options.now.toISOString()}`,
      `  ${t.products ?? 0} products, ${t.prices ?? 0} prices (${catalogue.files.filter((f) => f.name.endsWith("-prices.json")).length} files with price changes for reference prices), ${t.reviews ?? 0} reviews`,
      `  ${t.categories ?? 0} categories, ${t.manufacturers ?? 0} manufacturers, ${t.cmsPages ?? 0} CMS pages, ${t.cmsBlocks ?? 0} CMS blocks, ${t.seoLinks ?? 0} SEO links`,
      `  the merchant's own photo: ${catalogue.merchantPhoto ?? "none (no oak floor with samples)"}`,
      catalogue.sampleUpdates
        ? `  the ERP's sample updates of ${catalogue.sampleUpdates.sku} (${catalogue.sampleUpdates.title}): ${catalogue.sampleUpdates.withdrawn}, ${catalogue.sampleUpdates.restored}`
        : "  no ERP sample updates (no product offers samples)",
      changed === undefined ? "  not imported (--no-import)" : `  imported into the local D1 (catalogue): ${changed} products changed`,
      `  total ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join("\n"),
  );
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`generate-catalogue: ${error.message}`);
    process.exit(1);
  });
}
