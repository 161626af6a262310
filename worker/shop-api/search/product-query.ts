/**
 * The product statement of a search (docs/decisions/0020-search-engine.md): one SQL
 * statement that returns the page, the brand group's page, the result-set summary (totals
 * and facet counts) and the names the filter options need, as JSON columns.
 *
 * - `hits`: the matches in the request language (the language's FTS5 rowid range) joined
 *   with the shop's listings (search_listings: only active products the shop sells, with
 *   stock, the shop's price and the item group filters and facets read).
 * - The summary comes from search_cache when it holds one for this query and the current
 *   index version; only then is the match set not materialised at all. Otherwise `m`
 *   materialises the hits once, they are counted per item group, and facets add up groups.
 * - The page is ranked by tier (exact SKU/EAN, exact title, title prefix), in stock, catalogue
 *   order. It reads the tiered candidates from the indexes, then hits in rowid order
 *   (in stock, then the others) and stops as soon as the page is full, so a page of a broad
 *   query reads a few hundred hits, not all of them.
 */
import { facetNameColumns, facetSummary, filterPredicates } from "./facet-query";
import { trigramExpression, wordExpression, type ParsedQuery } from "./query-text";
import { cachedBody, INDEX_VERSION } from "./search-cache";
import { joinSql, param, sql, SqlFragment } from "@worker/lib/sql";
import { mainImage } from "../tables/products";
import { orderBy } from "./sort-order";
import type { SearchRequest } from "./types";

/** Document ids are language base + item id; bases are multiples of 2^36. */
export const LANGUAGE_SPAN = 68719476736;

export interface ProductQuery {
  statement: SqlFragment;
  /** the brand group's name, when the request has one */
  brand?: string;
  /** attribute filters whose own values are counted separately (FacetCounts.own) */
  ownKeys: string[];
  /** what identifies the summary in search_cache (with the index version) */
  cacheKey: string;
}

export function productQuery(request: SearchRequest, parsed: ParsedQuery, corrections: Record<string, string[]>): ProductQuery {
  const language = param(request.language);
  const lo = sql`(SELECT base FROM search_languages WHERE language = ${language})`;
  const hi = sql`(${lo} + ${SqlFragment.raw(String(LANGUAGE_SPAN - 1))})`;
  const span = SqlFragment.raw(String(LANGUAGE_SPAN));
  const tableName = parsed.long.length > 0 ? "search_text" : "search_words";
  const table = SqlFragment.raw(tableName);
  const expression = parsed.long.length > 0 ? trigramExpression(parsed.long, corrections) : wordExpression(parsed.short);
  const shortExpression = parsed.long.length > 0 && parsed.short.length > 0 ? wordExpression(parsed.short) : null;
  // Sets that several parts of the statement test are materialised once (CTEs, in order).
  const sets: SqlFragment[] = [];
  // `+f.rowid`: checked per match; as a constraint FTS5 would run its MATCH once per listed rowid.
  let shortFilter = sql``;
  if (shortExpression !== null) {
    sets.push(sql`short_matches AS MATERIALIZED (
      SELECT rowid AS id FROM search_words WHERE search_words MATCH ${shortExpression} AND rowid BETWEEN ${lo} AND ${hi})`);
    shortFilter = sql`AND +f.rowid IN (SELECT id FROM short_matches)`;
  }
  const match = param(expression);
  const exact = param(parsed.text);
  const exactUpper = param(parsed.text.toUpperCase());
  const brand = request.brand && request.brand.shopId !== request.shop.id ? request.brand : undefined;
  const shopBase = sql`(SELECT base FROM search_shops WHERE shop_id = ${request.shop.id})`;
  const full = request.facets || request.filters.length > 0;
  const cacheKey = JSON.stringify({
    shop: request.shop.id,
    language: request.language,
    brand: brand?.shopId ?? null,
    table: tableName,
    expression,
    shortExpression,
    filters: request.filters,
    facets: request.facets,
  });

  // What filters and facets read of a hit (its listing in the shop), the same for hits and
  // tiered candidates. A product is in the brand group when the brand shop lists it too.
  const brandBase = brand ? sql`(SELECT base FROM search_shops WHERE shop_id = ${brand.shopId})` : sql``;
  const listingColumns = (id: SqlFragment) => sql`l.in_stock AS in_stock, l.price AS price, l.item_group AS grp,
      ${brand ? sql`EXISTS (SELECT 1 FROM search_listings b WHERE b.id = ${brandBase} + ${id} % ${span})` : sql`0`} AS brand`;
  const listing = (id: SqlFragment) => sql`search_listings l ON l.id = ${shopBase} + ${id} % ${span}`;

  // One predicate per active filter; facets of a filter are counted without its own predicate.
  const filters = filterPredicates(request, sets);
  const { categoryCte, where } = filters;

  // A tiered candidate is a hit only if the full-text query matches it. A title equal to or
  // starting with the query contains every term of three or more characters, so with only
  // such terms it matches the trigram index; the SKU/EAN candidates and queries with short
  // (word-index) terms are checked against the matches.
  sets.push(sql`matches AS MATERIALIZED (
      SELECT f.rowid AS id FROM ${table} f WHERE ${table} MATCH ${match} AND f.rowid BETWEEN ${lo} AND ${hi} ${shortFilter})`);
  const inMatches = sql`t.id IN (SELECT id FROM matches)`;
  const matched = parsed.short.length === 0 ? sql`CASE WHEN t.tier > 0 THEN 1 ELSE ${inMatches} END` : inMatches;
  const rowid = sql`f.rowid`;
  const tierId = sql`t.id`;

  const ctes = sql`WITH RECURSIVE ${categoryCte}
    ${joinSql(sets, ",\n    ")},
    hits AS NOT MATERIALIZED (
      SELECT f.rowid AS id, ${listingColumns(rowid)}
      FROM ${table} f CROSS JOIN ${listing(rowid)}
      WHERE ${table} MATCH ${match} AND f.rowid BETWEEN ${lo} AND ${hi} ${shortFilter}
    ),
    m AS MATERIALIZED (SELECT ${full ? sql`grp, price,` : sql`NULL AS price,`} brand FROM hits),
    tiers AS MATERIALIZED (
      SELECT id, min(tier) AS tier FROM (
        SELECT ${lo} + id AS id, 0 AS tier FROM search_items WHERE sku = ${exactUpper} OR ean = ${exact}
        UNION ALL SELECT id, 1 FROM search_documents WHERE language = ${language} AND title_key = ${exact}
        UNION ALL SELECT id, 2 FROM search_documents WHERE language = ${language} AND title_key > ${exact} AND title_key < ${exact} || char(1114111)
      ) GROUP BY id
    ),
    tiered AS MATERIALIZED (
      SELECT t.id AS id, t.tier AS tier, ${listingColumns(tierId)}
      FROM tiers t CROSS JOIN ${listing(tierId)}
      WHERE ${matched}
    ),
    cache AS MATERIALIZED (SELECT ${cachedBody(cacheKey)} AS body)`;

  // The summary: totals (and the price bounds while no price filter is active), facet counts.
  const { fields: summaryFields, countedCtes, ownKeys } = facetSummary(request, filters);

  const limit = param(request.limit);
  const offset = param(request.offset);
  const enough = param(request.offset + request.limit);
  const shop = param(request.shop.id);
  // Ranked hits of the page: tiered candidates first, then hits in stock, then the others,
  // each in catalogue (rowid) order; the compound stops reading once the page is full.
  const byRelevance = (condition: SqlFragment) => sql`SELECT * FROM (
        SELECT * FROM (SELECT id, tier, in_stock FROM tiered WHERE ${condition} ORDER BY tier, in_stock DESC, id LIMIT ${enough})
        UNION ALL SELECT * FROM (SELECT id, 3, in_stock FROM hits WHERE in_stock = 1 AND id NOT IN (SELECT id FROM tiers) AND ${condition} ORDER BY id LIMIT ${enough})
        UNION ALL SELECT * FROM (SELECT id, 3, in_stock FROM hits WHERE in_stock = 0 AND id NOT IN (SELECT id FROM tiers) AND ${condition} ORDER BY id LIMIT ${enough})
      ) LIMIT ${limit} OFFSET ${offset}`;
  // A sorted search reads every hit that passes the filters and orders them as the category
  // pages do; a row's tier is its place in that order (the page is put in tier order).
  const sorted =
    (order: SqlFragment) => (condition: SqlFragment) => sql`SELECT h.id AS id, row_number() OVER (ORDER BY ${order}) AS tier, h.in_stock AS in_stock
      FROM (SELECT x.id AS id, x.in_stock AS in_stock, x.price AS price, i.sku AS sku
            FROM (SELECT id, in_stock, price FROM hits WHERE ${condition}) x CROSS JOIN search_items i ON i.id = x.id % ${span}) h
      CROSS JOIN products pr ON pr.sku = h.sku
      CROSS JOIN product_content c ON c.sku = h.sku AND c.language = ${language}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const ranked = request.sort ? sorted(orderBy(request.sort)) : byRelevance;
  // CROSS JOIN keeps the page (at most `limit` rows) the outer loop: the planner cannot see how small it is.
  const page = (condition: SqlFragment, total: SqlFragment) => sql`CASE WHEN ${total} > ${offset} THEN (SELECT json_group_array(json_object(
        'id', h.id, 'tier', h.tier, 'inStock', h.in_stock, 'sku', pr.sku, 'title', d.title, 'slug', c.slug, 'unit', pr.unit,
        'packagePrice', r.package_price, 'unitPrice', r.unit_price, 'currency', r.currency,
        'image', ${mainImage(sql`pr.sku`)},
        'manufacturer', mf.name, 'dmin', pr.delivery_days_min, 'dmax', pr.delivery_days_max, 'express', pr.is_express,
        'stock', pr.stock_qty, 'notify', pr.notification_qty, 'lowStock', c.low_stock_message))
      FROM (${ranked(condition)}) h
      CROSS JOIN search_items i ON i.id = h.id % ${span}
      CROSS JOIN products pr ON pr.sku = i.sku
      CROSS JOIN search_documents d ON d.id = h.id
      CROSS JOIN product_content c ON c.sku = pr.sku AND c.language = ${language}
      LEFT JOIN prices r ON r.sku = pr.sku AND r.shop_id = ${shop}
      LEFT JOIN manufacturers mf ON mf.id = pr.manufacturer_id) ELSE '[]' END`;

  const columns = [
    sql`${INDEX_VERSION} AS version`,
    sql`(SELECT body IS NOT NULL FROM cache) AS cached`,
    sql`(SELECT body FROM summary) AS summary`,
    sql`${page(where(), sql`(SELECT body ->> '$.totals[0]' FROM summary)`)} AS page`,
  ];
  if (brand) columns.push(sql`${page(sql`${where()} AND brand`, sql`(SELECT body ->> '$.totals[1]' FROM summary)`)} AS brand_page`);
  // Names the filter options need, in the same statement (one statement less per call each).
  if (request.facets) columns.push(...facetNameColumns(language));
  const summary = sql`${joinSql(countedCtes, "\n    ")}
    summary AS MATERIALIZED (SELECT coalesce((SELECT body FROM cache), json_object(${joinSql(summaryFields, ",\n      ")})) AS body)`;
  const statement = sql`${ctes},\n    ${summary}\n    SELECT ${joinSql(columns, ",\n")}`;
  return { statement, brand: brand?.name, ownKeys, cacheKey };
}
