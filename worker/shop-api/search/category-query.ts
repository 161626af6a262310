/**
 * The product statement of a category listing (GET /apiv2/categories/:id/products): the
 * shop's listed products of the category and its subcategories (as the static category
 * pages list them: by any of a product's categories, no variants, with content in the
 * language), narrowed by the search's filter predicates, counted by the search's facet
 * summary (facet-query.ts), and one sorted page. One statement, one round trip.
 */
import { facetNameColumns, facetSummary, filterPredicates } from "./facet-query";
import { orderBy } from "./sort-order";
import { LANGUAGE_SPAN } from "./product-query";
import { joinSql, param, sql, SqlFragment } from "@worker/lib/sql";
import { mainImage } from "../tables/products";
import type { CategorySortField } from "@domain/category-listing";
import type { SearchRequest } from "./types";

export interface CategoryQueryRequest extends Pick<SearchRequest, "shop" | "language" | "filters" | "offset" | "limit"> {
  categoryId: string;
  sort: { field: CategorySortField; direction: "asc" | "desc" };
}

export function categoryQuery(request: CategoryQueryRequest): { statement: SqlFragment; ownKeys: string[] } {
  const language = param(request.language);
  const span = SqlFragment.raw(String(LANGUAGE_SPAN));
  const last = SqlFragment.raw(String(LANGUAGE_SPAN - 1));
  const shopBase = sql`(SELECT base FROM search_shops WHERE shop_id = ${request.shop.id})`;
  const sets: SqlFragment[] = [];
  // A product counts under every category it is in, as the static category pages list it.
  const filters = filterPredicates(request, sets, "any");
  const { fields, countedCtes, ownKeys } = facetSummary({ filters: request.filters, facets: true }, filters, "any");
  const order = orderBy(request.sort);
  const offset = param(request.offset);

  const statement = sql`WITH RECURSIVE ${filters.categoryCte}
    scope(id) AS (SELECT ${request.categoryId} UNION SELECT c.id FROM categories c JOIN scope ON c.parent_id = scope.id),
    ${sets.length ? sql`${joinSql(sets, ",\n    ")},` : sql``}
    hits AS MATERIALIZED (
      SELECT l.id AS id, l.in_stock AS in_stock, l.price AS price, l.item_group AS grp, 0 AS brand, i.sku AS sku
      FROM search_listings l CROSS JOIN search_items i ON i.id = l.id % ${span}
      WHERE l.id BETWEEN ${shopBase} AND ${shopBase} + ${last}
        AND i.sku IN (SELECT pc.sku FROM product_categories pc WHERE pc.category_id IN (SELECT id FROM scope))
        AND EXISTS (SELECT 1 FROM products p WHERE p.sku = i.sku AND p.parent_sku IS NULL)
        AND EXISTS (SELECT 1 FROM product_content pc2 WHERE pc2.sku = i.sku AND pc2.language = ${language})
    ),
    m AS MATERIALIZED (SELECT grp, price, brand, sku FROM hits),
    ${joinSql(countedCtes, "\n    ")}
    summary AS MATERIALIZED (SELECT json_object(${joinSql(fields, ",\n      ")}) AS body),
    ranked AS MATERIALIZED (
      SELECT h.id AS id, h.sku AS sku, row_number() OVER (ORDER BY ${order}) AS rank
      FROM (SELECT * FROM hits WHERE ${filters.where()}) h CROSS JOIN products pr ON pr.sku = h.sku
      CROSS JOIN product_content c ON c.sku = h.sku AND c.language = ${language}
      ORDER BY ${order} LIMIT ${param(request.limit)} OFFSET ${offset}
    )
    SELECT (SELECT body FROM summary) AS summary,
      (SELECT json_group_array(json_object(
        'id', h.rank, 'tier', 0, 'inStock', pr.stock_qty > 0, 'sku', pr.sku, 'title', c.title, 'slug', c.slug, 'unit', pr.unit,
        'packagePrice', r.package_price, 'unitPrice', r.unit_price, 'currency', r.currency,
        'image', ${mainImage(sql`pr.sku`)},
        'manufacturer', mf.name, 'dmin', pr.delivery_days_min, 'dmax', pr.delivery_days_max, 'express', pr.is_express,
        'stock', pr.stock_qty, 'notify', pr.notification_qty, 'lowStock', c.low_stock_message))
       FROM ranked h
       CROSS JOIN products pr ON pr.sku = h.sku
       CROSS JOIN product_content c ON c.sku = pr.sku AND c.language = ${language}
       LEFT JOIN prices r ON r.sku = pr.sku AND r.shop_id = ${request.shop.id}
       LEFT JOIN manufacturers mf ON mf.id = pr.manufacturer_id) AS page,
      (SELECT 1 FROM categories WHERE id = ${request.categoryId}) AS known,
      ${joinSql(facetNameColumns(language), ",\n      ")}`;
  return { statement, ownKeys };
}
