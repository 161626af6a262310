/**
 * Filter options of a search: the category tree with counts rolled up to the
 * parents, the price range, manufacturers and attribute collections and ranges, built from
 * the counts the engine's statement returns (or the summary cache holds), and the check
 * of the client's filters against the known filter keys.
 */
import { roundRange } from "@domain/ranges";
import type { ActiveFilter, FilterOption, FilterValue } from "@domain/search-api";
import type { OuterJoined } from "@worker/lib/sql";
import { text } from "@worker/lib/texts";
import type { CategoryRow, CategoryTranslationRow } from "../tables/categories";
import { BUILT_IN_FILTERS, unitOfAttribute } from "./ranges";
import { SearchInputError, type SearchRequest } from "./types";

export interface FacetLabel {
  code: string;
  label: string;
  type: "range" | "collection";
}

/** A category of the tree with its name in the request language, when translated. */
export type CategoryTreeRow = Pick<CategoryRow, "id" | "parent_id" | "position"> & OuterJoined<Pick<CategoryTranslationRow, "name">>;

/** [[attributes, count], ...]: one entry per distinct attribute set of the hits */
export type AttributeGroups = [Record<string, unknown>, number][];

/** Counts over the result set (disjunctive: a filter's own options are counted without it). */
export interface FacetCounts {
  /** [count, brand count, min price, max price] (prices in minor units) */
  totals: [number, number | null, number | null, number | null];
  cats: Record<string, number>;
  /** 1: `cats` counts each category's whole subtree already (a category listing's counts), no rolling up */
  catsInSubtree?: number;
  mans: Record<string, number>;
  attrs: AttributeGroups;
  /** min and max price without the price filter, when one is active */
  priceBounds?: [number | null, number | null];
  /** per active attribute filter (in request order): the attribute groups without that filter */
  own: AttributeGroups[];
}

export const isRangeFilter = (filter: ActiveFilter): filter is { key: string; min: number | null; max: number | null } => !("values" in filter);

/** Unknown keys and filters of the wrong shape are the client's mistake (HTTP 400). */
export function validateFilters(filters: ActiveFilter[], labels: Map<string, FacetLabel>): void {
  for (const filter of filters) {
    const range = isRangeFilter(filter);
    if (filter.key === "price") {
      if (!range) throw new SearchInputError("The filter 'price' takes min and max, not values.");
      continue;
    }
    if (filter.key === "category" || filter.key === "manufacturer") {
      if (range) throw new SearchInputError(`The filter '${filter.key}' takes values, not min and max.`);
      continue;
    }
    const label = labels.get(filter.key);
    if (!label) {
      const known = [...BUILT_IN_FILTERS, ...[...labels.keys()].sort()].join(", ");
      throw new SearchInputError(`Unknown filter '${filter.key}' (known filters: ${known}).`);
    }
    if (label.type === "range" && !range) throw new SearchInputError(`The filter '${filter.key}' takes min and max, not values.`);
    if (label.type === "collection" && range) throw new SearchInputError(`The filter '${filter.key}' takes values, not min and max.`);
  }
}

/**
 * A filter's name without the unit the catalogue's label may end with ("Breite (mm)"): the
 * option carries the unit and the pages add it once.
 */
export function labelWithoutUnit(label: string, unit: string | null): string {
  if (!unit) return label;
  const suffix = `(${unit})`;
  return label.endsWith(suffix) ? label.slice(0, -suffix.length).trimEnd() : label;
}

/** A yes/no attribute's values ("true", "false") are named in the language, never shown raw. */
function valueName(value: string, language: string): string {
  return value === "true" || value === "false" ? text(language, "server", `filterValues.${value}`) : value;
}

/** Values with counts and numeric bounds per attribute, from groups of identical attribute sets. */
function countAttributes(groups: AttributeGroups, language: string): { values: Map<string, FilterValue[]>; ranges: Map<string, [number, number]> } {
  const counts = new Map<string, Map<string, number>>();
  const ranges = new Map<string, [number, number]>();
  for (const [attributes, n] of groups) {
    for (const [key, value] of Object.entries(attributes ?? {})) {
      if (typeof value === "number") {
        const range = ranges.get(key);
        ranges.set(key, range ? [Math.min(range[0], value), Math.max(range[1], value)] : [value, value]);
      } else if (typeof value === "string" && value !== "") {
        if (!counts.has(key)) counts.set(key, new Map());
        const map = counts.get(key)!;
        map.set(value, (map.get(value) ?? 0) + n);
      }
    }
  }
  const values = new Map<string, FilterValue[]>();
  for (const [key, map] of counts)
    values.set(
      key,
      [...map].map(([value, count]) => ({ key: value, name: valueName(value, language), count })),
    );
  return { values, ranges };
}

export function buildFilterOptions(
  request: SearchRequest,
  counts: FacetCounts,
  ownKeys: string[],
  categories: CategoryTreeRow[],
  manufacturers: Map<string, string>,
  labels: Map<string, FacetLabel>,
): FilterOption[] {
  const active = new Map(request.filters.map((filter) => [filter.key, filter]));
  const options: FilterOption[] = [];

  // Category tree: counts roll up to the parents (unless they count subtrees already).
  const byId = new Map(categories.map((c) => [c.id, c]));
  const totals = new Map<string, number>(counts.catsInSubtree ? Object.entries(counts.cats) : []);
  for (const [id, count] of counts.catsInSubtree ? [] : Object.entries(counts.cats)) {
    let node = byId.get(id);
    const seen = new Set<string>();
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      totals.set(node.id, (totals.get(node.id) ?? 0) + count);
      node = node.parent_id ? byId.get(node.parent_id) : undefined;
    }
  }
  const tree = (parent: string | null): FilterValue[] =>
    categories
      .filter((c) => c.parent_id === parent && (totals.get(c.id) ?? 0) > 0)
      .map((c) => {
        const children = tree(c.id);
        return { key: c.id, name: c.name ?? c.id, count: totals.get(c.id)!, ...(children.length ? { children } : {}) };
      });
  const categoryValues = tree(null);
  if (categoryValues.length > 0 || active.has("category")) {
    options.push({ key: "category", name: "category", type: "tree", unit: null, min: null, max: null, minValue: null, maxValue: null, values: categoryValues });
  }

  // Price (minor units in the index, whole currency units in the filter).
  const [priceMin, priceMax] = counts.priceBounds ?? [counts.totals[2], counts.totals[3]];
  if (priceMin !== null && priceMax !== null) {
    const min = roundRange(priceMin / 100, request.shop.currency, "down");
    const max = roundRange(priceMax / 100, request.shop.currency, "up");
    const chosen = active.get("price");
    const range = chosen && isRangeFilter(chosen) ? chosen : undefined;
    options.push({
      key: "price",
      name: "price",
      type: "range",
      unit: request.shop.currency,
      min,
      max,
      minValue: range?.min ?? min,
      maxValue: range?.max ?? max,
      values: [],
    });
  }

  // Manufacturers.
  const makers = Object.entries(counts.mans)
    .map(([key, count]) => ({ key, name: manufacturers.get(key) ?? key, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  if (makers.length > 0 || active.has("manufacturer")) {
    options.push({
      key: "manufacturer",
      name: "manufacturer",
      type: "collection",
      unit: null,
      min: null,
      max: null,
      minValue: null,
      maxValue: null,
      values: makers,
    });
  }

  // Attributes: collections from text values, ranges from numbers.
  const { values: attributeValues, ranges: attributeRanges } = countAttributes(counts.attrs, request.language);
  ownKeys.forEach((key, index) => {
    const own = countAttributes(counts.own[index] ?? [], request.language);
    if (own.values.has(key)) attributeValues.set(key, own.values.get(key)!);
    else attributeValues.delete(key);
    if (own.ranges.has(key)) attributeRanges.set(key, own.ranges.get(key)!);
    else attributeRanges.delete(key);
  });

  const attributeOptions: FilterOption[] = [];
  for (const [code, label] of labels) {
    const chosen = active.get(code);
    if (label.type === "range") {
      const bounds = attributeRanges.get(code);
      if (!bounds) continue;
      const unit = unitOfAttribute(code);
      const min = roundRange(bounds[0], unit, "down");
      const max = roundRange(bounds[1], unit, "up");
      if (min === max && !chosen) continue;
      const range = chosen && isRangeFilter(chosen) ? chosen : undefined;
      attributeOptions.push({
        key: code,
        name: labelWithoutUnit(label.label, unit),
        type: "range",
        unit,
        min,
        max,
        minValue: range?.min ?? min,
        maxValue: range?.max ?? max,
        values: [],
      });
    } else {
      const values = (attributeValues.get(code) ?? []).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      if (values.length === 0 && !chosen) continue;
      attributeOptions.push({ key: code, name: label.label, type: "collection", unit: null, min: null, max: null, minValue: null, maxValue: null, values });
    }
  }
  attributeOptions.sort((a, b) => a.name.localeCompare(b.name));
  return [...options, ...attributeOptions];
}
