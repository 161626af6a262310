/**
 * The error items of the shop API's envelope (domain/api/envelope.ts). Every item carries the
 * SPEC's English `message`, a stable `code` the storefront and the console word from their
 * locales, the `field` it concerns and the values its text names (`params`).
 */

/**
 * The codes every area of the shop API may answer with (its core: request bodies, auth, rate
 * limits, storage); each area adds its own refusals (cart, checkout, returns, ...), declared
 * beside its request types.
 */
export const CORE_ERROR_CODES = [
  /** Any unexpected failure (500), with the generic message. */
  "general",
  /** The first item of a 422: the given data was invalid; the items after it name the fields. */
  "invalid",
  /** The first item of a 422 for missing fields; each field then has a `required` item. */
  "missing",
  "required",
  "not_found",
  "unauthorized",
  /** D1 overloaded or briefly unavailable (503 with Retry-After). */
  "unavailable",
  /** Too many calls (429 with Retry-After). */
  "rate_limited",
  /** Too many failed logins (429, `params.retryAfterSeconds`). */
  "auth_throttled",
  "invalid_credentials",
  "login_required",
  "forbidden",
  /** A builder's lease on a build was taken over by another (409). */
  "lease_lost",
] as const;
export type CoreErrorCode = (typeof CORE_ERROR_CODES)[number];

export const isCoreErrorCode = (code: string): code is CoreErrorCode => (CORE_ERROR_CODES as readonly string[]).includes(code);

export interface ApiErrorItem {
  message: string;
  code?: string;
  field?: string;
  params?: Record<string, string | number>;
}
