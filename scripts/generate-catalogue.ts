/**
 * npm run generate -- [--products N] [--seed S] [--out DIR] [--now ISO] [--no-import] [--chunk N]   (options: --help)
 *
 * Writes a deterministic demo catalogue as import files (same seed, size and --now
 * give byte-identical files) and imports them into the local D1 of `wrangler dev` (every shop
 * database its configuration declares) through the import merchandisers use. Each file is one transaction.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importCatalogueEverywhere } from "@shop-api/catalogue/apply-import";
import { allShops } from "@shop-api/core/shop";
import { everyShopDatabaseOf, type ShopDatabaseOf } from "@shop-api/core/shop-database";
import { buildCatalogue, type CatalogueFile } from "./catalogue-demo/build";
import { formatProblem } from "./lib/import-report";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";

export interface GenerateOptions {
  products: number;
  seed: number;
  out: string;
  now: Date;
  chunkSize?: number;
}

export interface WrittenCatalogue {
  files: { name: string; path: string; products: number; bytes: number }[];
  totals: Record<string, number>;
}

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
  return { files: written, totals };
}

export interface ImportProgress {
  file: string;
  importedProducts: number;
  totalProducts: number;
  seconds: number;
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

const COMMAND = {
  command: "npm run generate --",
  summary: "Writes a deterministic demo catalogue as import files and imports them into the local D1 through the merchandisers' import.",
  options: {
    products: { type: "integer", default: 300, min: 1, description: "products in the catalogue" },
    seed: { type: "integer", default: 42, min: 0, description: "the random seed (same seed, size and --now: byte-identical files)" },
    out: { type: "string", default: ".data/catalogue", value: "dir", description: "where the import files are written" },
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
  return { products: values.products, seed: values.seed, out: values.out, now, chunkSize: values.chunk, import: !values["no-import"] };
}

async function main(): Promise<void> {
  const options = generateOptions();
  const started = Date.now();
  const catalogue = writeCatalogue(options);
  const bytes = catalogue.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `wrote ${catalogue.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) to ${options.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  let changed: number | undefined;
  if (options.import) {
    const { applyLocalMigrations, withLocalBindings } = await import("./local-d1");
    applyLocalMigrations();
    const result = await withLocalBindings((env) =>
      importCatalogueFiles(
        everyShopDatabaseOf(
          env,
          allShops().map((shop) => shop.id),
        ),
        catalogue,
        options.now,
        (p) => {
          if (p.file.endsWith("-prices.json") || p.file === "00-base.json") return;
          console.log(`imported ${p.importedProducts}/${p.totalProducts} products (${p.seconds.toFixed(1)}s)`);
        },
      ),
    );
    changed = result.changedProducts;
  }
  const t = catalogue.totals;
  console.log(
    [
      "demo catalogue:",
      `  seed ${options.seed}, now ${options.now.toISOString()}`,
      `  ${t.products ?? 0} products, ${t.prices ?? 0} prices (${catalogue.files.filter((f) => f.name.endsWith("-prices.json")).length} files with price changes for reference prices), ${t.reviews ?? 0} reviews`,
      `  ${t.categories ?? 0} categories, ${t.manufacturers ?? 0} manufacturers, ${t.cmsPages ?? 0} CMS pages, ${t.cmsBlocks ?? 0} CMS blocks, ${t.seoLinks ?? 0} SEO links`,
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
