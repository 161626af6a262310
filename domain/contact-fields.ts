/**
 * The contact fields a visitor types (the sample order's e-mail and address today): one
 * set of rules for the storefront's forms and the shop API, so both refuse alike
 * (docs/decisions/0030).
 *
 * - Every value is NFC-normalised and trimmed first; what is stored is that form.
 * - Free-text fields (names, company, street and house number, city) are plain text:
 *   visible characters of any script, but no control characters (C0, DEL, C1: tab and
 *   line breaks included), no line or paragraph separators, no unpaired surrogates, no
 *   invisible format characters (bidi marks, embeddings, overrides and isolates,
 *   zero-width space, byte order mark, ...) except the zero-width joiner and non-joiner
 *   that Arabic, Persian and Indic names and emoji need, and no `<` or `>` (no real name
 *   or address has them; refused rather than escaped, so no output can forget to escape).
 * - Fields with a format (e-mail, postcode, phone) allow only their format's ASCII
 *   characters, so the same characters cannot pass there; they answer with their own message
 *   ('The entered phone number is invalid.').
 *
 * Mails, the storefront and exports may therefore print a stored value as it is in plain
 * text; HTML output escapes it as every value (the mail templates do).
 *
 * zod is loaded with this module: import it only from code that loads on demand (the
 * sample checkout) or runs on the server, never from page code.
 */
import { z } from "zod";

/** The messages of the contact fields, in the language of whoever reads them. */
export interface ContactTexts {
  required: string;
  email: string;
  phone: string;
  zip: string;
  characters: string;
}

/** The code of a free-text refusal (the shop API's field error carries it). */
export const INVALID_CHARACTERS = "invalid_characters";

const NOT_PLAIN_TEXT = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}<>]|(?![\u200c\u200d])\p{Cf}/u;
const POSTCODE = /^[A-Za-z0-9 -]{3,10}$/;
const PHONE = /^[0-9 +()/-]*$/;

/** True when a text holds only characters a free-text contact field may hold (see above). */
export function isPlainText(text: string): boolean {
  return !NOT_PLAIN_TEXT.test(text);
}

/** NFC and trimmed: the form a contact value is checked and stored in. */
export function normalizeContactText(text: string): string {
  return text.normalize("NFC").trim();
}

const normalized = (texts: ContactTexts) => z.string({ required_error: texts.required }).transform(normalizeContactText);

function plainText(texts: ContactTexts, maxLength: number, required: boolean) {
  const sized = required ? z.string().min(1, texts.required).max(maxLength) : z.string().max(maxLength);
  return normalized(texts).pipe(sized.refine(isPlainText, { message: texts.characters, params: { code: INVALID_CHARACTERS } }));
}

/** The e-mail address: required, in e-mail format. */
export function emailField(texts: ContactTexts) {
  return normalized(texts).pipe(z.string().min(1, texts.required).max(254).email(texts.email));
}

/** The fields of a sample address except its country (each side checks the country against its own list). */
export function addressFields(texts: ContactTexts) {
  return {
    firstname: plainText(texts, 80, true),
    lastname: plainText(texts, 80, true),
    company: plainText(texts, 120, false).optional(),
    street: plainText(texts, 160, true),
    zip: normalized(texts).pipe(z.string().min(1, texts.required).regex(POSTCODE, texts.zip)),
    city: plainText(texts, 80, true),
    phone: normalized(texts).pipe(z.string().max(40, texts.phone).regex(PHONE, texts.phone)).optional(),
  };
}

/** A sample address needs a house number; without one the visitor confirms first and a warning shows. */
export function hasHouseNumber(street: string): boolean {
  return /\d/.test(street);
}
