/**
 * The returns screens' words for the shop API's answers (locales/<lang>/returns.json,
 * under `returns.`): the screens show the spec's words by the error's code, never the
 * API's English message.
 */
import type { ReturnRefusalCode } from "@domain/api/returns";
import { htmlLanguage } from "@domain/routes";
import type { ApiErrorItem } from "@site/api/client";
import type { TextError } from "./selection";

/** Codes that mean the visitor's access to the order is gone (the lookup token ran out or is not theirs, the session ended). */
const ACCESS_CODES = new Set(["lookup_token_expired", "lookup_token_invalid", "token_expired", "token_invalid", "not_signed_in", "unauthorized"]);

export function isAccessLost(result: { status: number; errors: ApiErrorItem[] }): boolean {
  return result.status === 401 || result.errors.some((error) => error.code !== undefined && ACCESS_CODES.has(error.code));
}

/** The words for a failed lookup: the one order-not-found message whichever field was wrong, the rate limit, the captcha. */
export function lookupErrorText(result: { status: number; errors: ApiErrorItem[] }): TextError {
  const codes = result.errors.map((error) => error.code);
  if (result.status === 429 || codes.includes("rate_limited")) return { key: "errors.tooMany" };
  if (codes.some((code) => code?.startsWith("captcha"))) return { key: "errors.captcha" };
  if (result.status === 404 || codes.includes("order_not_found" satisfies ReturnRefusalCode)) return { key: "lookup.notFound" };
  if (result.status === 422) return { key: "errors.invalid" };
  return { key: "errors.general" };
}

/** Refusals of the shared rules (domain/returns-forms.ts) the API may answer, with their words under `returns.`. */
const RULE_CODES: Record<string, string> = {
  select_to_return: "form.selectToReturn",
  select_at_least_one: "form.selectAtLeastOne",
  line_not_returnable: "form.lineNotReturnable",
  unknown_line: "form.unknownLine",
  duplicate_line: "form.duplicateLine",
  message_required: "form.message",
  too_many_images: "form.tooManyImages",
  withdrawal_not_available: "withdraw.notAvailable",
};

/** A refused complaint or withdrawal, in words: the line's bound, a rule, the access, the rate limit, else the general message. */
export function submitErrorText(result: { status: number; errors: ApiErrorItem[] }): TextError {
  if (isAccessLost(result)) return { key: "errors.expired" };
  if (result.status === 429 || result.errors.some((error) => error.code === "rate_limited")) return { key: "errors.tooMany" };
  const tooMany = result.errors.find((error) => error.params && typeof error.params.maxValue === "number");
  if (tooMany) return { key: "form.maxValue", params: { maxValue: tooMany.params!.maxValue! } };
  const rule = result.errors.find((error) => error.code !== undefined && RULE_CODES[error.code] !== undefined);
  if (rule) return { key: RULE_CODES[rule.code!]!, params: rule.params ?? {} };
  if (result.status === 422 || result.status === 400) return { key: "errors.invalid" };
  return { key: "errors.general" };
}

/** The locale dates are written in: the page's language; English the European way (the international shop is in the EU). */
export function dateLocale(language: string): string {
  return language === "en" ? "en-IE" : htmlLanguage(language);
}

/** A date and time of the API (ISO) as the page's language writes it (the shops' time zone). */
export function formatDateTime(iso: string, locale: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit" } : {}),
    timeZone: "Europe/Berlin",
  }).format(date);
}
