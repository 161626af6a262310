import type { D1Database, Queue, R2Bucket, RateLimit } from "@cloudflare/workers-types";
import type { Environment } from "@config/shop-config";

/**
 * A binding reached with fetch (the static assets, the shop API as a service), typed with the
 * Fetch API of whichever runtime checks the code: Workers in the worker, Node in its tests.
 */
export interface FetchBinding {
  fetch(input: Request | string, init?: RequestInit): Promise<Response>;
}

/** Bindings and variables the shop API reads (wrangler.jsonc, .dev.vars, secrets). */
export interface ShopApiEnv {
  DB: D1Database;
  /**
   * Which D1 binding holds each shop's live data (JSON shop id -> binding name; core/shop-database.ts,
   * docs/decisions/0064); unset: every shop uses DB. The bindings it names are D1 databases of their own.
   */
  SHOP_DATABASES?: string;
  /** Uploaded images (core/uploads); local R2 through wrangler/Miniflare. */
  UPLOADS: R2Bucket;
  /** Which environment this is (unset: production): /graphql introspection is open in development and test only (docs/decisions/0027), mails link to this environment's hosts. */
  ENVIRONMENT_NAME?: Environment;
  /** Bearer token of POST /admin/catalogue/import; like every service token at least 32 characters (core/service-token.ts). */
  CATALOGUE_IMPORT_TOKEN?: string;
  /** Bearer token of GET /admin/search/report. */
  SEARCH_REPORT_TOKEN?: string;
  /** Bearer token of /graphql: the build's. */
  GRAPHQL_TOKEN?: string;
  /** Shop whose assortment is search's own-brand group (default BRAND); "" turns the group off. */
  SEARCH_BRAND_SHOP?: string;
  /** Per-IP rate limiters (wrangler.jsonc ratelimits, one per bucket of config rateLimits.perIp). */
  RATE_LIMIT_WRITE?: RateLimit;
  RATE_LIMIT_SEARCH?: RateLimit;
  RATE_LIMIT_GRAPHQL?: RateLimit;
  RATE_LIMIT_STAFF?: RateLimit;
  /** Captcha secrets (docs/decisions/0024); a provider whose secret is missing refuses every token. */
  ALTCHA_HMAC_KEY?: string;
  /** ALTCHA's proof-of-work size, 1 to 1,000,000 (default 100,000: worker/shop-api/core/captcha/altcha.ts). */
  ALTCHA_MAX_NUMBER?: string;
  RECAPTCHA_SECRET?: string;
  TURNSTILE_SECRET?: string;
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
  /** The Stripe API's origin for the Stripe adapter (core/payments/stripe.ts); unset: Stripe's own. Locally the stand-in's (scripts/lib/stripe-stand-in.ts). */
  STRIPE_API_ORIGIN?: string;
  /** PayPal's REST API base for the PayPal adapter (core/payments/paypal.ts); unset: the live https://api-m.paypal.com (sandbox: https://api-m.sandbox.paypal.com). Locally the stand-in's (scripts/lib/paypal-stand-in.ts). */
  PAYPAL_API_BASE?: string;
  /** Rebuild requests (worker/shop-api/rebuilds, docs/decisions/0032): wrangler.jsonc queues.producers; unset: the sweep merges them. */
  REBUILD_QUEUE?: Queue<{ requestId: number }>;
  /** The published builds of shops with `assets: "r2"` (docs/decisions/0053; worker/lib/site-assets.ts): the edge reads them, the builder writes them through /admin/builder/site-assets/*; unset: such shops answer 503. */
  SITE_ASSETS?: R2Bucket;
  /** Bearer token of the builder API (/admin/builder/*): `npm run builder` and the CI's build jobs. */
  BUILDER_TOKEN?: string;
  /** Bearer token of the ERP's order events (POST /admin/orders/{number}/events; orders/order-events.ts). */
  ORDER_EVENTS_TOKEN?: string;
  /** The catalogue webhook's signing secret (whsec_...) while D1 holds none (the console's rotation writes one there). */
  CATALOGUE_WEBHOOK_SECRET?: string;
  /** Signs the returns link of the order confirmation mail (core/returns-link.ts; at least 32 characters, else no link is signed or accepted). */
  RMA_LINK_SECRET?: string;
  /** Signs the link of the offer mail (core/offer-link.ts; at least 32 characters, else no offer is sent and no link accepted). */
  OFFER_LINK_SECRET?: string;
}

/** Bindings and variables of the worker: the edge's own and the in-process shop API's. */
export interface WorkerEnv extends ShopApiEnv {
  ASSETS: FetchBinding;
  /** Which environment the no-shop-found page links to; hosts decide the environment of a shop request. */
  ENVIRONMENT_NAME: Environment;
  /** How the shop API is reached: in-process (default), service (SHOP_API binding) or remote (SHOP_API_ORIGIN). */
  SHOP_API_MODE?: "in-process" | "service" | "remote";
  SHOP_API?: FetchBinding;
  SHOP_API_ORIGIN?: string;
  /**
   * Cloudflare Access in front of the back-office host (worker/edge/access-jwt.ts, docs/decisions/0033):
   * the team domain (`<team>.cloudflareaccess.com`) and the Access application's audience tag. Both set:
   * every back-office request needs a valid Cf-Access-Jwt-Assertion; one alone: the back office refuses everything.
   */
  ACCESS_TEAM_DOMAIN?: string;
  ACCESS_AUD?: string;
  /** Shared secret the legacy front proxy puts in edge.upstreamRequestHeader (docs/decisions/0008); unset: no upstream requests. */
  UPSTREAM_REQUEST_SECRET?: string;
  /** `user:password` of the basic authentication in front of the shops' pages in environments whose config sets basicAuth (worker/edge/basic-auth.ts). */
  BASIC_AUTH_CREDENTIALS?: string;
  /**
   * Shared secret of a proxy of its own in front of the edge (at least 32 characters; worker/edge/client-address.ts):
   * set, only a request carrying it in x-trusted-proxy has a client address (its CF-Connecting-IP).
   */
  TRUSTED_PROXY_SECRET?: string;
}
