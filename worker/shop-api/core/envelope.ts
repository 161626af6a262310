/**
 * The shop API's one response envelope and error idiom. Every JSON answer is
 * `{ status, data, errors, meta }`; a call succeeded only with HTTP 200 and data.
 * Handlers return `respond(...)` and throw `ApiFailure` (through
 * `fail`, `invalid`, `notFound`) for every refusal; the route table turns a thrown
 * failure into its response, anything else into a logged 500. Error items carry the
 * SPEC's English `message`, a stable `code` the storefront translates, and the `field`
 * they concern. The envelope's and the items' types are the wire contract (domain/api/).
 */
import type { Envelope, Meta } from "@domain/api/envelope";
import type { ApiErrorItem, CoreErrorCode } from "@domain/api/errors";

export const MESSAGES = {
  general: "Something went wrong. Try again.",
  invalid: "The given data was invalid.",
  missing: "Missing required fields",
  required: "This field is required",
  notFound: "This page could not be found",
  unauthorized: "Unauthorized",
  notConfigured: "This service is not configured.",
  methodNotAllowed: "Method not allowed",
  unknownProduct: "The requested product does not exist.",
  outOfStock: "This product is out of stock.",
  endOfLife: "This product has reached the end of its life and is no longer available.",
  quantityUnavailable: "The requested quantity is not available.",
  minimumOrderQuantity: "The minimum order quantity is {value} {unit}.",
  configurationUnavailable: "The selected configuration is not available.",
  samplesUnavailable: "Samples of this product are not available.",
  sampleCartFull: "The sample cart is full.",
  sampleLimitReached: "The daily limit of free sample orders has been reached. Please try again tomorrow.",
  countryNotDeliverable: "Delivery to this country is not possible.",
  email: "Please enter a valid e-mail address.",
  uploadFailed: "The file {file} could not be uploaded.",
  fileTooLarge: "The file {file} is too large (at most {maxMegabytes} MB).",
  uploadTooLarge: "The files are too large together (at most {maxMegabytes} MB).",
  tooManyFiles: "At most {maxFiles} files can be uploaded at once.",
  extensionNotAllowed: "The file extension of {file} is not allowed.",
  typeNotAllowed: "The file {file} is not a JPEG, PNG, WebP or HEIC image.",
  idempotencyKeyReused: "This Idempotency-Key was already used for a different request.",
  idempotencyInProgress: "A request with this Idempotency-Key is still being processed.",
  phone: "The entered phone number is invalid.",
  postcode: "Please enter a valid postcode.",
  characters: "This field contains characters that are not allowed.",
} as const;

export type { ApiErrorItem, Meta };

/** Headers of every JSON answer: never cached (answers depend on the visitor and the clock). */
export const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" } as const;

/** A JSON answer with the shop API's headers; for bodies that are not the envelope (GraphQL, import reports). */
export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function respond<T>(status: number, data: T | null, errors: ApiErrorItem[] = [], meta: Meta = {}, headers: Record<string, string> = {}): Response {
  const body: Envelope<T> = { status, data, errors, meta };
  return jsonResponse(body, status, headers);
}

/** A refusal: thrown by handlers, answered by the route table. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(errors[0]?.message ?? MESSAGES.general);
  }
}

export const fail = (status: number, message: string, code?: string, extra: Partial<ApiErrorItem> = {}, headers: Record<string, string> = {}): ApiFailure =>
  new ApiFailure(status, [{ message, ...(code ? { code } : {}), ...extra }], headers);

export const invalid = (field: string, message: string, code: string, params?: ApiErrorItem["params"]): ApiFailure =>
  new ApiFailure(422, [
    { message: MESSAGES.invalid, code: "invalid" satisfies CoreErrorCode },
    { message, code, field, ...(params ? { params } : {}) },
  ]);

/** 422 'Missing required fields', with 'This field is required' for each of the fields. */
export const missingFields = (fields: readonly string[]): ApiFailure =>
  new ApiFailure(422, [
    { message: MESSAGES.missing, code: "missing" satisfies CoreErrorCode },
    ...fields.map((field) => ({ message: MESSAGES.required, code: "required" satisfies CoreErrorCode, field })),
  ]);

export const notFound = (): ApiFailure => fail(404, MESSAGES.notFound, "not_found" satisfies CoreErrorCode);

/**
 * D1's errors for "overloaded or briefly unavailable, retry": the entries of the "List of
 * D1_ERRORs" in Cloudflare's D1 documentation (Debug D1, Error list,
 * https://developers.cloudflare.com/d1/observability/debug-d1/#error-list) whose cause is
 * load or D1's own restart, not the query. D1 throws them as `D1_ERROR: <text>` (older
 * bindings put the text into `error.cause`). Left out on purpose: "D1 DB's isolate
 * exceeded its memory limit and was reset." and "D1 DB exceeded its CPU time limit and was
 * reset." (a query of ours too heavy: a retry repeats it, so it stays a logged 500) and
 * "Can't read from request stream because client disconnected." (no client to answer).
 */
export const D1_UNAVAILABLE_MESSAGES = [
  "D1 DB is overloaded. Requests queued for too long.",
  "D1 DB is overloaded. Too many requests queued.",
  "Network connection lost.",
  "D1 DB storage operation exceeded timeout which caused object to be reset.",
  "D1 DB reset because its code was updated.",
  "Internal error while starting up D1 DB storage caused object to be reset.",
  "Internal error in D1 DB storage caused object to be reset.",
  "Cannot resolve D1 DB due to transient issue on remote node.",
] as const;

/** How long a client waits before it retries after D1 was overloaded or unavailable (the edge retries reads at once, twice). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** True for an error D1 throws when it is overloaded or briefly unavailable (D1_UNAVAILABLE_MESSAGES), in the message or its cause. */
function isD1Unavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth++) {
    const text = current.message.replace(/^D1_ERROR: /, "");
    if (D1_UNAVAILABLE_MESSAGES.some((message) => text.startsWith(message))) return true;
  }
  return false;
}

/**
 * The answer to a thrown failure. D1 overload or unavailability is 503 with Retry-After and
 * the generic message (code `unavailable`): the edge retries reads, clients retry writes with
 * their idempotency key. Anything else that is not an ApiFailure is logged and answered 500
 * with the generic message.
 */
export function failureResponse(error: unknown, meta: Meta = {}): Response {
  if (error instanceof ApiFailure) return respond(error.status, null, error.errors, meta, error.headers);
  if (isD1Unavailable(error)) {
    console.warn("shop api: D1 unavailable", error instanceof Error ? error.message : error);
    return respond(503, null, [{ message: MESSAGES.general, code: "unavailable" satisfies CoreErrorCode }], meta, {
      "retry-after": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
  console.error("shop api error", error);
  return respond(500, null, [{ message: MESSAGES.general, code: "general" satisfies CoreErrorCode }], meta);
}
