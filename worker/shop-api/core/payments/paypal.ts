/**
 * The PayPal payment adapter (docs/decisions/0069): PayPal Checkout through the Orders v2 REST API
 * with fetch, so the shopper's PayPal login stays on PayPal's pages.
 *
 * - Access: OAuth2 client credentials (POST /v1/oauth2/token), the token kept until shortly
 *   before it expires (one per API base and client id in the isolate), fetched again once when
 *   PayPal answers 401.
 * - `start` creates an order (POST /v2/checkout/orders, intent CAPTURE) for the order's grand
 *   total in its currency (never an amount the client sent), custom_id and invoice_id the shop and
 *   the order number, PayPal's page in the shop's language, back to the shop's return page, with
 *   `PayPal-Request-Id: <shop>-<order>-<attempt>`: a repeated start of the same attempt answers the
 *   same PayPal order. The visitor goes to its `payer-action` link.
 * - PayPal takes the money only when the shop captures the approved order: `capture`
 *   (POST /v2/checkout/orders/{id}/capture, `PayPal-Request-Id: capture-<id>`, so a repeat takes
 *   nothing twice), on the visitor's return and on the CHECKOUT.ORDER.APPROVED webhook.
 * - `verifyCallback` asks PayPal (POST /v1/notifications/verify-webhook-signature) with the
 *   transmission headers, the shop's webhook id and the event as it arrived; only SUCCESS is
 *   accepted, and only a transmission within 300 s of now (a replayed old transmission is refused).
 * - `status`, `close` and `refund` (POST /v2/payments/captures/{id}/refund, `PayPal-Request-Id` the refund's key).
 *
 * The API base is PayPal's live one; the worker variable PAYPAL_API_BASE points it at the sandbox
 * or at the local stand-in (scripts/lib/paypal-stand-in.ts).
 */
import type { PaymentProviderSettings } from "@config/shop-config";
import type { ShopApiEnv } from "@worker/env";
import type { Shop } from "../shop";
import {
  minorUnits,
  parsePaypalOrderTag,
  paypalMoney,
  paypalOrderTag,
  PAYPAL_TRANSMISSION_HEADERS,
  type PayPalAccessToken,
  type PayPalCapture,
  type PayPalError,
  type PayPalOrder,
  type PayPalOrderRequest,
  type PayPalRefund,
  type PayPalRefundRequest,
  type PayPalVerifyAnswer,
  type PayPalWebhookEvent,
} from "./paypal-wire";
import {
  PaymentCallbackRefused,
  type PaymentMovement,
  type PaymentNotice,
  type PaymentOrder,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStatus,
} from "./provider";

export const PAYPAL_PROVIDER = "paypal";
/** PayPal's live REST API (the sandbox: https://api-m.sandbox.paypal.com). */
const PAYPAL_LIVE_API = "https://api-m.paypal.com";
/** The secrets a shop's PayPal provider names (config paymentProviders[].secrets): the REST app's credentials and the webhook's id. */
export const PAYPAL_SECRET_ROLES = ["clientId", "clientSecret", "webhookId"] as const;
/** How far a webhook's transmission time may be from now (as Stripe's signature tolerance). */
const PAYPAL_TRANSMISSION_TOLERANCE_SECONDS = 300;

/** A token is fetched again this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 10_000;

/** PayPal's page languages the shops' languages and countries have (Austrian German is de-AT; otherwise the language's home). */
const LOCALES = new Set(["de-DE", "de-AT", "de-CH", "fr-FR", "fr-CH", "fr-BE", "it-IT", "it-CH", "nl-NL", "nl-BE", "en-GB"]);
const HOME_LOCALES: Record<string, string> = { de: "de-DE", at: "de-AT", en: "en-GB", fr: "fr-FR", it: "it-IT", nl: "nl-NL" };

/** PayPal's page language for a shop language in a shop: the language in the shop's own country where PayPal has it. */
export function paypalLocale(language: string, shop: Pick<Shop, "deliveryCountries">): string {
  const base = language === "at" ? "de" : language;
  const local = `${base}-${(shop.deliveryCountries[0] ?? "").toUpperCase()}`;
  return LOCALES.has(local) ? local : (HOME_LOCALES[language] ?? "en-GB");
}

/** An answer of PayPal's API that is not a success. */
class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Partial<PayPalError>,
  ) {
    super(`PayPal answered ${status} ${error.name ?? ""} ${error.details?.map((detail) => detail.issue).join(", ") ?? error.message ?? ""}`.trim());
    this.name = "PayPalApiError";
  }
}

const tokens = new Map<string, { token: string; expires: number }>();

interface PayPalClient {
  call<T>(method: "GET" | "POST", path: string, options?: { body?: unknown; rawBody?: string; requestId?: string }): Promise<T>;
}

function paypalClient(base: string, clientId: string, clientSecret: string): PayPalClient {
  const cacheKey = `${base}\n${clientId}`;
  async function token(): Promise<string> {
    const cached = tokens.get(cacheKey);
    if (cached && cached.expires > Date.now()) return cached.token;
    const response = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new PayPalApiError(response.status, (await response.json().catch(() => ({}))) as PayPalError);
    const answer = (await response.json()) as PayPalAccessToken;
    tokens.set(cacheKey, { token: answer.access_token, expires: Date.now() + answer.expires_in * 1000 - TOKEN_MARGIN_MS });
    return answer.access_token;
  }
  async function call<T>(
    method: "GET" | "POST",
    path: string,
    options: { body?: unknown; rawBody?: string; requestId?: string } = {},
    retried = false,
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${await token()}`, accept: "application/json", prefer: "return=representation" };
    if (method === "POST") headers["content-type"] = "application/json";
    if (options.requestId) headers["paypal-request-id"] = options.requestId;
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: method === "POST" ? (options.rawBody ?? JSON.stringify(options.body ?? {})) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 401 && !retried) {
      // The token was revoked or expired early: one more try with a new one.
      tokens.delete(cacheKey);
      return call<T>(method, path, options, true);
    }
    if (!response.ok) throw new PayPalApiError(response.status, (await response.json().catch(() => ({}))) as PayPalError);
    return (await response.json()) as T;
  }
  return { call: (method, path, options) => call(method, path, options) };
}

/** The ledger's states of a refund, in Stripe's words (the ledger keeps one vocabulary: succeeded, pending, failed, canceled). */
const REFUND_STATES: Record<string, string> = { COMPLETED: "succeeded", PENDING: "pending", FAILED: "failed", CANCELLED: "canceled" };

/** The capture id a refund gives money back from (its `up` link names the capture). */
function capturedId(refund: PayPalRefund): string | null {
  const up = refund.links?.find((link) => link.rel === "up")?.href ?? "";
  return /\/v2\/payments\/captures\/([^/?#]+)$/.exec(up)?.[1] ?? null;
}

function movementOf(kind: PaymentMovement["kind"], refund: PayPalRefund, paymentId: string | null): PaymentMovement {
  const amount = minorUnits(refund.amount);
  if (!refund.id || !paymentId || amount === null || !refund.amount) throw new PaymentCallbackRefused("PayPal names an unreadable refund");
  return {
    kind,
    id: refund.id,
    paymentId,
    amount: Math.abs(amount),
    currency: refund.amount.currency_code,
    state: REFUND_STATES[refund.status ?? "PENDING"] ?? "pending",
  };
}

/** The outcome a capture tells (the PayPal order `reference` is the payment the shop opened). */
function captureOutcome(orderNumber: string, reference: string, capture: Pick<PayPalCapture, "id" | "status" | "amount">): PaymentOutcome {
  switch (capture.status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED":
    case "REFUNDED": {
      const amount = minorUnits(capture.amount);
      return {
        orderNumber,
        status: "paid",
        reference,
        ...(amount !== null ? { amount, currency: capture.amount?.currency_code } : {}),
        ...(capture.id ? { paymentId: capture.id } : {}),
      };
    }
    case "DECLINED":
    case "FAILED":
      return { orderNumber, status: "failed", reference };
    default:
      return { orderNumber, status: "pending", reference };
  }
}

/** What a PayPal order says for the shop once captured: its capture's outcome, or nothing to act on. */
function orderNotice(order: PayPalOrder, shop: Shop): PaymentNotice {
  const unit = order.purchase_units?.[0];
  const tag = parsePaypalOrderTag(unit?.custom_id);
  if (!tag || tag.shopId !== shop.id) return { ignored: `a PayPal order of ${unit?.custom_id ?? "(none)"}` };
  const capture = unit?.payments?.captures?.[0];
  if (!order.id || !capture) return { ignored: `a PayPal order ${order.status ?? ""} without a capture` };
  return captureOutcome(tag.orderNumber, order.id, capture);
}

/** What a verified webhook event says for the shop. */
function eventNotice(event: PayPalWebhookEvent, shop: Shop): PaymentNotice {
  switch (event.event_type) {
    case "CHECKOUT.ORDER.APPROVED": {
      const order = event.resource as PayPalOrder;
      const tag = parsePaypalOrderTag(order.purchase_units?.[0]?.custom_id);
      if (!tag || tag.shopId !== shop.id || !order.id) return { ignored: "a PayPal order of another shop" };
      return { orderNumber: tag.orderNumber, approved: order.id };
    }
    case "PAYMENT.CAPTURE.COMPLETED":
    case "PAYMENT.CAPTURE.PENDING":
    case "PAYMENT.CAPTURE.DENIED":
    case "PAYMENT.CAPTURE.DECLINED": {
      const capture = event.resource as PayPalCapture;
      const tag = parsePaypalOrderTag(capture.custom_id);
      const reference = capture.supplementary_data?.related_ids?.order_id;
      if (!tag || tag.shopId !== shop.id || !reference) return { ignored: "a PayPal capture of another shop" };
      // The event names what happened; a capture's later state in its resource does not change what this event reports.
      const status = event.event_type === "PAYMENT.CAPTURE.COMPLETED" ? "COMPLETED" : event.event_type === "PAYMENT.CAPTURE.PENDING" ? "PENDING" : "DECLINED";
      return captureOutcome(tag.orderNumber, reference, { ...capture, status });
    }
    case "PAYMENT.CAPTURE.REFUNDED":
    case "PAYMENT.CAPTURE.REVERSED": {
      const refund = event.resource as PayPalRefund;
      return { movements: [movementOf(event.event_type === "PAYMENT.CAPTURE.REFUNDED" ? "refund" : "chargeback", refund, capturedId(refund))] };
    }
    default:
      return { ignored: event.event_type };
  }
}

/** The transmission headers of a webhook, all of them, or a refusal. */
function transmission(request: Request): Record<keyof typeof PAYPAL_TRANSMISSION_HEADERS, string> {
  const entries = Object.entries(PAYPAL_TRANSMISSION_HEADERS).map(([role, header]) => [role, request.headers.get(header) ?? ""] as const);
  const missing = entries.filter(([, value]) => value === "" || value.length > 2000);
  if (missing.length > 0) throw new PaymentCallbackRefused(`no ${missing.map(([role]) => role).join(", ")} transmission header`);
  return Object.fromEntries(entries) as Record<keyof typeof PAYPAL_TRANSMISSION_HEADERS, string>;
}

/** The adapter: a shop's provider with its secrets `clientId`, `clientSecret` and `webhookId` (config paymentProviders[].secrets). */
export function paypalAdapter(settings: PaymentProviderSettings, secrets: Record<string, string>, shop: Shop, env: ShopApiEnv): PaymentProvider {
  const base = (env.PAYPAL_API_BASE ?? PAYPAL_LIVE_API).replace(/\/$/, "");
  const paypal = paypalClient(base, secrets.clientId ?? "", secrets.clientSecret ?? "");
  const getOrder = (reference: string) => paypal.call<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(reference)}`);
  return {
    code: PAYPAL_PROVIDER,
    methods: settings.methods,
    async start(order: PaymentOrder) {
      if (order.method !== "paypal") throw new Error(`PayPal takes no ${order.method}`);
      const tag = paypalOrderTag(order.shopId, order.orderNumber);
      const body: PayPalOrderRequest = {
        intent: "CAPTURE",
        purchase_units: [
          {
            reference_id: order.orderNumber,
            custom_id: tag,
            invoice_id: tag,
            description: order.description,
            amount: paypalMoney(order.amount, order.currency),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: shop.name,
              locale: paypalLocale(order.language, shop),
              shipping_preference: "NO_SHIPPING",
              user_action: "PAY_NOW",
              return_url: order.returnUrl,
              cancel_url: order.returnUrl,
            },
          },
        },
      };
      const created = await paypal.call<PayPalOrder>("POST", "/v2/checkout/orders", {
        body,
        requestId: `${order.shopId}-${order.orderNumber}-${order.attempt}`,
      });
      const link = created.links?.find((candidate) => candidate.rel === "payer-action" || candidate.rel === "approve")?.href;
      if (!created.id || !link) throw new Error("PayPal answered an order without its page");
      const amount = created.purchase_units?.[0]?.amount;
      if (amount && (minorUnits(amount) !== order.amount || amount.currency_code !== order.currency))
        throw new Error(`PayPal opened ${amount.value} ${amount.currency_code} for ${order.amount} ${order.currency}`);
      return { redirectUrl: link, reference: created.id };
    },
    async capture(reference): Promise<PaymentNotice> {
      try {
        const captured = await paypal.call<PayPalOrder>("POST", `/v2/checkout/orders/${encodeURIComponent(reference)}/capture`, {
          requestId: `capture-${reference}`,
        });
        return orderNotice(captured, shop);
      } catch (error) {
        // Not approved (yet), or captured by an earlier request: the order as PayPal holds it says what there is.
        if (error instanceof PayPalApiError && error.status === 422) return orderNotice(await getOrder(reference), shop);
        throw error;
      }
    },
    async verifyCallback(request): Promise<PaymentNotice> {
      const headers = transmission(request);
      const sent = Date.parse(headers.time);
      if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > PAYPAL_TRANSMISSION_TOLERANCE_SECONDS * 1000)
        throw new PaymentCallbackRefused(`a transmission of ${headers.time}, outside the tolerance`);
      const body = await request.text();
      let event: PayPalWebhookEvent;
      try {
        event = JSON.parse(body) as PayPalWebhookEvent;
      } catch {
        throw new PaymentCallbackRefused("an unreadable event");
      }
      if (typeof event !== "object" || event === null || typeof event.event_type !== "string" || typeof event.resource !== "object" || event.resource === null)
        throw new PaymentCallbackRefused("an unreadable event");
      // The event goes back to PayPal as it arrived (its bytes, not a re-serialisation), as PayPal verifies it.
      const verification = `{"auth_algo":${JSON.stringify(headers.authAlgo)},"cert_url":${JSON.stringify(headers.certUrl)},"transmission_id":${JSON.stringify(headers.id)},"transmission_sig":${JSON.stringify(headers.sig)},"transmission_time":${JSON.stringify(headers.time)},"webhook_id":${JSON.stringify(secrets.webhookId ?? "")},"webhook_event":${body}}`;
      const verified = await paypal.call<PayPalVerifyAnswer>("POST", "/v1/notifications/verify-webhook-signature", { rawBody: verification });
      if (verified.verification_status !== "SUCCESS") throw new PaymentCallbackRefused(`PayPal says ${verified.verification_status}`);
      return eventNotice(event, shop);
    },
    async status(reference): Promise<PaymentStatus> {
      let order: PayPalOrder;
      try {
        order = await getOrder(reference);
      } catch (error) {
        // PayPal does not know the order (it keeps one at most 29 days; or it was opened on another account or environment).
        if (error instanceof PayPalApiError && error.status === 404 && error.error.name === "RESOURCE_NOT_FOUND") return "unknown";
        throw error;
      }
      switch (order.status) {
        case "COMPLETED": {
          const outcome = orderNotice(order, shop);
          return "status" in outcome && outcome.status === "paid" ? "complete" : "status" in outcome && outcome.status === "pending" ? "processing" : "expired";
        }
        case "VOIDED":
          return "expired";
        // Approved: the shop captures it (on the return, on PayPal's webhook), the money is on its way.
        case "APPROVED":
          return "processing";
        default:
          return "open";
      }
    },
    async close(reference) {
      // PayPal has no call to end an order the visitor left unapproved: it takes no money unless the shop
      // captures it, and the shop captures only the order's current payment; PayPal lets it lapse.
      // One PayPal does not know is not closed: the shop cannot tell it is over.
      const status = await this.status!(reference);
      return status === "open" || status === "expired";
    },
    async refund(payment): Promise<PaymentMovement> {
      const body: PayPalRefundRequest = { amount: paypalMoney(payment.amount, payment.currency) };
      const refund = await paypal.call<PayPalRefund>("POST", `/v2/payments/captures/${encodeURIComponent(payment.paymentId)}/refund`, {
        body,
        requestId: payment.key,
      });
      return movementOf("refund", refund, payment.paymentId);
    },
  };
}
