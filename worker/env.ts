import type { D1Database, Fetcher } from "@cloudflare/workers-types";
import type { Environment } from "./config/shop-config";

/** Bindings and variables of the worker (wrangler.toml, .dev.vars, secrets). */
export interface WorkerEnv {
  DB: D1Database;
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
  /** Transactional mail (worker/shop-api/core/mail, docs/decisions/0023): smtp or http; unset: mails wait in the outbox. */
  MAIL_TRANSPORT?: string;
  SMTP_HOST?: string;
  SMTP_PORT?: string;
  /** none | starttls | tls (default starttls). */
  SMTP_SECURITY?: string;
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  /** The HTTP mail API's endpoint (https; http only on localhost) and its bearer key. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
}
