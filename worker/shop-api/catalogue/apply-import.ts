/**
 * The catalogue import, in four steps: parse the file, validate it whole (against its
 * schemas, the configured shops and what D1 holds), plan the writes (compare with D1),
 * write them in one D1 batch (one transaction) or nothing at all. Records which
 * products changed so the rebuild touches only their pages, and the rebuild request of
 * the shops concerned in the same batch (write-import.ts); an identical re-import
 * changes nothing. The caller sends the request (core/rebuild-queue.ts) when it can.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { allShops, type Shop } from "../core/shop";
import type { ShopDatabaseOf } from "../core/shop-database";
import { mergeCsvProblems } from "./csv-import";
import { SECTIONS, type CatalogueDocument, type ImportProblem, type ImportResult, type ProductRecord } from "./import-format";
import { parseImport, type ImportInput } from "./parse-import";
import { planImport, type ImportPlan } from "./plan-import";
import { validateCatalogueDocument } from "./validate-import";
import { stockAllowance } from "./stock-allowance";
import { writeImport } from "./write-import";

export interface ImportOptions {
  /** File name, 'http' or another label stored with the import. */
  source: string;
  /** Time of the import (default: now); used for updated_at, default validFrom and changed_at. */
  now?: Date;
  /** Who imports, stored with the import and its rebuild request: "cli" (default), "http" or a staff member's e-mail. */
  actor?: string;
  /** The stock this database keeps of a product (default: the file's quantity); importCatalogueEverywhere splits it. */
  stockOf?: (product: ProductRecord) => number;
}

/** Parses, validates and (only when the whole file is valid) writes a catalogue import. */
export async function importCatalogue(db: D1Database, input: ImportInput, options: ImportOptions): Promise<ImportResult> {
  const planned = await planCatalogueImport(db, input, options.now, options.stockOf);
  if (!planned.ok) return planned;
  const { plan, counts, shops, now } = planned;
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const written = await writeImport(db, plan, {
    format: input.format,
    source: options.source,
    now,
    rows,
    actor: options.actor ?? "cli",
    shops: shops.map((shop) => shop.id),
  });
  return { ok: true, importId: written.importId, changeId: written.changeId, changedSkus: plan.changedSkus, counts };
}

/**
 * The import into every database that holds shops (core/shop-database.ts, docs/decisions/0064): each keeps a copy of
 * the catalogue its carts and orders read beside their writes, and its own stock: its allowance of each product's
 * quantity (catalogue/stock-allowance.ts). The first database's answer is the import's; a copy that refuses what the
 * first took has drifted from it, which throws, naming the problems.
 */
export async function importCatalogueEverywhere(databases: readonly ShopDatabaseOf[], input: ImportInput, options: ImportOptions): Promise<ImportResult> {
  const [first, ...copies] = databases;
  if (!first) throw new Error("no database to import the catalogue into");
  const shopsOf = databases.map((database) => database.shops);
  const allowance = (index: number) =>
    databases.length === 1 ? {} : { stockOf: (product: ProductRecord) => stockAllowance(product.stock.quantity, product.shops, shopsOf, index) };
  const result = await importCatalogue(first.db, input, { ...options, ...allowance(0) });
  if (!result.ok) return result;
  for (const [at, copy] of copies.entries()) {
    const copied = await importCatalogue(copy.db, input, { ...options, ...allowance(at + 1) });
    if (!copied.ok) throw new Error(`a shop database's catalogue copy refused the import: ${JSON.stringify(copied.problems.slice(0, 3))}`);
  }
  return result;
}

function recordCounts(doc: CatalogueDocument): Record<string, number> {
  return Object.fromEntries(SECTIONS.map((section) => [section, doc[section]?.length ?? 0]));
}

/** What a valid file would change, found by the same steps as importCatalogue without the write. */
export type ImportCheck = { ok: true; changedSkus: string[]; counts: Record<string, number> } | { ok: false; problems: ImportProblem[] };

/** Parses, validates and plans the import like importCatalogue, and writes nothing (the console's check before Apply). */
export async function checkCatalogueImport(db: D1Database, input: ImportInput, options: Pick<ImportOptions, "now"> = {}): Promise<ImportCheck> {
  const planned = await planCatalogueImport(db, input, options.now);
  if (!planned.ok) return planned;
  return { ok: true, changedSkus: planned.plan.changedSkus, counts: planned.counts };
}

type PlannedImport = { ok: true; plan: ImportPlan; counts: Record<string, number>; shops: Shop[]; now: Date } | { ok: false; problems: ImportProblem[] };

/** The steps before the write, shared by importCatalogue and checkCatalogueImport: parse, validate whole, plan against D1 at `at` (default: when validation ended). */
async function planCatalogueImport(
  db: D1Database,
  input: ImportInput,
  at: Date | undefined,
  stockOf?: (product: ProductRecord) => number,
): Promise<PlannedImport> {
  const parsed = parseImport(input);
  if (!parsed.ok) return parsed;
  const shops = allShops();
  const validation = await validateCatalogueDocument(parsed.raw, db, shops);
  if (input.format !== "json" && (!validation.ok || parsed.cellProblems.length > 0)) {
    return { ok: false, problems: mergeCsvProblems(input.format, parsed.cellProblems, validation.ok ? [] : validation.problems) };
  }
  if (!validation.ok) return validation;
  const now = at ?? new Date();
  const counts = recordCounts(validation.document);
  const document = stockOf ? withStock(validation.document, stockOf) : validation.document;
  const plan = await planImport(db, document, { now, shops, keepProductExtras: input.format === "csv-products" });
  return { ok: true, plan, counts, shops, now };
}

/** The document with each product's stock quantity as `stockOf` gives it. */
const withStock = (document: CatalogueDocument, stockOf: (product: ProductRecord) => number): CatalogueDocument =>
  document.products
    ? { ...document, products: document.products.map((product) => ({ ...product, stock: { ...product.stock, quantity: stockOf(product) } })) }
    : document;
