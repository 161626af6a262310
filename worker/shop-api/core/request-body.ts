/**
 * Reading and validating request bodies: a body whose Content-Type is not JSON is 415 (a
 * text/plain or form body, which a page of another site can send without asking, never
 * writes); malformed, oversized or non-object JSON is 400
 * 'The given data was invalid.'; schema problems are 422 with one error per field
 * ('Missing required fields' + 'This field is required' for absent fields). A schema's
 * own refusal (a custom issue) names its code in `params.code`, and its other parameters
 * (strings and numbers, e.g. `maxValue`) go out as the error's `params`; other refusals are
 * `invalid`.
 */
import type { ZodIssue, ZodTypeAny, z } from "zod";
import { ApiFailure, fail, MESSAGES, type ApiErrorItem } from "./envelope";

export const MAX_JSON_BYTES = 64 * 1024;

/** Whether a Content-Type names JSON: application/json or application/<something>+json, with any parameters. */
export function isJsonContentType(contentType: string | null): boolean {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(type);
}

/**
 * The request's JSON object. A body without a JSON Content-Type is refused with 415 before it is
 * read; only an empty body where `emptyAllowed` (a write that takes no input) may come without one.
 */
export async function readJson(request: Request, { emptyAllowed = false } = {}): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_JSON_BYTES) throw fail(413, MESSAGES.invalid, "body_too_large");
  const contentType = request.headers.get("content-type");
  const json = isJsonContentType(contentType);
  if (contentType !== null && !json) throw fail(415, MESSAGES.invalid, "unsupported_media_type");
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) throw fail(413, MESSAGES.invalid, "body_too_large");
  if (text.trim() === "") {
    if (emptyAllowed) return {};
    throw fail(400, MESSAGES.invalid, "malformed_json");
  }
  if (!json) throw fail(415, MESSAGES.invalid, "unsupported_media_type");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail(400, MESSAGES.invalid, "malformed_json");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw fail(400, MESSAGES.invalid, "malformed_json");
  return parsed as Record<string, unknown>;
}

export function validate<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationFailure(result.error.issues);
}

const codeOf = (issue: ZodIssue): string => (issue.code === "custom" && typeof issue.params?.code === "string" ? issue.params.code : "invalid");

/** A custom issue's parameters besides its code (e.g. `maxValue`), for the storefront's own text; strings and numbers only. */
function paramsOf(issue: ZodIssue): ApiErrorItem["params"] | undefined {
  if (issue.code !== "custom" || !issue.params) return undefined;
  const params = Object.entries(issue.params).filter(
    (entry): entry is [string, string | number] => entry[0] !== "code" && (typeof entry[1] === "string" || typeof entry[1] === "number"),
  );
  return params.length > 0 ? Object.fromEntries(params) : undefined;
}

export function validationFailure(issues: ZodIssue[]): ApiFailure {
  const isMissing = (issue: ZodIssue) => issue.code === "invalid_type" && (issue.received === "undefined" || issue.received === "null");
  const missing = issues.filter(isMissing);
  const errors: ApiErrorItem[] = [missing.length > 0 ? { message: MESSAGES.missing, code: "missing" } : { message: MESSAGES.invalid, code: "invalid" }];
  for (const issue of issues) {
    const field = issue.path.join(".");
    if (isMissing(issue)) errors.push({ message: MESSAGES.required, code: "required", field });
    else {
      const params = paramsOf(issue);
      errors.push({ message: issue.message, code: codeOf(issue), field, ...(params ? { params } : {}) });
    }
  }
  return new ApiFailure(422, errors);
}
