/**
 * The terrace planner's calls to the shop API (worker/shop-api/terrace/), through the
 * commerce client (same origin, the Swiss language segment, success only with 200 and data):
 *
 *   GET  /apiv2/terrace/catalogue                       boards, substructure systems, family rules, items
 *   POST /apiv2/terrace/configurations                  the plan -> {number, plan, bill} (Idempotency-Key)
 *   GET  /apiv2/terrace/configurations/{number}         a saved plan, its bill on today's catalogue
 *   POST /apiv2/terrace/configurations/{number}/cart    every bill line with a sku into the cart (Idempotency-Key)
 */
import type { TerraceRefusalCode } from "@domain/api/terrace";
import type { TerracePlan } from "@domain/terrace/plan";
import type { TerraceBill, TerraceBoard, TerraceCartAnswer, TerraceCatalogue, TerraceConfiguration } from "@domain/terrace-configurations";
import { apiCall, type ApiResult } from "@site/api/client";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
export { newIdempotencyKey } from "@site/lib/idempotency";
export type { TerraceCatalogue };

export const TERRACE_PATHS = {
  catalogue: "/apiv2/terrace/catalogue",
  configurations: "/apiv2/terrace/configurations",
  configuration: (number: string) => `/apiv2/terrace/configurations/${encodeURIComponent(number)}`,
  cart: (number: string) => `/apiv2/terrace/configurations/${encodeURIComponent(number)}/cart`,
} as const;

export type PlannerBoard = TerraceBoard;
export type Bill = Pick<TerraceBill, "lines" | "total">;
export type SavedConfiguration = TerraceConfiguration;

export function fetchCatalogue(): Promise<ApiResult<TerraceCatalogue>> {
  return apiCall<TerraceCatalogue>("GET", TERRACE_PATHS.catalogue);
}

export function saveConfiguration(plan: TerracePlan, idempotencyKey: string): Promise<ApiResult<SavedConfiguration>> {
  return apiCall<SavedConfiguration>("POST", TERRACE_PATHS.configurations, plan, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function loadConfiguration(number: string): Promise<ApiResult<SavedConfiguration>> {
  return apiCall<SavedConfiguration>("GET", TERRACE_PATHS.configuration(number));
}

export function configurationToCart(number: string, idempotencyKey: string): Promise<ApiResult<TerraceCartAnswer>> {
  return apiCall<TerraceCartAnswer>("POST", TERRACE_PATHS.cart(number), {}, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

/** A board's picture as the planner shows it. */
export function boardImage(board: PlannerBoard): { src: string; alt: string } | null {
  return board.image ? { src: board.image.src, alt: board.image.alt || board.name } : null;
}

/** The words for a failed call, by status and code (never the API's English message). */
export function errorKey(result: { status: number; errors: { code?: string }[] }): string {
  if (result.status === 429 || result.errors.some((error) => error.code === "rate_limited")) return "planner.tooMany";
  if (result.status === 404 || result.errors.some((error) => error.code === ("configuration_not_found" satisfies TerraceRefusalCode)))
    return "planner.notFound";
  return "planner.failed";
}
