/**
 * The shop API's non-public endpoints each take their own bearer token (docs/decisions/0027):
 * CATALOGUE_IMPORT_TOKEN the catalogue import, SEARCH_REPORT_TOKEN the merchandiser's
 * search report, GRAPHQL_TOKEN /graphql (the build), BUILDER_TOKEN the builder API
 * (/admin/builder/*, rebuilds/builder-api.ts), ORDER_EVENTS_TOKEN the ERP's order events
 * (/admin/orders/{number}/events, orders/order-events.ts). A token shorter than MIN_TOKEN_LENGTH
 * characters closes its endpoint (503, and a log line naming the variable) as an unset one
 * does; wrong tokens are throttled per client address (auth-throttle.ts), and a right builder or build
 * token passes even from a locked address.
 */
import { requireSecret } from "./auth";
import { throttleAuthFailures } from "./auth-throttle";
import type { ApiContext } from "./context";
import { fail, MESSAGES } from "./envelope";

export const MIN_TOKEN_LENGTH = 32;

export const SERVICE_TOKENS = ["CATALOGUE_IMPORT_TOKEN", "SEARCH_REPORT_TOKEN", "GRAPHQL_TOKEN", "BUILDER_TOKEN", "ORDER_EVENTS_TOKEN"] as const;
export type ServiceToken = (typeof SERVICE_TOKENS)[number];

/** The tokens publishing depends on: a right one passes even from an address locked by wrong ones (auth-throttle.ts). */
const PUBLISHING_TOKENS: ReadonlySet<ServiceToken> = new Set(["GRAPHQL_TOKEN", "BUILDER_TOKEN"]);

/** Refuses the request unless it carries `Authorization: Bearer <the token named>`; see the module comment. */
export async function requireServiceToken(ctx: ApiContext, name: ServiceToken, realm: string): Promise<void> {
  const configured = ctx.env[name];
  if (configured && configured.length < MIN_TOKEN_LENGTH) {
    console.error(`${name} is shorter than ${MIN_TOKEN_LENGTH} characters: its endpoint refuses every request until a longer token is configured`);
    throw fail(503, MESSAGES.notConfigured, "not_configured");
  }
  await throttleAuthFailures(ctx, () => requireSecret(ctx.request, configured, realm), { rightFirst: PUBLISHING_TOKENS.has(name) });
}
