/**
 * Online payments of orders (docs/decisions/0036, 0066), through the shop's payment
 * providers (core/payments):
 *
 * - Placing an order with an online method writes it with payment state `pending` in the
 *   order's batch, then `startPayment` asks the provider to open the payment for attempt 1;
 *   the answer's `payment.redirectUrl` is where the checkout sends the visitor. A provider that
 *   cannot open it (down, refusing) leaves the order placed and its payment pending with no
 *   page (`redirectUrl` null): the success page says so and offers another try; nothing is lost.
 * - `GET /apiv2/checkout/payment/{provider}/return?order=NUMBER`: the visitor back from the
 *   provider; a 303 to the success page (a return proves nothing). A provider whose payments wait
 *   for the shop's capture (PayPal) is asked to capture the order's open payment first; only its own
 *   answer changes the payment state, as a verified callback does.
 * - `POST /apiv2/checkout/payment/{provider}/callback`: the provider's server-to-server
 *   report, the one source of truth. Only a callback the provider's adapter verifies (its
 *   signature, or the provider's own verification) changes the order's payment state, once per outcome and reference: a replay
 *   answers 200 and changes nothing; an order of another shop or another provider is 404; a
 *   paid outcome of another amount or currency is 409 and changes nothing. Every money
 *   movement goes to the payment ledger once (tables/payment-ledger.ts). A paid order gets its
 *   invoice (core/invoices). The order's stock
 *   follows the payment (given back when it fails or expires). A payment that arrives for an
 *   order cancelled meanwhile is refunded at once. An approval (PayPal) is captured while it is
 *   the order's open payment; an approval of a payment the visitor left for another try takes nothing.
 * - `POST /apiv2/checkout/order/{number}/payment`: the visitor who placed the order tries
 *   again (the next attempt, optionally with another online method of the same total) after a
 *   failed or expired payment, a provider that was down, or a payment page left unpaid (the
 *   provider closes it first).
 */
import type { OrderPaymentProgress, PaymentCallbackAnswer, PaymentRetryAnswer } from "@domain/api/orders";
import { isOfflineMethod } from "@domain/payment-methods";
import { orderSuccessPath } from "@domain/routes";
import { ENVIRONMENTS, schemeFor, type Environment } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import type { ShopContext } from "../core/context";
import { fail, invalid, notFound } from "../core/envelope";
import {
  PaymentCallbackRefused,
  type OnlinePaymentMethod,
  type PaymentApproval,
  type PaymentMovement,
  type PaymentNotice,
  type PaymentOutcome,
  type PaymentProvider,
} from "../core/payments/provider";
import { issueInvoice } from "../core/invoices/issue";
import { sendOutboxSoon } from "../core/mail/sender";
import { checkedMovement, orderCharge, PAYMENT_REFERENCE, writeMovement } from "../core/payments/ledger";
import { isPaymentMethodOffered, offeredPaymentMethods, paymentProviderByCode, paymentProviderFor } from "../core/payments/registry";
import { readJson } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import {
  applyPaymentEvent,
  recordPaymentEvent,
  restartPayment,
  selectPaymentEvent,
  setPaymentReference,
  settleStock,
  type OrderPaymentColumns,
  type OrderPaymentEventRow,
  type PaymentState,
} from "../tables/order-payments";
import { insertLedgerEntry, selectChargedOrderId } from "../tables/payment-ledger";
import { selectOrderByNumber, type OrderRow } from "../tables/orders";
import { CHECKOUT_MESSAGES } from "./messages";
import { paymentDiscount } from "./pricing";

export const PAYMENT_MESSAGES = {
  callbackRefused: "The payment notification could not be verified.",
  amountMismatch: "The amount paid does not match the order.",
  notRetryable: "This order's payment cannot be started again.",
  totalChanges: "This payment method would change the order's total.",
} as const;

/** What recording a payment's outcome needs: the shop, its database, the clock and a way to send its mails after (a request, or the sweep). */
export type PaymentContext = Pick<ShopContext, "shop" | "db" | "env" | "now" | "waitUntil">;

/** What the answers of the order routes say about an online payment. */
export interface PaymentAnswer {
  state: PaymentState;
  /** The provider's payment page to send the visitor to; null when the payment could not be opened. */
  redirectUrl: string | null;
}

const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;
const PROVIDER_CODE = /^[a-z][a-z0-9-]{1,39}$/;

export const paymentReturnPath = (provider: string): string => `/apiv2/checkout/payment/${provider}/return`;
export const paymentCallbackPath = (provider: string): string => `/apiv2/checkout/payment/${provider}/callback`;

/** The shop's origin in this environment (its first host), where the provider sends the visitor and its reports. */
function shopOrigin(ctx: ShopContext): string {
  const environment: Environment = ENVIRONMENTS.find((name) => name === ctx.env.ENVIRONMENT_NAME) ?? "production";
  const definition = shopDirectory.shop(ctx.shop.id);
  const hosts = definition?.hosts[environment] ?? [];
  if (hosts.length === 0) return ctx.shop.baseUrl.replace(/\/$/, "");
  return `${schemeFor(shopDirectory.config, environment)}://${hosts[0]!}`;
}

/** An absolute URL on the shop's host under the request's language prefix (the edge takes the prefix off again). */
function shopUrl(ctx: ShopContext, path: string, query: Record<string, string>): string {
  const prefix = ctx.shop.domainPrefixes.includes(ctx.language) ? `/${ctx.language}` : "";
  return `${shopOrigin(ctx)}${prefix}${path}?${new URLSearchParams(query).toString()}`;
}

/** A redirect target the visitor may be sent to: https, or http on this machine (local providers in development). */
function isSafeRedirect(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) return false;
    return parsed.protocol === "https:" || (parsed.protocol === "http:" && ["localhost", "127.0.0.1"].includes(parsed.hostname));
  } catch {
    return false;
  }
}

/** Longer than a provider may take to open a payment (each of its calls gives up after 10 s, PayPal's are two). */
export const PAYMENT_OPENING_MS = 30_000;

/**
 * True while the order's online payment may still be being opened by the run that placed it: pending, with neither a
 * reference nor a page yet, placed less than PAYMENT_OPENING_MS ago. A repeat of the placement then waits for the page
 * (409 idempotency_in_progress) instead of answering the order without it.
 */
export function paymentOpening(order: Pick<OrderRow, "placed_at"> & OrderPaymentColumns, now: Date): boolean {
  return (
    order.payment_state === "pending" &&
    order.payment_reference === null &&
    order.payment_redirect_url === null &&
    now.getTime() - Date.parse(order.placed_at) < PAYMENT_OPENING_MS
  );
}

type PayableOrder = Pick<OrderRow, "id" | "order_number" | "payment_method" | "grand_total" | "currency" | "email" | "language">;

/**
 * Opens the provider's payment (attempt `attempt`) for a placed order whose payment is pending.
 * Never throws: an order is placed whatever the provider does; a provider that fails leaves the
 * payment pending without a page (logged), so the visitor can try again from the success page.
 */
export async function startPayment(ctx: ShopContext, order: PayableOrder, provider: PaymentProvider, attempt: number): Promise<PaymentAnswer> {
  const now = () => ctx.now.toISOString();
  try {
    const started = await provider.start({
      shopId: ctx.shop.id,
      orderNumber: order.order_number,
      method: order.payment_method as OnlinePaymentMethod,
      amount: order.grand_total,
      currency: order.currency,
      email: order.email,
      language: order.language,
      attempt,
      description: `${ctx.shop.name} ${order.order_number}`,
      returnUrl: shopUrl(ctx, paymentReturnPath(provider.code), { order: order.order_number }),
      callbackUrl: shopUrl(ctx, paymentCallbackPath(provider.code), {}).replace(/\?$/, ""),
    });
    if (!isSafeRedirect(started.redirectUrl)) throw new Error(`unsafe redirect URL from ${provider.code}`);
    if (started.reference !== undefined) {
      if (!PAYMENT_REFERENCE.test(started.reference)) throw new Error(`unusable payment reference from ${provider.code}`);
      await setPaymentReference(order.id, started.reference, started.redirectUrl, now()).prepare(ctx.db).run();
    }
    return { state: "pending", redirectUrl: started.redirectUrl };
  } catch (error) {
    console.warn(`payment not started (${ctx.shop.id} ${order.order_number}, ${provider.code}): ${error instanceof Error ? error.message : String(error)}`);
    return { state: "pending", redirectUrl: null };
  }
}

/** GET /apiv2/checkout/payment/{provider}/return?order=NUMBER: to the success page of the order, its approved payment captured first. */
export async function paymentReturn(ctx: ShopContext, params: Params): Promise<Response> {
  const provider = params.provider ?? "";
  const order = ctx.url.searchParams.get("order") ?? "";
  if (!PROVIDER_CODE.test(provider) || !ctx.shop.paymentProviders.some((settings) => settings.provider === provider) || !ORDER_NUMBER.test(order))
    throw notFound();
  const adapter = paymentProviderByCode(ctx.shop, ctx.env, provider);
  // The capture's outcome is the provider's answer; whatever fails here, its webhook captures and reports it later.
  if (adapter?.capture)
    await captureApproved(ctx, adapter, { orderNumber: order, approved: null }).catch((error: unknown) =>
      console.warn(`payment not captured on return (${ctx.shop.id} ${order}, ${provider}): ${error instanceof Error ? error.message : String(error)}`),
    );
  const location = `${orderSuccessPath(ctx.shop, ctx.language)}?${new URLSearchParams({ order }).toString()}`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "private, no-store" } });
}

function checkedOutcome(outcome: PaymentOutcome): PaymentOutcome {
  const statusOk = ["paid", "failed", "cancelled", "pending"].includes(outcome.status);
  const paymentIdOk = outcome.paymentId === undefined || PAYMENT_REFERENCE.test(outcome.paymentId);
  if (!ORDER_NUMBER.test(outcome.orderNumber) || !statusOk || !PAYMENT_REFERENCE.test(outcome.reference) || !paymentIdOk)
    throw new PaymentCallbackRefused("the verified callback names no order, outcome or reference");
  return outcome;
}

function checkedApproval(approval: PaymentApproval): PaymentApproval {
  if (!ORDER_NUMBER.test(approval.orderNumber) || !PAYMENT_REFERENCE.test(approval.approved))
    throw new PaymentCallbackRefused("the verified approval names no order or payment");
  return approval;
}

const nothing = (orderNumber: string | null, paymentState: PaymentState | null): PaymentCallbackAnswer => ({
  orderNumber,
  paymentState,
  replayed: false,
  applied: false,
  recorded: 0,
});

/** POST /apiv2/checkout/payment/{provider}/callback */
export async function paymentCallback(ctx: ShopContext, params: Params): Promise<Reply<PaymentCallbackAnswer>> {
  const code = params.provider ?? "";
  const provider = PROVIDER_CODE.test(code) ? paymentProviderByCode(ctx.shop, ctx.env, code) : null;
  if (!provider) throw notFound();
  let notice: PaymentNotice;
  try {
    notice = await provider.verifyCallback(ctx.request);
    if ("movements" in notice) notice = { movements: notice.movements.map(checkedMovement) };
    else if ("approved" in notice) notice = checkedApproval(notice);
    else if (!("ignored" in notice)) notice = checkedOutcome(notice);
  } catch (error) {
    if (!(error instanceof PaymentCallbackRefused)) throw error;
    console.warn(`payment callback refused (${ctx.shop.id}, ${provider.code}): ${error.message}`);
    throw fail(401, PAYMENT_MESSAGES.callbackRefused, "payment_callback_refused");
  }
  if ("ignored" in notice) return reply(nothing(null, null));
  if ("movements" in notice) return reply(await recordMovements(ctx, provider, notice.movements));
  if ("approved" in notice) return reply(await captureApproved(ctx, provider, notice));
  return reply(await applyOutcome(ctx, provider, notice));
}

/**
 * Captures the order's open payment at a provider whose payments wait for the shop's capture
 * (PayPal) and applies the outcome the provider answers. `approved`: the payment the provider says
 * was approved (a webhook), captured only while it is the order's open one; null: the order's open
 * payment, whatever it is (the visitor's return). Nothing for another state, another provider or none open.
 * The scheduled sweep (payment-expiry.ts) captures an approval whose return and webhook failed or never came.
 */
export async function captureApproved(
  ctx: PaymentContext,
  provider: PaymentProvider,
  approval: Omit<PaymentApproval, "approved"> & { approved: string | null },
): Promise<PaymentCallbackAnswer> {
  const order = await selectOrderByNumber(ctx.shop.id, approval.orderNumber).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.payment_provider !== provider.code) throw notFound();
  const open = order.payment_state === "pending" ? order.payment_reference : null;
  if (!provider.capture || open === null || (approval.approved !== null && approval.approved !== open)) return nothing(order.order_number, order.payment_state);
  const captured = await provider.capture(open);
  if ("ignored" in captured || "movements" in captured || "approved" in captured) return nothing(order.order_number, order.payment_state);
  const outcome = checkedOutcome(captured);
  if (outcome.orderNumber !== order.order_number || outcome.reference !== open) throw new PaymentCallbackRefused("the capture names another payment");
  return applyOutcome(ctx, provider, outcome);
}

/** Refunds and chargebacks of payments the ledger holds (of another shop's or an unknown payment: nothing). */
async function recordMovements(ctx: ShopContext, provider: PaymentProvider, movements: PaymentMovement[]): Promise<PaymentCallbackAnswer> {
  let recorded = 0;
  for (const movement of movements) {
    const charged = await selectChargedOrderId(ctx.shop.id, provider.code, movement.paymentId).prepare(ctx.db).first<{ order_id: string }>();
    if (!charged) continue;
    recorded += await writeMovement(ctx, provider.code, charged.order_id, movement);
  }
  // A refund's credit note went to the outbox: out at once.
  if (recorded > 0) sendOutboxSoon(ctx);
  return { ...nothing(null, null), recorded };
}

async function applyOutcome(ctx: PaymentContext, provider: PaymentProvider, outcome: PaymentOutcome): Promise<PaymentCallbackAnswer> {
  // An order of another shop is not found here; nor one this provider does not take the payment of.
  const order = await selectOrderByNumber(ctx.shop.id, outcome.orderNumber).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.payment_state === null || order.payment_provider !== provider.code) throw notFound();
  // Finished at the provider, the money still on its way (a debit, a transfer): the payment stays pending.
  if (outcome.status === "pending") return nothing(order.order_number, order.payment_state);
  if (outcome.status === "paid" && (outcome.amount !== undefined || outcome.currency !== undefined)) {
    if (outcome.amount !== order.grand_total || (outcome.currency !== undefined && outcome.currency.toUpperCase() !== order.currency)) {
      console.warn(
        `payment amount mismatch (${ctx.shop.id} ${order.order_number}): ${outcome.amount} ${outcome.currency} for ${order.grand_total} ${order.currency}`,
      );
      throw fail(409, PAYMENT_MESSAGES.amountMismatch, "payment_amount_mismatch");
    }
  }
  const status = outcome.status;
  const now = ctx.now.toISOString();
  const event = { order_id: order.id, status, reference: outcome.reference, claim: crypto.randomUUID() };
  const charge =
    status === "paid" && outcome.paymentId
      ? [
          insertLedgerEntry({
            provider: provider.code,
            provider_ref: outcome.paymentId,
            order_id: order.id,
            kind: "charge",
            amount: order.grand_total,
            currency: order.currency,
            state: "succeeded",
            created_at: now,
          }).prepare(ctx.db),
        ]
      : [];
  const results = await ctx.db.batch([
    recordPaymentEvent({ ...event, provider: provider.code, received_at: now }).prepare(ctx.db),
    applyPaymentEvent(event, now).prepare(ctx.db),
    ...charge,
    ...settleStock(order.id).map((statement) => statement.prepare(ctx.db)),
    selectPaymentEvent(order.id, status, outcome.reference).prepare(ctx.db),
    selectOrderByNumber(ctx.shop.id, order.order_number).prepare(ctx.db),
  ]);
  const row = results.at(-2)?.results[0] as OrderPaymentEventRow | undefined;
  const current = results.at(-1)?.results[0] as (OrderRow & OrderPaymentColumns) | undefined;
  const recorded = charge.length > 0 ? (results[2]?.meta.changes ?? 0) : 0;
  const answer: PaymentCallbackAnswer = {
    orderNumber: order.order_number,
    paymentState: current?.payment_state ?? order.payment_state,
    replayed: row?.claim !== event.claim,
    applied: row?.claim === event.claim && row.applied === 1,
    recorded,
  };
  // Money for an order cancelled meanwhile goes back at once; once, as the ledger's refund row and the refund's key (the payment's) say.
  if (
    status === "paid" &&
    current?.state === "cancelled" &&
    outcome.paymentId &&
    provider.refund &&
    (await orderCharge(ctx.db, order.id, provider.code))?.refunded === 0
  ) {
    const refund = await provider.refund({
      paymentId: outcome.paymentId,
      amount: order.grand_total,
      currency: order.currency,
      key: `refund-${outcome.paymentId}`,
    });
    answer.recorded += await writeMovement(ctx, provider.code, order.id, checkedMovement(refund));
  }
  // A paid order gets its invoice now (a repeated report completes one that failed half-way).
  if (current?.payment_state === "paid" && current.state !== "cancelled" && (await issueInvoice(ctx, order.id, "paid"))) sendOutboxSoon(ctx);
  return answer;
}

/** The body of another try: optionally another online method (of the same total). */
async function chosenMethod(ctx: VisitorContext, order: OrderRow): Promise<string> {
  const text = await ctx.request.clone().text();
  if (text.trim() === "") return order.payment_method;
  const body = (await readJson(ctx.request)) as { paymentMethod?: unknown } | null;
  const method = body && typeof body === "object" && body.paymentMethod !== undefined ? body.paymentMethod : order.payment_method;
  if (method === order.payment_method) return method;
  if (typeof method !== "string" || isOfflineMethod(method) || !isPaymentMethodOffered(ctx.shop, ctx.env, method))
    throw invalid("paymentMethod", CHECKOUT_MESSAGES.paymentUnavailable, "payment_method_unavailable");
  // The order keeps its total: a method with another discount is refused.
  if (!paymentAlternatives(ctx, order).includes(method)) throw invalid("paymentMethod", PAYMENT_MESSAGES.totalChanges, "payment_method_changes_total");
  return method;
}

/** The other online methods the shop offers now that keep the order's total (another try may take one). */
export function paymentAlternatives(ctx: ShopContext, order: Pick<OrderRow, "payment_method" | "goods_total" | "discount_total">): string[] {
  return offeredPaymentMethods(ctx.shop, ctx.env)
    .filter((method) => method.kind === "online" && method.code !== order.payment_method)
    .filter((method) => paymentDiscount(method.code, order.goods_total) === order.discount_total)
    .map((method) => method.code);
}

/**
 * Where an order's online payment stands for the visitor (the success page): `open` while the
 * provider's page waits unpaid, `processing` when the money is on its way; null otherwise or
 * when the provider cannot say now.
 */
export async function paymentProgress(ctx: ShopContext, order: OrderRow & OrderPaymentColumns): Promise<OrderPaymentProgress | null> {
  if (order.payment_state !== "pending") return null;
  if (order.payment_reference === null) return "not_started";
  const provider = order.payment_provider ? paymentProviderByCode(ctx.shop, ctx.env, order.payment_provider) : null;
  if (!provider?.status) return null;
  try {
    const status = await provider.status(order.payment_reference);
    return status === "open" ? "open" : status === "processing" ? "processing" : null;
  } catch (error) {
    console.warn(`payment status unknown (${ctx.shop.id} ${order.order_number}): ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * POST /apiv2/checkout/order/{number}/payment: another try (only for the visitor who placed the
 * order), optionally with another online method: after a failed or expired payment, when the
 * provider was down, or when the visitor left the provider's page unpaid (closed there first).
 */
export async function retryPayment(ctx: VisitorContext, params: Params): Promise<Reply<PaymentRetryAnswer>> {
  const visitor = ctx.visitorState.visitor;
  const number = decodeURIComponent(params.number ?? "");
  if (!visitor || !ORDER_NUMBER.test(number)) throw notFound();
  const order = await selectOrderByNumber(ctx.shop.id, number).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.visitor_id !== visitor.id || order.payment_state === null) throw notFound();
  if (order.payment_state === "paid") throw fail(409, PAYMENT_MESSAGES.notRetryable, "payment_not_retryable");
  const method = await chosenMethod(ctx, order);
  const provider = paymentProviderFor(ctx.shop, ctx.env, method);
  if (!provider) throw invalid("paymentMethod", CHECKOUT_MESSAGES.paymentUnavailable, "payment_method_unavailable");
  // A payment page still open is closed first; one the visitor completed (paid, or the money on its way) cannot be replaced.
  const opened = order.payment_state === "pending" ? order.payment_reference : null;
  if (opened !== null) {
    const previous = order.payment_provider ? paymentProviderByCode(ctx.shop, ctx.env, order.payment_provider) : null;
    const closed = await previous?.close?.(opened).catch(() => false);
    if (!closed) throw fail(409, PAYMENT_MESSAGES.notRetryable, "payment_not_retryable");
  }
  const now = ctx.now.toISOString();
  const [restarted] = await ctx.db.batch([
    restartPayment(order.id, { provider: provider.code, method, closedReference: opened }, now).prepare(ctx.db),
    ...settleStock(order.id).map((statement) => statement.prepare(ctx.db)),
  ]);
  // A concurrent try took it first (its own answer carries the redirect), or the stock given back is gone.
  if ((restarted?.meta.changes ?? 0) !== 1) throw fail(409, PAYMENT_MESSAGES.notRetryable, "payment_not_retryable");
  const attempt = order.payment_attempt + 1;
  return reply({ orderNumber: order.order_number, payment: await startPayment(ctx, { ...order, payment_method: method }, provider, attempt) });
}
