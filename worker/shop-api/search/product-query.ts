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
import { isRangeFilter } from "./filter-options";
import { trigramExpression, wordExpression, type ParsedQuery } from "./query-text";
import { BUILT_IN_FILTERS } from "./ranges";
import { cachedBody, INDEX_VERSION } from "./search-cache";
import { SqlParams } from "./sql-params";
import type { SearchRequest } from "./types";

/** Document ids are language base + item id; bases are multiples of 2^36. */
const LANGUAGE_SPAN = 68719476736;

export interface ProductQuery {
  sql: string;
  params: unknown[];
  /** the brand group's name, when the request has one */
  brand?: string;
  /** attribute filters whose own values are counted separately (FacetCounts.own) */
  ownKeys: string[];
  /** what identifies the summary in search_cache (with the index version) */
  cacheKey: string;
}

export function productQuery(request: SearchRequest, parsed: ParsedQuery, corrections: Record<string, string[]>): ProductQuery {
  const p = new SqlParams();
  const language = p.add(request.language);
  const lo = `(SELECT base FROM search_languages WHERE language = ${language})`;
  const hi = `(${lo} + ${LANGUAGE_SPAN - 1})`;
  const table = parsed.long.length > 0 ? "search_text" : "search_words";
  const expression = parsed.long.length > 0 ? trigramExpression(parsed.long, corrections) : wordExpression(parsed.short);
  const shortExpression = parsed.long.length > 0 && parsed.short.length > 0 ? wordExpression(parsed.short) : null;
  // Sets that several parts of the statement test are materialised once (CTEs, in order).
  const sets: string[] = [];
  // `+f.rowid`: checked per match; as a constraint FTS5 would run its MATCH once per listed rowid.
  let shortFilter = "";
  if (shortExpression !== null) {
    sets.push(`short_matches AS MATERIALIZED (
      SELECT rowid AS id FROM search_words WHERE search_words MATCH ${p.add(shortExpression)} AND rowid BETWEEN ${lo} AND ${hi})`);
    shortFilter = "AND +f.rowid IN (SELECT id FROM short_matches)";
  }
  const match = p.add(expression);
  const exact = p.add(parsed.text);
  const exactUpper = p.add(parsed.text.toUpperCase());
  const brand = request.brand && request.brand.shopId !== request.shop.id ? request.brand : undefined;
  const shopBase = `(SELECT base FROM search_shops WHERE shop_id = ${p.add(request.shop.id)})`;
  const full = request.facets || request.filters.length > 0;
  const cacheKey = JSON.stringify({
    shop: request.shop.id,
    language: request.language,
    brand: brand?.shopId ?? null,
    table,
    expression,
    shortExpression,
    filters: request.filters,
    facets: request.facets,
  });

  // What filters and facets read of a hit (its listing in the shop), the same for hits and
  // tiered candidates. A product is in the brand group when the brand shop lists it too.
  const brandBase = brand ? `(SELECT base FROM search_shops WHERE shop_id = ${p.add(brand.shopId)})` : "";
  const listingColumns = (id: string) => `l.in_stock AS in_stock, l.price AS price, l.item_group AS grp,
      ${brand ? `EXISTS (SELECT 1 FROM search_listings b WHERE b.id = ${brandBase} + ${id} % ${LANGUAGE_SPAN})` : "0"} AS brand`;
  const listing = (id: string) => `search_listings l ON l.id = ${shopBase} + ${id} % ${LANGUAGE_SPAN}`;

  // One predicate per active filter; facets of a filter are counted without its own predicate.
  // Category, manufacturer and attribute filters select item groups (a few thousand), once.
  const predicates = new Map<string, string>();
  const groupFilter = (key: string, groups: string) => {
    const name = `filter_${predicates.size}`;
    sets.push(`${name} AS MATERIALIZED (${groups})`);
    predicates.set(key, `grp IN (SELECT id FROM ${name})`);
  };
  let categoryCte = "";
  for (const filter of request.filters) {
    if (filter.key === "category" && !isRangeFilter(filter)) {
      categoryCte = `chosen(id) AS (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))})
        UNION SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id),`;
      groupFilter("category", "SELECT id FROM search_item_groups WHERE category_id IN (SELECT id FROM chosen)");
    } else if (filter.key === "manufacturer" && !isRangeFilter(filter)) {
      groupFilter("manufacturer", `SELECT id FROM search_item_groups WHERE manufacturer_id IN (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))}))`);
    } else if (filter.key === "price" && isRangeFilter(filter)) {
      const parts = ["price IS NOT NULL"];
      if (filter.min !== null) parts.push(`price >= ${p.add(filter.min * 100)}`);
      if (filter.max !== null) parts.push(`price <= ${p.add(filter.max * 100)}`);
      predicates.set("price", `(${parts.join(" AND ")})`);
    } else {
      const value = `(facets ->> ${p.add(`$.${filter.key}`)})`;
      const test = isRangeFilter(filter)
        ? [`${value} IS NOT NULL`, ...(filter.min !== null ? [`${value} >= ${p.add(filter.min)}`] : []), ...(filter.max !== null ? [`${value} <= ${p.add(filter.max)}`] : [])].join(" AND ")
        : `${value} IN (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))}))`;
      groupFilter(filter.key, `SELECT id FROM search_item_groups WHERE facet_set IN (SELECT id FROM search_facet_sets WHERE ${test})`);
    }
  }
  const where = (except?: string) => {
    const list = [...predicates].filter(([key]) => key !== except).map(([, sql]) => sql);
    return list.length ? list.join(" AND ") : "1";
  };

  // A tiered candidate is a hit only if the full-text query matches it. A title equal to or
  // starting with the query contains every term of three or more characters, so with only
  // such terms it matches the trigram index; the SKU/EAN candidates and queries with short
  // (word-index) terms are checked against the matches.
  sets.push(`matches AS MATERIALIZED (
      SELECT f.rowid AS id FROM ${table} f WHERE ${table} MATCH ${match} AND f.rowid BETWEEN ${lo} AND ${hi} ${shortFilter})`);
  const inMatches = "t.id IN (SELECT id FROM matches)";
  const matched = parsed.short.length === 0 ? `CASE WHEN t.tier > 0 THEN 1 ELSE ${inMatches} END` : inMatches;

  const ctes = `WITH RECURSIVE ${categoryCte}
    ${sets.join(",\n    ")},
    hits AS NOT MATERIALIZED (
      SELECT f.rowid AS id, ${listingColumns("f.rowid")}
      FROM ${table} f CROSS JOIN ${listing("f.rowid")}
      WHERE ${table} MATCH ${match} AND f.rowid BETWEEN ${lo} AND ${hi} ${shortFilter}
    ),
    m AS MATERIALIZED (SELECT ${full ? "grp, price," : "NULL AS price,"} brand FROM hits),
    tiers AS MATERIALIZED (
      SELECT id, min(tier) AS tier FROM (
        SELECT ${lo} + id AS id, 0 AS tier FROM search_items WHERE sku = ${exactUpper} OR ean = ${exact}
        UNION ALL SELECT id, 1 FROM search_documents WHERE language = ${language} AND title_key = ${exact}
        UNION ALL SELECT id, 2 FROM search_documents WHERE language = ${language} AND title_key > ${exact} AND title_key < ${exact} || char(1114111)
      ) GROUP BY id
    ),
    tiered AS MATERIALIZED (
      SELECT t.id AS id, t.tier AS tier, ${listingColumns("t.id")}
      FROM tiers t CROSS JOIN ${listing("t.id")}
      WHERE ${matched}
    ),
    cache AS MATERIALIZED (SELECT ${cachedBody(p.add(cacheKey))} AS body)`;

  // The summary: totals (and the price bounds while no price filter is active), facet counts.
  const summaryFields = [
    `'matches', (SELECT count(*) FROM m)`,
    `'totals', json((SELECT json_array(count(*), sum(brand), min(price), max(price)) FROM m WHERE ${where()}))`,
  ];
  const ownKeys: string[] = [];
  // Hits counted per group (category, manufacturer, attribute set: a few thousand at 50,000
  // products), once per distinct condition; the facets add up the groups.
  const counted = new Map<string, string>();
  const countedBy = (condition: string) => {
    if (!counted.has(condition)) counted.set(condition, `counted_${counted.size}`);
    return counted.get(condition)!;
  };
  if (request.facets) {
    // Attribute values are counted from the attribute sets in the worker.
    const attributeGroups = (condition: string) =>
      `json((SELECT json_group_array(json_array(json(s.facets), y.n))
        FROM (SELECT fs, sum(n) AS n FROM ${countedBy(condition)} GROUP BY fs) y CROSS JOIN search_facet_sets s ON s.id = y.fs))`;
    summaryFields.push(
      `'cats', json((SELECT json_group_object(cat, n) FROM (SELECT cat, sum(n) AS n FROM ${countedBy(where("category"))} GROUP BY cat)))`,
      `'mans', json((SELECT json_group_object(man, n) FROM (SELECT man, sum(n) AS n FROM ${countedBy(where("manufacturer"))} WHERE man IS NOT NULL GROUP BY man)))`,
      `'attrs', ${attributeGroups(where())}`,
    );
    if (predicates.has("price")) summaryFields.push(`'priceBounds', json((SELECT json_array(min(price), max(price)) FROM m WHERE ${where("price")}))`);
    // An active attribute filter's own values/bounds are counted without it.
    const own: string[] = [];
    for (const filter of request.filters) {
      if ((BUILT_IN_FILTERS as readonly string[]).includes(filter.key)) continue;
      ownKeys.push(filter.key);
      own.push(attributeGroups(where(filter.key)));
    }
    summaryFields.push(`'own', json_array(${own.join(", ")})`);
  }

  const limit = p.add(request.limit);
  const offset = p.add(request.offset);
  const enough = p.add(request.offset + request.limit);
  const shop = p.add(request.shop.id);
  // Ranked hits of the page: tiered candidates first, then hits in stock, then the others,
  // each in catalogue (rowid) order; the compound stops reading once the page is full.
  const ranked = (condition: string) => `SELECT * FROM (
        SELECT * FROM (SELECT id, tier, in_stock FROM tiered WHERE ${condition} ORDER BY tier, in_stock DESC, id LIMIT ${enough})
        UNION ALL SELECT * FROM (SELECT id, 3, in_stock FROM hits WHERE in_stock = 1 AND id NOT IN (SELECT id FROM tiers) AND ${condition} ORDER BY id LIMIT ${enough})
        UNION ALL SELECT * FROM (SELECT id, 3, in_stock FROM hits WHERE in_stock = 0 AND id NOT IN (SELECT id FROM tiers) AND ${condition} ORDER BY id LIMIT ${enough})
      ) LIMIT ${limit} OFFSET ${offset}`;
  // CROSS JOIN keeps the page (at most `limit` rows) the outer loop: the planner cannot see how small it is.
  const page = (condition: string, total: string) => `CASE WHEN ${total} > ${offset} THEN (SELECT json_group_array(json_object(
        'id', h.id, 'tier', h.tier, 'inStock', h.in_stock, 'sku', pr.sku, 'title', d.title, 'slug', c.slug, 'unit', pr.unit,
        'packagePrice', r.package_price, 'unitPrice', r.unit_price, 'currency', r.currency,
        'image', (SELECT url FROM media WHERE sku = pr.sku AND kind = 'image' ORDER BY position LIMIT 1),
        'manufacturer', mf.name, 'dmin', pr.delivery_days_min, 'dmax', pr.delivery_days_max, 'express', pr.is_express,
        'stock', pr.stock_qty, 'notify', pr.notification_qty, 'lowStock', c.low_stock_message))
      FROM (${ranked(condition)}) h
      CROSS JOIN search_items i ON i.id = h.id % ${LANGUAGE_SPAN}
      CROSS JOIN products pr ON pr.sku = i.sku
      CROSS JOIN search_documents d ON d.id = h.id
      CROSS JOIN product_content c ON c.sku = pr.sku AND c.language = ${language}
      LEFT JOIN prices r ON r.sku = pr.sku AND r.shop_id = ${shop}
      LEFT JOIN manufacturers mf ON mf.id = pr.manufacturer_id) ELSE '[]' END`;

  const columns = [
    `${INDEX_VERSION} AS version`,
    "(SELECT body IS NOT NULL FROM cache) AS cached",
    `(SELECT body FROM summary) AS summary`,
    `${page(where(), "(SELECT body ->> '$.totals[0]' FROM summary)")} AS page`,
  ];
  if (brand) columns.push(`${page(`${where()} AND brand`, "(SELECT body ->> '$.totals[1]' FROM summary)")} AS brand_page`);
  if (request.facets) {
    // Names the filter options need, in the same statement (one statement less per call each).
    columns.push(
      `(SELECT json_group_array(json_array(c.id, c.parent_id, c.position, t.name)) FROM categories c
          LEFT JOIN category_translations t ON t.category_id = c.id AND t.language = ${language}) AS category_tree`,
      `(SELECT json_group_array(json_array(id, name)) FROM manufacturers) AS manufacturer_names`,
      `(SELECT json_group_array(json_array(code, label, type)) FROM search_facets WHERE language = ${language}) AS facet_labels`,
    );
  }
  const countedCtes = [...counted].map(
    ([condition, name]) => `${name} AS MATERIALIZED (SELECT g.category_id AS cat, g.manufacturer_id AS man, g.facet_set AS fs, x.n AS n
      FROM (SELECT grp, count(*) AS n FROM m WHERE ${condition} GROUP BY grp) x CROSS JOIN search_item_groups g ON g.id = x.grp),`,
  );
  const summary = `${countedCtes.join("\n    ")}
    summary AS MATERIALIZED (SELECT coalesce((SELECT body FROM cache), json_object(${summaryFields.join(",\n      ")})) AS body)`;
  const sql = `${ctes},\n    ${summary}\n    SELECT ${columns.join(",\n")}`;
  return { sql, params: p.values, brand: brand?.name, ownKeys, cacheKey };
}
