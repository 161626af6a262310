/**
 * GET /apiv2/search and GET /apiv2/search/suggestions (SPEC 7), and the merchandiser's
 * report GET /admin/search/report. The shop comes from `x-shop-id` (set by the edge,
 * DE when absent), the language from `x-shop-language` when the shop has it, else the
 * shop's default language.
 */
import type { D1Database, ExecutionContext } from "@cloudflare/workers-types";
import { shopDirectory } from "../../config/shops";
import { D1SearchEngine } from "./d1-engine";
import { logQuery, searchReport } from "./query-log";
import { queryLength } from "./query-text";
import { MINIMUM_SEARCH_CHARACTERS, type ResultGroup } from "../../../domain/search-api";
import { parseSearchParams } from "./request";
import {
  SUGGESTION_LIMIT,
  SearchInputError,
  type SearchEngine,
  type SearchRequest,
} from "./types";

export interface SearchEnv {
  DB: D1Database;
  /** Shop whose assortment is the own-brand group (default BRAND); "" turns the group off */
  SEARCH_BRAND_SHOP?: string;
  /** Bearer token of the report endpoint (the catalogue import's token) */
  CATALOGUE_IMPORT_TOKEN?: string;
}

export const DEFAULT_SHOP_ID = "DE";

/** The engine behind the API. A hosted engine plugs in here (docs/decisions/0020). */
export function createSearchEngine(env: SearchEnv, ctx?: Pick<ExecutionContext, "waitUntil">): SearchEngine {
  return new D1SearchEngine(env.DB, ctx ? { waitUntil: (task) => ctx.waitUntil(task) } : {});
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

const error = (status: number, message: string): Response => json({ status, data: null, errors: [{ message }] }, status);

const emptyGroups = (offset: number): ResultGroup[] =>
  (["products", "advises", "videos", "infos"] as const).map((type) => ({ type, name: type, results: [], totalResults: 0, offset }));

export async function handleSearchRequest(
  request: Request,
  env: SearchEnv,
  ctx: Pick<ExecutionContext, "waitUntil"> | undefined,
  kind: "search" | "suggestions",
  engine: SearchEngine = createSearchEngine(env, ctx),
): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return error(405, "Method not allowed");
  const url = new URL(request.url);
  const shopId = (request.headers.get("x-shop-id") ?? DEFAULT_SHOP_ID).toUpperCase();
  const shop = shopDirectory.shop(shopId);
  if (!shop) return error(404, `Unknown shop '${shopId}'.`);
  const requested = (request.headers.get("x-shop-language") ?? "").toLowerCase();
  const language = (shop.languages as string[]).includes(requested) ? requested : shop.defaultLanguage;

  let params;
  try {
    params = parseSearchParams(url);
  } catch (problem) {
    if (problem instanceof SearchInputError) return error(400, problem.message);
    throw problem;
  }
  if (kind === "suggestions") {
    params = { ...params, offset: 0, limit: SUGGESTION_LIMIT, filters: [], log: false };
  }
  const characters = queryLength(params.query);
  const meta: Record<string, unknown> = { minimumSearchCharacters: MINIMUM_SEARCH_CHARACTERS, characters, engine: engine.name };
  if (characters < MINIMUM_SEARCH_CHARACTERS) {
    return json(
      {
        status: 200,
        data: { query: params.query, searchResults: emptyGroups(params.offset), filterOptions: [], activeFilterOptions: params.filters },
        meta: { ...meta, message: `Please use at least ${MINIMUM_SEARCH_CHARACTERS} characters` },
        errors: [],
      },
      200,
    );
  }

  const brandShopId = env.SEARCH_BRAND_SHOP ?? "BRAND";
  const brandShop = brandShopId ? shopDirectory.shop(brandShopId) : undefined;
  const searchRequest: SearchRequest = {
    shop: { id: shop.id, currency: shop.currency, domainPrefixes: shop.domainPrefixes },
    language,
    query: params.query,
    offset: params.offset,
    limit: params.limit,
    filters: params.filters,
    facets: kind === "search",
    ...(brandShop ? { brand: { shopId: brandShop.id, name: brandShop.name } } : {}),
  };
  const started = Date.now();
  let result;
  try {
    result = await engine.search(searchRequest);
  } catch (problem) {
    if (problem instanceof SearchInputError) return error(400, problem.message);
    throw problem;
  }
  const took = Date.now() - started;
  const products = result.searchResults.find((group) => group.type === "products")?.totalResults ?? 0;
  if (kind === "search" && params.log) {
    const write = logQuery(env.DB, { shop: shop.id, language, query: params.query, total: products, now: new Date() }).catch((problem) =>
      console.error("search log failed", problem),
    );
    if (ctx) ctx.waitUntil(write);
    else await write;
  }
  const { corrections, ...data } = result;
  return json(
    { status: 200, data: { query: params.query, ...data }, meta: { ...meta, tookMs: took, corrections }, errors: [] },
    200,
    { "Server-Timing": `search;dur=${took}` },
  );
}

/** GET /admin/search/report?shop=DE&days=30 with `Authorization: Bearer <CATALOGUE_IMPORT_TOKEN>`. */
export async function handleSearchReport(request: Request, env: SearchEnv): Promise<Response> {
  const token = env.CATALOGUE_IMPORT_TOKEN;
  if (!token) return json({ message: "The search report is not configured" }, 503);
  const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]?.trim() ?? "";
  if (!(await sameSecret(presented, token))) return json({ message: "Unauthorized" }, 401, { "WWW-Authenticate": 'Bearer realm="search-report"' });
  const url = new URL(request.url);
  const shop = (url.searchParams.get("shop") ?? DEFAULT_SHOP_ID).toUpperCase();
  if (!shopDirectory.shop(shop)) return json({ message: `Unknown shop '${shop}'` }, 400);
  const days = Number(url.searchParams.get("days") ?? "30");
  if (!Number.isInteger(days) || days < 1 || days > 366) return json({ message: "days must be a whole number from 1 to 366" }, 400);
  return json(await searchReport(env.DB, shop, days, new Date()), 200);
}

async function sameSecret(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [x, y] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(a)), crypto.subtle.digest("SHA-256", encoder.encode(b))]);
  const left = new Uint8Array(x);
  const right = new Uint8Array(y);
  let diff = 0;
  for (let i = 0; i < left.length; i++) diff |= left[i]! ^ right[i]!;
  return diff === 0 && a.length > 0;
}
