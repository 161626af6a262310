/**
 * Online payments of orders (docs/decisions/0036), through the shop's payment
 * providers (core/payments):
 *
 * - Placing an order with an online method writes it with payment state `pending` in the
 *   order's batch, then `startPayment` asks the provider to open the payment; the answer's
 *   `payment.redirectUrl` is where the checkout sends the visitor. A provider that cannot
 *   open it leaves the payment `failed`, and the success page offers another try.
 * - `GET /apiv2/checkout/payment/{provider}/return?order=NUMBER`: the visitor back from the
 *   provider; only a 303 to the success page (a return proves nothing and changes nothing).
 * - `POST /apiv2/checkout/payment/{provider}/callback`: the provider's server-to-server
 *   report. Only a callback the provider's adapter verifies (its signature) changes the
 *   order's payment state, once per outcome and reference: a replay answers 200 and
 *   changes nothing; an order of another shop or another provider is 404; a paid outcome
 *   of another amount or currency is 409 and changes nothing.
 * - `POST /apiv2/checkout/order/{number}/payment`: the visitor who placed the order starts
 *   a new payment after a failed or cancelled one.
 */
import type { PaymentCallbackAnswer, PaymentRetryAnswer } from "@domain/api/orders";
import { orderSuccessPath } from "@domain/routes";
import { ENVIRONMENTS, schemeFor, type Environment } from "@config/shop-config";
import { shopDirectory } from "@config/shops";
import type { ShopContext } from "../core/context";
import { fail, invalid, notFound } from "../core/envelope";
import { PaymentCallbackRefused, type OnlinePaymentMethod, type PaymentOutcome, type PaymentProvider } from "../core/payments/provider";
import { paymentProviderByCode, paymentProviderFor } from "../core/payments/registry";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import {
  applyPaymentEvent,
  markPaymentNotStarted,
  recordPaymentEvent,
  restartPayment,
  selectPaymentEvent,
  setPaymentReference,
  type OrderPaymentColumns,
  type OrderPaymentEventRow,
  type PaymentState,
} from "../tables/order-payments";
import { selectOrderByNumber, type OrderRow } from "../tables/orders";
import { CHECKOUT_MESSAGES } from "./messages";

export const PAYMENT_MESSAGES = {
  callbackRefused: "The payment notification could not be verified.",
  amountMismatch: "The amount paid does not match the order.",
  notRetryable: "This order's payment cannot be started again.",
} as const;

/** What the answers of the order routes say about an online payment. */
export interface PaymentAnswer {
  state: PaymentState;
  /** The provider's payment page to send the visitor to; null when the payment could not be opened. */
  redirectUrl: string | null;
}

const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;
const PROVIDER_CODE = /^[a-z][a-z0-9-]{1,39}$/;
const REFERENCE = /^[\x21-\x7e]{1,200}$/;

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

type PayableOrder = Pick<OrderRow, "id" | "order_number" | "payment_method" | "grand_total" | "currency" | "email" | "language">;

/**
 * Opens the provider's payment for a placed order whose payment is pending. Never throws:
 * an order is placed whatever the provider does; a provider that fails leaves the payment
 * `failed` (logged), so the visitor can try again from the success page.
 */
export async function startPayment(ctx: ShopContext, order: PayableOrder, provider: PaymentProvider): Promise<PaymentAnswer> {
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
      description: `${ctx.shop.name} ${order.order_number}`,
      returnUrl: shopUrl(ctx, paymentReturnPath(provider.code), { order: order.order_number }),
      callbackUrl: shopUrl(ctx, paymentCallbackPath(provider.code), {}).replace(/\?$/, ""),
    });
    if (!isSafeRedirect(started.redirectUrl)) throw new Error(`unsafe redirect URL from ${provider.code}`);
    if (started.reference !== undefined) {
      if (!REFERENCE.test(started.reference)) throw new Error(`unusable payment reference from ${provider.code}`);
      await setPaymentReference(order.id, started.reference, now()).prepare(ctx.db).run();
    }
    return { state: "pending", redirectUrl: started.redirectUrl };
  } catch (error) {
    console.warn(`payment not started (${ctx.shop.id} ${order.order_number}, ${provider.code}): ${error instanceof Error ? error.message : String(error)}`);
    await markPaymentNotStarted(order.id, now()).prepare(ctx.db).run();
    return { state: "failed", redirectUrl: null };
  }
}

/** GET /apiv2/checkout/payment/{provider}/return?order=NUMBER: to the success page of the order. */
export function paymentReturn(ctx: ShopContext, params: Params): Response {
  const provider = params.provider ?? "";
  const order = ctx.url.searchParams.get("order") ?? "";
  if (!PROVIDER_CODE.test(provider) || !ctx.shop.paymentProviders.some((settings) => settings.provider === provider) || !ORDER_NUMBER.test(order))
    throw notFound();
  const location = `${orderSuccessPath(ctx.shop, ctx.language)}?${new URLSearchParams({ order }).toString()}`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "private, no-store" } });
}

function checkedOutcome(outcome: PaymentOutcome): PaymentOutcome {
  const statusOk = outcome.status === "paid" || outcome.status === "failed" || outcome.status === "cancelled";
  if (!ORDER_NUMBER.test(outcome.orderNumber) || !statusOk || !REFERENCE.test(outcome.reference))
    throw new PaymentCallbackRefused("the verified callback names no order, outcome or reference");
  return outcome;
}

/** POST /apiv2/checkout/payment/{provider}/callback */
export async function paymentCallback(ctx: ShopContext, params: Params): Promise<Reply<PaymentCallbackAnswer>> {
  const code = params.provider ?? "";
  const provider = PROVIDER_CODE.test(code) ? paymentProviderByCode(ctx.shop, ctx.env, code) : null;
  if (!provider) throw notFound();
  let outcome: PaymentOutcome;
  try {
    outcome = checkedOutcome(await provider.verifyCallback(ctx.request));
  } catch (error) {
    if (!(error instanceof PaymentCallbackRefused)) throw error;
    console.warn(`payment callback refused (${ctx.shop.id}, ${provider.code}): ${error.message}`);
    throw fail(401, PAYMENT_MESSAGES.callbackRefused, "payment_callback_refused");
  }
  // An order of another shop is not found here; nor one this provider does not take the payment of.
  const order = await selectOrderByNumber(ctx.shop.id, outcome.orderNumber).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.payment_state === null || order.payment_provider !== provider.code) throw notFound();
  if (outcome.status === "paid" && (outcome.amount !== undefined || outcome.currency !== undefined)) {
    if (outcome.amount !== order.grand_total || (outcome.currency !== undefined && outcome.currency.toUpperCase() !== order.currency)) {
      console.warn(
        `payment amount mismatch (${ctx.shop.id} ${order.order_number}): ${outcome.amount} ${outcome.currency} for ${order.grand_total} ${order.currency}`,
      );
      throw fail(409, PAYMENT_MESSAGES.amountMismatch, "payment_amount_mismatch");
    }
  }
  const now = ctx.now.toISOString();
  const event = { order_id: order.id, status: outcome.status, reference: outcome.reference, claim: crypto.randomUUID() };
  const [, , recorded, state] = await ctx.db.batch([
    recordPaymentEvent({ ...event, provider: provider.code, received_at: now }).prepare(ctx.db),
    applyPaymentEvent(event, now).prepare(ctx.db),
    selectPaymentEvent(order.id, outcome.status, outcome.reference).prepare(ctx.db),
    selectOrderByNumber(ctx.shop.id, order.order_number).prepare(ctx.db),
  ]);
  const row = recorded?.results[0] as OrderPaymentEventRow | undefined;
  const current = state?.results[0] as (OrderRow & OrderPaymentColumns) | undefined;
  return reply({
    orderNumber: order.order_number,
    paymentState: current?.payment_state ?? order.payment_state,
    replayed: row?.claim !== event.claim,
    applied: row?.claim === event.claim && row.applied === 1,
  });
}

/** POST /apiv2/checkout/order/{number}/payment: another try after a failed or cancelled payment (only for the visitor who placed the order). */
export async function retryPayment(ctx: VisitorContext, params: Params): Promise<Reply<PaymentRetryAnswer>> {
  const visitor = ctx.visitorState.visitor;
  const number = decodeURIComponent(params.number ?? "");
  if (!visitor || !ORDER_NUMBER.test(number)) throw notFound();
  const order = await selectOrderByNumber(ctx.shop.id, number).prepare(ctx.db).first<OrderRow & OrderPaymentColumns>();
  if (!order || order.visitor_id !== visitor.id) throw notFound();
  if (order.payment_state !== "failed" && order.payment_state !== "cancelled") throw fail(409, PAYMENT_MESSAGES.notRetryable, "payment_not_retryable");
  const provider = paymentProviderFor(ctx.shop, ctx.env, order.payment_method);
  if (!provider) throw invalid("paymentMethod", CHECKOUT_MESSAGES.paymentUnavailable, "payment_method_unavailable");
  const restarted = await restartPayment(order.id, provider.code, ctx.now.toISOString()).prepare(ctx.db).run();
  // A concurrent try took it first (its own answer carries the redirect).
  if ((restarted.meta.changes ?? 0) !== 1) throw fail(409, PAYMENT_MESSAGES.notRetryable, "payment_not_retryable");
  return reply({ orderNumber: order.order_number, payment: await startPayment(ctx, order, provider) });
}
