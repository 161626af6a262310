/**
 * The plan of the price records: which current prices change and which history rows
 * are new. The history keeps every package price a product had in a shop, so the
 * 30-day reference price can be read; a price whose validFrom lies before the latest
 * known one is history only and never replaces the current price.
 *
 * Prices and their history are kept per shop (a price row names its one shop), and only
 * that shop's pages show them (the reference price is read from that shop's history; other
 * shops' pages, hreflang alternates included, show no price of it), so a changed price row
 * concerns its own shop only (plan-import.ts shopsOfChange).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { Shop } from "../core/shop";
import type { PriceHistoryRow } from "../tables/products";
import { PRICE_HISTORY, PRICES, sameRow, type RowOf } from "./catalogue-tables";
import type { PriceRecord } from "./import-format";
import { readByKeys } from "./json-chunks";
import { priceRow, type PriceWrite } from "./record-rows";
import { selectOwnedSql } from "./table-sql";

export type PriceHistoryWrite = RowOf<typeof PRICE_HISTORY, PriceHistoryRow>;

export interface PricePlan {
  prices: PriceWrite[];
  history: PriceHistoryWrite[];
  /** The (product, shop) pairs whose current price or price history changes: a price row names its one shop. */
  changed: { sku: string; shop: string }[];
}

const keyOf = (sku: string, shop: string): string => `${sku}\u0000${shop}`;

export async function planPrices(db: D1Database, records: readonly PriceRecord[], options: { now: Date; shops: readonly Shop[] }): Promise<PricePlan> {
  const plan: PricePlan = { prices: [], history: [], changed: [] };
  if (records.length === 0) return plan;
  const nowIso = options.now.toISOString();
  const taxRates = new Map(options.shops.map((shop) => [shop.id, shop.taxRate]));
  const skus = records.map((price) => price.sku);
  const current = new Map((await readByKeys<PriceWrite>(db, skus, (chunk) => selectOwnedSql(PRICES, chunk))).map((row) => [keyOf(row.sku, row.shop_id), row]));
  /** Per product and shop: valid_from → package price. */
  const history = new Map<string, Map<string, number>>();
  for (const row of await readByKeys<PriceHistoryWrite>(db, skus, (chunk) => selectOwnedSql(PRICE_HISTORY, chunk))) {
    const key = keyOf(row.sku, row.shop_id);
    history.set(key, (history.get(key) ?? new Map<string, number>()).set(row.valid_from, row.package_price));
  }

  for (const price of records) {
    const key = keyOf(price.sku, price.shop);
    const row = priceRow(price, taxRates.get(price.shop) ?? 0);
    const validFrom = price.validFrom ? new Date(price.validFrom).toISOString() : nowIso;
    const historyRow: PriceHistoryWrite = { sku: price.sku, shop_id: price.shop, package_price: row.package_price, valid_from: validFrom };
    const known = history.get(key);
    const latest = known ? [...known.keys()].sort().pop() : undefined;
    if (price.validFrom && latest !== undefined && validFrom < latest) {
      if (known?.get(validFrom) !== row.package_price) {
        plan.history.push(historyRow);
        plan.changed.push({ sku: price.sku, shop: price.shop });
      }
      continue;
    }
    const before = current.get(key);
    if (before && sameRow(PRICES, before, row)) continue;
    plan.prices.push(row);
    if (before?.package_price !== row.package_price) plan.history.push(historyRow);
    plan.changed.push({ sku: price.sku, shop: price.shop });
  }
  return plan;
}
