/**
 * The newsletter's calls to the shop API: sign up (with the captcha token), confirm
 * and unsubscribe (the token of the mail's link). Every call goes through the commerce client
 * (same origin, the Swiss language segment, success only with 200 and data) and carries an
 * Idempotency-Key, so a double click or a retry acts once.
 */
import type { NewsletterRefusalCode, NewsletterTokenRequest } from "@domain/api/newsletter";
import type { NewsletterConfirmAnswer, NewsletterForm, NewsletterSubscribeAnswer, NewsletterUnsubscribeAnswer } from "@domain/newsletter";
import { apiCall, type ApiResult } from "@site/api/client";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
export { IDEMPOTENCY_HEADER, newIdempotencyKey } from "@site/lib/idempotency";

export const NEWSLETTER_PATHS = {
  subscribe: "/apiv2/newsletter/subscribe",
  confirm: "/apiv2/newsletter/confirm",
  unsubscribe: "/apiv2/newsletter/unsubscribe",
} as const;

const tokenBody = (token: string): NewsletterTokenRequest => ({ token });

export function subscribeNewsletter(body: NewsletterForm, headers: Record<string, string>): Promise<ApiResult<NewsletterSubscribeAnswer>> {
  return apiCall<NewsletterSubscribeAnswer>("POST", NEWSLETTER_PATHS.subscribe, body, headers);
}

export function confirmNewsletter(token: string, idempotencyKey: string): Promise<ApiResult<NewsletterConfirmAnswer>> {
  return apiCall<NewsletterConfirmAnswer>("POST", NEWSLETTER_PATHS.confirm, tokenBody(token), { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function unsubscribeNewsletter(token: string, idempotencyKey: string): Promise<ApiResult<NewsletterUnsubscribeAnswer>> {
  return apiCall<NewsletterUnsubscribeAnswer>("POST", NEWSLETTER_PATHS.unsubscribe, tokenBody(token), { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export type SignUpField = "name" | "email";

/** What a refused sign-up tells the visitor: texts (keys of `newsletter.errors`) per field and for the form. */
export interface SignUpRefusal {
  fields: Partial<Record<SignUpField, string>>;
  form: string | null;
}

/** The refusal of a sign-up answer, by the errors' codes (never the English server message). */
export function signUpRefusal(result: ApiResult<unknown>): SignUpRefusal {
  if (result.status === 429) return { fields: {}, form: "rate_limited" };
  if (result.status === 403 && result.errors.some((error) => error.code === "captcha_failed")) return { fields: {}, form: "captcha" };
  const fields: SignUpRefusal["fields"] = {};
  for (const error of result.errors) {
    if (error.field !== "name" && error.field !== "email") continue;
    if (error.code === ("name_contains_url" satisfies NewsletterRefusalCode)) fields.name = "name_contains_url";
    else if (error.code === ("invalid_characters" satisfies NewsletterRefusalCode)) fields[error.field] = "characters";
    else if (error.code === "required") fields[error.field] = "required";
    else if (error.field === "email") fields.email = "email";
  }
  if ((result.status === 400 || result.status === 422) && Object.keys(fields).length > 0) return { fields, form: null };
  return { fields: {}, form: "failed" };
}
