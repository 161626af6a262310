/**
 * The contact form's call to the shop API, through the commerce client (same
 * origin, the Swiss language segment, success only with 200 and data):
 *
 *   POST /apiv2/contact   the form (X-Captcha-Token, action `contact`; Idempotency-Key) -> { reference }
 */
import type { ContactAnswer, ContactForm } from "@domain/contact";
import { CAPTCHA_HEADER } from "@site/lib/captcha";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
import { apiCall, type ApiResult } from "@site/api/client";
export { newIdempotencyKey } from "@site/lib/idempotency";

export const CONTACT_API_PATH = "/apiv2/contact";

export function submitContact(body: ContactForm, captchaToken: string, idempotencyKey: string): Promise<ApiResult<ContactAnswer>> {
  return apiCall<ContactAnswer>("POST", CONTACT_API_PATH, body, { [CAPTCHA_HEADER]: captchaToken, [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export type ContactField = "topic" | "name" | "email" | "phone" | "orderNumber" | "message";
export const CONTACT_FIELDS: readonly ContactField[] = ["topic", "name", "email", "phone", "orderNumber", "message"];

/** The error texts' keys (`contact.errors.<key>`) of a field's refusal code. */
export function errorKeyOf(code: string | undefined): string {
  switch (code) {
    case "name_contains_url":
      return "name_contains_url";
    case "too_long":
      return "too_long";
    case "invalid_characters":
      return "characters";
    case "invalid_phone":
      return "phone";
    case "required":
      return "required";
    default:
      return "invalid";
  }
}

/** What a refused message tells the visitor: texts (keys of `contact.errors`) per field and for the form. */
export function contactRefusal(result: ApiResult<unknown>): { fields: Partial<Record<ContactField, string>>; form: string | null } {
  if (result.status === 429) return { fields: {}, form: "rate_limited" };
  if (result.status === 403 && result.errors.some((error) => error.code === "captcha_failed")) return { fields: {}, form: "captcha" };
  const fields: Partial<Record<ContactField, string>> = {};
  for (const error of result.errors) {
    const field = error.field as ContactField | undefined;
    if (!field || !CONTACT_FIELDS.includes(field) || fields[field]) continue;
    fields[field] = field === "email" && error.code !== "required" ? "email" : errorKeyOf(error.code);
  }
  if (result.status === 422 && Object.keys(fields).length > 0) return { fields, form: null };
  return { fields: {}, form: "failed" };
}
