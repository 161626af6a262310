/**
 * Response envelope and request parsing of the live commerce API (SPEC 7/8).
 * Every answer is JSON `{ status, data, errors, meta }`; a call succeeded only
 * with HTTP 200 and data (SPEC 5). Error items carry an English `message`, a
 * stable `code` the storefront translates, and the `field` they concern.
 */
import type { ZodIssue, ZodTypeAny, z } from "zod";

export const MESSAGES = {
  general: "Something went wrong. Try again.",
  invalid: "The given data was invalid.",
  missing: "Missing required fields",
  required: "This field is required",
  notFound: "This page could not be found",
  unknownProduct: "The requested product does not exist.",
  outOfStock: "This product is out of stock.",
  endOfLife: "This product has reached the end of its life and is no longer available.",
  quantityUnavailable: "The requested quantity is not available.",
  minimumOrderQuantity: "The minimum order quantity is {value} {unit}.",
  configurationUnavailable: "The selected configuration is not available.",
  samplesUnavailable: "Samples of this product are not available.",
  sampleCartFull: "The sample cart is full.",
  countryNotDeliverable: "Delivery to this country is not possible.",
  email: "Please enter a valid e-mail address.",
} as const;

export interface ApiError {
  message: string;
  code?: string;
  field?: string;
  params?: Record<string, string | number>;
}

export interface Envelope<T> {
  status: number;
  data: T | null;
  errors: ApiError[];
  meta: Record<string, unknown>;
}

const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "private, no-store" };

export function respond<T>(status: number, data: T | null, errors: ApiError[] = [], meta: Record<string, unknown> = {}): Response {
  const body: Envelope<T> = { status, data, errors, meta };
  return new Response(JSON.stringify(body), { status, headers: HEADERS });
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiError[],
  ) {
    super(errors[0]?.message ?? MESSAGES.general);
  }
}

export const fail = (status: number, message: string, code?: string, extra: Partial<ApiError> = {}): ApiFailure =>
  new ApiFailure(status, [{ message, ...(code ? { code } : {}), ...extra }]);

export const invalid = (field: string, message: string, code: string, params?: ApiError["params"]): ApiFailure =>
  new ApiFailure(422, [{ message: MESSAGES.invalid, code: "invalid" }, { message, code, field, ...(params ? { params } : {}) }]);

export const notFound = (): ApiFailure => fail(404, MESSAGES.notFound, "not_found");

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON object body; malformed, oversized or non-object bodies are 400 'The given data was invalid.' */
export async function readJson(request: Request, { emptyAllowed = false } = {}): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw fail(413, MESSAGES.invalid, "body_too_large");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw fail(413, MESSAGES.invalid, "body_too_large");
  if (text.trim() === "") {
    if (emptyAllowed) return {};
    throw fail(400, MESSAGES.invalid, "malformed_json");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(400, MESSAGES.invalid, "malformed_json");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw fail(400, MESSAGES.invalid, "malformed_json");
  return parsed as Record<string, unknown>;
}

/** Validates with zod; missing fields -> 'Missing required fields' + 'This field is required' per field, others -> 'The given data was invalid.' */
export function validate<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailure(result.error.issues);
}

export function validationFailure(issues: ZodIssue[]): ApiFailure {
  const isMissing = (issue: ZodIssue) => issue.code === "invalid_type" && (issue.received === "undefined" || issue.received === "null");
  const missing = issues.filter(isMissing);
  const errors: ApiError[] = [missing.length > 0 ? { message: MESSAGES.missing, code: "missing" } : { message: MESSAGES.invalid, code: "invalid" }];
  for (const issue of issues) {
    const field = issue.path.join(".");
    if (isMissing(issue)) errors.push({ message: MESSAGES.required, code: "required", field });
    else errors.push({ message: issue.message, code: "invalid", field });
  }
  return new ApiFailure(422, errors);
}

export function failureResponse(error: unknown, meta: Record<string, unknown> = {}): Response {
  if (error instanceof ApiFailure) return respond(error.status, null, error.errors, meta);
  console.error("commerce api error", error);
  return respond(500, null, [{ message: MESSAGES.general, code: "general" }], meta);
}
