/**
 * The contact page's form (`/kontakt.html` and its language variants;
 * docs/decisions/0049): the topics, the limits and the zod schema factory of
 * `POST /apiv2/contact` that the shop API (texts = its English messages) and the contact page
 * (texts = the visitor's language) share, so both refuse the same input alike. The fields
 * follow the inquiry form's rules (domain/inquiry.ts): name, e-mail, phone and message are
 * checked by the same field builders, so a refusal carries the same `params.code`.
 *
 *   POST /apiv2/contact   contactFormSchema + X-Captcha-Token (action `contact`) + Idempotency-Key -> ContactAnswer
 *
 * zod is loaded with this module: import it only from code that loads on demand (the contact
 * form) or runs on the server. The page's path is in domain/routes.ts (contactPath, no zod).
 */
import { z } from "zod";
import { isPlainText, normalizeContactText } from "./contact-fields";
import { inquiryEmailField, inquiryMessageField, inquiryNameField, inquiryPhoneField, type InquiryFormTexts } from "./inquiry";

/** What a message is about (labels in locales/<lang>/contact.json `contact.topics.<topic>`). */
export const CONTACT_TOPICS = ["advice", "order", "delivery", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = {
  /** The free text, in characters (after NFC and trimming). */
  message: 5000,
  /** An order number the sender may name (DE-..., a sample order code): visible characters only. */
  orderNumber: 40,
} as const;

/** The captcha action of the contact form (the shop API checks the same). */
export const CONTACT_CAPTCHA_ACTION = "contact";

/** A reference the sender reads: `K-` and 10 characters of Crockford's base32. */
export const CONTACT_REFERENCE = /^K-[0-9A-HJKMNP-TV-Z]{10}$/;

/** The messages of the contact form: the inquiry form's (the same field rules). */
export type ContactFormTexts = Pick<InquiryFormTexts, "required" | "email" | "phone" | "characters" | "tooLong" | "nameContainsUrl" | "invalid">;

/** An order number: optional (empty is none), one line of visible characters, at most 40. */
function orderNumberField(texts: ContactFormTexts) {
  return z
    .string({ invalid_type_error: texts.invalid })
    .transform(normalizeContactText)
    .refine((value) => value === "" || (value.length <= CONTACT_LIMITS.orderNumber && isPlainText(value)), {
      message: texts.invalid,
      params: { code: "invalid_order_number" },
    })
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/**
 * The body of `POST /apiv2/contact`: `{topic, name, email, phone?, orderNumber?, message}`.
 * Unknown fields are refused (`invalid`).
 */
export function contactFormSchema(texts: ContactFormTexts) {
  const fieldTexts: InquiryFormTexts = {
    ...texts,
    country: texts.invalid,
    countryNotDeliverable: texts.invalid,
    quantity: texts.invalid,
    unknownQuestion: texts.invalid,
  };
  return z
    .object({
      topic: z.enum(CONTACT_TOPICS, { errorMap: () => ({ message: texts.invalid }) }),
      name: inquiryNameField(fieldTexts),
      email: inquiryEmailField(fieldTexts),
      phone: inquiryPhoneField(fieldTexts),
      orderNumber: orderNumberField(texts),
      message: inquiryMessageField(fieldTexts, CONTACT_LIMITS.message),
    })
    .strict(texts.invalid);
}
export type ContactForm = z.output<ReturnType<typeof contactFormSchema>>;

/** POST /apiv2/contact's answer: the reference the thank-you shows and the mails name. */
export interface ContactAnswer {
  reference: string;
}
