/**
 * Finding the order to return from (order or invoice number, e-mail, postal code; docs/decisions/0038):
 *
 *   GET  /apiv2/rma/options          reasons and proposals with id, value and label (the request's language)
 *   POST /apiv2/rma/lookup           { orderIncrementId, orderEmail, postalCode } + X-Captcha-Token
 *   POST /apiv2/rma/link             { order, sig }: the signed link of the order confirmation mail
 *   GET  /apiv2/rma/orders/:number   a signed-in customer's order
 *
 * The lookup and the link answer `{ lookupToken, expiresAt, order }`: a token that lets the
 * visitor who looked up act for that order for an hour (access.ts). The lookup compares the
 * e-mail trimmed and case-insensitively and the postcode normalised for the order's billing
 * country; whichever of the three is wrong, the answer is the same 404 `order_not_found`, byte
 * for byte. Failed lookups are limited exactly (core/exact-limit.ts): 5 per order number and
 * 20 per client address in 15 minutes (`rateLimits.exact.orderLookup`, `orderLookupIp`); each
 * attempt is counted before the order is compared and a successful one is taken back, so
 * concurrent guesses cannot pass the limit and a customer who finds the order is not counted.
 */
import type { ReturnRefusalCode, RmaLinkRequest } from "@domain/api/returns";
import { z } from "zod";
import {
  lookupEmail,
  lookupSchema,
  normalizePostcode,
  ORDER_NUMBER,
  reasonId,
  REMEDY_PROPOSALS,
  COMPLAINT_REASONS,
  type RmaLookupAnswer,
  type RmaOptions,
} from "@domain/returns-forms";
import { DOCUMENT_NUMBER } from "@domain/invoicing";
import { text } from "@worker/lib/texts";
import { randomToken, sha256Hex } from "../core/auth";
import { requireCaptcha } from "../core/captcha/verify";
import type { ShopContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { countRequest } from "../core/exact-limit";
import { clientKey } from "../core/rate-limit";
import { readJson, validate } from "../core/request-body";
import { isReturnsLinkSignature, LINK_SIGNATURE, linkSecret } from "../core/returns-link";
import { reply, type Params, type Reply } from "../core/route";
import type { Shop } from "../core/shop";
import { ensureVisitor, withVisitor } from "../core/visitor";
import { selectOrderNumberOfDocument } from "../tables/invoices";
import { selectOrderByNumber, type OrderRow } from "../tables/orders";
import { insertLookupToken } from "../tables/returns";
import { customerOrder, orderNotFound } from "./access";
import { RETURNS_MESSAGES, SERVER_TEXTS } from "./messages";
import { billingAddress, loadOrder } from "./order-view";

/** The captcha action of the lookup form (the storefront asks for a challenge of this action). */
export const LOOKUP_CAPTCHA_ACTION = "rma_lookup";
/** How long a lookup token lets its visitor act for the order. */
export const LOOKUP_TOKEN_TTL_MS = 60 * 60 * 1000;

/** GET /apiv2/rma/options */
export function rmaOptions(ctx: ShopContext): Reply<RmaOptions> {
  const label = (group: "reasons" | "proposals", value: string) => text(ctx.language, "server", `returns.${group}.${value}`);
  const options: RmaOptions = {
    reasons: COMPLAINT_REASONS.map((value) => ({ id: reasonId(value), value, label: label("reasons", value) })),
    proposals: REMEDY_PROPOSALS.map((value) => ({ id: reasonId(value), value, label: label("proposals", value) })),
  };
  return reply(options);
}

/** The order number a customer typed, as the shop writes it: digits alone are the shop's (`100001` in DE is `DE-100001`). */
export function canonicalOrderNumber(shop: Pick<Shop, "id">, typed: string): string {
  return /^\d{1,12}$/.test(typed) ? `${shop.id}-${typed}` : typed;
}

/**
 * The order a typed number names: an order number (digits alone are the shop's), or the number
 * of one of the shop's invoices or credit notes (its order's number, so both count against the
 * same order's limit; an unknown document number stays as typed and finds nothing).
 */
async function orderNumberOf(ctx: ShopContext, typed: string): Promise<string> {
  if (!DOCUMENT_NUMBER.test(typed)) return canonicalOrderNumber(ctx.shop, typed);
  const row = await selectOrderNumberOfDocument(ctx.shop.id, typed).prepare(ctx.db).first<{ order_number: string }>();
  return row?.order_number ?? typed;
}

/** The three fields against the order; every comparison runs whatever the others gave. */
function matches(order: OrderRow | undefined, body: { orderEmail: string; postalCode: string }): boolean {
  const address = order ? billingAddress(order) : {};
  const country = address.countryCode ?? "";
  const emailOk = lookupEmail(order?.email ?? "") === lookupEmail(body.orderEmail);
  const postcodeOk = normalizePostcode(country, address.postcode ?? "") === normalizePostcode(country, body.postalCode);
  return Boolean(order) && emailOk && postcodeOk && (address.postcode ?? "") !== "";
}

/** The answer of a successful lookup or link: a new token for the request's visitor (created if needed) and the order. */
async function grantLookup(ctx: ShopContext, order: OrderRow, via: "lookup" | "link", refunds: D1Statements = []): Promise<RmaLookupAnswer> {
  const visitor = await ensureVisitor(await withVisitor(ctx));
  const token = randomToken();
  const expiresAt = new Date(ctx.now.getTime() + LOOKUP_TOKEN_TTL_MS).toISOString();
  await ctx.db.batch([
    ...refunds,
    insertLookupToken({
      token_hash: await sha256Hex(token),
      order_id: order.id,
      visitor_id: visitor.id,
      via,
      created_at: ctx.now.toISOString(),
      expires_at: expiresAt,
    }).prepare(ctx.db),
  ]);
  return { lookupToken: token, expiresAt, order: (await loadOrder(ctx, order)).view };
}

type D1Statements = Parameters<ShopContext["db"]["batch"]>[0];

/** POST /apiv2/rma/lookup */
export async function rmaLookup(ctx: ShopContext): Promise<Reply<RmaLookupAnswer>> {
  // 1. the body: the three fields in their formats (422 names a malformed field; it says nothing about any order)
  const body = validate(lookupSchema(SERVER_TEXTS), await readJson(ctx.request));
  // 2. a person: the shop's captcha (403 captcha_failed)
  await requireCaptcha(ctx, LOOKUP_CAPTCHA_ACTION);
  // 3. the limits: this attempt counts for the order number and the client address (429 over either)
  const number = await orderNumberOf(ctx, body.orderIncrementId);
  const perNumber = await countRequest(ctx, "orderLookup", number);
  const perClient = await countRequest(ctx, "orderLookupIp", clientKey(ctx.request));
  const [numberCount, clientCount, found] = await ctx.db.batch([
    perNumber.statement,
    perClient.statement,
    selectOrderByNumber(ctx.shop.id, number).prepare(ctx.db),
  ]);
  perNumber.enforce(numberCount!);
  perClient.enforce(clientCount!);
  // 4. the match: one answer for whichever field is wrong
  const order = found!.results[0] as OrderRow | undefined;
  if (!matches(order, body)) throw orderNotFound();
  // 5. found: the attempt does not count; a token for this visitor
  return reply(await grantLookup(ctx, order!, "lookup", [perNumber.refund, perClient.refund]));
}

const linkSchema: z.ZodType<RmaLinkRequest, z.ZodTypeDef, unknown> = z
  .object({
    order: z.string({ required_error: MESSAGES.required }).trim().toUpperCase().pipe(z.string().regex(ORDER_NUMBER, RETURNS_MESSAGES.orderNumber)),
    sig: z.string({ required_error: MESSAGES.required }).regex(LINK_SIGNATURE, RETURNS_MESSAGES.linkInvalid),
  })
  .strict();

/** POST /apiv2/rma/link */
export async function rmaLink(ctx: ShopContext): Promise<Reply<RmaLookupAnswer>> {
  const body = validate(linkSchema, await readJson(ctx.request));
  const secret = linkSecret(ctx.env.RMA_LINK_SECRET);
  if (!secret) throw fail(503, MESSAGES.notConfigured, "not_configured" satisfies ReturnRefusalCode);
  const order = await selectOrderByNumber(ctx.shop.id, body.order).prepare(ctx.db).first<OrderRow>();
  if (!order || !(await isReturnsLinkSignature(secret, ctx.shop.id, order.order_number, order.email, body.sig)))
    throw fail(404, RETURNS_MESSAGES.linkInvalid, "link_invalid" satisfies ReturnRefusalCode);
  return reply(await grantLookup(ctx, order, "link"));
}

/** GET /apiv2/rma/orders/:number */
export async function rmaCustomerOrder(ctx: ShopContext, params: Params): Promise<Reply<RmaLookupAnswer>> {
  // A malformed number is an order nobody has (after the session check: 401 comes first).
  const number = (params.number ?? "").toUpperCase();
  const { order } = await customerOrder(ctx, ORDER_NUMBER.test(number) ? number : "-");
  const answer: RmaLookupAnswer = { lookupToken: null, expiresAt: null, order: (await loadOrder(ctx, order)).view };
  return reply(answer);
}
