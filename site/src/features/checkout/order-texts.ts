/**
 * The checkout's words from locales/<lang>/checkout.json (`checkout.*`): the order form's
 * messages (the shared schema speaks the visitor's language), and the shop API's refusals
 * shown by their code, never by the API's English message. A field error names its field
 * (`billingAddress.postcode`, `desiredDate`, `lines.0`); the page puts it there.
 */
import type { TFunction } from "i18next";
import type { OrderFormTexts } from "@domain/checkout-form";
import { writtenDate } from "@domain/calendar-date";
import type { ApiErrorItem } from "@site/api/client";

export function orderFormTexts(t: TFunction): OrderFormTexts {
  return {
    required: t("checkout.errors.required"),
    email: t("checkout.errors.email"),
    phone: t("checkout.errors.invalid"),
    zip: t("checkout.errors.postcode"),
    characters: t("checkout.errors.invalid_characters"),
    vatId: t("checkout.errors.invalid_vat_id"),
    country: t("checkout.errors.invalid_country"),
    countryNotDeliverable: t("checkout.errors.country_not_deliverable"),
    deliveryMode: t("checkout.errors.invalid_delivery_mode"),
    paymentMethod: t("checkout.errors.payment_method_unknown"),
    acceptTerms: t("checkout.errors.terms_not_accepted"),
    date: t("checkout.errors.invalid_date"),
    desiredDateNotAllowed: t("checkout.errors.desired_date_not_allowed"),
  };
}

/** Codes the page words itself (checkout.errors.<code>); anything else falls back by field, then to the general text. */
export const ERROR_CODES = [
  "required",
  "invalid_characters",
  "invalid_vat_id",
  "invalid_country",
  "country_not_deliverable",
  "invalid_delivery_mode",
  "payment_method_unknown",
  "payment_method_unavailable",
  "terms_not_accepted",
  "invalid_date",
  "desired_date_not_allowed",
  "desired_date_too_early",
  "desired_date_too_late",
  "express_unavailable",
  "storage_account_required",
  "storage_minimum_order_value",
  "cart_empty",
  "cart_changed",
  "too_many_lines",
  "price_changed",
  "out_of_stock",
  "quantity_unavailable",
  "minimum_order_quantity",
  "end_of_life",
  "unknown_product",
  "rate_limited",
  "idempotency_in_progress",
  "voucher_not_found",
  "voucher_redeemed",
  "voucher_expired",
] as const;

/** Fields whose plain `invalid` refusal has a text of its own (by the field's last part). */
const FIELD_TEXTS: Record<string, string> = { email: "email", postcode: "postcode", acceptTerms: "terms_not_accepted" };

/** An API error in the spec's words, in the page's language. */
export function errorText(t: TFunction, error: ApiErrorItem, language: string): string {
  const code = error.code ?? "";
  if ((ERROR_CODES as readonly string[]).includes(code)) {
    const params: Record<string, string | number> = { ...(error.params ?? {}) };
    for (const name of ["earliest", "latest"]) if (typeof params[name] === "string") params[name] = writtenDate(params[name] as string, language);
    if (code === "express_unavailable" && typeof params.reason === "string") return t(`checkout.reasons.${params.reason}`);
    return t(`checkout.errors.${code}`, params);
  }
  const leaf = error.field?.split(".").pop() ?? "";
  if (code === "invalid" && FIELD_TEXTS[leaf]) return t(`checkout.errors.${FIELD_TEXTS[leaf]}`);
  return t(code === "invalid" && error.field ? "checkout.errors.invalid" : "checkout.errors.general");
}

/** The form fields a server error can be shown at (the rest is shown above the form or at a line). */
const FORM_FIELD =
  /^(email|deliveryMode|desiredDate|paymentMethod|acceptTerms|(billingAddress|shippingAddress)\.(firstname|lastname|companyName|vatId|street|postcode|city|countryCode))$/;

export interface SortedErrors {
  /** At a form field: [field, text]. */
  fields: [string, string][];
  /** At a line of the summary, by the line's index in the cart. */
  lines: Map<number, string>;
  /** Above the form. */
  general: string[];
}

/**
 * The API's refusal sorted by where the page shows it: the first error is the envelope's
 * summary ('The given data was invalid.') unless it is the only one.
 */
export function sortErrors(t: TFunction, errors: ApiErrorItem[], language: string, differentShipping: boolean): SortedErrors {
  const sorted: SortedErrors = { fields: [], lines: new Map(), general: [] };
  const detailed = errors.length > 1 && (errors[0]?.code === "invalid" || errors[0]?.code === "missing") && !errors[0]?.field ? errors.slice(1) : errors;
  for (const error of detailed) {
    const text = errorText(t, error, language);
    // Without a separate shipping address the billing address is where the order goes.
    const field = !differentShipping && error.field?.startsWith("shippingAddress.") ? error.field.replace("shippingAddress.", "billingAddress.") : error.field;
    const line = /^lines\.(\d+)$/.exec(field ?? "");
    if (field && FORM_FIELD.test(field)) sorted.fields.push([field, text]);
    else if (line) sorted.lines.set(Number(line[1]), text);
    else if (!sorted.general.includes(text)) sorted.general.push(text);
  }
  if (detailed.length === 0) sorted.general.push(t("checkout.errors.general"));
  return sorted;
}

/**
 * A text with links in it: `<terms>AGB</terms>` parts become links to the given pages
 * (plain text where a page is missing). Returns the pieces in order.
 */
export function linkPieces(
  text: string,
  hrefs: Record<string, string | null | undefined>,
): ({ text: string } | { text: string; tag: string; href: string | null })[] {
  const pieces: ({ text: string } | { text: string; tag: string; href: string | null })[] = [];
  const pattern = /<([a-z]+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    const tag = match[1]!;
    pieces.push({ text: match[2]!, tag, href: hrefs[tag] ?? null });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
