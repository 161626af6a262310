/**
 * The inquiries module's mails (templates in core/mail/inquiry-templates.ts, texts in
 * locales/<lang>/inquiries.json), each an outbox statement for the batch of the change that
 * causes it, with a dedupe key per business event: the customer's confirmation and the
 * shop's notification of a new inquiry, and each staff reply. The labels (type, yes/no
 * steps, unit, country, language) are written here in the mail's language.
 */
import { countryName } from "@domain/countries";
import { formatQuantity } from "@domain/money";
import type { InquiryAnswers, InquiryQuestionId, InquiryType } from "@domain/inquiry";
import { INQUIRY_QUESTIONS } from "@domain/inquiry";
import { htmlLanguage } from "@domain/routes";
import type { SqlFragment } from "@worker/lib/sql";
import { text } from "@worker/lib/texts";
import { outboxInsert } from "../core/mail/outbox";

/** What the mails say of an inquiry. */
export interface MailedInquiry {
  id: string;
  type: InquiryType;
  shop: { id: string; defaultLanguage: string; serviceAddress: string };
  /** The customer's language. */
  language: string;
  sku: string;
  productName: string;
  message: string;
  name: string;
  email: string;
  phone: string | null;
  country: string;
  quantity: number | null;
  unit: string | null;
  answers: InquiryAnswers;
  signedIn: boolean;
  /** The terrace planner configuration an offer request hands over, or null. */
  configuration: string | null;
}

const label = (language: string, key: string): string => text(language, "inquiries", key);
const typeLabel = (language: string, type: InquiryType): string => label(language, `types.${type}`);
/** Mail parameters are lines of at most 200 characters. */
const clip = (value: string): string => (value.length > 200 ? `${value.slice(0, 199)}…` : value);

/** The quantity with its unit as the language writes it, as the shop's pages do (domain/money.ts formatQuantity): `12,5 m²`. */
export function writtenQuantity(quantity: number | null, unit: string | null, language: string): string | undefined {
  if (quantity === null) return undefined;
  const number = formatQuantity(quantity, language);
  return unit ? `${number} ${text(language, "server", `units.${unit}`)}` : number;
}

/** The answered yes/no steps in the type's order: `Ich frage als Unternehmen an: Ja`. */
export function writtenAnswers(type: InquiryType, answers: InquiryAnswers, language: string): string[] {
  const questions: readonly { id: InquiryQuestionId }[] = INQUIRY_QUESTIONS[type];
  return questions.flatMap(({ id }) => {
    const answer = answers[id];
    if (answer === undefined) return [];
    return [clip(text(language, "inquiries", "answer", { question: label(language, `questions.${id}`), answer: label(language, answer ? "yes" : "no") }))];
  });
}

/** A language's name in another language: `Französisch`. */
function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([htmlLanguage(language)], { type: "language" }).of(htmlLanguage(code)) ?? code;
  } catch {
    return code;
  }
}

const product = (inquiry: MailedInquiry) => ({ sku: inquiry.sku, name: clip(inquiry.productName) });

/** The customer's confirmation, in their language. */
export function confirmationMail(inquiry: MailedInquiry, now: Date): SqlFragment {
  const language = inquiry.language;
  const quantity = writtenQuantity(inquiry.quantity, inquiry.unit, language);
  return outboxInsert(
    {
      shop: inquiry.shop,
      language,
      template: "inquiry-confirmation",
      to: inquiry.email,
      params: {
        number: inquiry.id,
        type: typeLabel(language, inquiry.type),
        name: inquiry.name,
        product: product(inquiry),
        ...(quantity ? { quantity } : {}),
        ...(inquiry.configuration ? { configuration: inquiry.configuration } : {}),
        answers: writtenAnswers(inquiry.type, inquiry.answers, language),
        message: inquiry.message,
      },
      dedupeKey: `inquiry-confirmation:${inquiry.id}`,
    },
    now,
  );
}

/** The notification to the shop's service address, in the shop's default language; Reply-To is the customer. */
export function notificationMail(inquiry: MailedInquiry, now: Date): SqlFragment {
  const language = inquiry.shop.defaultLanguage;
  const quantity = writtenQuantity(inquiry.quantity, inquiry.unit, language);
  return outboxInsert(
    {
      shop: inquiry.shop,
      language,
      template: "inquiry-notification",
      to: inquiry.shop.serviceAddress,
      params: {
        number: inquiry.id,
        type: typeLabel(language, inquiry.type),
        product: product(inquiry),
        ...(quantity ? { quantity } : {}),
        ...(inquiry.configuration ? { configuration: inquiry.configuration } : {}),
        language: clip(`${languageName(inquiry.language, language)} (${inquiry.language})`),
        name: inquiry.name,
        email: inquiry.email,
        ...(inquiry.phone ? { phone: inquiry.phone } : {}),
        country: clip(countryName(inquiry.country, language)),
        account: label(language, inquiry.signedIn ? "yes" : "no"),
        answers: writtenAnswers(inquiry.type, inquiry.answers, language),
        message: inquiry.message,
      },
      dedupeKey: `inquiry-notification:${inquiry.id}`,
    },
    now,
  );
}

/** A staff reply to the customer, in the inquiry's language; written only when `when` holds in its batch. */
export function replyMail(
  inquiry: Pick<MailedInquiry, "id" | "type" | "language" | "sku" | "productName" | "message" | "name" | "email"> & { shop: { id: string } },
  reply: { message: string; claim: string },
  when: SqlFragment,
  now: Date,
): SqlFragment {
  return outboxInsert(
    {
      shop: inquiry.shop,
      language: inquiry.language,
      template: "inquiry-reply",
      to: inquiry.email,
      params: {
        number: inquiry.id,
        type: typeLabel(inquiry.language, inquiry.type),
        name: inquiry.name,
        product: { sku: inquiry.sku, name: clip(inquiry.productName) },
        reply: reply.message,
        message: inquiry.message,
      },
      dedupeKey: `inquiry-reply:${inquiry.id}:${reply.claim}`,
      when,
    },
    now,
  );
}
