/**
 * The inquiry and offer screens' words for the rules and the shop API's answers
 * (locales/<lang>/inquiries-ui.json): refusals are shown by their code in the page's language,
 * never the API's English message.
 */
import type { InquiryRefusalCode } from "@domain/api/inquiries";
import type { OfferRefusalCode } from "@domain/api/offers";
import type { ApiErrorItem } from "@site/api/client";
import type { InquiryFormTexts } from "@domain/inquiry";

export const NAMESPACE = "inquiries-ui";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The messages of the shared form rules (domain/inquiry.ts), which fill `{max}` themselves. */
export function inquiryFormTexts(t: T): InquiryFormTexts {
  const v = (key: string, options?: Record<string, unknown>) => t(`inquiryForm.validation.${key}`, options);
  return {
    required: v("required"),
    email: v("email"),
    phone: v("phone"),
    characters: v("characters"),
    tooLong: v("tooLong", { max: "{max}" }),
    nameContainsUrl: v("nameContainsUrl"),
    country: v("country"),
    countryNotDeliverable: v("countryNotDeliverable"),
    quantity: v("quantity", { max: "{max}" }),
    unknownQuestion: v("unknownQuestion"),
    invalid: v("invalid"),
  };
}

/** The form fields a refusal of the shop API can name. */
export const FORM_FIELDS = ["message", "quantity", "countryCode", "name", "email", "phone"] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/** A field code of the API (domain/inquiry.ts INQUIRY_FORM_CODES, `required`) -> its words under `inquiryForm.validation.`. */
const FIELD_CODES: Record<string, string> = {
  required: "required",
  name_contains_url: "nameContainsUrl",
  too_long: "tooLong",
  invalid_characters: "characters",
  invalid_country: "country",
  country_not_deliverable: "countryNotDeliverable",
  invalid_quantity: "quantity",
  invalid_phone: "phone",
  invalid_email: "email",
  email: "email",
  unknown_question: "unknownQuestion",
};

export interface FieldRefusal {
  field: FormField;
  key: string;
  params: Record<string, string | number>;
}

/** The refusals of single fields, in the page's words (unknown codes of a known field: 'invalid'). */
export function fieldRefusals(errors: ApiErrorItem[]): FieldRefusal[] {
  const refusals: FieldRefusal[] = [];
  for (const error of errors) {
    const field = FORM_FIELDS.find((name) => name === error.field);
    if (!field) continue;
    const words = (error.code && FIELD_CODES[error.code]) || (field === "email" ? "email" : field === "phone" ? "phone" : "invalid");
    refusals.push({ field, key: `inquiryForm.validation.${words}`, params: error.params ?? {} });
  }
  return refusals;
}

/** A refused inquiry that is not about one field, in words (a key under `inquiryForm.errors.`). */
export function submitErrorKey(result: { status: number; errors: ApiErrorItem[] }): string {
  const codes = result.errors.map((error) => error.code ?? "");
  if (codes.includes("inquiries_unavailable" satisfies InquiryRefusalCode)) return "inquiryForm.errors.unavailable";
  if (codes.includes("product_not_found" satisfies InquiryRefusalCode)) return "inquiryForm.errors.productNotFound";
  if (result.status === 429 || codes.includes("rate_limited")) return "inquiryForm.errors.tooMany";
  if (codes.some((code) => code.startsWith("captcha"))) return "inquiryForm.errors.captcha";
  if (result.status === 403) return "inquiryForm.errors.unavailable";
  if (result.status === 400 || result.status === 422) return "inquiryForm.errors.invalid";
  return "inquiryForm.errors.general";
}

const OFFER_CODES: ReadonlySet<string> = new Set<OfferRefusalCode>(["offer_not_found", "offer_expired", "offer_declined", "offer_accepted"]);

/** A refused accept or decline, in words (a key under `offerView.errors.`). */
export function offerErrorKey(result: { status: number; errors: ApiErrorItem[] }): string {
  const code = result.errors.map((error) => error.code ?? "").find((candidate) => OFFER_CODES.has(candidate));
  if (code) return `offerView.errors.${code}`;
  if (result.status === 404) return "offerView.errors.offer_not_found";
  if (result.status === 429 || result.errors.some((error) => error.code === "rate_limited")) return "offerView.errors.tooMany";
  return "offerView.errors.general";
}

/** The decimal separator the page's language writes (English a point, the others a comma). */
export function decimalSeparator(language: string): string {
  return language === "en" ? "." : ",";
}

/** A quantity as the quantity field shows it (at most two decimals, the language's separator). */
export function quantityText(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return "";
  const rounded = Math.round(value * 100) / 100;
  return String(rounded).replace(".", decimalSeparator(language));
}

/** The quantity field's text as a number (domain/decimal-text.ts): empty is none (null), anything but a decimal number NaN. */
export { parseDecimalText as parseQuantity } from "@domain/decimal-text";
