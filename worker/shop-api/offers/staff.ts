/**
 * The back office's offer routes (roles service and ops; registered in app.ts with staffRoute;
 * answer types in domain/back-office/offers.ts):
 *
 *   GET /admin/api/inquiries/:id/offer[?sku=...]   the offer request, its offer (or null), the products the editor needs, and
 *                                                  the prefill from the terrace configuration the request names (or null)
 *   PUT /admin/api/inquiries/:id/offer             { lines: [{sku, quantity, packagePrice}], validUntil, message }
 *
 * PUT creates the offer, or revises it while it is offered and valid (an accepted, declined or
 * expired one: 409 `offer_not_revisable`), and mails it to the offer request's address in its
 * language with the signed link (core/offer-link.ts, signed when the mail is rendered). Lines:
 * 1 to 50, each product once, sold by the inquiry's shop, at least its minimum order quantity,
 * at a package price in minor units (tax included); validUntil from today to 90 days ahead
 * (Berlin). Refused input writes nothing and mails nothing. The offer, its lines and its mail
 * are one guarded batch (guard.ts) that also checks nobody changed the offer meanwhile.
 */
import type { OfferRefusalCode } from "@domain/api/offers";
import { z } from "zod";
import { OFFER_LIMITS, type OfferInput, type OfferProduct, type StaffOfferAnswer } from "@domain/back-office/offers";
import { isCalendarDate, writtenDate } from "@domain/calendar-date";
import { formatMoney } from "@domain/money";
import { unitLabel } from "@worker/lib/labels";
import type { TerracePlan } from "@domain/terrace/plan";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { addDays, berlinTime } from "../core/berlin-time";
import { fail, invalid, MESSAGES, notFound } from "../core/envelope";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { terraceBill } from "../core/terrace-bill";
import { linkSecret } from "../core/offer-link";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { atDatabaseHolding, holdsRow } from "../core/staff-databases";
import { shopById } from "../core/shop";
import {
  deleteOfferLines,
  insertOffer,
  insertOfferLine,
  offerLineOf,
  offerRequestOf,
  reviseOffer,
  selectOfferLinesOfInquiry,
  selectOfferRequest,
  stateOn,
  type OfferLineRow,
  type OfferRequest,
  type OfferRequestRow,
} from "../tables/offers";
import { listedIn, productTitle } from "../tables/products";
import { selectTerraceConfiguration, type TerraceConfigurationRow } from "../tables/terrace-configurations";
import { guardedWrite } from "./guard";
import { newOfferId } from "./ids";
import { OFFER_MESSAGES } from "./messages";
import { staffOfferOf } from "./views";

/** An inquiry's number: Q- and 10 characters of Crockford's base32 (migrations/0023). */
const INQUIRY_ID = /^Q-[0-9A-HJKMNP-TV-Z]{10}$/;
const SKU = /^[A-Za-z0-9._-]{1,64}$/;

function inquiryIdOf(params: Params): string {
  const id = (params.id ?? "").toUpperCase();
  if (!INQUIRY_ID.test(id)) throw notFound();
  return id;
}

const refused = (message: string, code: string) => ({ message, params: { code } });

function offerInputSchema(today: string) {
  const latest = addDays(today, OFFER_LIMITS.maxValidDays);
  const line = z
    .object({
      sku: z.string({ invalid_type_error: "Expected a string" }).trim().regex(SKU, "Not a valid SKU"),
      quantity: z
        .number({ invalid_type_error: OFFER_MESSAGES.quantity })
        .int(OFFER_MESSAGES.quantity)
        .min(1, OFFER_MESSAGES.quantity)
        .max(OFFER_LIMITS.maxQuantity, OFFER_MESSAGES.quantity),
      packagePrice: z
        .number({ invalid_type_error: OFFER_MESSAGES.packagePrice })
        .int(OFFER_MESSAGES.packagePrice)
        .min(0, OFFER_MESSAGES.packagePrice)
        .max(OFFER_LIMITS.maxPackagePrice, OFFER_MESSAGES.packagePrice),
    })
    .strict();
  return z
    .object({
      lines: z.array(line).superRefine((lines, issues) => {
        if (lines.length === 0) issues.addIssue({ code: "custom", ...refused(OFFER_MESSAGES.linesRequired, "offer_lines_required") });
        if (lines.length > OFFER_LIMITS.maxLines)
          issues.addIssue({ code: "custom", message: OFFER_MESSAGES.tooManyLines, params: { code: "too_many_lines", max: OFFER_LIMITS.maxLines } });
        const seen = new Set<string>();
        lines.forEach((item, index) => {
          if (seen.has(item.sku)) issues.addIssue({ code: "custom", path: [index, "sku"], ...refused(OFFER_MESSAGES.duplicateSku, "duplicate_sku") });
          seen.add(item.sku);
        });
      }),
      validUntil: z.string().superRefine((date, issues) => {
        if (!isCalendarDate(date)) issues.addIssue({ code: "custom", ...refused(OFFER_MESSAGES.date, "invalid_date") });
        else if (date < today)
          issues.addIssue({ code: "custom", message: OFFER_MESSAGES.validUntilPast, params: { code: "valid_until_past", earliest: today } });
        else if (date > latest)
          issues.addIssue({ code: "custom", message: OFFER_MESSAGES.validUntilTooLate, params: { code: "valid_until_too_late", latest } });
      }),
      message: z.string().max(OFFER_LIMITS.messageMax, OFFER_MESSAGES.messageTooLong).default(""),
    })
    .strict();
}

const skusQuery = z.array(z.string().regex(SKU, "Not a valid SKU")).max(OFFER_LIMITS.maxLines, OFFER_MESSAGES.tooManyLines);

interface ProductRow {
  sku: string;
  found: string | null;
  title: string | null;
  unit: string | null;
  package_content: number | null;
  min_order_qty: number | null;
  sold: number;
  package_price: number | null;
}

/** The products of the SKUs as the inquiry's shop sells them now, in the inquiry's language (in the order asked for). */
async function offerProducts(ctx: StaffContext, shopId: string, language: string, skus: string[]): Promise<OfferProduct[]> {
  if (skus.length === 0) return [];
  const { results } = await sql`SELECT k.value AS sku, p.sku AS found, ${productTitle(language)} AS title, p.unit, p.package_content, p.min_order_qty,
      CASE WHEN ${listedIn(shopId)} AND p.type <> 'configurable' AND p.reached_eol = 0 AND pr.package_price IS NOT NULL THEN 1 ELSE 0 END AS sold,
      pr.package_price
    FROM json_each(${JSON.stringify(skus)}) k LEFT JOIN products p ON p.sku = k.value LEFT JOIN prices pr ON pr.sku = k.value AND pr.shop_id = ${shopId}
    ORDER BY k.key`
    .prepare(ctx.db)
    .all<ProductRow>();
  return results.map((row) => {
    const content = row.package_content ?? 0;
    const minimum = content > 0 ? Math.ceil((row.min_order_qty ?? 0) / content - 1e-9) : 1;
    return {
      sku: row.sku,
      name: row.found ? (row.title ?? row.sku) : row.sku,
      sold: row.sold === 1,
      packagePrice: row.package_price,
      unit: row.unit ?? "",
      unitLabel: row.unit ? unitLabel(row.unit, language) : "",
      packageContent: content,
      minimumQuantity: Math.max(1, minimum),
    };
  });
}

async function readRequest(ctx: StaffContext, inquiryId: string): Promise<{ request: OfferRequest; lines: OfferLineRow[] }> {
  const [found, lines] = await ctx.db.batch([selectOfferRequest(inquiryId).prepare(ctx.db), selectOfferLinesOfInquiry(inquiryId).prepare(ctx.db)]);
  const row = found!.results[0] as OfferRequestRow | undefined;
  if (!row) throw notFound();
  return { request: offerRequestOf(row), lines: lines!.results as OfferLineRow[] };
}

/** The terrace configuration the request names, as the editor's prefill: its bill on the shop's catalogue of today. */
async function configurationPrefill(ctx: StaffContext, request: OfferRequest): Promise<StaffOfferAnswer["configuration"]> {
  const { inquiry } = request;
  const shop = shopById(inquiry.shopId);
  if (!inquiry.configuration || !shop) return null;
  const row = await selectTerraceConfiguration(inquiry.configuration, shop.id).prepare(ctx.db).first<TerraceConfigurationRow>();
  if (!row) return { number: inquiry.configuration, lines: [], missing: [] };
  const bill = await terraceBill(ctx.db, shop, inquiry.language, parseJsonOr<TerracePlan>(row.plan, { outline: [], cutouts: [], direction: 0 }));
  const billLines = bill?.lines ?? [];
  return {
    number: row.number,
    lines: billLines.flatMap((line) =>
      line.sku && !line.missing && line.packagePrice && line.packages > 0
        ? [{ sku: line.sku, quantity: line.packages, packagePrice: line.packagePrice.amount }]
        : [],
    ),
    missing: billLines.filter((line) => line.missing).map((line) => ({ role: line.role, name: line.name })),
  };
}

async function answerOf(ctx: StaffContext, inquiryId: string, extraSkus: string[] = []): Promise<StaffOfferAnswer> {
  const { request, lines } = await readRequest(ctx, inquiryId);
  const { inquiry, offer } = request;
  const shop = shopById(inquiry.shopId);
  const today = berlinTime(ctx.now).date;
  const configuration = await configurationPrefill(ctx, request);
  const skus = [...new Set([inquiry.sku, ...lines.map((line) => line.sku), ...(configuration?.lines ?? []).map((line) => line.sku), ...extraSkus])];
  return {
    inquiryId: inquiry.id,
    shop: inquiry.shopId,
    language: inquiry.language,
    currency: offer?.currency ?? shop?.currency ?? "EUR",
    name: inquiry.name,
    email: inquiry.email,
    product: { sku: inquiry.sku, name: inquiry.productName },
    quantity: inquiry.quantity,
    unit: inquiry.unit,
    offer: offer ? staffOfferOf(offer, lines.map(offerLineOf), inquiry.language, today) : null,
    configuration,
    products: await offerProducts(ctx, inquiry.shopId, inquiry.language, skus),
    validFrom: today,
    validTo: addDays(today, OFFER_LIMITS.maxValidDays),
  };
}

/** GET /admin/api/inquiries/:id/offer[?sku=A&sku=B] */
export async function staffOfferView(staffCtx: StaffContext, params: Params): Promise<Reply<StaffOfferAnswer>> {
  const inquiryId = inquiryIdOf(params);
  // The offer sits beside its inquiry, in the database that holds it (core/staff-databases.ts).
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("inquiries", "id", inquiryId));
  const asked = ctx.url.searchParams.getAll("sku").filter((sku) => sku.trim() !== "");
  const parsed = skusQuery.safeParse(asked);
  if (!parsed.success) throw invalid("sku", parsed.error.issues[0]?.message ?? MESSAGES.invalid, "invalid");
  return reply(await answerOf(ctx, inquiryId, parsed.data));
}

/** The offer mail for the batch: lines, total and validity written for the request's language; the link is signed when it is rendered. */
function offerMail(
  request: OfferRequest,
  offerId: string,
  input: OfferInput & { names: string[]; total: number; currency: string; revised: boolean },
  holds: SqlFragment,
  now: Date,
): SqlFragment {
  const { inquiry } = request;
  const f = (minor: number) => formatMoney(minor, input.currency, inquiry.language);
  return outboxInsert(
    {
      shop: { id: inquiry.shopId },
      language: inquiry.language,
      template: "offer",
      to: inquiry.email,
      params: {
        offerId,
        inquiryId: inquiry.id,
        name: inquiry.name,
        productName: inquiry.productName,
        lines: input.lines.map((line, index) => ({
          sku: line.sku,
          name: input.names[index]!,
          quantity: line.quantity,
          packagePrice: f(line.packagePrice),
          rowTotal: f(line.packagePrice * line.quantity),
        })),
        total: f(input.total),
        validUntil: writtenDate(input.validUntil, inquiry.language),
        message: input.message,
        revised: input.revised,
        offerLink: true,
      },
      // Every send is its own event (a revision mails again); the batch's guard is what keeps a refused one from mailing.
      when: holds,
    },
    now,
  );
}

/** PUT /admin/api/inquiries/:id/offer */
export async function staffOfferSave(staffCtx: StaffContext, params: Params): Promise<Reply<StaffOfferAnswer>> {
  const inquiryId = inquiryIdOf(params);
  const ctx = await atDatabaseHolding(staffCtx, holdsRow("inquiries", "id", inquiryId));
  const today = berlinTime(ctx.now).date;
  const input = validate(offerInputSchema(today), await readJson(ctx.request)) as OfferInput;
  const { request } = await readRequest(ctx, inquiryId);
  const { inquiry, offer } = request;
  if (offer) {
    const state = stateOn(offer, today);
    if (state !== "offered")
      throw fail(409, OFFER_MESSAGES.notRevisable.replace("{state}", state), "offer_not_revisable" satisfies OfferRefusalCode, {
        field: "offer",
        params: { state },
      });
  }
  const products = await offerProducts(
    ctx,
    inquiry.shopId,
    inquiry.language,
    input.lines.map((line) => line.sku),
  );
  input.lines.forEach((line, index) => {
    const product = products[index]!;
    if (!product.sold || product.packagePrice === null)
      throw invalid(`lines.${index}.sku`, OFFER_MESSAGES.unknownProduct, "unknown_product" satisfies OfferRefusalCode, { sku: line.sku });
    if (line.quantity < product.minimumQuantity)
      throw invalid(
        `lines.${index}.quantity`,
        OFFER_MESSAGES.minimumQuantity.replace("{minimum}", String(product.minimumQuantity)),
        "minimum_order_quantity" satisfies OfferRefusalCode,
        {
          minimum: product.minimumQuantity,
        },
      );
  });
  // Without a usable link secret the mail could not open the offer: refuse rather than send an offer nobody can accept.
  if (!linkSecret(ctx.env.OFFER_LINK_SECRET)) throw fail(503, MESSAGES.notConfigured, "not_configured" satisfies OfferRefusalCode);

  const shop = shopById(inquiry.shopId);
  if (!shop) throw notFound();
  const at = ctx.now.toISOString();
  const offerId = offer?.id ?? newOfferId();
  const total = input.lines.reduce((sum, line) => sum + line.packagePrice * line.quantity, 0);
  const currency = offer?.currency ?? shop.currency;
  const unchanged = offer
    ? sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM offers WHERE id = ${offer.id} AND offered_at = ${offer.offeredAt} AND state = 'offered' AND valid_until >= ${today})
        THEN NULL ELSE 'offer_changed' END AS refusal`
    : sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM offers WHERE inquiry_id = ${inquiry.id}) THEN 'offer_changed' END AS refusal`;
  const refusal = await guardedWrite(ctx.db, [unchanged], (holds) => [
    offer
      ? reviseOffer(offer.id, { validUntil: input.validUntil, message: input.message, total, staffEmail: ctx.staff.email }, ctx.now, holds)
      : insertOffer(
          {
            id: offerId,
            inquiry_id: inquiry.id,
            shop_id: inquiry.shopId,
            currency,
            state: "offered",
            valid_until: input.validUntil,
            message: input.message,
            total,
            staff_email: ctx.staff.email,
            offered_at: at,
            accepted_at: null,
            declined_at: null,
            expired_at: null,
            updated_at: at,
          },
          holds,
        ),
    deleteOfferLines(offerId, holds),
    ...input.lines.map((line, index) =>
      insertOfferLine(
        {
          offer_id: offerId,
          line_no: index + 1,
          sku: line.sku,
          name: products[index]!.name,
          quantity: line.quantity,
          package_price: line.packagePrice,
          regular_price: products[index]!.packagePrice!,
        },
        holds,
      ),
    ),
    offerMail(request, offerId, { ...input, names: products.map((product) => product.name), total, currency, revised: offer !== null }, holds, ctx.now),
  ]);
  if (refusal) throw fail(409, OFFER_MESSAGES.offerChanged, "offer_changed" satisfies OfferRefusalCode, { field: "offer" });
  sendOutboxSoon(ctx);
  return reply(await answerOf(ctx, inquiryId));
}
