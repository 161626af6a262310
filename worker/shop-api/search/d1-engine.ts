/**
 * The default search engine: SQLite FTS5 in D1 (migrations/0003_search.sql,
 * docs/decisions/0020-search-engine.md).
 *
 * One search is one D1 batch (one round trip): a single statement finds the matches,
 * materialises them once (document id, item, category, manufacturer, price, attributes,
 * rank tier) and returns the page, the totals and every facet as JSON columns, so the
 * full-text match runs once however many facets there are. Small statements beside it
 * read guides, videos, CMS pages and the names facets need. Only when a query finds no
 * product and has words of five or more letters does a second round trip look up close
 * vocabulary words and a third run the search with them.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { money } from "../../../graphql/money";
import { unitLabel } from "../../../graphql/units";
import { slugPath } from "../../../site/src/lib/routes";
import {
  editsOne,
  foldDiacritics,
  isTypoCandidate,
  parseQuery,
  trigramExpression,
  wordExpression,
  type ParsedQuery,
} from "./query-text";
import { BUILT_IN_FILTERS, roundRange, unitOfAttribute } from "./ranges";
import {
  SearchInputError,
  type ActiveFilter,
  type ContentResult,
  type FilterOption,
  type FilterValue,
  type ProductResult,
  type ResultGroup,
  type SearchEngine,
  type SearchRequest,
  type SearchResult,
} from "./types";

/** Document ids are language base + item id; bases are multiples of 2^36. */
const LANGUAGE_SPAN = 68719476736;
/** Most vocabulary words a misspelt term is widened to. */
const MAX_CORRECTIONS = 4;
/** Content (guides, videos, CMS pages) matches read at most this many rows. */
const MAX_CONTENT_ROWS = 500;

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `?${this.values.length}`;
  }
}

interface FacetLabel {
  code: string;
  label: string;
  type: "range" | "collection";
}

interface CategoryRow {
  id: string;
  parent_id: string | null;
  position: number;
  name: string | null;
}

interface PageRow {
  id: number;
  tier: number;
  inStock: number;
  sku: string;
  title: string;
  slug: string;
  unit: string;
  packagePrice: number | null;
  unitPrice: number | null;
  currency: string | null;
  image: string | null;
  manufacturer: string | null;
  dmin: number;
  dmax: number;
  express: number;
  stock: number;
  notify: number;
  lowStock: string;
}

interface MainRow {
  /** [count, brand count, min price, max price] */
  totals: string;
  page: string;
  brand_page?: string;
  cats?: string;
  mans?: string;
  price_bounds?: string;
  /** [[attributes JSON, count], ...]: one row per distinct attribute combination */
  attrs?: string;
  category_tree?: string;
  manufacturer_names?: string;
  facet_labels?: string;
  [key: `own_${number}`]: string;
}

interface ContentRow {
  kind: string;
  title: string;
  url: string;
  body: string;
  slug: string | null;
}

interface InfoRow {
  identifier: string;
  title: string;
  content_heading: string;
  content: string;
}

const isRangeFilter = (filter: ActiveFilter): filter is { key: string; min: number | null; max: number | null } => !("values" in filter);

export class D1SearchEngine implements SearchEngine {
  readonly name = "d1-fts5";

  constructor(private readonly db: D1Database) {}

  async search(request: SearchRequest): Promise<SearchResult> {
    const parsed = parseQuery(request.query);
    if (parsed.long.length === 0 && parsed.short.length === 0) return emptyResult(request);
    let outcome = await this.run(request, parsed, {});
    const typoTerms = parsed.long.filter(isTypoCandidate);
    if (outcome.productTotal === 0 && typoTerms.length > 0) {
      const corrections = await this.corrections(typoTerms);
      if (Object.keys(corrections).length > 0) outcome = await this.run(request, parsed, corrections);
    }
    return outcome.result;
  }

  /** Vocabulary words one edit away from each term, most frequent first. */
  async corrections(terms: string[]): Promise<Record<string, string[]>> {
    const statements = terms.map((term) =>
      this.db
        .prepare(
          `SELECT term FROM search_vocabulary WHERE term IN (SELECT value FROM json_each(?1)) ORDER BY doc DESC, term LIMIT ${MAX_CORRECTIONS}`,
        )
        .bind(JSON.stringify(editsOne(term))),
    );
    const corrections: Record<string, string[]> = {};
    try {
      const results = await this.db.batch<{ term: string }>(statements);
      terms.forEach((term, index) => {
        const words = (results[index]?.results ?? []).map((row) => row.term).filter((word) => word !== foldDiacritics(term));
        if (words.length > 0) corrections[term] = words;
      });
    } catch (error) {
      // Without the vocabulary table (a D1 without fts5vocab) searches stay exact.
      console.error("search vocabulary lookup failed", error);
    }
    return corrections;
  }

  private async run(
    request: SearchRequest,
    parsed: ParsedQuery,
    corrections: Record<string, string[]>,
  ): Promise<{ productTotal: number; result: SearchResult }> {
    const statements: D1PreparedStatement[] = [];
    const main = this.mainStatement(request, parsed, corrections);
    statements.push(this.db.prepare(main.sql).bind(...main.params));
    statements.push(this.contentStatement(request, parsed));
    statements.push(this.infoStatement(request, parsed));
    const results = await this.db.batch(statements);
    const row = (results[0]?.results[0] ?? { totals: "[0, 0, null, null]", page: "[]" }) as MainRow;
    const [total, brandTotal] = parseJson<[number, number | null, number | null, number | null]>(row.totals, [0, 0, null, null]);
    const content = (results[1]?.results ?? []) as ContentRow[];
    const infos = (results[2]?.results ?? []) as InfoRow[];
    const categories = parseJson<[string, string | null, number, string | null][]>(row.category_tree, []).map(
      ([id, parent_id, position, name]): CategoryRow => ({ id, parent_id, position, name }),
    );
    categories.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
    const manufacturers = new Map(parseJson<[string, string][]>(row.manufacturer_names, []));
    const labels = new Map(
      parseJson<[string, string, FacetLabel["type"]][]>(row.facet_labels, []).map(([code, label, type]): [string, FacetLabel] => [code, { code, label, type }]),
    );

    if (request.facets) validateFilters(request.filters, labels);

    const groups: ResultGroup[] = [
      {
        type: "products",
        name: "products",
        totalResults: total,
        offset: request.offset,
        results: this.products(request, JSON.parse(row.page ?? "[]") as PageRow[]),
      },
    ];
    groups.push(...contentGroups(request, content, infos));
    if (main.brand) {
      groups.push({
        type: "brand",
        name: main.brand,
        totalResults: brandTotal ?? 0,
        offset: request.offset,
        results: this.products(request, JSON.parse(row.brand_page ?? "[]") as PageRow[]),
      });
    }
    const filterOptions = request.facets ? buildFilterOptions(request, row, main.ownKeys, categories, manufacturers, labels) : [];
    return {
      productTotal: total,
      result: { searchResults: groups, filterOptions, activeFilterOptions: request.filters, corrections },
    };
  }

  private products(request: SearchRequest, rows: PageRow[]): ProductResult[] {
    const { shop, language } = request;
    rows.sort((a, b) => a.tier - b.tier || b.inStock - a.inStock || a.id - b.id);
    return rows.map((row) => {
      const currency = row.currency ?? shop.currency;
      return {
        identifier: row.sku,
        projectId: null,
        sku: row.sku,
        name: row.title,
        manufacturer: row.manufacturer,
        price: row.packagePrice === null ? null : money(row.packagePrice, currency, language),
        unitPrice:
          row.unitPrice === null ? null : { ...money(row.unitPrice, currency, language), unit: row.unit, unitLabel: unitLabel(row.unit, language) },
        image: row.image ? { url: row.image, alt: row.title } : null,
        link: slugPath(shop, language, row.slug),
        deliveryTime: { min: row.dmin, max: row.dmax, express: row.express === 1 },
        sellingOutSoon: row.stock > 0 && (row.stock <= row.notify || row.lowStock !== ""),
        inStock: row.stock > 0,
      };
    });
  }

  private mainStatement(request: SearchRequest, parsed: ParsedQuery, corrections: Record<string, string[]>) {
    const p = new Params();
    const language = p.add(request.language);
    const lo = `(SELECT base FROM search_languages WHERE language = ${language})`;
    const hi = `(${lo} + ${LANGUAGE_SPAN - 1})`;
    const table = parsed.long.length > 0 ? "search_text" : "search_words";
    const expression = parsed.long.length > 0 ? trigramExpression(parsed.long, corrections) : wordExpression(parsed.short);
    // `+f.rowid`: checked per match; as a constraint FTS5 would run its MATCH once per listed rowid.
    const shortFilter =
      parsed.long.length > 0 && parsed.short.length > 0
        ? `AND +f.rowid IN (SELECT rowid FROM search_words WHERE search_words MATCH ${p.add(wordExpression(parsed.short))} AND rowid BETWEEN ${lo} AND ${hi})`
        : "";
    const exact = p.add(parsed.text);
    const exactUpper = p.add(parsed.text.toUpperCase());
    const brand = request.brand && request.brand.shopId !== request.shop.id ? request.brand : undefined;

    // Suggestions (no facets, no filters) read only what ranking and counting need.
    const full = request.facets || request.filters.length > 0;
    const m = `m AS MATERIALIZED (
      SELECT f.rowid AS id, i.id AS item, i.in_stock AS in_stock,
        ${full ? `i.category_id AS cat, i.manufacturer_id AS man, i.prices ->> ${p.add(`$.${request.shop.id}`)} AS price, i.facets AS facets` : "NULL AS price"},
        ${brand ? `instr(i.shops, ${p.add(`,${brand.shopId},`)}) > 0` : "0"} AS brand,
        CASE WHEN i.sku = ${exactUpper} OR i.ean = ${exact} THEN 0
          WHEN +f.rowid IN (SELECT id FROM search_documents WHERE language = ${language} AND title_key = ${exact}) THEN 1
          WHEN +f.rowid IN (SELECT id FROM search_documents WHERE language = ${language} AND title_key > ${exact} AND title_key < ${exact} || char(1114111)) THEN 2
          ELSE 3 END AS tier
      FROM ${table} f CROSS JOIN search_items i ON i.id = f.rowid % ${LANGUAGE_SPAN}
      WHERE ${table} MATCH ${p.add(expression)} AND f.rowid BETWEEN ${lo} AND ${hi}
        AND i.is_active = 1 AND instr(i.shops, ${p.add(`,${request.shop.id},`)}) > 0 ${shortFilter}
    )`;

    // One predicate per active filter; facets of a filter are counted without its own predicate.
    const predicates = new Map<string, string>();
    let categoryCte = "";
    for (const filter of request.filters) {
      if (filter.key === "category" && !isRangeFilter(filter)) {
        categoryCte = `chosen(id) AS (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))})
          UNION SELECT c.id FROM categories c JOIN chosen ON c.parent_id = chosen.id),`;
        predicates.set("category", "m.cat IN (SELECT id FROM chosen)");
      } else if (filter.key === "manufacturer" && !isRangeFilter(filter)) {
        predicates.set("manufacturer", `m.man IN (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))}))`);
      } else if (isRangeFilter(filter)) {
        const column = filter.key === "price" ? "m.price" : `(m.facets ->> ${p.add(`$.${filter.key}`)})`;
        const scale = filter.key === "price" ? 100 : 1;
        const parts: string[] = [`${column} IS NOT NULL`];
        if (filter.min !== null) parts.push(`${column} >= ${p.add(filter.min * scale)}`);
        if (filter.max !== null) parts.push(`${column} <= ${p.add(filter.max * scale)}`);
        predicates.set(filter.key, `(${parts.join(" AND ")})`);
      } else {
        predicates.set(
          filter.key,
          `(m.facets ->> ${p.add(`$.${filter.key}`)}) IN (SELECT value FROM json_each(${p.add(JSON.stringify(filter.values))}))`,
        );
      }
    }
    const where = (except?: string) => {
      const list = [...predicates].filter(([key]) => key !== except).map(([, sql]) => sql);
      return list.length ? list.join(" AND ") : "1";
    };

    const limit = p.add(request.limit);
    const offset = p.add(request.offset);
    const shop = p.add(request.shop.id);
    // CROSS JOIN keeps the page (at most `limit` rows) the outer loop: the planner cannot see how small it is.
    const page = (condition: string) => `(SELECT json_group_array(json_object(
        'id', h.id, 'tier', h.tier, 'inStock', h.in_stock, 'sku', pr.sku, 'title', d.title, 'slug', c.slug, 'unit', pr.unit,
        'packagePrice', r.package_price, 'unitPrice', r.unit_price, 'currency', r.currency,
        'image', (SELECT url FROM media WHERE sku = pr.sku AND kind = 'image' ORDER BY position LIMIT 1),
        'manufacturer', mf.name, 'dmin', pr.delivery_days_min, 'dmax', pr.delivery_days_max, 'express', pr.is_express,
        'stock', pr.stock_qty, 'notify', pr.notification_qty, 'lowStock', c.low_stock_message))
      FROM (SELECT id, item, tier, in_stock FROM m WHERE ${condition} ORDER BY tier, in_stock DESC, id LIMIT ${limit} OFFSET ${offset}) h
      CROSS JOIN search_items i ON i.id = h.item
      CROSS JOIN products pr ON pr.sku = i.sku
      CROSS JOIN search_documents d ON d.id = h.id
      CROSS JOIN product_content c ON c.sku = pr.sku AND c.language = ${language}
      LEFT JOIN prices r ON r.sku = pr.sku AND r.shop_id = ${shop}
      LEFT JOIN manufacturers mf ON mf.id = pr.manufacturer_id)`;

    // One pass for the totals (and the price bounds while no price filter is active).
    const columns = [
      `(SELECT json_array(count(*), sum(m.brand), min(price), max(price)) FROM m WHERE ${where()}) AS totals`,
      `${page(where())} AS page`,
    ];
    if (brand) columns.push(`${page(`${where()} AND m.brand`)} AS brand_page`);
    const ownKeys: string[] = [];
    if (request.facets) {
      columns.push(
        `(SELECT json_group_object(cat, n) FROM (SELECT cat, count(*) AS n FROM m WHERE ${where("category")} GROUP BY cat)) AS cats`,
        `(SELECT json_group_object(man, n) FROM (SELECT man, count(*) AS n FROM m WHERE ${where("manufacturer")} AND man IS NOT NULL GROUP BY man)) AS mans`,
        // Attribute facets: grouped by the whole attribute set, which products share a lot
        // (a few hundred distinct sets at 50,000 products); values are counted from the groups.
        `(SELECT json_group_array(json_array(json(facets), n)) FROM (SELECT facets, count(*) AS n FROM m WHERE ${where()} GROUP BY facets)) AS attrs`,
      );
      if (predicates.has("price")) columns.push(`(SELECT json_array(min(price), max(price)) FROM m WHERE ${where("price")}) AS price_bounds`);
      // Names the filter options need, in the same statement (one statement less per call each).
      columns.push(
        `(SELECT json_group_array(json_array(c.id, c.parent_id, c.position, t.name)) FROM categories c
            LEFT JOIN category_translations t ON t.category_id = c.id AND t.language = ${language}) AS category_tree`,
        `(SELECT json_group_array(json_array(id, name)) FROM manufacturers) AS manufacturer_names`,
        `(SELECT json_group_array(json_array(code, label, type)) FROM search_facets WHERE language = ${language}) AS facet_labels`,
      );
      // An active attribute filter's own values/bounds are counted without it.
      for (const filter of request.filters) {
        if ((BUILT_IN_FILTERS as readonly string[]).includes(filter.key)) continue;
        const index = ownKeys.push(filter.key) - 1;
        columns.push(
          `(SELECT json_group_array(json_array(json(facets), n)) FROM (SELECT facets, count(*) AS n FROM m WHERE ${where(filter.key)} GROUP BY facets)) AS own_${index}`,
        );
      }
    }
    const sql = `WITH RECURSIVE ${categoryCte} ${m} SELECT ${columns.join(",\n")}`;
    return { sql, params: p.values, brand: brand?.name, ownKeys };
  }

  private contentStatement(request: SearchRequest, parsed: ParsedQuery): D1PreparedStatement {
    const p = new Params();
    const language = p.add(request.language);
    const terms = [...parsed.long, ...parsed.short].map((term) => `instr(${FOLD("s.title")}, ${p.add(term)}) > 0`);
    return this.db
      .prepare(
        `SELECT s.kind, s.title, s.url, s.body, c.slug FROM search_content s
          LEFT JOIN product_content c ON c.sku = s.sku AND c.language = s.language
          WHERE s.language = ${language} AND ${terms.join(" AND ")} ORDER BY s.refs DESC, s.title LIMIT ${MAX_CONTENT_ROWS}`,
      )
      .bind(...p.values);
  }

  private infoStatement(request: SearchRequest, parsed: ParsedQuery): D1PreparedStatement {
    const p = new Params();
    const shop = p.add(request.shop.id);
    const language = p.add(request.language);
    const text = FOLD("(title || ' ' || content_heading || ' ' || content)");
    const terms = [...parsed.long, ...parsed.short].map((term) => `instr(${text}, ${p.add(term)}) > 0`);
    return this.db
      .prepare(
        `SELECT identifier, title, content_heading, content FROM cms_pages
          WHERE shop_id = ${shop} AND language = ${language} AND exclude_from_sitemap = 0 AND ${terms.join(" AND ")}
          ORDER BY title LIMIT ${MAX_CONTENT_ROWS}`,
      )
      .bind(...p.values);
  }
}

/** lower() of SQLite folds ASCII only; the capital umlauts are folded here. */
const FOLD = (expression: string) => `replace(replace(replace(lower(${expression}), 'Ä', 'ä'), 'Ö', 'ö'), 'Ü', 'ü')`;

function emptyResult(request: SearchRequest): SearchResult {
  const groups: ResultGroup[] = (["products", "advises", "videos", "infos"] as const).map((type) => ({
    type,
    name: type,
    results: [],
    totalResults: 0,
    offset: request.offset,
  }));
  return { searchResults: groups, filterOptions: [], activeFilterOptions: request.filters, corrections: {} };
}

function stripHtml(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();
}

function excerpt(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function contentGroups(request: SearchRequest, content: ContentRow[], infos: InfoRow[]): ResultGroup[] {
  const slice = <T>(list: T[]) => list.slice(request.offset, request.offset + request.limit);
  const of = (kind: "advises" | "videos"): ResultGroup => {
    const rows = content.filter((row) => row.kind === kind);
    return {
      type: kind,
      name: kind,
      totalResults: rows.length,
      offset: request.offset,
      results: slice(rows).map(
        (row, index): ContentResult => ({
          identifier: `${kind}-${request.offset + index}-${row.title}`,
          title: row.title,
          text: excerpt(stripHtml(row.body)),
          link: row.slug ? slugPath(request.shop, request.language, row.slug) : null,
          url: row.url || null,
        }),
      ),
    };
  };
  return [
    of("advises"),
    of("videos"),
    {
      type: "infos",
      name: "infos",
      totalResults: infos.length,
      offset: request.offset,
      results: slice(infos).map(
        (row): ContentResult => ({
          identifier: row.identifier,
          title: row.title,
          text: excerpt(stripHtml(row.content)),
          link: slugPath(request.shop, request.language, row.identifier),
          url: null,
        }),
      ),
    },
  ];
}

/** Unknown keys and filters of the wrong shape are the client's mistake (HTTP 400). */
function validateFilters(filters: ActiveFilter[], labels: Map<string, FacetLabel>): void {
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

/** Values with counts and numeric bounds per attribute, from groups of identical attribute sets. */
function countAttributes(groups: [Record<string, unknown>, number][]): { values: Map<string, FilterValue[]>; ranges: Map<string, [number, number]> } {
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
  for (const [key, map] of counts) values.set(key, [...map].map(([value, count]) => ({ key: value, name: value, count })));
  return { values, ranges };
}

function parseJson<T>(text: string | undefined | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function buildFilterOptions(
  request: SearchRequest,
  row: MainRow,
  ownKeys: string[],
  categories: CategoryRow[],
  manufacturers: Map<string, string>,
  labels: Map<string, FacetLabel>,
): FilterOption[] {
  const active = new Map(request.filters.map((filter) => [filter.key, filter]));
  const options: FilterOption[] = [];

  // Category tree: counts roll up to the parents.
  const counts = parseJson<Record<string, number>>(row.cats, {});
  const byId = new Map(categories.map((c) => [c.id, c]));
  const totals = new Map<string, number>();
  for (const [id, count] of Object.entries(counts)) {
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
  const summary = parseJson<[number, number | null, number | null, number | null]>(row.totals, [0, 0, null, null]);
  const [priceMin, priceMax] = row.price_bounds ? parseJson<[number | null, number | null]>(row.price_bounds, [null, null]) : [summary[2], summary[3]];
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
  const makers = Object.entries(parseJson<Record<string, number>>(row.mans, {}))
    .map(([key, count]) => ({ key, name: manufacturers.get(key) ?? key, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  if (makers.length > 0 || active.has("manufacturer")) {
    options.push({ key: "manufacturer", name: "manufacturer", type: "collection", unit: null, min: null, max: null, minValue: null, maxValue: null, values: makers });
  }

  // Attributes: collections from text values, ranges from numbers.
  const { values: attributeValues, ranges: attributeRanges } = countAttributes(parseJson<[Record<string, unknown>, number][]>(row.attrs, []));
  ownKeys.forEach((key, index) => {
    const own = countAttributes(parseJson<[Record<string, unknown>, number][]>(row[`own_${index}`], []));
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
      attributeOptions.push({ key: code, name: label.label, type: "range", unit, min, max, minValue: range?.min ?? min, maxValue: range?.max ?? max, values: [] });
    } else {
      const values = (attributeValues.get(code) ?? []).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
      if (values.length === 0 && !chosen) continue;
      attributeOptions.push({ key: code, name: label.label, type: "collection", unit: null, min: null, max: null, minValue: null, maxValue: null, values });
    }
  }
  attributeOptions.sort((a, b) => a.name.localeCompare(b.name));
  return [...options, ...attributeOptions];
}
