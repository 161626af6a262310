/**
 * The D1 `shops` table: a copy of config/shops.json for SQL that joins shop rows
 * (product_shops, prices, ...). It is written by one sync step from the config
 * (`syncShopsSql`, run after every migration apply: scripts/local-d1.ts locally,
 * `npm run shops:sync -- --remote` for a deployed database, and the test databases), never by the catalogue import. Request handling reads shops from the
 * config (core/shop.ts), never from this table.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { jsonList } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";

/** What the sync needs of a configured shop (core/shop.ts `Shop` has it). */
export interface ConfiguredShop {
  id: string;
  name: string;
  currency: string;
  defaultLanguage: string;
  languages: readonly string[];
  domainPrefixes: readonly string[];
  deliveryCountries: readonly string[];
  taxRate: number;
  baseUrl: string;
}

export interface ShopRow {
  id: string;
  name: string;
  currency: string;
  default_language: string;
  languages: string;
  domain_prefixes: string;
  delivery_countries: string;
  tax_rate: number;
  base_url: string;
  updated_at: string;
}

export function shopRowOf(shop: ConfiguredShop, now: Date): ShopRow {
  return {
    id: shop.id,
    name: shop.name,
    currency: shop.currency,
    default_language: shop.defaultLanguage,
    languages: JSON.stringify(shop.languages),
    domain_prefixes: JSON.stringify(shop.domainPrefixes),
    delivery_countries: JSON.stringify(shop.deliveryCountries),
    tax_rate: shop.taxRate,
    base_url: shop.baseUrl,
    updated_at: now.toISOString(),
  };
}

/** The columns that must agree with the config (everything but updated_at). */
export const SYNCED_COLUMNS = [
  "id",
  "name",
  "currency",
  "default_language",
  "languages",
  "domain_prefixes",
  "delivery_countries",
  "tax_rate",
  "base_url",
] as const;

/**
 * Statements that make the table equal the config: upsert every configured shop, delete
 * the others (a shop still referenced by catalogue rows cannot be deleted: the foreign
 * keys refuse and the sync fails, naming the constraint).
 */
export function syncShopsSql(shops: readonly ConfiguredShop[], now: Date): SqlFragment[] {
  const upserts = shops.map((shop) => {
    const row = shopRowOf(shop, now);
    return sql`INSERT INTO shops (id, name, currency, default_language, languages, domain_prefixes, delivery_countries, tax_rate, base_url, updated_at)
      VALUES (${row.id}, ${row.name}, ${row.currency}, ${row.default_language}, ${row.languages}, ${row.domain_prefixes}, ${row.delivery_countries}, ${row.tax_rate}, ${row.base_url}, ${row.updated_at})
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, currency = excluded.currency, default_language = excluded.default_language,
        languages = excluded.languages, domain_prefixes = excluded.domain_prefixes, delivery_countries = excluded.delivery_countries,
        tax_rate = excluded.tax_rate, base_url = excluded.base_url,
        updated_at = CASE WHEN shops.name IS excluded.name AND shops.currency IS excluded.currency AND shops.default_language IS excluded.default_language
          AND shops.languages IS excluded.languages AND shops.domain_prefixes IS excluded.domain_prefixes AND shops.delivery_countries IS excluded.delivery_countries
          AND shops.tax_rate IS excluded.tax_rate AND shops.base_url IS excluded.base_url THEN shops.updated_at ELSE excluded.updated_at END`;
  });
  return [...upserts, sql`DELETE FROM shops WHERE id NOT IN ${jsonList(shops.map((shop) => shop.id))}`];
}

export async function syncShops(db: D1Database, shops: readonly ConfiguredShop[], now: Date): Promise<void> {
  await db.batch(syncShopsSql(shops, now).map((statement) => statement.prepare(db)));
}

export async function readShopRows(db: D1Database): Promise<ShopRow[]> {
  const { results } = await sql`SELECT * FROM shops ORDER BY id`.prepare(db).all<ShopRow>();
  return results;
}
