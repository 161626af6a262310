/**
 * The default search engine: SQLite FTS5 in D1 (migrations/0003_search.sql,
 * 0004_search_cache.sql, 0005_search_listings.sql, docs/decisions/0020-search-engine.md).
 *
 * One search is one D1 batch (one round trip): the product statement (product-query.ts)
 * returns the page, the brand group's page, the result-set summary (totals, facet counts)
 * and the names facets need as JSON columns; small statements beside it read guides,
 * videos and CMS pages. Summaries of queries with many matches are cached per index
 * version (search-cache.ts), written after the response when the request allows it. Only
 * when a query finds no product and has words of five or more letters does a second round
 * trip look up close vocabulary words (cached too) and a third run the search with them.
 */
import type { D1Database, D1PreparedStatement } from "@cloudflare/workers-types";
import { money } from "@domain/money";
import { slugPath } from "@domain/routes";
import { jsonList, parseJsonOr } from "@worker/lib/json";
import { unitLabel } from "@worker/lib/labels";
import type { CmsPageRow } from "../tables/content";
import { editsOne, foldDiacritics, isTypoCandidate, parseQuery, type ParsedQuery } from "./query-text";
import { buildFilterOptions, validateFilters, type CategoryTreeRow, type FacetCounts, type FacetLabel } from "./filter-options";
import { productQuery } from "./product-query";
import { joinSql, param, sql, SqlFragment } from "@worker/lib/sql";
import { cachedBody, correctionKey, INDEX_VERSION, storeInCache } from "./search-cache";
import type { ContentResult, FilterOption, ProductResult, ResultGroup } from "@domain/search-api";
import { type SearchEngine, type SearchRequest, type SearchResult } from "./types";

/** Most vocabulary words a misspelt term is widened to. */
const MAX_CORRECTIONS = 4;
/** Content (guides, videos, CMS pages) matches read at most this many rows. */
const MAX_CONTENT_ROWS = 500;
/** Summaries of queries with fewer matches (before filters) read few rows: not cached, so the cache stays small. */
const DEFAULT_CACHE_MINIMUM_MATCHES = 100;

/** A product of a page as the product statements return it (product-query.ts, category-query.ts). */
export interface PageRow {
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
  /** the index version the statement read */
  version: number;
  /** 1 when the summary came from search_cache */
  cached: number;
  /** FacetCounts and `matches` (hits before filters) as JSON */
  summary: string;
  page: string;
  brand_page?: string;
  category_tree?: string;
  manufacturer_names?: string;
  facet_labels?: string;
}

interface ContentRow {
  kind: string;
  title: string;
  url: string;
  body: string;
  slug: string | null;
}

/** Guides, videos and CMS pages a query matched */
interface ReadContent {
  content: ContentRow[];
  infos: InfoRow[];
}

type InfoRow = Pick<CmsPageRow, "identifier" | "page_type" | "title" | "content_heading" | "content">;

/** The magazine's guide pages (page type GUIDE) answer in the advises group, not among the info pages. */
const GUIDE_PAGE = "GUIDE";

export interface D1SearchEngineOptions {
  /** Summaries of queries with at least this many matches (before filters) are cached. */
  cacheMinimumMatches?: number;
  /** Runs the cache write after the response (the request's ExecutionContext.waitUntil); awaited without it. */
  waitUntil?: (task: Promise<unknown>) => void;
}

export class D1SearchEngine implements SearchEngine {
  readonly name = "d1-fts5";
  private readonly cacheMinimumMatches: number;
  private readonly waitUntil?: (task: Promise<unknown>) => void;

  constructor(
    private readonly db: D1Database,
    options: D1SearchEngineOptions = {},
  ) {
    this.cacheMinimumMatches = options.cacheMinimumMatches ?? DEFAULT_CACHE_MINIMUM_MATCHES;
    this.waitUntil = options.waitUntil;
  }

  async search(request: SearchRequest): Promise<SearchResult> {
    const parsed = parseQuery(request.query);
    if (parsed.long.length === 0 && parsed.short.length === 0) return emptyResult(request);
    let outcome = await this.run(request, parsed, {});
    const typoTerms = parsed.long.filter(isTypoCandidate);
    if (outcome.productTotal === 0 && typoTerms.length > 0) {
      const corrections = await this.corrections(typoTerms);
      // Guides, videos and CMS pages match the query as typed: the first round trip read them.
      if (Object.keys(corrections).length > 0) outcome = await this.run(request, parsed, corrections, outcome.content);
    }
    return outcome.result;
  }

  /**
   * Vocabulary words one edit away from each term, most frequent first. Looking up every
   * edit in fts5vocab costs about 10 ms per term at 50,000 products, so the words found are
   * cached per term and index version.
   */
  async corrections(terms: string[]): Promise<Record<string, string[]>> {
    const keys = terms.map(correctionKey);
    const statements = terms.map((term, index) => {
      const cached = cachedBody(param(keys[index]));
      return sql`SELECT ${INDEX_VERSION} AS version, ${cached} IS NOT NULL AS cached, coalesce(${cached},
            (SELECT json_group_array(term) FROM (SELECT term FROM search_vocabulary WHERE term IN ${jsonList(editsOne(term))}
              ORDER BY doc DESC, term LIMIT ${MAX_CORRECTIONS}))) AS words`.prepare(this.db);
    });
    const corrections: Record<string, string[]> = {};
    try {
      const results = await this.db.batch<{ version: number; cached: number; words: string }>(statements);
      for (const [index, term] of terms.entries()) {
        const row = results[index]!.results[0]!;
        if (!row.cached) await this.store(keys[index]!, row.version, row.words);
        const words = (JSON.parse(row.words) as string[]).filter((word) => word !== foldDiacritics(term));
        if (words.length > 0) corrections[term] = words;
      }
    } catch (error) {
      // Without the vocabulary table (a D1 without fts5vocab) searches stay exact.
      console.error("search vocabulary lookup failed", error);
    }
    return corrections;
  }

  /** Writes a cache entry after the response when the request allows it, else before. */
  private async store(key: string, version: number, body: string): Promise<void> {
    const stored = storeInCache(this.db, key, version, body).catch((error) => console.error("search cache write failed", error));
    if (this.waitUntil) this.waitUntil(stored);
    else await stored;
  }

  private async run(
    request: SearchRequest,
    parsed: ParsedQuery,
    corrections: Record<string, string[]>,
    read?: ReadContent,
  ): Promise<{ productTotal: number; content: ReadContent; result: SearchResult }> {
    const query = productQuery(request, parsed, corrections);
    const results = await this.db.batch([
      query.statement.prepare(this.db),
      ...(read ? [] : [this.contentStatement(request, parsed), this.infoStatement(request, parsed)]),
    ]);
    const row = results[0]!.results[0] as MainRow;
    const summary = JSON.parse(row.summary) as FacetCounts & { matches: number };
    if (!row.cached && summary.matches >= this.cacheMinimumMatches) await this.store(query.cacheKey, row.version, row.summary);
    const [total, brandTotal] = summary.totals;
    const { content, infos } = read ?? { content: (results[1]?.results ?? []) as ContentRow[], infos: (results[2]?.results ?? []) as InfoRow[] };

    const groups: ResultGroup[] = [
      {
        type: "products",
        name: "products",
        totalResults: total,
        offset: request.offset,
        results: this.products(request, JSON.parse(row.page) as PageRow[]),
      },
    ];
    groups.push(...contentGroups(request, content, infos));
    if (query.brand) {
      groups.push({
        type: "brand",
        name: query.brand,
        totalResults: brandTotal ?? 0,
        offset: request.offset,
        results: this.products(request, JSON.parse(row.brand_page ?? "[]") as PageRow[]),
      });
    }
    return {
      productTotal: total,
      content: { content, infos },
      result: {
        searchResults: groups,
        filterOptions: request.facets ? filterOptions(request, row, summary, query.ownKeys) : [],
        activeFilterOptions: request.filters,
        corrections,
      },
    };
  }

  private products(request: SearchRequest, rows: PageRow[]): ProductResult[] {
    rows.sort((a, b) => a.tier - b.tier || b.inStock - a.inStock || a.id - b.id);
    return rows.map((row) => productResult(request, row));
  }

  private contentStatement(request: SearchRequest, parsed: ParsedQuery): D1PreparedStatement {
    const terms = [...parsed.long, ...parsed.short].map((term) => sql`instr(${fold(sql`s.title`)}, ${term}) > 0`);
    return sql`SELECT s.kind, s.title, s.url, s.body, c.slug FROM search_content s
          LEFT JOIN product_content c ON c.sku = s.sku AND c.language = s.language
          WHERE s.language = ${request.language} AND ${joinSql(terms, " AND ")} ORDER BY s.refs DESC, s.title LIMIT ${MAX_CONTENT_ROWS}`.prepare(this.db);
  }

  private infoStatement(request: SearchRequest, parsed: ParsedQuery): D1PreparedStatement {
    const text = fold(sql`(title || ' ' || content_heading || ' ' || content)`);
    const terms = [...parsed.long, ...parsed.short].map((term) => sql`instr(${text}, ${term}) > 0`);
    return sql`SELECT identifier, page_type, title, content_heading, content FROM cms_pages
          WHERE shop_id = ${request.shop.id} AND language = ${request.language} AND exclude_from_sitemap = 0 AND ${joinSql(terms, " AND ")}
          ORDER BY title LIMIT ${MAX_CONTENT_ROWS}`.prepare(this.db);
  }
}

/** A product result of a page row, in the request's shop and language. */
export function productResult(request: Pick<SearchRequest, "shop" | "language">, row: PageRow): ProductResult {
  const { shop, language } = request;
  const currency = row.currency ?? shop.currency;
  return {
    identifier: row.sku,
    projectId: null,
    sku: row.sku,
    name: row.title,
    manufacturer: row.manufacturer,
    price: row.packagePrice === null ? null : money(row.packagePrice, currency, language),
    unitPrice: row.unitPrice === null ? null : { ...money(row.unitPrice, currency, language), unit: row.unit, unitLabel: unitLabel(row.unit, language) },
    image: row.image ? { url: row.image, alt: row.title } : null,
    link: slugPath(shop, language, row.slug),
    deliveryTime: { min: row.dmin, max: row.dmax, express: row.express === 1 },
    sellingOutSoon: row.stock > 0 && (row.stock <= row.notify || row.lowStock !== ""),
    inStock: row.stock > 0,
  };
}

/** lower() of SQLite folds ASCII only; the capital umlauts are folded here. */
const fold = (expression: SqlFragment): SqlFragment => sql`replace(replace(replace(lower(${expression}), 'Ä', 'ä'), 'Ö', 'ö'), 'Ü', 'ü')`;

/** Filter options from the summary and the names the statement read (400 for unknown or malformed filters). */
export function filterOptions(
  request: SearchRequest,
  row: Pick<MainRow, "category_tree" | "manufacturer_names" | "facet_labels">,
  counts: FacetCounts,
  ownKeys: string[],
): FilterOption[] {
  const categories = parseJsonOr<[string, string | null, number, string | null][]>(row.category_tree, []).map(
    ([id, parent_id, position, name]): CategoryTreeRow => ({ id, parent_id, position, name }),
  );
  categories.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  const manufacturers = new Map(parseJsonOr<[string, string][]>(row.manufacturer_names, []));
  const labels = new Map(
    parseJsonOr<[string, string, FacetLabel["type"]][]>(row.facet_labels, []).map(([code, label, type]): [string, FacetLabel] => [code, { code, label, type }]),
  );
  validateFilters(request.filters, labels);
  return buildFilterOptions(request, counts, ownKeys, categories, manufacturers, labels);
}

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
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function excerpt(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function contentGroups(request: SearchRequest, content: ContentRow[], pages: InfoRow[]): ResultGroup[] {
  const slice = <T>(list: T[]) => list.slice(request.offset, request.offset + request.limit);
  const pageResult = (row: InfoRow): ContentResult => ({
    identifier: row.identifier,
    title: row.title,
    text: excerpt(stripHtml(row.content)),
    link: slugPath(request.shop, request.language, row.identifier),
    url: null,
  });
  const contentResults = (kind: "advises" | "videos"): ContentResult[] =>
    content
      .filter((row) => row.kind === kind)
      .map((row, index): ContentResult => ({
        identifier: `${kind}-${index}-${row.title}`,
        title: row.title,
        text: excerpt(stripHtml(row.body)),
        link: row.slug ? slugPath(request.shop, request.language, row.slug) : null,
        url: row.url || null,
      }));
  const group = (type: "advises" | "videos" | "infos", results: ContentResult[]): ResultGroup => ({
    type,
    name: type,
    totalResults: results.length,
    offset: request.offset,
    results: slice(results),
  });
  // Advice: the magazine's guide pages first, then the products' written guides.
  const guides = pages.filter((row) => row.page_type === GUIDE_PAGE).map(pageResult);
  const infos = pages.filter((row) => row.page_type !== GUIDE_PAGE).map(pageResult);
  return [group("advises", [...guides, ...contentResults("advises")]), group("videos", contentResults("videos")), group("infos", infos)];
}
