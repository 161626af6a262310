/**
 * POST /apiv2/inquiry: a product question, a bulk-buyer inquiry or an offer request (
 * docs/decisions/0039). Body: domain/inquiry.ts inquiryFormSchema; header X-Captcha-Token
 * (action `inquiry`); an Idempotency-Key makes a repeat answer the first answer (the core's
 * idempotency step, before anything here runs).
 *
 * Steps, each refusing with its own answer and writing nothing of the inquiry:
 *   1. the shop takes inquiries                  403 inquiries_unavailable
 *   2. the body                                  422 (name_contains_url, too_long, country_not_deliverable, unknown_question, ...)
 *   3. the captcha (fails closed)                403 captcha_failed
 *   4. the limits per client address and per e-mail address (config rateLimits.exact
 *      inquiryIp, inquiryEmail), counted with the product's read in one round trip   429 rate_limited
 *   5. the product is sold in this shop          404 product_not_found
 *      an offer request's terrace configuration (optional) exists in this shop   422 configuration_not_found (field configuration)
 *   6. one batch: the inquiry (its customer when a customer session is present), the
 *      customer's confirmation and the shop's notification; a number that happens to be
 *      taken fails the batch, which is written again with a new one.
 * Answers `{ inquiryId, type }`.
 */
import type { InquiryRefusalCode } from "@domain/api/inquiries";
import { inquiryFormSchema, type InquiryAnswer, type InquiryForm } from "@domain/inquiry";
import { sql } from "@worker/lib/sql";
import { sha256Hex, visitorToken } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { loadCustomer } from "../core/customer-session";
import { fail, invalid } from "../core/envelope";
import { countRequest } from "../core/exact-limit";
import { sendOutboxSoon } from "../core/mail/sender";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { insertInquiry } from "../tables/inquiries";
import { listedIn, productTitle } from "../tables/products";
import { selectTerraceConfigurationExists } from "../tables/terrace-configurations";
import { confirmationMail, notificationMail, type MailedInquiry } from "./mails";
import { INQUIRY_MESSAGES, SERVER_TEXTS } from "./messages";
import { newInquiryNumber } from "./numbers";

export const INQUIRY_CAPTCHA_ACTION = "inquiry";

/** How often a taken number is drawn again before the request fails (50 random bits: never in practice). */
const NUMBER_ATTEMPTS = 3;

interface ProductFacts {
  sku: string;
  unit: string;
  name: string;
}

/** True for the error of a batch whose inquiry number was taken (D1 names the constraint in the message or its cause). */
export const isTakenNumber = (error: unknown): boolean =>
  error instanceof Error && /UNIQUE constraint failed: inquiries\.id/.test(`${error.message} ${String(error.cause ?? "")}`);

/** 6. The inquiry and its two mails in one batch. */
async function writeInquiry(ctx: ShopContext, inquiry: MailedInquiry & { visitorId: string | null; customerId: string | null }): Promise<void> {
  const statements = [
    insertInquiry({
      id: inquiry.id,
      type: inquiry.type,
      shopId: inquiry.shop.id,
      language: inquiry.language,
      sku: inquiry.sku,
      productName: inquiry.productName,
      message: inquiry.message,
      name: inquiry.name,
      email: inquiry.email,
      phone: inquiry.phone,
      country: inquiry.country,
      quantity: inquiry.quantity,
      unit: inquiry.unit,
      answers: inquiry.answers,
      visitorId: inquiry.visitorId,
      customerId: inquiry.customerId,
      configurationNumber: inquiry.configuration,
      now: ctx.now,
    }),
    confirmationMail(inquiry, ctx.now),
    notificationMail(inquiry, ctx.now),
  ];
  await ctx.db.batch(statements.map((statement) => statement.prepare(ctx.db)));
}

export async function submitInquiry(ctx: ShopContext): Promise<Reply<InquiryAnswer>> {
  // 1.
  if (!ctx.shop.inquiries.enabled) throw fail(403, INQUIRY_MESSAGES.unavailable, "inquiries_unavailable" satisfies InquiryRefusalCode);
  // 2.
  const body: InquiryForm = validate(inquiryFormSchema(SERVER_TEXTS, ctx.shop.deliveryCountries), await readJson(ctx.request));
  // 3.
  await requireCaptcha(ctx, INQUIRY_CAPTCHA_ACTION);
  // 4. and 5.
  const perClient = await countRequest(ctx, "inquiryIp", clientKey(ctx.request));
  const perAddress = await countRequest(ctx, "inquiryEmail", `${ctx.shop.id}\n${body.email}`);
  const [client, address, found, configuration] = await ctx.db.batch([
    perClient.statement,
    perAddress.statement,
    sql`SELECT p.sku, p.unit, ${productTitle(ctx.language)} AS name FROM products p WHERE p.sku = ${body.sku} AND ${listedIn(ctx.shop.id)}`.prepare(ctx.db),
    selectTerraceConfigurationExists(body.configuration ?? "", ctx.shop.id).prepare(ctx.db),
  ]);
  perClient.enforce(client!);
  perAddress.enforce(address!);
  const product = found!.results[0] as ProductFacts | undefined;
  if (!product) throw fail(404, INQUIRY_MESSAGES.productNotFound, "product_not_found" satisfies InquiryRefusalCode, { field: "sku" });
  if (body.configuration !== undefined && configuration!.results.length === 0) {
    throw invalid("configuration", INQUIRY_MESSAGES.configurationNotFound, "configuration_not_found" satisfies InquiryRefusalCode);
  }
  // 6.
  const signedIn = await loadCustomer(ctx);
  const token = visitorToken(ctx.request);
  const base = {
    type: body.type,
    shop: { id: ctx.shop.id, defaultLanguage: ctx.shop.defaultLanguage, serviceAddress: ctx.shop.serviceAddress },
    language: ctx.language,
    sku: product.sku,
    productName: product.name,
    message: body.message,
    name: body.name,
    email: body.email,
    phone: body.phone ?? null,
    country: body.countryCode,
    quantity: body.quantity ?? null,
    unit: body.quantity === undefined ? null : product.unit,
    answers: body.answers,
    configuration: body.configuration ?? null,
    signedIn: signedIn !== null,
    visitorId: token ? await sha256Hex(token) : null,
    customerId: signedIn?.customer.id ?? null,
  };
  for (let attempt = 1; ; attempt++) {
    const id = newInquiryNumber();
    try {
      await writeInquiry(ctx, { ...base, id });
    } catch (error) {
      if (isTakenNumber(error) && attempt < NUMBER_ATTEMPTS) continue;
      throw error;
    }
    sendOutboxSoon(ctx);
    const answer: InquiryAnswer = { inquiryId: id, type: body.type };
    return reply(answer);
  }
}
