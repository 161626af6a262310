import type { D1Database, Fetcher, R2Bucket } from "@cloudflare/workers-types";
import type { Environment } from "./config/shop-config";

/** Bindings and variables of the worker (wrangler.toml, .dev.vars, secrets). */
export interface WorkerEnv {
  DB: D1Database;
  /** Uploaded images (core/uploads); local R2 through wrangler/Miniflare. */
  UPLOADS: R2Bucket;
  ASSETS: Fetcher;
  /** Which environment the no-shop-found page links to; hosts decide the environment of a shop request. */
  ENVIRONMENT_NAME: Environment;
  /** How the shop API is reached: in-process (default), service (SHOP_API binding) or remote (SHOP_API_ORIGIN). */
  SHOP_API_MODE?: "in-process" | "service" | "remote";
  SHOP_API?: Fetcher;
  SHOP_API_ORIGIN?: string;
  CATALOGUE_IMPORT_TOKEN?: string;
  /** Shared secret the legacy front proxy puts in edge.upstreamRequestHeader (docs/decisions/0008); unset: no upstream requests. */
  UPSTREAM_REQUEST_SECRET?: string;
}
