/**
 * Free samples: the sample quote ("sample cart") of a visitor,
 * at most `sample_slot_count` (7) samples per order, finishing, the daily counter,
 * and the scheduled job that processes finished orders after one hour.
 *
 * States: open -> finished (ordered; options.hidden) -> processed (by the job, one
 * hour after finishing); an open quote past its expiration date becomes expired.
 *
 * Concurrency: an add is one batch (transaction): expire the old quote, create the
 * open quote if none (a partial unique index allows one open quote per visitor and
 * shop), then INSERT ... SELECT ... WHERE (SELECT COUNT(*) ...) < slot_count. Eight
 * concurrent adds leave exactly seven samples.
 */
import { z } from "zod";
import type { D1Database } from "@cloudflare/workers-types";
import type { SampleAddress, SampleCart, SampleContactRequest, SampleItemRequest, SampleOrderState, SampleRefusalCode } from "@domain/api/samples";
import { addressFields, emailField, hasHouseNumber, type ContactTexts } from "@domain/contact-fields";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { randomToken } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { fail, invalid, MESSAGES, missingFields, notFound } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { ensureVisitor, type VisitorContext } from "../core/visitor";
import { listedIn } from "../tables/products";
import { openQuoteId, sampleItemCount, sampleItems, type SampleItemLineRow, type SampleQuoteRow } from "../tables/samples";
import { berlinDayBounds } from "../core/berlin-time";
import { countryName } from "@domain/countries";
import { SAMPLE_PROCESSING_DELAY_HOURS, SAMPLE_SLOT_COUNT } from "@domain/samples";
import { shopProductFrom } from "./products";
import { refusalFailure, sampleCartFull, type CheckRow } from "./refusals";
import { limitKeyColumns, sampleLimitKeys, sampleLimitReached, withinSampleLimits } from "./sample-limits";

/** How long an open sample cart is kept (the spec leaves the time-left duration open). */
export const SAMPLE_CART_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** A finished sample order is processed automatically after one hour. */
export const SAMPLE_PROCESSING_DELAY_MS = SAMPLE_PROCESSING_DELAY_HOURS * 60 * 60 * 1000;

const skuSchema = z
  .string({ invalid_type_error: "Expected a string" })
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, "Not a valid SKU");
const itemSchema = z
  .object({ sku: skuSchema, quantity: z.literal(1).default(1), recommendation: z.boolean().default(false), form_key: z.string().max(64).optional() })
  .strict() satisfies z.ZodType<unknown, z.ZodTypeDef, SampleItemRequest>;

/** Contact fields follow the storefront's rules (domain/contact-fields.ts), with the API's English messages. */
const CONTACT_TEXTS: ContactTexts = {
  required: MESSAGES.required,
  email: MESSAGES.email,
  phone: MESSAGES.phone,
  zip: MESSAGES.postcode,
  characters: MESSAGES.characters,
};
const addressSchema = z
  .object({
    ...addressFields(CONTACT_TEXTS),
    countryCode: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}$/, "Not a country code"),
  })
  .strict();
const contactSchema = z
  .object({
    email: emailField(CONTACT_TEXTS),
    customerAddress: addressSchema,
    form_key: z.string().max(64).optional(),
    sku: skuSchema.optional(),
  })
  .strict() satisfies z.ZodType<unknown, z.ZodTypeDef, SampleContactRequest>;

/** The visitor's open quote in the shop, unless it expired. */
async function openQuote(ctx: VisitorContext): Promise<SampleQuoteRow | null> {
  const { visitor } = ctx.visitorState;
  if (!visitor) return null;
  return sql`SELECT * FROM sample_quotes WHERE id = ${openQuoteId(visitor.id, ctx.shop.id)} AND expires_at > ${ctx.now.toISOString()}`
    .prepare(ctx.db)
    .first<SampleQuoteRow>();
}

async function quoteItems(ctx: ShopContext, quoteId: number): Promise<SampleItemLineRow[]> {
  const { results } = await sampleItems(quoteId, ctx.language).prepare(ctx.db).all<SampleItemLineRow>();
  return results;
}

async function view(ctx: ShopContext, quote: SampleQuoteRow | null, hidden = false, knownItems?: SampleItemLineRow[]): Promise<SampleCart> {
  const items = knownItems ?? (quote ? await quoteItems(ctx, quote.id) : []);
  const slots = quote?.slot_count ?? SAMPLE_SLOT_COUNT;
  const itemCount = items.length;
  const address = parseJsonOr<SampleAddress | null>(quote?.address, null);
  return {
    cart: quote
      ? {
          referenceCode: quote.reference_code,
          expirationDate: quote.expires_at,
          state: quote.state,
          hasSampleProducts: itemCount > 0,
          numberOfRemainingSamples: Math.max(0, slots - itemCount),
          itemCount,
          items: items.map((item) => ({
            sku: item.sku,
            name: item.title,
            quantity: item.quantity,
            image: item.image,
            recommendation: item.recommendation === 1,
            // The sample takes SAMPLE_LONG_DELIVERY_WEEKS (domain/samples.ts): the sample cart says so before the order.
            longDelivery: item.long_delivery === 1,
          })),
          sampleProducts: items.map((item) => item.sku),
        }
      : null,
    options: {
      isSampleCartFull: itemCount >= slots,
      itemSampleLimit: slots,
      sample_slot_count: slots,
      hidden,
      contacts: quote?.email || address ? { email: quote?.email ?? null, customerAddress: address } : null,
      addressWarnings: address && !hasHouseNumber(address.street ?? "") ? ["house_number_missing" as const] : [],
    },
  };
}

/** The writes that make sure the visitor has one open, unexpired quote (conditioned on `holds`). */
function ensureQuote(ctx: ShopContext, visitorId: string, holds: SqlFragment): SqlFragment[] {
  const now = ctx.now.toISOString();
  const expires = new Date(ctx.now.getTime() + SAMPLE_CART_LIFETIME_MS).toISOString();
  return [
    sql`UPDATE sample_quotes SET state = 'expired' WHERE visitor_id = ${visitorId} AND shop_id = ${ctx.shop.id} AND state = 'open' AND expires_at <= ${now} AND ${holds}`,
    sql`INSERT OR IGNORE INTO sample_quotes (reference_code, visitor_id, shop_id, state, slot_count, created_at, expires_at)
      SELECT ${referenceCode()}, ${visitorId}, ${ctx.shop.id}, 'open', ${SAMPLE_SLOT_COUNT}, ${now}, ${expires} WHERE ${holds}`,
  ];
}

export function referenceCode(): string {
  return `S${randomToken(9)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "X")}`;
}

/** Samples are sent only of products the shop sells whose samples are active and that have not reached their end of life. */
export function sampleCheck(ctx: ShopContext, sku: string): SqlFragment {
  return sql`SELECT CASE
      WHEN NOT ${listedIn(ctx.shop.id)} THEN 'unknown_product'
      WHEN p.sample_active = 0 OR p.reached_eol = 1 THEN 'samples_unavailable'
    END AS refusal
    FROM ${shopProductFrom(ctx, sku)}`;
}

async function checkSampleProduct(ctx: ShopContext, sku: string): Promise<void> {
  const row = await sampleCheck(ctx, sku).prepare(ctx.db).first<CheckRow>();
  if (row?.refusal) throw refusalFailure(ctx, "sku", row);
}

/** Checks and adds one sample and reads the quote back in one transaction; throws 'sample cart full' when all slots are taken. */
async function addSample(ctx: VisitorContext, sku: string, recommendation: boolean): Promise<{ quote: SampleQuoteRow | null; items: SampleItemLineRow[] }> {
  const now = ctx.now.toISOString();
  const outcome = await runGuardedBatch<CheckRow>(ctx, (visitorId, holds) => {
    const open = openQuoteId(visitorId, ctx.shop.id);
    return {
      checks: [sampleCheck(ctx, sku)],
      writes: [
        ...ensureQuote(ctx, visitorId, holds),
        sql`INSERT INTO sample_items (quote_id, sku, quantity, recommendation, added_at)
          SELECT q.id, ${sku}, 1, ${recommendation ? 1 : 0}, ${now} FROM sample_quotes q
          WHERE q.id = ${open} AND ${holds} AND (SELECT COUNT(*) FROM sample_items WHERE quote_id = q.id) < q.slot_count
          ON CONFLICT (quote_id, sku) DO NOTHING`,
      ],
      reads: [sql`SELECT * FROM sample_quotes WHERE id = ${open}`, sampleItems(open, ctx.language)],
    };
  });
  if (outcome.refusal) throw refusalFailure(ctx, "sku", outcome.refusal);
  const quote = (outcome.reads[0]!.results[0] as SampleQuoteRow | undefined) ?? null;
  const items = outcome.reads[1]!.results as SampleItemLineRow[];
  if (!items.some((item) => item.sku === sku)) throw sampleCartFull();
  return { quote, items };
}

/** GET /apiv2/sample/product/cart */
export async function getSampleCart(ctx: VisitorContext): Promise<Reply<SampleCart>> {
  return reply(await view(ctx, await openQuote(ctx)));
}

/** POST /apiv2/sample/product/cart/add { sku, quantity: 1, recommendation: false }: one round trip. */
export async function addToSampleCart(ctx: VisitorContext): Promise<Reply<SampleCart>> {
  const body = validate(itemSchema, await readJson(ctx.request));
  const { quote, items } = await addSample(ctx, body.sku, body.recommendation);
  return reply(await view(ctx, quote, false, items));
}

/** POST /apiv2/sample/product/cart/remove { sku, quantity: 1 } */
export async function removeFromSampleCart(ctx: VisitorContext): Promise<Reply<SampleCart>> {
  const body = validate(itemSchema, await readJson(ctx.request));
  const quote = await openQuote(ctx);
  if (quote) await sql`DELETE FROM sample_items WHERE quote_id = ${quote.id} AND sku = ${body.sku}`.prepare(ctx.db).run();
  return reply(await view(ctx, quote));
}

/** POST /apiv2/sample/product/cart[?sku=] with the e-mail and shipping address (and optionally one more sample). */
export async function saveSampleContact(ctx: VisitorContext): Promise<Reply<SampleCart>> {
  const body = validate(contactSchema, await readJson(ctx.request));
  const sku = ctx.url.searchParams.get("sku") ?? body.sku;
  if (!ctx.shop.deliveryCountries.includes(body.customerAddress.countryCode))
    throw invalid("customerAddress.countryCode", MESSAGES.countryNotDeliverable, "country_not_deliverable" satisfies SampleRefusalCode);
  if (sku) await checkSampleProduct(ctx, validate(skuSchema, sku));
  const visitor = await ensureVisitor(ctx);
  await ctx.db.batch(
    [
      ...ensureQuote(ctx, visitor.id, sql`1`),
      sql`UPDATE sample_quotes SET email = ${body.email}, address = ${JSON.stringify(body.customerAddress)}
        WHERE visitor_id = ${visitor.id} AND shop_id = ${ctx.shop.id} AND state = 'open'`,
    ].map((statement) => statement.prepare(ctx.db)),
  );
  if (sku) await addSample(ctx, sku, false);
  return reply(await view(ctx, await openQuote(ctx)));
}

/**
 * The confirmation mail of a finishing order, to the e-mail of step 1, in the request's
 * shop and language; written only if the finish before it in the batch changed the quote.
 */
function confirmationMail(
  ctx: ShopContext,
  quote: SampleQuoteRow,
  email: string,
  address: z.infer<typeof addressSchema>,
  items: SampleItemLineRow[],
  finishedAt: string,
): SqlFragment {
  return outboxInsert(
    {
      shop: ctx.shop,
      language: ctx.language,
      template: "sample-order-confirmation",
      to: email,
      params: {
        referenceCode: quote.reference_code,
        address: {
          firstname: address.firstname,
          lastname: address.lastname,
          company: address.company || undefined,
          street: address.street,
          zip: address.zip,
          city: address.city,
          country: countryName(address.countryCode, ctx.language),
        },
        items: items.map((item) => ({ sku: item.sku, name: item.title, longDelivery: item.long_delivery === 1 })),
      },
      dedupeKey: `sample-order-confirmation:${quote.id}`,
      when: sql`EXISTS (SELECT 1 FROM sample_quotes WHERE id = ${quote.id} AND state = 'finished' AND finished_at = ${finishedAt})`,
    },
    ctx.now,
  );
}

/**
 * POST /apiv2/sample/product/cart/finish (empty body, captcha `sample_finish`): orders the samples and
 * sends the confirmation mail; options.hidden becomes true. The finishing UPDATE counts the day's
 * finished orders itself (sample-limits.ts): over a cap it changes nothing and the answer is 429.
 */
export async function finishSampleCart(ctx: VisitorContext): Promise<Reply<SampleCart>> {
  await readJson(ctx.request, { emptyAllowed: true });
  await requireCaptcha(ctx, "sample_finish");
  const quote = await openQuote(ctx);
  if (!quote) throw fail(422, MESSAGES.missing, "missing", { field: "cart" });
  const items = await quoteItems(ctx, quote.id);
  const missing = [...(quote.email ? [] : ["email"]), ...(quote.address ? [] : ["customerAddress"]), ...(items.length > 0 ? [] : ["items"])];
  if (missing.length > 0 || !quote.email) throw missingFields(missing);
  const address = addressSchema.parse(JSON.parse(quote.address ?? "null"));
  const keys = await sampleLimitKeys(ctx, quote.visitor_id, quote.email, address);
  const now = ctx.now.toISOString();
  const [result, after] = await ctx.db.batch(
    [
      sql`UPDATE sample_quotes SET state = 'finished', finished_at = ${now}, ${limitKeyColumns(keys)}
        WHERE id = ${quote.id} AND state = 'open' AND ${withinSampleLimits(ctx, keys)}`,
      sql`SELECT state FROM sample_quotes WHERE id = ${quote.id}`,
      confirmationMail(ctx, quote, quote.email, address, items, now),
    ].map((statement) => statement.prepare(ctx.db)),
  );
  if ((result!.meta.changes ?? 0) === 0) {
    const state = (after!.results[0] as Pick<SampleQuoteRow, "state"> | undefined)?.state;
    throw state === "open" ? sampleLimitReached(ctx) : fail(409, MESSAGES.general, "already_finished" satisfies SampleRefusalCode);
  }
  sendOutboxSoon(ctx);
  const finished = { ...quote, state: "finished" as const, finished_at: now };
  const data = await view(ctx, finished, true, items);
  return reply({ ...data, processAfter: new Date(ctx.now.getTime() + SAMPLE_PROCESSING_DELAY_MS).toISOString() });
}

/** GET /apiv2/sample/product/count/day: samples ordered today (Europe/Berlin) in this shop. */
export async function samplesOrderedToday(ctx: ShopContext): Promise<Reply<number>> {
  const { start, end } = berlinDayBounds(ctx.now);
  const row = await sql`SELECT COALESCE(SUM(si.quantity), 0) AS n FROM sample_quotes q JOIN sample_items si ON si.quote_id = q.id
    WHERE q.shop_id = ${ctx.shop.id} AND q.state IN ('finished', 'processed') AND q.finished_at >= ${start.toISOString()} AND q.finished_at < ${end.toISOString()}`
    .prepare(ctx.db)
    .first<{ n: number }>();
  return reply(row?.n ?? 0);
}

/** GET /apiv2/sample/product/order/{referenceCode}: the state of one of the visitor's sample orders. */
export async function sampleOrderState(ctx: VisitorContext, params: Params): Promise<Reply<SampleOrderState>> {
  const { visitor } = ctx.visitorState;
  if (!visitor) throw notFound();
  const quote =
    await sql`SELECT * FROM sample_quotes WHERE reference_code = ${decodeURIComponent(params.code ?? "")} AND visitor_id = ${visitor.id} AND shop_id = ${ctx.shop.id}`
      .prepare(ctx.db)
      .first<SampleQuoteRow>();
  if (!quote) throw notFound();
  const count = await sampleItemCount(quote.id).prepare(ctx.db).first<{ n: number }>();
  return reply({
    referenceCode: quote.reference_code,
    state: quote.state,
    itemCount: count?.n ?? 0,
    finishedAt: quote.finished_at,
    processAfter: quote.finished_at ? new Date(Date.parse(quote.finished_at) + SAMPLE_PROCESSING_DELAY_MS).toISOString() : null,
    processedAt: quote.processed_at,
  });
}

/**
 * The scheduled job (cron every 5 minutes): finished sample orders older than one hour
 * become processed, unless staff marked them shipped or cancelled before (the back office,
 * staff-sample-orders.ts); open quotes past their expiration date become expired.
 */
export async function processSampleOrders(db: D1Database, now: Date): Promise<{ processed: number; expired: number }> {
  const iso = now.toISOString();
  const due = new Date(now.getTime() - SAMPLE_PROCESSING_DELAY_MS).toISOString();
  const [processed, expired] = await db.batch(
    [
      sql`UPDATE sample_quotes SET state = 'processed', processed_at = ${iso}
        WHERE state = 'finished' AND finished_at <= ${due} AND fulfilment_state IS NULL`,
      sql`UPDATE sample_quotes SET state = 'expired' WHERE state = 'open' AND expires_at <= ${iso}`,
    ].map((statement) => statement.prepare(db)),
  );
  return { processed: processed!.meta.changes ?? 0, expired: expired!.meta.changes ?? 0 };
}
