/**
 * Inquiries (`/{inquiry}/{sku}`, the product inquiry page;
 * docs/decisions/0039): product questions, bulk-buyer inquiries and offer requests. The
 * types, the yes/no steps of each type, the limits and the zod schema factory of
 * `POST /apiv2/inquiry` that the shop API (texts = its English messages) and the inquiry
 * page (texts = the visitor's language) share, so both refuse the same input alike.
 *
 * A refusal that is not a plain "required" carries its code in the issue's `params.code`
 * (the shop API answers it as the field error's `code`; the page translates by it):
 * `name_contains_url`, `too_long` (params.max), `invalid_characters`, `invalid_country`,
 * `country_not_deliverable`, `invalid_quantity`, `invalid_phone`, `invalid_sku`, `unknown_question`.
 *
 * The shop API's calls (worker/shop-api/inquiries/):
 *   POST /apiv2/inquiry                          inquiryFormSchema + X-Captcha-Token (action `inquiry`) + Idempotency-Key -> InquiryAnswer
 *   GET  /admin/api/inquiries                    domain/back-office/inquiries.ts
 *
 * zod is loaded with this module: import it only from code that loads on demand (the
 * inquiry form) or runs on the server. The page path is in domain/routes.ts (no zod).
 */
import { z } from "zod";
import { isPlainText, normalizeContactText } from "./contact-fields";
import { containsUrl } from "./contains-url";
import { normalizeTerraceNumber, TERRACE_NUMBER } from "./terrace-configurations";

export { inquiryPath } from "./routes";

/** The inquiry type: a product question, a bulk-buyer inquiry, an offer request. */
export const INQUIRY_TYPES = ["product", "bulk", "offer"] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/** An inquiry's states: open -> answered (staff replied by mail) -> closed; staff may close an open one. */
export const INQUIRY_STATES = ["open", "answered", "closed"] as const;
export type InquiryState = (typeof INQUIRY_STATES)[number];

/**
 * The yes/no steps of each type, in the order the form asks them (labels in the locales,
 * keyed `inquiries.questions.<id>`). An answer is optional: an unanswered step is absent.
 */
export const INQUIRY_QUESTIONS = {
  product: [{ id: "alreadyCustomer" }],
  bulk: [{ id: "isBusiness" }, { id: "isCommercialProject" }, { id: "needsDeliveryDate" }],
  offer: [{ id: "isBusiness" }, { id: "needsDeliveryDate" }, { id: "needsInstallation" }],
} as const satisfies Record<InquiryType, readonly { id: string }[]>;
export type InquiryQuestionId = (typeof INQUIRY_QUESTIONS)[InquiryType][number]["id"];

/** Every question id of every type, once (for locales and the console). */
export const INQUIRY_QUESTION_IDS: readonly InquiryQuestionId[] = [
  ...new Set(INQUIRY_TYPES.flatMap((type) => INQUIRY_QUESTIONS[type].map((question) => question.id))),
];

/** The question ids of one type. */
export function questionIdsOf(type: InquiryType): readonly InquiryQuestionId[] {
  return INQUIRY_QUESTIONS[type].map((question) => question.id);
}

export const INQUIRY_LIMITS = {
  /** The free text about the project, in characters (after NFC and trimming). */
  message: 5000,
  name: 120,
  email: 254,
  /** Phone: at most this many characters, with 6 to 15 digits (the checkout's phone rule). */
  phone: 40,
  sku: 64,
  /** The quantity in the product's sales unit: more than 0 and at most this (stored with 2 decimals). */
  quantity: 100_000,
} as const;

/** An inquiry number: `Q-` and 10 characters of Crockford's base32 (50 random bits; no I, L, O, U). */
export const INQUIRY_NUMBER = /^Q-[0-9A-HJKMNP-TV-Z]{10}$/;

/** The codes of the form's own refusals (besides `required` and `invalid`). */
export const INQUIRY_FORM_CODES = {
  nameContainsUrl: "name_contains_url",
  tooLong: "too_long",
  characters: "invalid_characters",
  country: "invalid_country",
  countryNotDeliverable: "country_not_deliverable",
  quantity: "invalid_quantity",
  phone: "invalid_phone",
  sku: "invalid_sku",
  unknownQuestion: "unknown_question",
  configuration: "invalid_configuration",
  configurationNotOffer: "configuration_not_offer",
} as const;

/** The messages of the inquiry form, in the language of whoever reads them. `{max}` is filled here. */
export interface InquiryFormTexts {
  /** 'This field is required' */
  required: string;
  /** 'Please enter a valid e-mail address.' */
  email: string;
  /** 'The entered phone number is invalid.' */
  phone: string;
  /** 'This field contains characters that are not allowed.' */
  characters: string;
  /** 'Please enter at most {max} characters.' */
  tooLong: string;
  /** 'Names must not contain web addresses.' */
  nameContainsUrl: string;
  /** No country, or not a country code. */
  country: string;
  /** A country the shop does not deliver to. */
  countryNotDeliverable: string;
  /** 'Please enter a quantity greater than 0 (at most {max}).' */
  quantity: string;
  /** An answer to a question the inquiry's type does not ask. */
  unknownQuestion: string;
  /** An unknown inquiry type or a malformed product number. */
  invalid: string;
}

const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** Control characters (tab and line feed excepted), separators, unpaired surrogates, invisible format characters but ZWJ/ZWNJ. */
const NOT_MESSAGE_TEXT = /(?![\t\n])\p{Cc}|[\p{Cs}\p{Zl}\p{Zp}]|(?![\u200c\u200d])\p{Cf}/u;

/**
 * Multi-line plain text (the message; staff replies with their own `max`): NFC, line breaks as
 * \n, trimmed; 1 to `max` characters, no control characters but tab and line feed, no invisible ones.
 */
export function inquiryMessageField(texts: InquiryFormTexts, max: number) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.required })
    .transform((text) => normalizeContactText(text.replace(/\r\n?/g, "\n")))
    .superRefine((text, ctx) => {
      if (text === "") ctx.addIssue({ code: "custom", message: texts.required, params: { code: "required" } });
      else if (tooLong(texts, max, text, ctx)) return;
      else if (NOT_MESSAGE_TEXT.test(text)) ctx.addIssue({ code: "custom", message: texts.characters, params: { code: INQUIRY_FORM_CODES.characters } });
    });
}

/** A custom issue with a code (zod's built-in `too_big` cannot carry one, so length is checked here). */
function tooLong(texts: InquiryFormTexts, max: number, text: string, ctx: z.RefinementCtx): boolean {
  if (text.length <= max) return false;
  ctx.addIssue({ code: "custom", message: fill(texts.tooLong, { max }), params: { code: INQUIRY_FORM_CODES.tooLong, max } });
  return true;
}

/** The contact name: one line of plain text, 1-120 characters, no web or e-mail address. */
export function inquiryNameField(texts: InquiryFormTexts) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.required })
    .transform(normalizeContactText)
    .superRefine((name, ctx) => {
      if (name === "") ctx.addIssue({ code: "custom", message: texts.required, params: { code: "required" } });
      else if (tooLong(texts, INQUIRY_LIMITS.name, name, ctx)) return;
      else if (!isPlainText(name)) ctx.addIssue({ code: "custom", message: texts.characters, params: { code: INQUIRY_FORM_CODES.characters } });
      else if (containsUrl(name)) ctx.addIssue({ code: "custom", message: texts.nameContainsUrl, params: { code: INQUIRY_FORM_CODES.nameContainsUrl } });
    });
}

/** The e-mail: required, in e-mail format, stored in lower case (one address is one sender for the rate limit and the account). */
export function inquiryEmailField(texts: InquiryFormTexts) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.email })
    .transform((email) => normalizeContactText(email).toLowerCase())
    .pipe(z.string().min(1, texts.required).max(INQUIRY_LIMITS.email, texts.email).email(texts.email));
}

/** A phone number: optional; when given, digits and + ( ) / - and spaces with 6 to 15 digits ('The entered phone number is invalid.' otherwise). Empty = none. */
export function inquiryPhoneField(texts: InquiryFormTexts) {
  return z
    .string({ invalid_type_error: texts.phone })
    .transform(normalizeContactText)
    .refine((phone) => phone === "" || (phone.length <= INQUIRY_LIMITS.phone && /^[0-9 +()/-]*$/.test(phone) && /^(\D*\d){6,15}\D*$/.test(phone)), {
      message: texts.phone,
      params: { code: INQUIRY_FORM_CODES.phone },
    })
    .transform((phone) => (phone === "" ? undefined : phone))
    .nullish()
    .transform((phone) => phone ?? undefined);
}

const COUNTRY = /^[a-z]{2}$/;

/** The country: one of `countries` (the shop's delivery countries), lower case. */
export function inquiryCountryField(texts: InquiryFormTexts, countries: readonly string[]) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.country })
    .transform((code) => code.trim().toLowerCase())
    .superRefine((code, ctx) => {
      if (code === "") ctx.addIssue({ code: "custom", message: texts.required, params: { code: "required" } });
      else if (!COUNTRY.test(code)) ctx.addIssue({ code: "custom", message: texts.country, params: { code: INQUIRY_FORM_CODES.country } });
      else if (!countries.includes(code))
        ctx.addIssue({ code: "custom", message: texts.countryNotDeliverable, params: { code: INQUIRY_FORM_CODES.countryNotDeliverable } });
    });
}

/** A quantity as stored: rounded to 2 decimals (the quantity calculator may give more). */
export const roundInquiryQuantity = (value: number): number => Math.round(value * 100) / 100;

/** True for a quantity the form takes: a finite number that is above 0 and at most INQUIRY_LIMITS.quantity once rounded. */
export function isInquiryQuantity(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const rounded = roundInquiryQuantity(value);
  return rounded > 0 && rounded <= INQUIRY_LIMITS.quantity;
}

/** The quantity in the product's sales unit (m², pieces, ...): optional; null and absent are none. */
export function inquiryQuantityField(texts: InquiryFormTexts) {
  const message = fill(texts.quantity, { max: INQUIRY_LIMITS.quantity });
  return z
    .number({ invalid_type_error: message })
    .refine(isInquiryQuantity, { message, params: { code: INQUIRY_FORM_CODES.quantity, max: INQUIRY_LIMITS.quantity } })
    .transform(roundInquiryQuantity)
    .nullish()
    .transform((quantity) => quantity ?? undefined);
}

/** The product number asked about: as the product page links it (any path remainder), visible characters only. */
export function inquirySkuField(texts: InquiryFormTexts) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.invalid })
    .transform((sku) => sku.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(1, texts.required)
        .max(INQUIRY_LIMITS.sku, texts.invalid)
        .refine((sku) => isPlainText(sku), { message: texts.invalid, params: { code: INQUIRY_FORM_CODES.sku } }),
    );
}

/**
 * A terrace planner configuration number (domain/terrace-configurations.ts) an offer request hands
 * over: optional (null and empty are none), read as typed (case, look-alikes), 10 characters of
 * Crockford's base32 (`invalid_configuration` otherwise). The shop API checks it exists in the shop.
 */
export function inquiryConfigurationField(texts: InquiryFormTexts) {
  return z
    .string({ invalid_type_error: texts.invalid })
    .max(40, texts.invalid)
    .transform(normalizeTerraceNumber)
    .refine((number) => number === "" || TERRACE_NUMBER.test(number), { message: texts.invalid, params: { code: INQUIRY_FORM_CODES.configuration } })
    .nullish()
    .transform((number) => (number ? number : undefined));
}

/**
 * The body of `POST /apiv2/inquiry`: `{type, sku, message, name, email, phone?, countryCode,
 * quantity?, answers?, configuration?}`; `configuration` (a terrace planner number) only for type `offer`. `answers` holds `{questionId: boolean}` for the type's own questions
 * only (INQUIRY_QUESTIONS); a question of another type is refused (`unknown_question`).
 * The shop API checks the rest against the shop (the sku sold there, inquiries switched on).
 */
export function inquiryFormSchema(texts: InquiryFormTexts, countries: readonly string[]) {
  return z
    .object({
      type: z.enum(INQUIRY_TYPES, { errorMap: () => ({ message: texts.invalid }) }),
      sku: inquirySkuField(texts),
      message: inquiryMessageField(texts, INQUIRY_LIMITS.message),
      name: inquiryNameField(texts),
      email: inquiryEmailField(texts),
      phone: inquiryPhoneField(texts),
      countryCode: inquiryCountryField(texts, countries),
      quantity: inquiryQuantityField(texts),
      answers: z
        .record(z.string().max(40), z.boolean({ invalid_type_error: texts.invalid }))
        .nullish()
        .transform((answers) => answers ?? {}),
      configuration: inquiryConfigurationField(texts),
    })
    .strict(texts.invalid)
    .superRefine((body, ctx) => {
      if (body.configuration !== undefined && body.type !== "offer") {
        ctx.addIssue({ code: "custom", path: ["configuration"], message: texts.invalid, params: { code: INQUIRY_FORM_CODES.configurationNotOffer } });
      }
      const allowed: readonly string[] = questionIdsOf(body.type);
      for (const id of Object.keys(body.answers)) {
        if (!allowed.includes(id)) {
          ctx.addIssue({ code: "custom", path: ["answers", id], message: texts.unknownQuestion, params: { code: INQUIRY_FORM_CODES.unknownQuestion } });
        }
      }
    });
}
export type InquiryForm = z.output<ReturnType<typeof inquiryFormSchema>>;
export type InquiryAnswers = Partial<Record<InquiryQuestionId, boolean>>;

/** POST /apiv2/inquiry's answer: the number the customer sees (and the thank-you page shows) and the type. */
export interface InquiryAnswer {
  inquiryId: string;
  type: InquiryType;
}
