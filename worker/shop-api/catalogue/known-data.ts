/**
 * What D1 already holds that a file refers to (categories, manufacturers, products and
 * the slugs they own), read in bulk by key so a 5 000-product file costs a few reads.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { jsonList } from "@worker/lib/json";
import { sql } from "@worker/lib/sql";
import type { CatalogueDocument } from "./import-format";
import { normaliseVoucherCode } from "../tables/vouchers";
import { readByKeys } from "./json-chunks";

export interface KnownData {
  /** Category id → parent id. */
  categoryParents: Map<string, string | null>;
  manufacturers: Set<string>;
  /** Manufacturer slug → id. */
  manufacturerSlugs: Map<string, string>;
  products: Map<string, { type: string; shops: string[] }>;
  /** slugKey(language, slug) → sku. */
  productSlugs: Map<string, string>;
  /** slugKey(language, slug) → category id. */
  categorySlugs: Map<string, string>;
  /** Terrace families D1 holds that the file names (boards' families, systems' families). */
  terraceFamilies: Set<string>;
  /** sku → terrace role and family, for the products D1 holds that the file's terrace systems name. */
  terraceParts: Map<string, { role: string; family: string | null }>;
  /** campaignKey(shop, language, identifier) of the SALES pages D1 holds that the file's campaigns name as their hub. */
  salesPages: Set<string>;
  /** campaignKey(shop, code) of the vouchers D1 holds that the file's campaigns name as their coupon (codes as stored). */
  vouchers: Set<string>;
}

/** A key of shop, language and identifier (or shop and code): none of them holds a '/'. */
export const campaignKey = (...parts: string[]): string => parts.join("/");

export const slugKey = (language: string, slug: string): string => `${language}\u0000${slug}`;

/** (language, slug) pairs of per-language entries. */
function slugPairs(translations: Partial<Record<string, { slug: string }>>): [string, string][] {
  return Object.entries(translations).flatMap(([language, entry]) => (entry ? [[language, entry.slug] as [string, string]] : []));
}

export async function loadKnownData(db: D1Database, doc: CatalogueDocument): Promise<KnownData> {
  const categories = doc.categories ?? [];
  const manufacturers = doc.manufacturers ?? [];
  const products = doc.products ?? [];
  const categoryIds = [
    ...categories.flatMap((c) => (c.parentId === null ? [c.id] : [c.id, c.parentId])),
    ...products.flatMap((p) => [p.category, ...(p.categories ?? [])]),
    ...(doc.cmsPages ?? []).flatMap((page) => (page.world === undefined ? [] : [page.world])),
  ];
  const manufacturerIds = [
    ...manufacturers.map((m) => m.id),
    ...products.flatMap((p) => (p.manufacturer === undefined ? [] : [p.manufacturer])),
    ...(doc.cmsPages ?? []).flatMap((page) => page.manufacturers ?? []),
  ];
  const skus = [
    ...products.flatMap((p) => (p.parentSku === undefined ? [p.sku] : [p.sku, p.parentSku])),
    ...products.flatMap((p) => (p.roofWindowConfiguration ?? []).flatMap((step) => step.stepData.choices.map((choice) => choice.sku))),
    ...(doc.prices ?? []).map((p) => p.sku),
    ...(doc.reviews ?? []).map((r) => r.sku),
    ...(doc.terraceSystems ?? []).flatMap((s) => [s.joistSku, s.supportSku, s.fastenerSku, s.edgeSku].filter((sku): sku is string => sku !== undefined)),
  ];

  const known: KnownData = {
    categoryParents: new Map(),
    manufacturers: new Set(),
    manufacturerSlugs: new Map(),
    products: new Map(),
    productSlugs: new Map(),
    categorySlugs: new Map(),
    terraceFamilies: new Set(),
    terraceParts: new Map(),
    salesPages: new Set(),
    vouchers: new Set(),
  };
  const categoryRows = await readByKeys<{ id: string; parent_id: string | null }>(
    db,
    categoryIds,
    (keys) => sql`SELECT id, parent_id FROM categories WHERE id IN ${jsonList(keys)}`,
  );
  for (const row of categoryRows) known.categoryParents.set(row.id, row.parent_id);

  const manufacturerRows = await readByKeys<{ id: string }>(db, manufacturerIds, (keys) => sql`SELECT id FROM manufacturers WHERE id IN ${jsonList(keys)}`);
  for (const row of manufacturerRows) known.manufacturers.add(row.id);

  const slugOwners = await readByKeys<{ id: string; slug: string }>(
    db,
    manufacturers.map((m) => m.slug),
    (keys) => sql`SELECT id, slug FROM manufacturers WHERE slug IN ${jsonList(keys)}`,
  );
  for (const row of slugOwners) known.manufacturerSlugs.set(row.slug, row.id);

  const productRows = await readByKeys<{ sku: string; type: string }>(db, skus, (keys) => sql`SELECT sku, type FROM products WHERE sku IN ${jsonList(keys)}`);
  for (const row of productRows) known.products.set(row.sku, { type: row.type, shops: [] });
  const productShops = await readByKeys<{ sku: string; shop_id: string }>(
    db,
    [...known.products.keys()],
    (keys) => sql`SELECT sku, shop_id FROM product_shops WHERE sku IN ${jsonList(keys)}`,
  );
  for (const row of productShops) known.products.get(row.sku)?.shops.push(row.shop_id);

  // (language, slug) pairs, so the two-column unique index is used.
  const pairs = (keys: readonly [string, string][]) =>
    sql`(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${JSON.stringify(keys)}))`;
  const productSlugRows = await readByKeys<{ sku: string; language: string; slug: string }, [string, string]>(
    db,
    products.flatMap((p) => slugPairs(p.content)),
    (keys) => sql`SELECT sku, language, slug FROM product_content WHERE (language, slug) IN ${pairs(keys)}`,
  );
  for (const row of productSlugRows) known.productSlugs.set(slugKey(row.language, row.slug), row.sku);
  const categorySlugRows = await readByKeys<{ category_id: string; language: string; slug: string }, [string, string]>(
    db,
    categories.flatMap((c) => slugPairs(c.translations)),
    (keys) => sql`SELECT category_id, language, slug FROM category_translations WHERE (language, slug) IN ${pairs(keys)}`,
  );
  for (const row of categorySlugRows) known.categorySlugs.set(slugKey(row.language, row.slug), row.category_id);

  const systems = doc.terraceSystems ?? [];
  const families = [...products.flatMap((p) => (p.terrace?.family ? [p.terrace.family] : [])), ...systems.map((s) => s.family)];
  const familyRows = await readByKeys<{ family: string }>(db, families, (keys) => sql`SELECT family FROM terrace_families WHERE family IN ${jsonList(keys)}`);
  for (const row of familyRows) known.terraceFamilies.add(row.family);
  const partSkus = systems.flatMap((s) => [s.joistSku, s.supportSku, s.fastenerSku, s.edgeSku].filter((sku): sku is string => sku !== undefined));
  const partRows = await readByKeys<{ sku: string; role: string; family: string | null }>(
    db,
    partSkus,
    (keys) => sql`SELECT sku, role, family FROM terrace_products WHERE sku IN ${jsonList(keys)}`,
  );
  for (const row of partRows) known.terraceParts.set(row.sku, { role: row.role, family: row.family });

  const campaigns = doc.campaigns ?? [];
  const hubs = campaigns.map((c) => campaignKey(c.shop, c.language, c.hub.identifier));
  const salesRows = await readByKeys<{ shop_id: string; language: string; identifier: string }>(
    db,
    hubs,
    (keys) =>
      sql`SELECT shop_id, language, identifier FROM cms_pages WHERE page_type = 'SALES' AND (shop_id || '/' || language || '/' || identifier) IN ${jsonList(keys)}`,
  );
  for (const row of salesRows) known.salesPages.add(campaignKey(row.shop_id, row.language, row.identifier));
  const codes = campaigns.flatMap((c) => {
    const code = c.campaignCoupon === undefined ? null : normaliseVoucherCode(c.campaignCoupon);
    return code ? [code] : [];
  });
  const voucherRows = await readByKeys<{ shop_id: string; code: string }>(
    db,
    codes,
    (keys) => sql`SELECT shop_id, code FROM vouchers WHERE code IN ${jsonList(keys)}`,
  );
  for (const row of voucherRows) known.vouchers.add(campaignKey(row.shop_id, row.code));
  return known;
}
