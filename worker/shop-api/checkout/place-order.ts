/**
 * Placing an order (docs/decisions/0035-orders.md): POST /apiv2/checkout/order
 * places the visitor's cart as an order, and GET /apiv2/checkout/order/{number} shows it
 * to the visitor who placed it.
 *
 * The cart holds no prices (they are read live), so the order is re-priced from D1 here,
 * by the same pricing as the cart page's quote (pricing.ts); the client may send
 * `expectedTotal`, the grand total it showed (the quote's), and gets 409 `price_changed`
 * with the new values when it differs. One guarded batch
 * (core/guarded-batch.ts) then checks every line again over the state it writes on (price,
 * tax rate, stock, minimum order quantity, end of life, the cart unchanged), takes the
 * shop's next order number, writes the order and its lines, takes the stock, empties the
 * cart and enqueues the confirmation mail: all of it or nothing. D1 runs one batch at a
 * time, so of two orders for the last packages exactly one passes its stock check.
 *
 * A voucher applied to the cart (checkout/voucher.ts) is priced as the quote prices it and
 * redeemed by the same batch, whose check refuses a code another order redeemed first (409
 * `voucher_redeemed`, nothing written): one code, one order. A code that can no longer be used
 * is left out as the quote leaves it out (with its notice); the order then goes through only
 * when the client sent the total without it as `expectedTotal`, else it is refused with the
 * code's refusal, so nobody pays more than they saw without being told.
 */
import type { PlacedOrder, VisitorOrderView } from "@domain/api/orders";
import { orderFormSchema, type OrderAddress, type OrderForm } from "@domain/checkout-form";
import type { CustomerType } from "@domain/account";
import { countryName } from "@domain/countries";
import { withdrawalRightRefusal } from "@domain/withdrawal-right";
import { isReverseCharge } from "@domain/invoicing";
import { formatMoney, formatQuantity, includedTax } from "@domain/money";
import { PAYMENT_METHODS, type PaymentMethod } from "@config/shop-config";
import { unitLabel } from "@worker/lib/labels";
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { sha256Hex } from "../core/auth";
import { berlinTime } from "../core/berlin-time";
import { STORAGE_MINIMUM_ORDER_VALUE } from "../core/delivery-rules";
import { inProgress, keyReused } from "../core/idempotency";
import { ApiFailure, fail, invalid, MESSAGES, missingFields, notFound } from "../core/envelope";
import { runGuardedBatch } from "../core/guarded-batch";
import { outboxInsert } from "../core/mail/outbox";
import { sendOutboxSoon } from "../core/mail/sender";
import { isOfflineMethod, isPaymentMethodOffered, paymentProviderFor } from "../core/payments/registry";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import type { CartLineRow } from "../tables/carts";
import { insertOrder, insertOrderLine, selectOrderById, selectOrderByNumber, selectOrderLines, takeOrderNumber } from "../tables/orders";
import type { DeliveryMode, OrderLineRow, OrderRow } from "../tables/orders";
import { markPaymentPending, type OrderPaymentColumns } from "../tables/order-payments";
import { orderView } from "../tables/order-view";
import { listedIn } from "../tables/products";
import { cartVoucherIs, redeemVoucher, setCartVoucher, voucherUsable, type VoucherRefusal } from "../tables/vouchers";
import { readCheckoutCart } from "./cart-read";
import { ORDER_FORM_TEXTS } from "../core/order-form-texts";
import { CHECKOUT_MESSAGES } from "./messages";
import {
  cartVoucher,
  chargeMode,
  desiredDateProblem,
  MAX_ORDER_LINES,
  modeRule,
  paymentDiscount,
  priceCart,
  totalsOf,
  type CartPricing,
  type DeliverySummary,
  type PricedLine,
} from "./pricing";
import { paymentAlternatives, paymentOpening, paymentProgress, startPayment } from "./payments";
import { voucherFailure } from "./voucher";

type Address = OrderAddress;
type OrderBody = OrderForm;
/** The order body's schema per shop (its delivery countries), the same the checkout page validates with. */
const ORDER_SCHEMAS = new Map<string, ReturnType<typeof orderFormSchema>>();
function orderSchemaOf(shop: ShopContext["shop"]): ReturnType<typeof orderFormSchema> {
  let schema = ORDER_SCHEMAS.get(shop.id);
  if (!schema) ORDER_SCHEMAS.set(shop.id, (schema = orderFormSchema(ORDER_FORM_TEXTS, shop.deliveryCountries)));
  return schema;
}

function refusePayment(ctx: ShopContext, method: string): PaymentMethod {
  if (!(PAYMENT_METHODS as readonly string[]).includes(method)) throw invalid("paymentMethod", CHECKOUT_MESSAGES.paymentUnknown, "payment_method_unknown");
  const known = method as PaymentMethod;
  // Online methods only with a usable payment provider (core/payments).
  if (!isPaymentMethodOffered(ctx.shop, ctx.env, known)) throw invalid("paymentMethod", CHECKOUT_MESSAGES.paymentUnavailable, "payment_method_unavailable");
  return known;
}

/** The delivery mode's rules (pricing.ts): refused with the reason, else the shipping cost and the dates quoted. */
function deliveryFor(ctx: VisitorContext, body: OrderBody, pricing: CartPricing) {
  const mode = body.deliveryMode;
  if (!pricing.delivery.isDeliverable || !pricing.desiredDate)
    throw invalid("shippingAddress.countryCode", MESSAGES.countryNotDeliverable, "country_not_deliverable");
  if (mode !== "requested_date" && body.desiredDate !== undefined)
    throw invalid("desiredDate", CHECKOUT_MESSAGES.desiredDateNotAllowed, "desired_date_not_allowed");
  const rule = modeRule(pricing, mode);
  if (!rule.available) {
    if (mode === "express") throw invalid("deliveryMode", CHECKOUT_MESSAGES.expressUnavailable, "express_unavailable", { reason: rule.reason ?? "items" });
    // Standard and a requested date are available wherever the cart is deliverable: what is left is storage on call.
    if (rule.reason === "account_required") throw invalid("deliveryMode", CHECKOUT_MESSAGES.storageAccount, "storage_account_required");
    const value = formatMoney(STORAGE_MINIMUM_ORDER_VALUE, ctx.shop.currency, ctx.language);
    throw invalid("deliveryMode", CHECKOUT_MESSAGES.storageMinimum.replace("{value}", value), "storage_minimum_order_value", { value });
  }
  if (mode === "requested_date") {
    const bounds = pricing.desiredDate;
    switch (desiredDateProblem(body.desiredDate, bounds)) {
      case "desired_date_required":
        throw missingFields(["desiredDate"]);
      case "invalid_date":
        throw invalid("desiredDate", CHECKOUT_MESSAGES.date, "invalid_date");
      case "desired_date_too_early":
        throw invalid("desiredDate", CHECKOUT_MESSAGES.desiredDateTooEarly.replace("{date}", bounds.earliest), "desired_date_too_early", {
          earliest: bounds.earliest,
        });
      case "desired_date_too_late":
        throw invalid("desiredDate", CHECKOUT_MESSAGES.desiredDateTooLate, "desired_date_too_late");
      case null:
        break;
    }
  }
  return chargeMode(pricing, mode, body.desiredDate);
}

interface LineCheck {
  refusal: string | null;
  line?: number;
  sku?: string;
  price?: number | null;
  available?: number | null;
  min_order_qty?: number | null;
  unit?: string | null;
}

/**
 * A line's rules over the state the batch writes on: sold, not at its end of life, the same price (an offer's line: its
 * offer still accepted and valid at the offered price) and tax rate, in stock for every line of the SKU, at least the
 * minimum order quantity.
 */
function lineCheck(ctx: ShopContext, index: number, p: PricedLine, skuQuantity: number): SqlFragment {
  const today = berlinTime(ctx.now).date;
  const offerGone =
    p.offerId === null
      ? sql`0`
      : sql`NOT EXISTS (SELECT 1 FROM cart_items ci JOIN offers o ON o.id = ci.offer_id WHERE ci.id = ${p.line.id} AND ci.offer_price = ${p.price}
          AND o.state = 'accepted' AND o.valid_until >= ${today})`;
  const priceChanged = p.offerId === null ? sql`pr.package_price <> ${p.price}` : sql`0`;
  return sql`SELECT CASE
      WHEN NOT ${listedIn(ctx.shop.id)} THEN 'unknown_product'
      WHEN p.reached_eol = 1 THEN 'end_of_life'
      WHEN ${offerGone} THEN 'offer_expired'
      WHEN pr.package_price IS NULL OR ${priceChanged} OR pr.tax_rate <> ${p.taxRate} THEN 'price_changed'
      WHEN p.stock_qty <= 0 THEN 'out_of_stock'
      WHEN ${skuQuantity} > p.stock_qty THEN 'quantity_unavailable'
      WHEN ${p.line.quantity} * p.package_content + 1e-9 < p.min_order_qty THEN 'minimum_order_quantity'
    END AS refusal, ${index} AS line, ${p.line.sku} AS sku, pr.package_price AS price, MAX(0, COALESCE(p.stock_qty, 0)) AS available, p.min_order_qty, p.unit
    FROM (SELECT ${p.line.sku} AS sku) k LEFT JOIN products p ON p.sku = k.sku LEFT JOIN prices pr ON pr.sku = k.sku AND pr.shop_id = ${ctx.shop.id}`;
}

/** The keyed order's id is not taken yet (a repeat of the same request may have read the cart before the first run wrote). */
const orderNotPlaced = (orderId: string): SqlFragment =>
  sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM orders WHERE id = ${orderId}) THEN 'order_placed' END AS refusal`;

/** The cart is still what was priced: the same lines with the same quantities (a second order of the same cart finds it empty). */
function cartUnchanged(ctx: ShopContext, visitorId: string, lines: CartLineRow[]): SqlFragment {
  const same = joinSql(
    lines.map((line) => sql`(ci.id = ${line.id} AND ci.quantity = ${line.quantity})`),
    " OR ",
  );
  return sql`SELECT CASE WHEN COUNT(*) <> ${lines.length} OR SUM(CASE WHEN ${same} THEN 1 ELSE 0 END) <> ${lines.length} THEN 'cart_changed' END AS refusal
    FROM carts c JOIN cart_items ci ON ci.cart_id = c.id WHERE c.visitor_id = ${visitorId} AND c.shop_id = ${ctx.shop.id}`;
}

function refusalFailure(ctx: ShopContext, refusal: LineCheck, priced: PricedLine[]): ApiFailure {
  const index = refusal.line ?? 0;
  const field = `lines.${index}`;
  const sku = refusal.sku ?? "";
  switch (refusal.refusal) {
    case "cart_changed":
      return fail(409, CHECKOUT_MESSAGES.cartChanged, "cart_changed", { field: "cart" });
    case "price_changed":
      return fail(409, CHECKOUT_MESSAGES.priceChanged, "price_changed", {
        field,
        params: { sku, packagePrice: refusal.price ?? 0, previousPackagePrice: priced[index]?.price ?? 0 },
      });
    case "out_of_stock":
      return fail(409, MESSAGES.outOfStock, "out_of_stock", { field, params: { sku, available: 0 } });
    case "quantity_unavailable":
      return fail(409, MESSAGES.quantityUnavailable, "quantity_unavailable", { field, params: { sku, available: refusal.available ?? 0 } });
    case "minimum_order_quantity": {
      const params = {
        sku,
        value: formatQuantity(refusal.min_order_qty ?? 0, ctx.language),
        unit: unitLabel(refusal.unit ?? "", ctx.language),
      };
      return invalid(field, MESSAGES.minimumOrderQuantity.replace("{value}", params.value).replace("{unit}", params.unit), "minimum_order_quantity", params);
    }
    case "end_of_life":
      return invalid(field, MESSAGES.endOfLife, "end_of_life", { sku });
    case "voucher_not_found":
    case "voucher_redeemed":
    case "voucher_expired":
      return voucherFailure(refusal.refusal as VoucherRefusal, "voucher");
    case "voucher_changed":
      return fail(409, CHECKOUT_MESSAGES.priceChanged, "price_changed", { field: "voucher" });
    case "offer_expired":
      return offerExpired(index, sku);
    case "order_placed":
      // The same key's first run placed the order meanwhile: a retry in a second answers from it.
      return inProgress();
    default:
      return invalid(field, MESSAGES.unknownProduct, "unknown_product", { sku });
  }
}

/** 409 for a line whose offer no longer applies (declined, expired, or past its last day): the visitor removes the line. */
const offerExpired = (index: number, sku: string): ApiFailure =>
  fail(409, CHECKOUT_MESSAGES.offerExpired, "offer_expired", { field: `lines.${index}`, params: { sku } });

function addressLines(address: Address, language: string): string[] {
  return [
    `${address.firstname} ${address.lastname}`,
    address.companyName,
    address.street,
    `${address.postcode} ${address.city}`,
    countryName(address.countryCode, language),
  ].filter((part): part is string => Boolean(part));
}

/**
 * The confirmation mail's row, written from the one order view (tables/order-view.ts): what was
 * ordered at which totals, the delivery window the checkout quoted, how to pay, and whether the
 * buyer gets the withdrawal information (a statutory right of withdrawal,
 * domain/withdrawal-right.ts) addressed to the shop's service address. The order number is
 * filled in by the batch that takes it.
 */
function confirmationMail(
  ctx: ShopContext,
  order: Omit<OrderRow, "order_number">,
  lines: OrderLineRow[],
  shipTo: Address,
  withdrawal: boolean,
  holds: SqlFragment,
): SqlFragment {
  const view = orderView({ ...order, order_number: "pending" }, lines, {
    taxRate: ctx.shop.taxRate,
    bankAccount: ctx.shop.bankAccount,
    language: ctx.language,
  });
  const { totals } = view;
  // Every mode but storage on call was quoted with its first and last day (pricing.ts chargeMode).
  const quoted = view.delivery as DeliverySummary;
  const bank = view.paymentInstructions?.bankAccount;
  return outboxInsert(
    {
      shop: ctx.shop,
      language: ctx.language,
      template: "order-confirmation",
      to: order.email,
      params: {
        orderNumber: view.orderNumber,
        name: `${shipTo.firstname} ${shipTo.lastname}`,
        shippingAddress: addressLines(shipTo, ctx.language),
        lines: view.lines.map((line) => ({
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          unit: line.unit.label,
          packagePrice: line.packagePrice.formattedWithCurrency,
          lineTotal: line.lineTotal.formattedWithCurrency,
        })),
        totals: {
          goods: totals.goods.formattedWithCurrency,
          ...(totals.prepaymentDiscount.amount > 0 ? { discount: totals.prepaymentDiscount.formattedWithCurrency } : {}),
          ...(totals.voucher ? { voucher: { code: totals.voucher.code, value: totals.voucher.amount.formattedWithCurrency } } : {}),
          shipping: totals.shipping.formattedWithCurrency,
          tax: totals.tax.amount.formattedWithCurrency,
          taxLabel: totals.tax.label,
          grand: totals.grandTotal.formattedWithCurrency,
        },
        deliveryMode: view.deliveryMode,
        ...(view.deliveryMode === "on_call_storage" ? {} : { delivery: { date: quoted.date, latestDate: quoted.latestDate } }),
        paymentMethod: view.paymentMethod as PaymentMethod,
        ...(bank ? { bankAccount: bank } : {}),
        returnsLink: true,
        ...(withdrawal ? { withdrawal: { email: ctx.shop.serviceAddress } } : {}),
      },
      dedupeKey: `order-confirmation:${order.id}`,
      when: holds,
      fill: { orderNumber: sql`SELECT order_number FROM orders WHERE id = ${order.id}` },
    },
    ctx.now,
  );
}

/** POST /apiv2/checkout/order */
export async function placeOrder(ctx: VisitorContext): Promise<Reply<PlacedOrder>> {
  const body = validate(orderSchemaOf(ctx.shop), await readJson(ctx.request));
  const paymentMethod = refusePayment(ctx, body.paymentMethod);
  const paymentProvider = isOfflineMethod(paymentMethod) ? null : paymentProviderFor(ctx.shop, ctx.env, paymentMethod);
  const shipTo = body.shippingAddress ?? body.billingAddress;
  const countryField = body.shippingAddress ? "shippingAddress.countryCode" : "billingAddress.countryCode";
  if (!ctx.shop.deliveryCountries.includes(shipTo.countryCode)) throw invalid(countryField, MESSAGES.countryNotDeliverable, "country_not_deliverable");

  const { orderId, fingerprint } = await orderIdFor(ctx);
  // A repeat of a keyed placement (a double click, or a retry whose answer was lost) finds its order in the cart's read and
  // answers from it; the same key with another request is refused.
  const { rows, applied, before } = await readCheckoutCart(ctx, () => (fingerprint ? [selectOrderById(orderId)] : []));
  const placed = before[0]?.results[0] as (OrderRow & OrderPaymentColumns) | undefined;
  if (placed) {
    if (placed.request_fingerprint !== fingerprint) throw keyReused();
    if (paymentOpening(placed, ctx.now)) throw inProgress();
    return placedOrderReply(ctx, placed);
  }
  const visitor = ctx.visitorState.visitor;
  const products = rows.filter((row) => row.kind === "product");
  if (!visitor || products.length === 0) throw fail(422, CHECKOUT_MESSAGES.cartEmpty, "cart_empty", { field: "cart" });
  if (rows.length > MAX_ORDER_LINES)
    throw fail(422, CHECKOUT_MESSAGES.tooManyLines.replace("{max}", String(MAX_ORDER_LINES)), "too_many_lines", { field: "cart" });
  const unpriced = rows.findIndex((row) => row.kind === "product" && row.package_price === null);
  if (unpriced >= 0) throw invalid(`lines.${unpriced}`, MESSAGES.unknownProduct, "unknown_product", { sku: rows[unpriced]!.sku });

  const pricing = priceCart(ctx, rows, { country: shipTo.countryCode, postcode: shipTo.postcode, hasAccount: visitor.hasAccount });
  const { priced, goods } = pricing;
  const expired = priced.findIndex((p) => p.offerExpired);
  if (expired >= 0) throw offerExpired(expired, priced[expired]!.line.sku);
  const { shipping, summary } = deliveryFor(ctx, body, pricing);
  const discount = paymentDiscount(paymentMethod, goods);
  const { voucher, dropped } = cartVoucher(ctx, applied);
  // The reverse charge (docs/decisions/0075): the one rule of the invoice, decided once here and kept with the order.
  const reverseCharge = ctx.shop.seller !== null && isReverseCharge(ctx.shop.seller.countryCode, body.billingAddress, shipTo.countryCode);
  const totals = totalsOf(priced, discount, shipping, ctx.shop.taxRate, voucher?.amount, reverseCharge);
  // A voucher left out: only at the total the client saw without it.
  if (dropped && body.expectedTotal !== totals.grand) throw voucherFailure(dropped.refusal, "voucher");
  if (body.expectedTotal !== undefined && body.expectedTotal !== totals.grand)
    throw fail(409, CHECKOUT_MESSAGES.priceChanged, "price_changed", {
      field: "expectedTotal",
      params: {
        expectedTotal: body.expectedTotal,
        grandTotal: totals.grand,
        goodsTotal: totals.goods,
        shipping: totals.shipping,
        discount: totals.discount,
        voucher: totals.voucher,
      },
    });

  // A signed-in customer's type is the account's, read with the visitor (tables/visitors.ts selectVisitor); a guest has none.
  const customerType: CustomerType | null = visitor.customerId ? visitor.customerType : null;
  const withdrawal =
    withdrawalRightRefusal({ shopHomeCountry: ctx.shop.homeCountry, shipToCountry: shipTo.countryCode, billing: body.billingAddress, customerType }) === null;

  const now = ctx.now.toISOString();
  const order: Omit<OrderRow, "order_number"> = {
    id: orderId,
    shop_id: ctx.shop.id,
    language: ctx.language,
    visitor_id: visitor.id,
    email: body.email,
    billing_address: JSON.stringify(body.billingAddress),
    shipping_address: JSON.stringify(shipTo),
    delivery_mode: body.deliveryMode as DeliveryMode,
    desired_date: body.deliveryMode === "requested_date" ? (body.desiredDate ?? null) : null,
    payment_method: paymentMethod,
    currency: ctx.shop.currency,
    goods_total: totals.goods,
    discount_total: totals.discount,
    shipping_total: totals.shipping,
    tax_total: totals.tax,
    grand_total: totals.grand,
    delivery_summary: JSON.stringify(summary),
    state: "placed",
    placed_at: now,
    confirmed_at: null,
    shipped_at: null,
    delivered_at: null,
    cancelled_at: null,
    created_at: now,
    customer_id: visitor.customerId ?? null,
    voucher_code: voucher?.code ?? null,
    voucher_total: totals.voucher,
    reverse_charge: reverseCharge ? 1 : 0,
    version: 0,
    change_claim: null,
    request_fingerprint: fingerprint,
  };
  const lines: OrderLineRow[] = priced.map((p, index) => ({
    order_id: orderId,
    line_no: index + 1,
    sku: p.line.sku,
    kind: p.line.kind,
    name: p.line.title,
    options: p.line.options,
    quantity: p.line.quantity,
    unit: p.line.unit,
    package_content: p.line.package_content,
    // Under the reverse charge the order holds nets: the package price shown without its tax, the line at its net as billed.
    package_price: reverseCharge ? p.price - includedTax(p.price, p.taxRate) : p.price,
    line_total: totals.lines[index]!,
    tax_rate: p.taxRate,
    shipped_qty: 0,
    delivered_qty: 0,
    shipped_at: null,
    delivered_at: null,
    cancelled_at: null,
  }));
  const perSku = new Map<string, number>();
  for (const p of priced) if (p.line.kind === "product") perSku.set(p.line.sku, (perSku.get(p.line.sku) ?? 0) + p.line.quantity);

  const outcome = await runGuardedBatch<LineCheck>(ctx, (visitorId, holds) => ({
    checks: [
      // A keyed repeat that read the cart before the first run wrote its order: refused here, not written twice.
      ...(fingerprint ? [orderNotPlaced(orderId)] : []),
      cartUnchanged(ctx, visitorId, rows),
      ...priced.flatMap((p, index) => (p.line.kind === "product" ? [lineCheck(ctx, index, p, perSku.get(p.line.sku)!)] : [])),
      cartVoucherIs(visitorId, ctx.shop.id, applied?.code ?? null),
      ...(voucher ? [voucherUsable(voucher.code, ctx.shop.id, berlinTime(ctx.now).date, voucher.amount)] : []),
    ],
    writes: [
      takeOrderNumber(ctx.shop.id, holds),
      insertOrder(order, holds),
      ...(paymentProvider ? [markPaymentPending(orderId, paymentProvider.code, now, holds)] : []),
      ...lines.map((line) => insertOrderLine(line, holds)),
      ...[...perSku].map(([sku, quantity]) => sql`UPDATE products SET stock_qty = stock_qty - ${quantity} WHERE sku = ${sku} AND ${holds}`),
      sql`DELETE FROM cart_items WHERE cart_id = (SELECT id FROM carts WHERE visitor_id = ${visitorId} AND shop_id = ${ctx.shop.id}) AND ${holds}`,
      ...(voucher ? [redeemVoucher(voucher.code, orderId, ctx.now, holds)] : []),
      ...(applied ? [setCartVoucher(visitorId, ctx.shop.id, null, holds)] : []),
      confirmationMail(ctx, order, lines, shipTo, withdrawal, holds),
    ],
    reads: [sql`SELECT order_number FROM orders WHERE id = ${orderId}`],
  }));
  if (outcome.refusal) throw refusalFailure(ctx, outcome.refusal, priced);
  const written = outcome.reads[0]!.results[0] as { order_number: string } | undefined;
  if (!written) throw new Error("order batch passed its checks but wrote no order");
  sendOutboxSoon(ctx);
  const placedOrder = { ...order, order_number: written.order_number };
  // An online method: the provider opens the payment now (checkout/payments.ts); the answer's payment.redirectUrl leads there.
  const payment = paymentProvider ? await startPayment(ctx, placedOrder, paymentProvider, 1) : null;
  const view = orderView({ ...placedOrder, payment_state: payment?.state ?? null }, lines, { taxRate: ctx.shop.taxRate, bankAccount: ctx.shop.bankAccount });
  return reply(payment ? { ...view, payment } : view);
}

/** GET /apiv2/checkout/order/{number}: only for the visitor who placed it (anyone else: 404, as for an unknown number). */
export async function getOrder(ctx: VisitorContext, params: Params): Promise<Reply<VisitorOrderView>> {
  const visitor = ctx.visitorState.visitor;
  const number = decodeURIComponent(params.number ?? "");
  if (!visitor || !/^[A-Z]{2,8}-[0-9]{1,12}$/.test(number)) throw notFound();
  const order = await selectOrderByNumber(ctx.shop.id, number).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.visitor_id !== visitor.id) throw notFound();
  return visitorOrderReply(ctx, order);
}

/** The one order view (tables/order-view.ts) of an order as stored, its lines read. */
async function storedOrderView(ctx: VisitorContext, order: OrderRow & OrderPaymentColumns) {
  const { results } = await selectOrderLines(order.id).prepare(ctx.db).all<OrderLineRow>();
  return orderView(order, results, { taxRate: ctx.shop.taxRate, bankAccount: ctx.shop.bankAccount });
}

/** An order as the visitor who placed it reads it. */
async function visitorOrderReply(ctx: VisitorContext, order: OrderRow & OrderPaymentColumns): Promise<Reply<VisitorOrderView>> {
  const view = await storedOrderView(ctx, order);
  if (order.payment_state === null || order.payment_state === "paid") return reply(view);
  // An online payment not paid yet: where it stands, and the methods another try may take instead.
  const progress = order.payment_state === "pending" ? await paymentProgress(ctx, order) : null;
  return reply({ ...view, paymentProgress: progress, paymentAlternatives: paymentAlternatives(ctx, order) });
}

/**
 * A placed order as its placement answered it: the order, and an online payment's state and page. A repeat of a keyed
 * placement gets it, read from what the placement wrote (the order is the key's record: orderIdFor).
 */
async function placedOrderReply(ctx: VisitorContext, order: OrderRow & OrderPaymentColumns): Promise<Reply<PlacedOrder>> {
  const view = await storedOrderView(ctx, order);
  return reply(order.payment_state === null ? view : { ...view, payment: { state: order.payment_state, redirectUrl: order.payment_redirect_url } });
}

/**
 * The new order's id: with an Idempotency-Key (core/idempotency.ts ctx.keyedRequest) derived from the visitor (its token's
 * hash) and the key, UUID-shaped, so a repeat with the same key finds the order its first attempt wrote, and the request's
 * fingerprint the order keeps (the route's key has no row of its own: `handlerKeepsKey`); without one a random UUID.
 */
async function orderIdFor(ctx: VisitorContext): Promise<{ orderId: string; fingerprint: string | null }> {
  const keyed = ctx.keyedRequest;
  const visitorId = ctx.visitorState.tokenHash;
  if (!keyed || !visitorId) return { orderId: crypto.randomUUID(), fingerprint: null };
  const hex = await sha256Hex(`order:${visitorId}:${keyed.key}`);
  return { orderId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`, fingerprint: keyed.fingerprint };
}
