/**
 * The newsletter sign-up (docs/decisions/0040): the form
 * rules the shop API and the storefront share, the normalised e-mail that earns the voucher
 * once, the tokens of the mails' links and the answers of the three calls.
 *
 *   POST /apiv2/newsletter/subscribe    {name, email} + X-Captcha-Token (action `newsletter`) -> {status: "pending"}
 *   POST /apiv2/newsletter/confirm      {token} -> {status: "confirmed", thanksPath}
 *   POST /apiv2/newsletter/unsubscribe  {token} -> {status: "unsubscribed"}
 *
 * zod is loaded with this module: import it only from code that loads on demand (the form)
 * or runs on the server, never from page code.
 */
import { z } from "zod";
import { emailField, isPlainText, normalizeContactText } from "./contact-fields";
import { containsUrl } from "./contains-url";

/** The captcha action of the sign-up form (the storefront asks for a challenge of this action). */
export const NEWSLETTER_CAPTCHA_ACTION = "newsletter";

/** The sign-up's voucher, 10 in the shop's currency (minor units, tax included). */
export const NEWSLETTER_VOUCHER_AMOUNT = 1000;

export const NEWSLETTER_LIMITS = { nameMax: 80 } as const;

/** Codes of the refusals the screens translate. */
export const NEWSLETTER_CODES = {
  nameContainsUrl: "name_contains_url",
  tokenInvalid: "newsletter_token_invalid",
  characters: "invalid_characters",
} as const;

/** The messages of the form rules, in the language of whoever reads them (server: English; site: locales). */
export interface NewsletterTexts {
  required: string;
  email: string;
  characters: string;
  nameTooLong: string;
  nameContainsUrl: string;
}

/** The sign-up's name: 1..80 characters of plain text, no links. */
export function newsletterNameField(texts: NewsletterTexts) {
  return z
    .string({ required_error: texts.required, invalid_type_error: texts.required })
    .transform(normalizeContactText)
    .pipe(
      z
        .string()
        .min(1, texts.required)
        .max(NEWSLETTER_LIMITS.nameMax, texts.nameTooLong)
        .refine(isPlainText, { message: texts.characters, params: { code: NEWSLETTER_CODES.characters } })
        .refine((name) => name.length > NEWSLETTER_LIMITS.nameMax || !containsUrl(name), {
          message: texts.nameContainsUrl,
          params: { code: NEWSLETTER_CODES.nameContainsUrl },
        }),
    );
}

/** The body of POST /apiv2/newsletter/subscribe (the form's fields). */
export function newsletterFormSchema(texts: NewsletterTexts) {
  // emailField reads `required` and `email` only; the contact texts' phone and postcode messages do not apply.
  return z.object({ name: newsletterNameField(texts), email: emailField({ ...texts, phone: texts.email, zip: texts.email }) }).strict();
}

export type NewsletterForm = z.infer<ReturnType<typeof newsletterFormSchema>>;

/** A token of a mail's link: 32 random bytes, base64url without padding. */
export const NEWSLETTER_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The body of the confirm and unsubscribe calls. */
export const newsletterTokenSchema = z.object({ token: z.string().max(200) }).strict();

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The e-mail as the voucher is counted (migrations/0024: once per shop and this key): trimmed,
 * NFC, lower case; for Gmail (gmail.com and googlemail.com, one mailbox) without dots and
 * without a +tag in the local part, so `Max.Muster+news@GoogleMail.com` is `maxmuster@gmail.com`.
 */
export function newsletterEmailKey(email: string): string {
  const address = email.normalize("NFC").trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!GMAIL_DOMAINS.has(domain)) return address;
  const plus = local.indexOf("+");
  const base = (plus >= 0 ? local.slice(0, plus) : local).replace(/\./g, "");
  return `${base || local}@gmail.com`;
}

export interface NewsletterSubscribeAnswer {
  /** The same for every address: new, pending, confirmed or unsubscribed (no enumeration). */
  status: "pending";
}

export interface NewsletterConfirmAnswer {
  status: "confirmed";
  /** The shop's voucher thank-you page in the sign-up's language (domain/routes.ts voucherThanksPath). */
  thanksPath: string;
}

export interface NewsletterUnsubscribeAnswer {
  status: "unsubscribed";
}
