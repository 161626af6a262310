/**
 * POST /apiv2/contact: a message from the contact page's form
 * (`/kontakt.html`; docs/decisions/0049). Body: domain/contact.ts contactFormSchema; header
 * X-Captcha-Token (action `contact`); an Idempotency-Key makes a repeat answer the first
 * answer (the core's idempotency step, before anything here runs).
 *
 * Steps, each refusing with its own answer and writing nothing:
 *   1. the body                                  422 (name_contains_url, too_long, invalid_phone, ...)
 *   2. the captcha (fails closed)                403 captcha_failed
 *   3. the limits per client address and per e-mail address (config rateLimits.exact
 *      contactIp, contactEmail), counted in one round trip          429 rate_limited
 *   4. one batch: the message, the sender's confirmation (in the page's language) and the
 *      shop's notification to its service address (in the shop's default language, Reply-To
 *      the sender); a reference that happens to be taken fails the batch, which is written
 *      again with a new one.
 * Answers `{ reference }`.
 */
import { CONTACT_CAPTCHA_ACTION, contactFormSchema, type ContactAnswer, type ContactForm } from "@domain/contact";
import { htmlLanguage } from "@domain/routes";
import { randomNumber } from "@domain/random-ids";
import { text } from "@worker/lib/texts";
import { sha256Hex, visitorToken } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { MESSAGES } from "../core/envelope";
import { countRequest } from "../core/exact-limit";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { insertContactMessage } from "../tables/contact-messages";

/** The form's rules with the API's English messages. */
const SERVER_TEXTS = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  characters: MESSAGES.characters,
  tooLong: "Please enter at most {max} characters.",
  nameContainsUrl: "Names must not contain web addresses.",
  invalid: MESSAGES.invalid,
};

const NUMBER_ATTEMPTS = 3;

/** A new reference: `K-` and 10 characters of Crockford's base32. */
export const newContactReference = (): string => randomNumber("K");

const isTakenReference = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed: contact_messages\.id/.test(`${error.message} ${String(error.cause ?? "")}`);

/** Mail parameters are lines of at most 200 characters. */
const clip = (value: string): string => (value.length > 200 ? `${value.slice(0, 199)}…` : value);

function languageName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([htmlLanguage(language)], { type: "language" }).of(htmlLanguage(code)) ?? code;
  } catch {
    return code;
  }
}

export async function submitContact(ctx: ShopContext): Promise<Reply<ContactAnswer>> {
  // 1.
  const body: ContactForm = validate(contactFormSchema(SERVER_TEXTS), await readJson(ctx.request));
  // 2.
  await requireCaptcha(ctx, CONTACT_CAPTCHA_ACTION);
  // 3.
  const perClient = await countRequest(ctx, "contactIp", clientKey(ctx.request));
  const perAddress = await countRequest(ctx, "contactEmail", `${ctx.shop.id}\n${body.email}`);
  const [client, address] = await ctx.db.batch([perClient.statement, perAddress.statement]);
  perClient.enforce(client!);
  perAddress.enforce(address!);
  // 4.
  const token = visitorToken(ctx.request);
  const visitorId = token ? await sha256Hex(token) : null;
  const shop = { id: ctx.shop.id };
  const staffLanguage = ctx.shop.defaultLanguage;
  for (let attempt = 1; ; attempt++) {
    const reference = newContactReference();
    const statements = [
      insertContactMessage({
        id: reference,
        shopId: ctx.shop.id,
        language: ctx.language,
        topic: body.topic,
        orderNumber: body.orderNumber ?? null,
        message: body.message,
        name: body.name,
        email: body.email,
        phone: body.phone ?? null,
        visitorId,
        now: ctx.now,
      }),
      outboxInsert(
        {
          shop,
          language: ctx.language,
          template: "contact-confirmation",
          to: body.email,
          params: {
            reference,
            topic: text(ctx.language, "mail", `contact-topics.${body.topic}`),
            name: clip(body.name),
            ...(body.orderNumber ? { orderNumber: body.orderNumber } : {}),
            message: body.message,
          },
          dedupeKey: `contact-confirmation:${reference}`,
        },
        ctx.now,
      ),
      outboxInsert(
        {
          shop,
          language: staffLanguage,
          template: "contact-notification",
          to: ctx.shop.serviceAddress,
          params: {
            reference,
            topic: text(staffLanguage, "mail", `contact-topics.${body.topic}`),
            language: clip(`${languageName(ctx.language, staffLanguage)} (${ctx.language})`),
            name: clip(body.name),
            email: body.email,
            ...(body.phone ? { phone: body.phone } : {}),
            ...(body.orderNumber ? { orderNumber: body.orderNumber } : {}),
            message: body.message,
          },
          dedupeKey: `contact-notification:${reference}`,
        },
        ctx.now,
      ),
    ];
    try {
      await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
    } catch (error) {
      if (isTakenReference(error) && attempt < NUMBER_ATTEMPTS) continue;
      throw error;
    }
    sendOutboxSoon(ctx);
    const answer: ContactAnswer = { reference };
    return reply(answer);
  }
}
