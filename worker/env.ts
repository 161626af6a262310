import type { D1Database, Fetcher } from "@cloudflare/workers-types";
import type { Environment } from "./config/shop-config";

/** Bindings and variables the shop API reads (wrangler.toml, .dev.vars, secrets). */
export interface ShopApiEnv {
  DB: D1Database;
  /** Which environment this is; introspection of /graphql is open in development only (docs/decisions/0027). */
  ENVIRONMENT_NAME?: Environment;
  /** Bearer token of POST /admin/catalogue/import; like every service token at least 32 characters (core/service-token.ts). */
  CATALOGUE_IMPORT_TOKEN?: string;
  /** Bearer token of GET /admin/search/report. */
  SEARCH_REPORT_TOKEN?: string;
  /** Bearer token of /graphql: the build's. */
  GRAPHQL_TOKEN?: string;
  /** Shop whose assortment is search's own-brand group (default BRAND); "" turns the group off. */
  SEARCH_BRAND_SHOP?: string;
}

/** Bindings and variables of the worker: the edge's own and the in-process shop API's. */
export interface WorkerEnv extends ShopApiEnv {
  ASSETS: Fetcher;
  /** Which environment the no-shop-found page links to; hosts decide the environment of a shop request. */
  ENVIRONMENT_NAME: Environment;
  /** How the shop API is reached: in-process (default), service (SHOP_API binding) or remote (SHOP_API_ORIGIN). */
  SHOP_API_MODE?: "in-process" | "service" | "remote";
  SHOP_API?: Fetcher;
  SHOP_API_ORIGIN?: string;
  /** Shared secret the legacy front proxy puts in edge.upstreamRequestHeader (docs/decisions/0008); unset: no upstream requests. */
  UPSTREAM_REQUEST_SECRET?: string;
}
