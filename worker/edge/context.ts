import type { Context, ExecutionContext } from "hono";
import type { Language, ShopDirectory } from "@config/shop-config";
import type { WorkerEnv } from "../env";
import type { Site } from "./site";
import type { AccessVerifier } from "./access-jwt";
import type { Upstream } from "./upstream";

/** What the middleware pieces share about one request. */
export interface EdgeVariables {
  site: Site;
  /** The language of the page or API call (path prefix, shop or fallback). */
  language: Language;
  /** True when the request came through the legacy front proxy (upstream-rules.ts). */
  upstreamRequest: boolean;
  /** Set by any piece whose answer depends on a cookie: the response becomes private and varies on Cookie. */
  personal: boolean;
  /** Other request headers the answer depended on (Accept-Language, User-Agent), for Vary. */
  varyOn: string[];
  /** The developer-mode cookie is set: the CSP allows no script at all (developer-mode.ts). */
  developerMode?: boolean;
  /** The build file whose content the response carries: its inline scripts are the ones the CSP allows. */
  buildPage?: BuildPage;
}

/** A file of a shop's build (`/index.html`, `/fr/404.html`). */
export interface BuildPage {
  shopId: string;
  file: string;
}

export type EdgeEnv = { Bindings: WorkerEnv; Variables: EdgeVariables };
export type EdgeContext = Context<EdgeEnv>;

export interface EdgeDependencies {
  directory: ShopDirectory;
  /** The shop API for this request (in-process, service binding or remote). */
  upstream(env: WorkerEnv, executionCtx: ExecutionContext | undefined): { upstream: Upstream; origin: string };
  /** Overrides edge.upstreamTimeoutMs of the config (tests). */
  upstreamTimeoutMs?: number;
  /** Pause between retries of idempotent API calls, in ms (default 100 x attempt). */
  retryDelayMs?: number;
  /** Extra guards by name (tests); a gate naming a guard known nowhere answers 500. */
  guards?: Record<string, (c: EdgeContext) => boolean>;
  /** The Cloudflare Access JWT verifier of the back office (tests inject their keys and clock; default: the team's JWKS over fetch). */
  access?: AccessVerifier;
  /** Extra gates added to those of the config (tests). */
  gates?: { paths: string[]; guard: string }[];
}

/** Replaces the response without Hono copying the old headers over the new ones. */
export function replaceResponse(c: EdgeContext, response: Response): void {
  c.res = undefined;
  c.res = response;
}

/** Makes sure the current response's headers can be changed (asset responses may be immutable). */
export function mutableResponse(c: EdgeContext): Response {
  try {
    c.res.headers.set("x-edge-probe", "1");
    c.res.headers.delete("x-edge-probe");
  } catch {
    replaceResponse(c, new Response(c.res.body, c.res));
  }
  return c.res;
}

/** Marks the answer as depending on the request's cookies. */
export function markPersonal(c: EdgeContext): void {
  c.set("personal", true);
}

export function addVary(c: EdgeContext, header: string): void {
  const current = c.get("varyOn") ?? [];
  if (!current.includes(header)) c.set("varyOn", [...current, header]);
}
