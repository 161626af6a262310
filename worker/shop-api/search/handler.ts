/**
 * GET /apiv2/search and GET /apiv2/search/suggestions in the shop and language
 * the route table resolved, and the merchandiser's report GET /admin/search/report.
 */
import type { ApiContext, ShopContext } from "../core/context";
import { requireServiceToken } from "../core/service-token";
import { fail, MESSAGES } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import { shopById } from "../core/shop";
import { shopDatabase } from "../core/shop-database";
import { D1SearchEngine } from "./d1-engine";
import { logQuery, searchReport } from "./query-log";
import { queryLength } from "./query-text";
import type { SearchRefusalCode, SearchReport } from "@domain/api/search";
import { MINIMUM_SEARCH_CHARACTERS, type ResultGroup, type SearchData } from "@domain/search-api";
import { parseSearchParams } from "./request";
import { SUGGESTION_LIMIT, SearchInputError, type SearchEngine, type SearchRequest } from "./types";

/** The engine behind the API. A hosted engine plugs in here (docs/decisions/0020). */
export function createSearchEngine(ctx: Pick<ApiContext, "db" | "waitUntil">): SearchEngine {
  return new D1SearchEngine(ctx.db, { waitUntil: (task) => ctx.waitUntil(task) });
}

const emptyGroups = (offset: number): ResultGroup[] =>
  (["products", "advises", "videos", "infos"] as const).map((type) => ({ type, name: type, results: [], totalResults: 0, offset }));

/** The engine's and the parser's input errors are the caller's: 400 with their message. */
async function inputChecked<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (problem) {
    if (problem instanceof SearchInputError) throw fail(400, problem.message, "invalid_search" satisfies SearchRefusalCode);
    throw problem;
  }
}

export async function search(ctx: ShopContext, kind: "search" | "suggestions", engine: SearchEngine = createSearchEngine(ctx)): Promise<Reply<SearchData>> {
  const { shop, language } = ctx;
  const minimum = MINIMUM_SEARCH_CHARACTERS;
  let params = await inputChecked(() => parseSearchParams(ctx.url));
  if (kind === "suggestions") params = { ...params, offset: 0, limit: SUGGESTION_LIMIT, filters: [], log: false };
  const characters = queryLength(params.query);
  const meta: Record<string, unknown> = { minimumSearchCharacters: minimum, characters, engine: engine.name };
  if (characters < minimum) {
    return reply(
      { query: params.query, searchResults: emptyGroups(params.offset), filterOptions: [], activeFilterOptions: params.filters },
      { meta: { ...meta, message: `Please use at least ${minimum} characters` } },
    );
  }

  const brandShop = shopById(ctx.env.SEARCH_BRAND_SHOP ?? "BRAND");
  const searchRequest: SearchRequest = {
    shop: { id: shop.id, currency: shop.currency, domainPrefixes: shop.domainPrefixes },
    language,
    query: params.query,
    offset: params.offset,
    limit: params.limit,
    filters: params.filters,
    facets: kind === "search",
    ...(kind === "search" && params.sort ? { sort: params.sort } : {}),
    ...(brandShop ? { brand: { shopId: brandShop.id, name: brandShop.name } } : {}),
  };
  const started = Date.now();
  const result = await inputChecked(() => engine.search(searchRequest));
  const took = Date.now() - started;
  const products = result.searchResults.find((group) => group.type === "products")?.totalResults ?? 0;
  if (kind === "search" && params.log) {
    const write = logQuery(ctx.db, { shop: shop.id, language, query: params.query, total: products, now: ctx.now }).catch((problem) =>
      console.error("search log failed", problem),
    );
    ctx.waitUntil(write);
  }
  const { corrections, ...data } = result;
  return reply({ query: params.query, ...data }, { meta: { ...meta, tookMs: took, corrections }, headers: { "Server-Timing": `search;dur=${took}` } });
}

/** GET /admin/search/report?shop=DE&days=30 with `Authorization: Bearer <SEARCH_REPORT_TOKEN>`. */
export async function searchReportRoute(ctx: ApiContext): Promise<Reply<SearchReport>> {
  await requireServiceToken(ctx, "SEARCH_REPORT_TOKEN", "search-report");
  const shop = shopById(ctx.url.searchParams.get("shop") ?? "");
  if (!shop) throw fail(400, MESSAGES.invalid, "unknown_shop" satisfies SearchRefusalCode, { field: "shop" });
  const days = Number(ctx.url.searchParams.get("days") ?? "30");
  if (!Number.isInteger(days) || days < 1 || days > 366) throw fail(400, "days must be a whole number from 1 to 366", "invalid", { field: "days" });
  return reply(await searchReport(shopDatabase(ctx.env, shop.id), shop.id, days, ctx.now));
}
