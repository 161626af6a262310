/**
 * The checkout quote: GET /apiv2/checkout/quote?country=&postcode=&mode=&desiredDate=&payment=&billingCountry=&vatId=
 * answers what the cart page shows (domain/checkout.ts CheckoutQuote): the lines with what is
 * wrong with them now, the samples, every delivery mode with why it is unavailable, shipping,
 * totals with tax, what prepayment saves, the payment methods, and `expectedTotal`, the grand
 * total the order will be placed at for that mode and payment method (pricing.ts prices both).
 *
 * Country defaults to the visitor's shipping country (PUT /apiv2/shipping/costs/country),
 * mode to standard. Malformed parameters are 422 naming the parameter; a country the shop
 * does not deliver to, a mode the cart cannot have, or a requested date outside its bounds
 * are answers, not errors: the quote says why (`modes[].reason`, `problems`), prices the
 * mode asked for when it is available and standard otherwise (`mode`).
 *
 * The voucher applied to the cart (checkout/voucher.ts) comes off after the discount
 * (pricing.ts); one that can no longer be used is left out and named in `notices`.
 *
 * The checkout page sends the billing address's country and VAT ID once the VAT ID is filled in:
 * under the reverse charge (domain/invoicing.ts isReverseCharge; docs/decisions/0075) the lines and
 * totals are the nets, the tax 0 with the reverse-charge note, as the order will be placed. The cart
 * page sends neither and quotes the shop's prices with VAT to everyone. A VAT ID that does not fit the
 * billing country quotes with VAT (the order form refuses it).
 *
 * A read: the visitor row, the cart's lines and its voucher in one D1 round trip, nothing written.
 */
import { z } from "zod";
import { DELIVERY_MODES, type CheckoutProblem, type CheckoutQuote, type DeliveryModeCode, type QuoteLine, type QuoteSample } from "@domain/checkout";
import { isCalendarDate } from "@domain/calendar-date";
import { countryName } from "@domain/countries";
import { isReverseCharge } from "@domain/invoicing";
import { formatQuantity, includedTax, money } from "@domain/money";
import { isVatIdOf, normalizeVatId } from "@domain/vat-id";
import { PREPAYMENT_DISCOUNT_PERCENT, prepaymentDiscount } from "@domain/prepayment";
import { MAX_QUANTITY } from "@domain/quantity";
import { slugPath } from "@domain/routes";
import { PAYMENT_METHODS } from "@config/shop-config";
import { reverseChargeLabel, taxLabel, unitLabel } from "@worker/lib/labels";
import type { ShopContext } from "../core/context";
import { FREE_SHIPPING_FROM } from "../core/delivery-rules";
import { MESSAGES } from "../core/envelope";
import { queryParams } from "../core/query-params";
import { offeredPaymentMethods } from "../core/payments/registry";
import { validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import { packageContentBefore, type CartLineRow } from "../tables/carts";
import { readCheckoutCart, type CheckoutCart } from "./cart-read";
import { CHECKOUT_MESSAGES } from "./messages";
import {
  cartVoucher,
  chargeMode,
  desiredDateProblem,
  MAX_ORDER_LINES,
  modeRule,
  noFreeShipping,
  paymentDiscount,
  priceCart,
  totalsOf,
  type CartPricing,
  type Totals,
} from "./pricing";
import { ORDER_FORM_TEXTS } from "../core/order-form-texts";

const refused = (message: string, code: string) => ({ message, params: { code } });

export type QuoteQuery = z.infer<ReturnType<typeof quoteSchema>>;

/** The quote's query parameters (also taken by the voucher routes, which answer the quote). */
export const quoteQuery = (ctx: ShopContext): QuoteQuery => validate(quoteSchema(ctx), queryParams(ctx.url));

function quoteSchema(ctx: ShopContext) {
  const offered = offeredPaymentMethods(ctx.shop, ctx.env).map((method) => method.code as string);
  return z
    .object({
      country: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, CHECKOUT_MESSAGES.country)
        .optional(),
      postcode: z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9 -]{1,10}$/, MESSAGES.postcode)
        .optional(),
      mode: z.enum(DELIVERY_MODES, { errorMap: () => ({ message: CHECKOUT_MESSAGES.deliveryMode }) }).optional(),
      desiredDate: z
        .string()
        .refine((date) => isCalendarDate(date), refused(CHECKOUT_MESSAGES.date, "invalid_date"))
        .optional(),
      billingCountry: z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^[a-z]{2}$/, CHECKOUT_MESSAGES.country)
        .optional(),
      vatId: z.string().max(40, ORDER_FORM_TEXTS.vatId).transform(normalizeVatId).optional(),
      payment: z
        .string()
        .superRefine((method, issues) => {
          if (!(PAYMENT_METHODS as readonly string[]).includes(method))
            issues.addIssue({ code: "custom", ...refused(CHECKOUT_MESSAGES.paymentUnknown, "payment_method_unknown") });
          else if (!offered.includes(method))
            issues.addIssue({ code: "custom", ...refused(CHECKOUT_MESSAGES.paymentUnavailable, "payment_method_unavailable") });
        })
        .optional(),
    })
    .superRefine((query, issues) => {
      if (query.desiredDate !== undefined && query.mode !== "requested_date")
        issues.addIssue({
          code: "custom",
          path: ["desiredDate"],
          message: CHECKOUT_MESSAGES.desiredDateNotAllowed,
          params: { code: "desired_date_not_allowed" },
        });
    });
}

/** What is wrong with a product line now, in the order the order checks it (place-order.ts lineCheck); `others`: packages of the same product in the cart's other lines. */
function lineProblem(ctx: ShopContext, row: CartLineRow, others: number): QuoteLine["problem"] {
  if (row.listed !== 1 || row.package_price === null) return { code: "unknown_product" };
  if (row.reached_eol === 1) return { code: "end_of_life" };
  if (row.stock_qty <= 0) return { code: "out_of_stock" };
  if (row.quantity + others > row.stock_qty) return { code: "quantity_unavailable", params: { available: Math.max(0, row.stock_qty - others) } };
  if (row.quantity * row.package_content + 1e-9 < row.min_order_qty)
    return {
      code: "minimum_order_quantity",
      params: { value: formatQuantity(row.min_order_qty, ctx.language), unit: unitLabel(row.unit, ctx.language) },
    };
  return null;
}

const linkOf = (ctx: ShopContext, row: CartLineRow) => (row.listed === 1 && row.slug ? slugPath(ctx.shop, ctx.language, row.slug) : null);
const imageOf = (row: CartLineRow) => (row.image ? { src: row.image, alt: row.title } : null);

/** The product lines; under the reverse charge at their nets (`totals.lines`, the package price without its tax). */
function quoteLines(ctx: ShopContext, pricing: CartPricing, totals: Totals): QuoteLine[] {
  const m = (minor: number) => money(minor, ctx.shop.currency, ctx.language);
  const perSku = new Map<string, number>();
  for (const row of pricing.products) perSku.set(row.sku, (perSku.get(row.sku) ?? 0) + row.quantity);
  return pricing.priced
    .map((p, index) => ({ ...p, total: totals.lines[index]!, price: totals.reverseCharge ? p.price - includedTax(p.price, p.taxRate) : p.price }))
    .filter((p) => p.line.kind === "product")
    .map(({ line: row, price, total, offerId, offerExpired }): QuoteLine => {
      const others = perSku.get(row.sku)! - row.quantity;
      const minimum = row.package_content > 0 ? Math.ceil(row.min_order_qty / row.package_content - 1e-9) : 1;
      return {
        itemId: row.id,
        sku: row.sku,
        kind: "product",
        name: row.title,
        link: linkOf(ctx, row),
        image: imageOf(row),
        quantity: row.quantity,
        packageContent: row.package_content,
        packageContentBefore: packageContentBefore(row),
        unit: row.unit,
        unitLabel: unitLabel(row.unit, ctx.language),
        packagePrice: m(price),
        unitPrice: m(offerId !== null && !offerExpired && row.package_content > 0 ? Math.round(price / row.package_content) : (row.unit_price ?? 0)),
        rowTotal: m(total),
        minimumQuantity: Math.min(MAX_QUANTITY, Math.max(1, minimum)),
        maxQuantity: Math.min(MAX_QUANTITY, Math.max(1, row.stock_qty - others)),
        offerId,
        problem: offerExpired ? { code: "offer_expired" } : lineProblem(ctx, row, others),
      };
    });
}

/** The country a quote is for: the one asked for, else the visitor's shipping country, else the shop's own. */
function countryOf(ctx: VisitorContext, asked: string | undefined): string {
  if (asked) return asked;
  const chosen = ctx.visitorState.visitor?.shippingCountry;
  return chosen && ctx.shop.deliveryCountries.includes(chosen) ? chosen : ctx.shop.homeCountry;
}

/** The quote of the visitor's cart (the rows read) for the query. */
export function buildQuote(ctx: VisitorContext, rows: CartLineRow[], query: QuoteQuery, applied: CheckoutCart["applied"] = null): CheckoutQuote {
  const { currency, taxRate } = ctx.shop;
  const m = (minor: number) => money(minor, currency, ctx.language);
  const country = countryOf(ctx, query.country);
  const pricing = priceCart(ctx, rows, { country, postcode: query.postcode, hasAccount: ctx.visitorState.visitor?.hasAccount ?? false });
  const asked: DeliveryModeCode = query.mode ?? "standard";
  const mode: DeliveryModeCode = modeRule(pricing, asked).available ? asked : "standard";
  const hasProducts = pricing.products.length > 0;
  const deliverable = hasProducts && pricing.delivery.isDeliverable && pricing.delivery.standard !== null;

  const problems: CheckoutProblem[] = [];
  if (!hasProducts) problems.push("cart_empty");
  else if (!deliverable) problems.push("not_deliverable");
  if (rows.length > MAX_ORDER_LINES) problems.push("too_many_lines");
  let desiredDate = query.desiredDate;
  if (deliverable && mode === "requested_date") {
    const problem = desiredDateProblem(desiredDate, pricing.desiredDate!);
    if (problem && problem !== "invalid_date") problems.push(problem);
    if (problem) desiredDate = undefined;
  }

  const charged = deliverable ? chargeMode(pricing, mode, desiredDate) : null;
  const shipping = charged?.shipping ?? 0;
  const { voucher, dropped } = cartVoucher(ctx, applied);
  const billing = { countryCode: query.billingCountry ?? "", vatId: query.vatId };
  const reverseCharge =
    ctx.shop.seller !== null &&
    query.vatId !== undefined &&
    isVatIdOf(query.vatId, billing.countryCode) &&
    isReverseCharge(ctx.shop.seller.countryCode, billing, country);
  const totals = totalsOf(pricing.priced, paymentDiscount(query.payment ?? null, pricing.goods), shipping, taxRate, voucher?.amount, reverseCharge);
  const lines = quoteLines(ctx, pricing, totals);
  for (const line of lines) if (line.problem && !problems.includes(line.problem.code)) problems.push(line.problem.code);
  const standard = pricing.delivery.standard;
  const express = pricing.delivery.express;
  const notFree = noFreeShipping(ctx, pricing, country);

  return {
    currency,
    country: { code: country, name: countryName(country, ctx.language) },
    countries: ctx.shop.deliveryCountries.map((code) => ({ code, name: countryName(code, ctx.language) })),
    lines,
    samples: rows
      .filter((row) => row.kind === "sample")
      .map((row): QuoteSample => ({ itemId: row.id, sku: row.sku, name: row.title, link: linkOf(ctx, row), image: imageOf(row) })),
    modes: pricing.modes.map((rule) => ({
      mode: rule.mode,
      available: rule.available,
      reason: rule.reason,
      cost: rule.shipping === null ? null : m(rule.shipping),
      date: rule.date,
      latestDate: rule.latestDate,
    })),
    mode,
    desiredDate: deliverable ? pricing.desiredDate : null,
    shipping:
      deliverable && standard
        ? {
            group: pricing.delivery.shippingGroup,
            cost: m(shipping),
            isFree: mode !== "express" && standard.isFree,
            freeFrom: notFree === null ? m(FREE_SHIPPING_FROM) : null,
            noFreeShipping: notFree,
            isIsland: pricing.delivery.isIsland,
            surcharges: [
              ...standard.surcharges.map((surcharge) => ({ type: surcharge.type, amount: m(surcharge.amount) })),
              ...(mode === "express" && express ? [{ type: "express" as const, amount: m(express.fee) }] : []),
            ],
          }
        : null,
    prepayment: { percent: PREPAYMENT_DISCOUNT_PERCENT, saving: m(prepaymentDiscount(pricing.goods)) },
    paymentMethods: offeredPaymentMethods(ctx.shop, ctx.env),
    voucher: voucher ? { code: voucher.code, amount: m(voucher.amount), validUntil: voucher.validUntil } : null,
    totals: {
      goods: m(totals.goods),
      discount: m(totals.discount),
      voucher: voucher ? m(totals.voucher) : null,
      shipping: m(totals.shipping),
      tax: m(totals.tax),
      taxLabel: reverseCharge ? reverseChargeLabel(ctx.language) : taxLabel(taxRate, ctx.language),
      grand: m(totals.grand),
    },
    notices: dropped ? [{ code: dropped.refusal, params: { code: dropped.code } }] : [],
    expectedTotal: totals.grand,
    canCheckout: problems.length === 0,
    problems,
  };
}

/** GET /apiv2/checkout/quote */
export async function getQuote(ctx: VisitorContext): Promise<Reply<CheckoutQuote>> {
  const query = quoteQuery(ctx);
  // The visitor (its account and shipping country), its lines and its voucher in one round trip; no token, no cart.
  const { rows, applied } = await readCheckoutCart(ctx);
  return reply(buildQuote(ctx, rows, query, applied));
}
