/**
 * The cart: GET/POST /apiv2/cart/, PUT /cart/addSampleBySku/{sku} and the
 * configuration cart add (form data); the cart page's line changes PUT and DELETE
 * /apiv2/cart/items/{itemId}. Quantities are packages; totals are package
 * price x quantity in the shop's currency, tax included.
 *
 * Concurrency: D1 has no row locks, so every add is one guarded upsert
 * (INSERT ... SELECT ... ON CONFLICT DO UPDATE SET quantity = quantity + n WHERE
 * the new quantity fits the stock) run in a batch (one transaction) with the cart's
 * creation. Two concurrent adds both land; none can push a line past the stock.
 */
import type { Cart, CartAddAnswer, CartItem } from "@domain/api/cart";
import { z } from "zod";
import { isCalendarDate } from "@domain/calendar-date";
import { includedTax, money } from "@domain/money";
import { cartPath } from "@domain/routes";
import { PREPAYMENT_DISCOUNT_PERCENT, prepaymentDiscount } from "@domain/prepayment";
import { isQuantity, MAX_QUANTITY, quantityFromText } from "@domain/quantity";
import { taxLabel, unitLabel } from "@worker/lib/labels";
import { parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { fail, invalid, MESSAGES, missingFields, notFound } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { readVisitorCart, type VisitorContext } from "../core/visitor";
import {
  cartLines,
  currentPackageContent,
  deleteCartItem,
  ensureCart,
  offerPriceApplies,
  optionsKey,
  ownCartItem,
  packageContentBefore,
  setCartItemQuantity,
  type CartLineRow,
} from "../tables/carts";
import { listedIn } from "../tables/products";
import { childProducts, findProduct, isListed, shopProductFrom, variantAt, type CommerceProduct } from "./products";
import { addDays, berlinTime } from "../core/berlin-time";
import { refusalFailure, sampleCartFull, type CheckRow, type Refusal } from "./refusals";
import { SAMPLE_SLOT_COUNT } from "@domain/samples";
import { sampleCheck } from "./samples";

/** The cart page in the request's language (domain/routes.ts): the mini cart's link. */
export const cartLink = (ctx: ShopContext): string => cartPath(ctx.shop, ctx.language);
/** How far ahead a desired delivery date may lie. */
export const DESIRED_DATE_HORIZON_DAYS = 365;

export const QUANTITY_MESSAGE = `Expected a whole number from 1 to ${MAX_QUANTITY}`;
/** A JSON quantity: an integer number in range (domain/quantity.ts); a string is refused, never converted. */
const quantitySchema = z.number({ invalid_type_error: QUANTITY_MESSAGE }).refine(isQuantity, QUANTITY_MESSAGE);
/** A quantity given as text (form data): one to four ASCII digits (domain/quantity.ts); absent is 1. */
const quantityTextSchema = z
  .string()
  .default("1")
  .transform((text, ctx) => {
    const quantity = quantityFromText(text);
    if (quantity !== null) return quantity;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: QUANTITY_MESSAGE });
    return z.NEVER;
  });
const skuSchema = z
  .string({ invalid_type_error: "Expected a string" })
  .trim()
  .min(1, MESSAGES.required)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, "Not a valid SKU");

/** Why a desired date is refused, or null: a real calendar date from today (Europe/Berlin) to DESIRED_DATE_HORIZON_DAYS ahead. */
function desiredDateProblem(date: string, today: string): string | null {
  if (!isCalendarDate(date)) return "Expected a calendar date (YYYY-MM-DD)";
  if (date < today) return "The date has passed";
  if (date > addDays(today, DESIRED_DATE_HORIZON_DAYS)) return `The date is more than ${DESIRED_DATE_HORIZON_DAYS} days ahead`;
  return null;
}

function desiredDateSchema(today: string) {
  return z
    .object({
      type: z.number().int().min(0).max(2).default(0),
      month: z.number().int().min(1).max(12).default(1),
      date: z
        .string()
        .superRefine((date, ctx) => {
          const problem = desiredDateProblem(date, today);
          if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, params: { code: "invalid_date" } });
        })
        .optional(),
    })
    .strict();
}
const optionsSchema = z.record(z.string().max(64), z.string().max(128)).refine((o) => Object.keys(o).length <= 20, "Too many options");

/** The cart add body; desired dates are checked against the request's day. */
function addSchema(now: Date) {
  return z
    .object({
      sku: skuSchema.optional(),
      productId: skuSchema.optional(),
      quantity: quantitySchema.default(1),
      minimumQuantity: z.number().optional(),
      desiredDate: desiredDateSchema(berlinTime(now).date).optional(),
      configurableOptions: optionsSchema.optional(),
    })
    .strict();
}

export async function readCart(ctx: VisitorContext): Promise<Cart> {
  return cartView(ctx, await readVisitorCart(ctx));
}

export function cartView(ctx: ShopContext, rows: CartLineRow[]): Cart {
  const { currency, taxRate } = ctx.shop;
  const language = ctx.language;
  let goods = 0;
  let tax = 0;
  const today = berlinTime(ctx.now).date;
  const items = rows.map((row): CartItem => {
    const unitPrice = row.kind === "sample" ? 0 : offerPriceApplies(row, today) ? row.offer_price! : (row.package_price ?? 0);
    const rowTotal = unitPrice * row.quantity;
    const options = parseJsonOr<Record<string, string>>(row.options, {});
    goods += rowTotal;
    tax += includedTax(rowTotal, row.tax_rate ?? taxRate);
    return {
      itemId: row.id,
      sku: row.sku,
      kind: row.kind,
      name: row.title,
      quantity: row.quantity,
      unit: { code: row.unit, label: unitLabel(row.unit, language) },
      packageContent: row.package_content,
      packageContentBefore: packageContentBefore(row),
      options,
      image: row.image,
      isExpress: row.is_express === 1,
      shippingGroup: row.shipping_group,
      isDecking: row.is_decking === 1,
      isFreeShipping: row.is_free_shipping === 1,
      deliveryDaysMin: row.delivery_days_min,
      deliveryDaysMax: row.delivery_days_max,
      price: money(unitPrice, currency, language),
      rowTotal: money(rowTotal, currency, language),
      desiredDate: parseJsonOr<unknown>(row.desired_date, null),
      offerId: row.offer_id,
      set: setOf(options),
    };
  });
  return {
    items,
    miniCart: { itemCount: items.length, linkToCart: cartLink(ctx) },
    totals: {
      currency,
      goodsValue: money(goods, currency, language),
      tax: { isIncluded: true, amount: money(tax, currency, language), label: taxLabel(taxRate, language) },
      prepaymentDiscount: { percentage: PREPAYMENT_DISCOUNT_PERCENT, amount: money(prepaymentDiscount(goods), currency, language) },
    },
  };
}

/** The option keys a line of a configured set carries: the set's id, the configured product, the component (SET_OPTION_KEYS order). */
export const SET_OPTION_KEYS = { id: "set", sku: "set_sku", component: "component" } as const;

function setOf(options: Record<string, string>): CartItem["set"] {
  const id = options[SET_OPTION_KEYS.id];
  const sku = options[SET_OPTION_KEYS.sku];
  const component = options[SET_OPTION_KEYS.component];
  return id && sku && component ? { id, sku, component } : null;
}

export interface LineRequest {
  sku: string;
  quantity: number;
  options: Record<string, string>;
  desiredDate?: unknown;
  /** The request field the product came in (named in a refusal). */
  field: string;
}

/**
 * The rules of a cart line in the order the visitor should hear them: the product is
 * sold in the shop as it is (not a configurable product, priced), not at its end of
 * life, in stock; the cart's line of the same product and options is not an offer's (its
 * quantity is fixed); the line's new quantity reaches the minimum order quantity and fits
 * the stock. Counted with what the cart already holds of the same product and options.
 */
function lineCheck(ctx: ShopContext, visitorId: string, line: LineRequest): SqlFragment {
  const q = line.quantity;
  return sql`SELECT CASE
      WHEN NOT ${listedIn(ctx.shop.id)} THEN 'unknown_product'
      WHEN p.type = 'configurable' THEN 'configuration_unavailable'
      WHEN pr.package_price IS NULL THEN 'unknown_product'
      WHEN p.reached_eol = 1 THEN 'end_of_life'
      WHEN p.stock_qty <= 0 THEN 'out_of_stock'
      WHEN e.offer_id IS NOT NULL THEN 'offer_line_fixed'
      WHEN (e.quantity + ${q}) * p.package_content + 1e-9 < p.min_order_qty THEN 'minimum_order_quantity'
      WHEN e.quantity + ${q} > p.stock_qty OR e.quantity + ${q} > ${MAX_QUANTITY} THEN 'quantity_unavailable'
    END AS refusal, p.min_order_qty, p.unit, MAX(0, p.stock_qty - e.quantity) AS available
    FROM ${shopProductFrom(ctx, line.sku)}
    CROSS JOIN (SELECT COALESCE(MAX(ci.quantity), 0) AS quantity, MAX(ci.offer_id) AS offer_id FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
      WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${ctx.shop.id} AND ci.sku = ${line.sku} AND ci.kind = 'product'
        AND ci.options = ${optionsKey(line.options)}) e`;
}

/** Checks and writes the lines in one transaction (nothing written when one is refused) and reads the cart back. */
async function writeLines(
  ctx: VisitorContext,
  lines: LineRequest[],
): Promise<{ refused: { line: LineRequest; refusal: Refusal } | null; rows: CartLineRow[] }> {
  const now = ctx.now.toISOString();
  const shop = ctx.shop.id;
  const outcome = await runGuardedBatch<CheckRow>(ctx, (visitorId, holds) => ({
    checks: lines.map((line) => lineCheck(ctx, visitorId, line)),
    writes: [
      ensureCart(visitorId, shop, ctx.now, holds),
      ...lines.map(
        (line) => sql`INSERT INTO cart_items (cart_id, sku, kind, options, quantity, desired_date, added_at, package_content)
          SELECT c.id, ${line.sku}, 'product', ${optionsKey(line.options)}, ${line.quantity},
            ${line.desiredDate === undefined ? null : JSON.stringify(line.desiredDate)}, ${now}, ${currentPackageContent(line.sku)}
          FROM carts c WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shop} AND ${holds}
          ON CONFLICT (cart_id, sku, kind, options) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity,
            desired_date = COALESCE(excluded.desired_date, cart_items.desired_date), package_content = excluded.package_content`,
      ),
    ],
    reads: [cartLines(visitorId, shop, ctx.language)],
  }));
  const index = outcome.refusal ? outcome.checks.indexOf(outcome.refusal) : -1;
  return {
    refused: outcome.refusal ? { line: lines[index]!, refusal: outcome.refusal } : null,
    rows: outcome.reads[0]!.results as CartLineRow[],
  };
}

/** Picks the product a configuration stands for, after checking every option against the product's attributes. */
export async function resolveConfiguration(
  ctx: ShopContext,
  product: CommerceProduct,
  options: Record<string, string>,
  field: string,
): Promise<{ product: CommerceProduct; options: Record<string, string> }> {
  const attributes = product.configurableAttributes;
  if (product.type !== "configurable" || attributes.length === 0) {
    if (Object.keys(options).length > 0) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
    return { product, options: {} };
  }
  const known = new Set(attributes.map((a) => a.code));
  for (const code of Object.keys(options)) if (!known.has(code)) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
  let index = -1;
  for (const [position, attribute] of attributes.entries()) {
    const value = options[attribute.code];
    const optionIndex = attribute.options.findIndex((option) => option.value === value);
    if (value === undefined || optionIndex < 0) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
    if (position === 0) index = optionIndex;
  }
  const variant = variantAt(product.sku, await childProducts(ctx, product.sku), index);
  const chosen = variant ?? product;
  if (!isListed(chosen) || chosen.packagePrice === null) throw invalid(field, MESSAGES.configurationUnavailable, "configuration_unavailable");
  return { product: chosen, options: Object.fromEntries(attributes.map((a) => [a.code, options[a.code]!])) };
}

export async function addLines(ctx: VisitorContext, lines: LineRequest[]): Promise<Reply<CartAddAnswer>> {
  const { refused, rows } = await writeLines(ctx, lines);
  if (refused) throw refusalFailure(ctx, refused.line.field, refused.refusal);
  return reply({ ...cartView(ctx, rows), addToCartCount: lines.reduce((sum, line) => sum + line.quantity, 0) });
}

/** A configurable product as the visitor chose it: refused when unknown or at its end of life, else its variant. */
async function chooseVariant(ctx: ShopContext, sku: string, options: Record<string, string>, field: string, optionsField: string) {
  const product = await findProduct(ctx, sku);
  if (!isListed(product)) throw refusalFailure(ctx, field, { refusal: "unknown_product" });
  if (product.reachedEol) throw refusalFailure(ctx, field, { refusal: "end_of_life" });
  return resolveConfiguration(ctx, product, options, optionsField);
}

/** GET /apiv2/cart/ */
export async function getCart(ctx: VisitorContext): Promise<Reply<Cart>> {
  return reply(await readCart(ctx));
}

/** POST /apiv2/cart/ { sku | productId, quantity, desiredDate?, configurableOptions? } */
export async function postCart(ctx: VisitorContext): Promise<Reply<CartAddAnswer>> {
  const body = validate(addSchema(ctx.now), await readJson(ctx.request));
  const sku = body.sku ?? body.productId;
  if (!sku) throw missingFields(["sku"]);
  const line = { sku, quantity: body.quantity, options: {}, desiredDate: body.desiredDate, field: "sku" };
  const options = body.configurableOptions ?? {};
  if (Object.keys(options).length === 0) {
    // A product sold as it is: checked and written in one round trip.
    const { refused, rows } = await writeLines(ctx, [line]);
    if (!refused) return reply({ ...cartView(ctx, rows), addToCartCount: line.quantity });
    if (refused.refusal.refusal !== "configuration_unavailable") throw refusalFailure(ctx, "sku", refused.refusal);
  }
  const chosen = await chooseVariant(ctx, sku, options, "sku", "configurableOptions");
  return addLines(ctx, [{ ...line, sku: chosen.product.sku, options: chosen.options }]);
}

const formSchema = z.object({
  form_key: z.string({ required_error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(64),
  product: skuSchema,
  related_product: skuSchema.optional(),
  qty: quantityTextSchema,
});

/** POST /configuration/cart/add: form data with form_key, product, related_product and the selected option name/value pairs. */
export async function configurationCartAdd(ctx: VisitorContext): Promise<Reply<CartAddAnswer>> {
  const type = ctx.request.headers.get("content-type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) throw fail(415, MESSAGES.invalid, "unsupported_media_type");
  let form: FormData;
  try {
    form = await ctx.request.formData();
  } catch {
    throw fail(400, MESSAGES.invalid, "malformed_form");
  }
  const fields: Record<string, string> = {};
  const options: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") throw fail(400, MESSAGES.invalid, "malformed_form");
    if (["form_key", "product", "related_product", "qty"].includes(name)) fields[name] = value;
    else {
      const match = /^(?:options|super_attribute|selected_options)\[([^\]]+)\]$/.exec(name);
      options[match ? match[1]! : name] = value;
    }
  }
  if (fields.related_product === "") delete fields.related_product;
  const parsed = validate(formSchema, fields);
  const chosen = await chooseVariant(ctx, parsed.product, options, "product", "selected_options");
  const lines: LineRequest[] = [{ sku: chosen.product.sku, quantity: parsed.qty, options: chosen.options, field: "product" }];
  if (parsed.related_product) lines.push({ sku: parsed.related_product, quantity: 1, options: {}, field: "related_product" });
  return addLines(ctx, lines);
}

/** PUT /cart/addSampleBySku/{sku}: a free sample into the cart (one round trip); data is the new mini-cart item count. */
export async function addSampleBySku(ctx: VisitorContext, params: Params): Promise<Reply<number>> {
  const sku = validate(z.object({ sku: skuSchema }), { sku: decodeURIComponent(params.sku ?? "") }).sku;
  const now = ctx.now.toISOString();
  const shop = ctx.shop.id;
  const outcome = await runGuardedBatch<CheckRow>(ctx, (visitorId, holds) => ({
    checks: [sampleCheck(ctx, sku)],
    writes: [
      ensureCart(visitorId, shop, ctx.now, holds),
      sql`INSERT INTO cart_items (cart_id, sku, kind, options, quantity, added_at)
        SELECT c.id, ${sku}, 'sample', '{}', 1, ${now} FROM carts c WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shop} AND ${holds}
          AND (SELECT COUNT(*) FROM cart_items WHERE cart_id = c.id AND kind = 'sample') < ${SAMPLE_SLOT_COUNT}
        ON CONFLICT (cart_id, sku, kind, options) DO NOTHING`,
    ],
    reads: [
      sql`SELECT COUNT(*) AS n, SUM(ci.kind = 'sample' AND ci.sku = ${sku}) AS has FROM carts c JOIN cart_items ci ON ci.cart_id = c.id
        WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shop}`,
    ],
  }));
  if (outcome.refusal) throw refusalFailure(ctx, "sku", outcome.refusal);
  const counted = (outcome.reads[0]!.results[0] ?? { n: 0, has: 0 }) as { n: number; has: number | null };
  if (!counted.has) throw sampleCartFull();
  return reply(counted.n);
}

/** A cart line id in the path: 1 to 15 ASCII digits without a leading zero. Anything else names no line of anyone's cart: 404. */
function itemIdOf(params: Params): number {
  const raw = params.itemId ?? "";
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw notFound();
  return Number(raw);
}

const SAMPLE_QUANTITY_MESSAGE = "A sample's quantity is always 1";
const quantityBodySchema = z.object({ quantity: quantitySchema }).strict();

type LineRefusal = { refusal: "not_found" } | { refusal: "sample_quantity" };
type LineChangeCheck = CheckRow | LineRefusal;

/**
 * The rules of a new quantity for line `itemId` of the visitor's cart, in the order of the
 * cart add: the line is the visitor's (else not_found: another visitor's line is as unknown
 * as a line that never was) and a product's (a sample stays at 1); its product is still
 * sold, priced, not at its end of life, in stock; the quantity reaches the minimum order
 * quantity and, with the cart's other lines of the product, fits the stock.
 */
function quantityCheck(ctx: ShopContext, visitorId: string, itemId: number, quantity: number): SqlFragment {
  const others = sql`(SELECT COALESCE(SUM(o.quantity), 0) FROM cart_items o WHERE o.cart_id = ci.cart_id AND o.sku = ci.sku AND o.kind = 'product' AND o.id <> ci.id)`;
  return sql`SELECT CASE
      WHEN ci.id IS NULL THEN 'not_found'
      WHEN ci.kind = 'sample' THEN 'sample_quantity'
      WHEN ci.offer_id IS NOT NULL THEN 'offer_line_fixed'
      WHEN NOT ${listedIn(ctx.shop.id)} OR pr.package_price IS NULL THEN 'unknown_product'
      WHEN p.reached_eol = 1 THEN 'end_of_life'
      WHEN p.stock_qty <= 0 THEN 'out_of_stock'
      WHEN ${quantity} * p.package_content + 1e-9 < p.min_order_qty THEN 'minimum_order_quantity'
      WHEN ${quantity} + ${others} > p.stock_qty THEN 'quantity_unavailable'
    END AS refusal, p.min_order_qty, p.unit, MAX(0, p.stock_qty - ${others}) AS available
    FROM (SELECT 1) one
    LEFT JOIN (SELECT * FROM cart_items WHERE ${ownCartItem(visitorId, ctx.shop.id, itemId)}) ci ON 1
    LEFT JOIN products p ON p.sku = ci.sku
    LEFT JOIN prices pr ON pr.sku = ci.sku AND pr.shop_id = ${ctx.shop.id}`;
}

/** The refusal of a line change as the cart add words it; 404 for a line that is not the visitor's. */
function lineChangeFailure(ctx: ShopContext, refusal: Refusal | LineRefusal) {
  if (refusal.refusal === "not_found") return notFound();
  if (refusal.refusal === "sample_quantity") return invalid("quantity", SAMPLE_QUANTITY_MESSAGE, "sample_quantity");
  return refusalFailure(ctx, refusal.refusal === "minimum_order_quantity" ? "quantity" : "itemId", refusal);
}

/** PUT /apiv2/cart/items/{itemId} { quantity }: the line's new quantity (packages, 1..MAX_QUANTITY) -> the cart as GET /apiv2/cart/ answers it. */
export async function putCartItem(ctx: VisitorContext, params: Params): Promise<Reply<Cart>> {
  const itemId = itemIdOf(params);
  const { quantity } = validate(quantityBodySchema, await readJson(ctx.request));
  // Without a token there is no cart, so no line to change (and no visitor is created for it).
  if (!ctx.visitorState.tokenHash) throw notFound();
  const shop = ctx.shop.id;
  const outcome = await runGuardedBatch<LineChangeCheck>(ctx, (visitorId, holds) => ({
    checks: [quantityCheck(ctx, visitorId, itemId, quantity)],
    writes: [setCartItemQuantity(visitorId, shop, itemId, quantity, holds)],
    reads: [cartLines(visitorId, shop, ctx.language)],
  }));
  if (outcome.refusal) throw lineChangeFailure(ctx, outcome.refusal);
  return reply(cartView(ctx, outcome.reads[0]!.results as CartLineRow[]));
}

/** DELETE /apiv2/cart/items/{itemId}: removes the line (a product's or a sample's) -> the cart as GET /apiv2/cart/ answers it. */
export async function deleteCartItemRoute(ctx: VisitorContext, params: Params): Promise<Reply<Cart>> {
  const itemId = itemIdOf(params);
  if (!ctx.visitorState.tokenHash) throw notFound();
  const shop = ctx.shop.id;
  const outcome = await runGuardedBatch<LineChangeCheck>(ctx, (visitorId, holds) => ({
    checks: [sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM cart_items WHERE ${ownCartItem(visitorId, shop, itemId)}) THEN NULL ELSE 'not_found' END AS refusal`],
    writes: [deleteCartItem(visitorId, shop, itemId, holds)],
    reads: [cartLines(visitorId, shop, ctx.language)],
  }));
  if (outcome.refusal) throw lineChangeFailure(ctx, outcome.refusal);
  return reply(cartView(ctx, outcome.reads[0]!.results as CartLineRow[]));
}

/** A line of an accepted offer: packages of a product at the offered package price (minor units). */
export interface OfferLineRequest {
  sku: string;
  quantity: number;
  price: number;
  /** The request field the line stands for (named in a refusal). */
  field: string;
}

export interface OfferLinesRequest {
  offerId: string;
  lines: OfferLineRequest[];
  /** The offer's own checks over the state before the writes (SELECTs with a `refusal` column), run first. */
  checks: SqlFragment[];
  /** The offer's own writes, each conditioned on `holds`. */
  writes(holds: SqlFragment): SqlFragment[];
}

export type OfferLinesOutcome = { refusal: string } | { cartItemCount: number };

/** An offer line's product as the cart takes it: still sold as it is, not at its end of life, in stock for the offered packages. */
function offerLineCheck(ctx: ShopContext, line: OfferLineRequest): SqlFragment {
  return sql`SELECT CASE
      WHEN NOT ${listedIn(ctx.shop.id)} OR p.type = 'configurable' OR pr.package_price IS NULL THEN 'unknown_product'
      WHEN p.reached_eol = 1 THEN 'end_of_life'
      WHEN p.stock_qty <= 0 THEN 'out_of_stock'
      WHEN ${line.quantity} > p.stock_qty OR ${line.quantity} > ${MAX_QUANTITY} THEN 'quantity_unavailable'
    END AS refusal, p.min_order_qty, p.unit, MAX(0, COALESCE(p.stock_qty, 0)) AS available
    FROM ${shopProductFrom(ctx, line.sku)}`;
}

/**
 * Puts an accepted offer's lines into the visitor's cart (the offers module gets this from
 * app.ts): each at the offered quantity and price, carrying the offer, in place of the cart's
 * product lines of the same SKU, so an offer accepted again replaces its own lines and nothing
 * doubles. One guarded batch with the offer's own checks and writes: all of it or nothing.
 * Answers the refusal of one of the offer's checks (the caller words it) or the cart's line
 * count; a product's refusal is thrown as the cart add words it.
 */
export async function putOfferLines(ctx: VisitorContext, request: OfferLinesRequest): Promise<OfferLinesOutcome> {
  const now = ctx.now.toISOString();
  const shop = ctx.shop.id;
  const skus = JSON.stringify(request.lines.map((line) => line.sku));
  const outcome = await runGuardedBatch<CheckRow | { refusal: string | null }>(ctx, (visitorId, holds) => ({
    checks: [...request.checks, ...request.lines.map((line) => offerLineCheck(ctx, line))],
    writes: [
      ensureCart(visitorId, shop, ctx.now, holds),
      sql`DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE visitor_id = ${visitorId} AND shop_id = ${shop})
        AND kind = 'product' AND sku IN (SELECT value FROM json_each(${skus})) AND ${holds}`,
      ...request.lines.map(
        (line) => sql`INSERT INTO cart_items (cart_id, sku, kind, options, quantity, added_at, offer_id, offer_price, package_content)
          SELECT c.id, ${line.sku}, 'product', '{}', ${line.quantity}, ${now}, ${request.offerId}, ${line.price}, ${currentPackageContent(line.sku)}
          FROM carts c WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shop} AND ${holds}`,
      ),
      ...request.writes(holds),
    ],
    reads: [sql`SELECT COUNT(*) AS n FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${shop}`],
  }));
  if (outcome.refusal) {
    const index = outcome.checks.indexOf(outcome.refusal);
    if (index < request.checks.length) return { refusal: outcome.refusal.refusal };
    throw refusalFailure(ctx, request.lines[index - request.checks.length]!.field, outcome.refusal as Refusal);
  }
  return { cartItemCount: (outcome.reads[0]!.results[0] as { n: number }).n };
}
