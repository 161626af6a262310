/**
 * The parts of a product statement that filters and facet counts need, shared by the
 * search (product-query.ts) and the category listing (category-query.ts): one predicate per
 * active filter over a materialised set `m` (columns grp, price, brand, and sku where
 * categories are `any`), and the summary fields (totals, disjunctive facet counts) built from it.
 *
 * Categories: the search files a product under its primary category (its item group's);
 * a category listing files it under every category it is in (`product_categories`), as the
 * static category pages list it, so a subcategory's filter value counts what its page lists.
 */
export type CategoryMembership = "primary" | "any";

import { isRangeFilter } from "./filter-options";
import { BUILT_IN_FILTERS } from "./ranges";
import { jsonList } from "@worker/lib/json";
import { joinSql, param, sql, SqlFragment, type SqlParam } from "@worker/lib/sql";
import type { SearchRequest } from "./types";

export interface FilterPredicates {
  /** `chosen(id)` of the category filter (with its trailing comma), or empty */
  categoryCte: SqlFragment;
  /** the conjunction of the active filters' predicates, optionally without one key */
  where(except?: string): SqlFragment;
  has(key: string): boolean;
}

/**
 * One predicate per active filter; category, manufacturer and attribute filters select item
 * groups (a few thousand) once, as materialised sets appended to `sets`.
 */
export function filterPredicates(request: Pick<SearchRequest, "filters">, sets: SqlFragment[], categories: CategoryMembership = "primary"): FilterPredicates {
  const predicates = new Map<string, SqlFragment>();
  const groupFilter = (key: string, groups: SqlFragment) => {
    const name = SqlFragment.raw(`filter_${predicates.size}`);
    sets.push(sql`${name} AS MATERIALIZED (${groups})`);
    predicates.set(key, sql`grp IN (SELECT id FROM ${name})`);
  };
  let categoryCte = sql``;
  for (const filter of request.filters) {
    if (filter.key === "category" && !isRangeFilter(filter)) {
      categoryCte = sql`chosen(id) AS (SELECT value FROM ${jsonList(filter.values)}
        UNION SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id),`;
      if (categories === "any") {
        const name = SqlFragment.raw(`filter_${predicates.size}`);
        sets.push(sql`${name} AS MATERIALIZED (SELECT sku FROM product_categories WHERE category_id IN (SELECT id FROM chosen))`);
        predicates.set("category", sql`sku IN (SELECT sku FROM ${name})`);
      } else groupFilter("category", sql`SELECT id FROM search_item_groups WHERE category_id IN (SELECT id FROM chosen)`);
    } else if (filter.key === "manufacturer" && !isRangeFilter(filter)) {
      groupFilter("manufacturer", sql`SELECT id FROM search_item_groups WHERE manufacturer_id IN ${jsonList(filter.values)}`);
    } else if (filter.key === "price" && isRangeFilter(filter)) {
      const parts = [sql`price IS NOT NULL`];
      if (filter.min !== null) parts.push(sql`price >= ${param(filter.min * 100)}`);
      if (filter.max !== null) parts.push(sql`price <= ${param(filter.max * 100)}`);
      predicates.set("price", sql`(${joinSql(parts, " AND ")})`);
    } else {
      const value = sql`(facets ->> ${param(`$.${filter.key}`)})`;
      const test = isRangeFilter(filter)
        ? joinSql(
            [
              sql`${value} IS NOT NULL`,
              ...(filter.min !== null ? [sql`${value} >= ${filter.min}`] : []),
              ...(filter.max !== null ? [sql`${value} <= ${filter.max}`] : []),
            ],
            " AND ",
          )
        : sql`${value} IN ${jsonList(filter.values)}`;
      groupFilter(filter.key, sql`SELECT id FROM search_item_groups WHERE facet_set IN (SELECT id FROM search_facet_sets WHERE ${test})`);
    }
  }
  const where = (except?: string): SqlFragment => {
    const list = [...predicates].filter(([key]) => key !== except).map(([, predicate]) => predicate);
    return list.length ? joinSql(list, " AND ") : sql`1`;
  };
  return { categoryCte, where, has: (key) => predicates.has(key) };
}

export interface FacetSummary {
  /** the json_object fields of the summary */
  fields: SqlFragment[];
  /** the counted_N CTEs the fields read (each with its trailing comma) */
  countedCtes: SqlFragment[];
  /** attribute filters whose own values are counted separately (FacetCounts.own) */
  ownKeys: string[];
}

/** The summary over `m`: totals (and the price bounds without the price filter), facet counts when asked. */
export function facetSummary(
  request: Pick<SearchRequest, "filters" | "facets">,
  filters: FilterPredicates,
  categories: CategoryMembership = "primary",
): FacetSummary {
  const { where } = filters;
  const fields = [
    sql`'matches', (SELECT count(*) FROM m)`,
    sql`'totals', json((SELECT json_array(count(*), sum(brand), min(price), max(price)) FROM m WHERE ${where()}))`,
  ];
  const ownKeys: string[] = [];
  // Hits counted per group (category, manufacturer, attribute set: a few thousand at 50,000
  // products), once per distinct condition (keyed by its text: equal predicates render
  // equally); the facets add up the groups.
  const counted = new Map<string, { name: SqlFragment; condition: SqlFragment }>();
  const countedBy = (except?: string): SqlFragment => {
    const condition = where(except);
    const key = condition.text;
    if (!counted.has(key)) counted.set(key, { name: SqlFragment.raw(`counted_${counted.size}`), condition });
    return counted.get(key)!.name;
  };
  if (request.facets) {
    // Attribute values are counted from the attribute sets in the worker.
    const attributeGroups = (except?: string) =>
      sql`json((SELECT json_group_array(json_array(json(s.facets), y.n))
        FROM (SELECT fs, sum(n) AS n FROM ${countedBy(except)} GROUP BY fs) y CROSS JOIN search_facet_sets s ON s.id = y.fs))`;
    // Every category a product is in, and their ancestors, count it once (FacetCounts.catsInSubtree).
    const anyCategory = sql`'cats', json((SELECT json_group_object(anc, n) FROM (
        SELECT cl.anc AS anc, count(DISTINCT x.sku) AS n FROM (SELECT sku FROM m WHERE ${where("category")}) x
        CROSS JOIN product_categories pc ON pc.sku = x.sku CROSS JOIN category_closure cl ON cl.id = pc.category_id
        GROUP BY cl.anc))), 'catsInSubtree', 1`;
    fields.push(
      categories === "any"
        ? anyCategory
        : sql`'cats', json((SELECT json_group_object(cat, n) FROM (SELECT cat, sum(n) AS n FROM ${countedBy("category")} GROUP BY cat)))`,
      sql`'mans', json((SELECT json_group_object(man, n) FROM (SELECT man, sum(n) AS n FROM ${countedBy("manufacturer")} WHERE man IS NOT NULL GROUP BY man)))`,
      sql`'attrs', ${attributeGroups()}`,
    );
    if (filters.has("price")) fields.push(sql`'priceBounds', json((SELECT json_array(min(price), max(price)) FROM m WHERE ${where("price")}))`);
    // An active attribute filter's own values/bounds are counted without it.
    const own: SqlFragment[] = [];
    for (const filter of request.filters) {
      if ((BUILT_IN_FILTERS as readonly string[]).includes(filter.key)) continue;
      ownKeys.push(filter.key);
      own.push(attributeGroups(filter.key));
    }
    fields.push(sql`'own', json_array(${joinSql(own, ", ")})`);
  }
  const closure =
    categories === "any" && request.facets
      ? [
          sql`category_closure(id, anc) AS (SELECT id, id FROM categories
        UNION SELECT cl.id, c.parent_id FROM category_closure cl CROSS JOIN categories c ON c.id = cl.anc WHERE c.parent_id IS NOT NULL),`,
        ]
      : [];
  const countedCtes = [
    ...closure,
    ...[...counted.values()].map(
      ({ name, condition }) => sql`${name} AS MATERIALIZED (SELECT g.category_id AS cat, g.manufacturer_id AS man, g.facet_set AS fs, x.n AS n
      FROM (SELECT grp, count(*) AS n FROM m WHERE ${condition} GROUP BY grp) x CROSS JOIN search_item_groups g ON g.id = x.grp),`,
    ),
  ];
  return { fields, countedCtes, ownKeys };
}

/** The names the filter options need, as columns of the same statement. */
export function facetNameColumns(language: SqlParam): SqlFragment[] {
  return [
    sql`(SELECT json_group_array(json_array(c.id, c.parent_id, c.position, t.name)) FROM categories c
          LEFT JOIN category_translations t ON t.category_id = c.id AND t.language = ${language}) AS category_tree`,
    sql`(SELECT json_group_array(json_array(id, name)) FROM manufacturers) AS manufacturer_names`,
    sql`(SELECT json_group_array(json_array(code, label, type)) FROM search_facets WHERE language = ${language}) AS facet_labels`,
  ];
}
