/**
 * A local Stripe stand-in (docs/decisions/0066): a small HTTP server that answers exactly the
 * Stripe API calls the shop's Stripe adapter makes (worker/shop-api/core/payments/stripe.ts),
 * with objects typed by the `stripe` package, and a hosted test page per Checkout Session
 * where the shopper picks the outcome. `npm start` and the browser tests' global setup run it;
 * Jest tests start one of their own. The real Stripe is one configuration change away
 * (docs/ops.md): the worker's STRIPE_API_ORIGIN unset, Stripe's secret key and webhook secret set.
 *
 * - `POST /v1/checkout/sessions`, `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`,
 *   `POST /v1/refunds`: bearer auth with the secret key; form-encoded parameters as Stripe takes
 *   them; `Idempotency-Key` honoured (the same key and parameters answer the first answer again,
 *   other parameters are refused as Stripe refuses them). A session it does not hold (deleted from
 *   `sessions`) answers 404 `resource_missing`, as Stripe does.
 * - `GET /pay/:id`: the session's page (its `url`). The shopper picks: succeeds, declined (the
 *   session stays open), 3-D Secure challenge then succeeds, pending (the debit succeeds or fails
 *   later from the same page), expires. It then redirects to the session's success or cancel URL
 *   and sends the webhook events Stripe sends, signed as Stripe signs them
 *   (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`), to the shop's callback.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type Stripe from "stripe";
import { answerHtml, answerJson, deliverLocally, escapeHtml, outcomeButton, readBody, redirect, startStandInServer, type Deliver } from "./stand-in-server";

export interface StripeStandInOptions {
  port: number;
  /** The secret key the shop API authenticates with (its STRIPE_SECRET_KEY). */
  secretKey: string;
  /** The webhook secret the events are signed with (the shop API's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Sends a signed event to the shop; default: POST to the callback on the host of the session's success URL. */
  deliver?: Deliver;
  /** The provider's path of the shop's callback. */
  callbackPath?: string;
  log?: (line: string) => void;
}

export interface StripeStandIn {
  origin: string;
  sessions: Map<string, Stripe.Checkout.Session>;
  refunds: Map<string, Stripe.Refund>;
  /** Every signed event it sent, in order (tests replay, reorder or forge them). */
  events: { event: Stripe.Event; body: string; headers: Record<string, string>; url: string }[];
  /** While true the API answers 503 (the provider is down). */
  down: boolean;
  /** What the shopper does on the session's page (as the page's buttons do); answers where the browser goes next. */
  choose(sessionId: string, outcome: StandInOutcome): Promise<string>;
  close(): Promise<void>;
}

export const STAND_IN_OUTCOMES = ["succeed", "decline", "challenge", "challenge_pass", "pending", "settle_paid", "settle_failed", "expire"] as const;
export type StandInOutcome = (typeof STAND_IN_OUTCOMES)[number];

const API_VERSION = "2026-10-28.endive";
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const unix = () => Math.floor(Date.now() / 1000);

/** The signature header Stripe sends with a webhook: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, timestamp = unix()): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex")}`;
}

type Form = { [key: string]: string | Form | Form[] | string[] };

/** Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
function parseStripeForm(body: string): Form {
  const root: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node = root as Record<string, unknown>;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, arrays(item)] as const);
    return entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key)) ? entries.map(([, item]) => item) : Object.fromEntries(entries);
  };
  return arrays(root) as Form;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    /** Stripe's error code and the parameter it names, when Stripe gives them (resource_missing). */
    readonly detail: { code: string; param: string } | null = null,
  ) {
    super(message);
  }
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
const integer = (value: unknown, name: string): number => {
  if (typeof value !== "string" || !/^\d{1,12}$/.test(value)) throw new ApiError(400, "invalid_request_error", `Invalid integer: ${name}`);
  return Number(value);
};

function newSession(params: Form, origin: string): Stripe.Checkout.Session {
  const lines = params.line_items;
  if (!Array.isArray(lines) || lines.length === 0) throw new ApiError(400, "invalid_request_error", "Missing required param: line_items.");
  let total = 0;
  let currency: string | null = null;
  for (const line of lines as Form[]) {
    const price = line.price_data as Form | undefined;
    if (!price) throw new ApiError(400, "invalid_request_error", "Missing required param: line_items[0][price_data].");
    total += integer(price.unit_amount, "unit_amount") * integer(line.quantity ?? "1", "quantity");
    currency = text(price.currency);
  }
  if (!currency || !/^[a-z]{3}$/.test(currency)) throw new ApiError(400, "invalid_request_error", "Invalid currency.");
  const methods = Array.isArray(params.allowed_payment_method_types) ? (params.allowed_payment_method_types as string[]) : ["card"];
  const metadata = (typeof params.metadata === "object" && !Array.isArray(params.metadata) ? params.metadata : {}) as Record<string, string>;
  const id = newId("cs_test");
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: methods,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: text(params.cancel_url),
    client_reference_id: text(params.client_reference_id),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: unix(),
    currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: "if_required",
    customer_details: null,
    customer_email: text(params.customer_email),
    discounts: [],
    expires_at: params.expires_at ? integer(params.expires_at, "expires_at") : unix() + 24 * 3600,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: text(params.locale) as Stripe.Checkout.Session.Locale | null,
    managed_payments: null,
    metadata,
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: methods,
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: text(params.success_url),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: `${origin}/pay/${id}`,
    wallet_options: null,
  };
}

function newCharge(session: Stripe.Checkout.Session, refunds: Stripe.Refund[]): Stripe.Charge {
  const amount = session.amount_total ?? 0;
  const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: newId("ch_test"),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: session.customer_email, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: null,
    captured: true,
    created: unix(),
    currency: session.currency ?? "eur",
    customer: null,
    description: null,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: null,
    livemode: false,
    metadata: session.metadata ?? {},
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: session.payment_intent,
    payment_method: null,
    payment_method_details: null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded >= amount,
    refunds: { object: "list", data: refunds, has_more: false, url: "/v1/refunds" },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  };
}

function page(session: Stripe.Checkout.Session, notice: string | null): string {
  const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? "").toUpperCase()}`;
  const button = (outcome: StandInOutcome, label: string) => outcomeButton(`/pay/${session.id}`, outcome, label);
  const choices =
    session.status === "open"
      ? [
          button("succeed", "Payment succeeds"),
          button("decline", "Card declined"),
          button("challenge", "3-D Secure challenge"),
          button("pending", "Pending (SEPA, bank transfer)"),
          button("expire", "Session expires"),
        ]
      : session.status === "complete" && session.payment_status === "unpaid"
        ? [button("settle_paid", "The pending payment succeeds"), button("settle_failed", "The pending payment fails")]
        : [];
  const back =
    session.status === "open" && session.cancel_url
      ? `<p><a href="${escapeHtml(session.cancel_url)}" data-testid="stand-in-back">Back to the shop</a></p>`
      : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe stand-in</title></head><body>
<h1>Stripe stand-in: test payment</h1>
<p data-testid="stand-in-amount">${escapeHtml(amount)} · ${escapeHtml(session.payment_method_types.join(", "))} · ${escapeHtml(session.status ?? "")}/${escapeHtml(session.payment_status)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
${choices.join("\n")}${back}
</body></html>`;
}

/** Starts the stand-in on 127.0.0.1:`port` (0: a free one). */
export async function startStripeStandIn(options: StripeStandInOptions): Promise<StripeStandIn> {
  const log = options.log ?? (() => undefined);
  const callbackPath = options.callbackPath ?? "/apiv2/checkout/payment/stripe/callback";
  const idempotent = new Map<string, { digest: string; status: number; body: string }>();
  const charges = new Map<string, Stripe.Checkout.Session>();
  let origin = "";

  const deliver = options.deliver ?? deliverLocally("stripe stand-in", log);

  async function send(type: Stripe.Event.Type, object: Stripe.Checkout.Session | Stripe.Charge, session: Stripe.Checkout.Session): Promise<void> {
    const event = {
      id: newId("evt_test"),
      object: "event",
      api_version: API_VERSION,
      created: unix(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    } as Stripe.Event;
    const body = JSON.stringify(event, null, 2);
    const headers = {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": stripeSignature(body, options.webhookSecret),
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
    };
    const url = `${new URL(session.success_url ?? "http://localhost/").origin}${callbackPath}`;
    standIn.events.push({ event, body, headers, url });
    await deliver(url, { body, headers }).catch((error: unknown) => log(`stripe stand-in: webhook ${url} failed: ${String(error)}`));
  }

  function sessionOf(id: string): Stripe.Checkout.Session {
    const session = standIn.sessions.get(id);
    if (!session) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing", param: "session" });
    return session;
  }

  function pay(session: Stripe.Checkout.Session, paymentStatus: "paid" | "unpaid"): void {
    session.status = "complete";
    session.payment_status = paymentStatus;
    session.payment_intent = newId("pi_test");
    charges.set(session.payment_intent, session);
  }

  async function choose(id: string, outcome: StandInOutcome): Promise<string> {
    const session = sessionOf(id);
    const open = session.status === "open";
    const pendingDebit = session.status === "complete" && session.payment_status === "unpaid";
    const refuse = () => {
      throw new ApiError(400, "invalid_request_error", `The session is ${session.status}/${session.payment_status}.`);
    };
    switch (outcome) {
      case "succeed":
      case "challenge_pass":
        if (!open) refuse();
        pay(session, "paid");
        await send("checkout.session.completed", session, session);
        return session.success_url!;
      case "decline":
        if (!open) refuse();
        return `/pay/${id}?declined=1`;
      case "challenge":
        if (!open) refuse();
        return `/pay/${id}/challenge`;
      case "pending":
        if (!open) refuse();
        pay(session, "unpaid");
        await send("checkout.session.completed", session, session);
        return session.success_url!;
      case "settle_paid":
        if (!pendingDebit) refuse();
        session.payment_status = "paid";
        await send("checkout.session.async_payment_succeeded", session, session);
        return `/pay/${id}`;
      case "settle_failed":
        if (!pendingDebit) refuse();
        await send("checkout.session.async_payment_failed", session, session);
        return `/pay/${id}`;
      case "expire":
        if (!open) refuse();
        session.status = "expired";
        await send("checkout.session.expired", session, session);
        return session.cancel_url!;
    }
  }

  async function api(method: string, path: string, body: string, request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) throw new ApiError(401, "invalid_request_error", "Invalid API Key provided.");
    if (standIn.down) throw new ApiError(503, "api_error", "The stand-in is down (as told).");
    const params = parseStripeForm(body);
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session = newSession(params, origin);
      standIn.sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path))) return { status: 200, body: sessionOf(match[1]!) };
    if (method === "POST" && (match = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path))) {
      const session = sessionOf(match[1]!);
      if (session.status !== "open") throw new ApiError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = "expired";
      await send("checkout.session.expired", session, session);
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paymentIntent = text(params.payment_intent) ?? "";
      const session = charges.get(paymentIntent);
      if (!session || session.payment_status !== "paid") throw new ApiError(400, "invalid_request_error", `No such payment_intent: '${paymentIntent}'`);
      const already = [...standIn.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);
      const left = (session.amount_total ?? 0) - already.reduce((sum, refund) => sum + refund.amount, 0);
      const amount = params.amount === undefined ? left : integer(params.amount, "amount");
      if (amount <= 0 || amount > left) throw new ApiError(400, "invalid_request_error", "Refund amount is greater than the unrefunded amount.");
      const refund: Stripe.Refund = {
        id: newId("re_test"),
        object: "refund",
        amount,
        balance_transaction: null,
        charge: null,
        created: unix(),
        currency: session.currency ?? "eur",
        customer: null,
        customer_account: null,
        metadata: {},
        payment_intent: paymentIntent,
        payment_method: null,
        reason: (text(params.reason) as Stripe.Refund.Reason | null) ?? null,
        receipt_number: null,
        source_transfer_reversal: null,
        status: "succeeded",
        transfer_reversal: null,
      };
      standIn.refunds.set(refund.id, refund);
      await send("charge.refunded", newCharge(session, [...already, refund]), session);
      return { status: 200, body: refund };
    }
    throw new ApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const body = await readBody(request);
    const html = (status: number, content: string) => answerHtml(response, status, content);
    let match: RegExpExecArray | null;
    try {
      if ((match = /^\/pay\/([\w]+)(\/challenge)?$/.exec(url.pathname))) {
        const session = sessionOf(match[1]!);
        if (method === "GET" && match[2])
          return html(
            200,
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure</title></head><body><h1>3-D Secure challenge</h1>` +
              `${outcomeButton(`/pay/${session.id}`, "challenge_pass", "Complete authentication")}</body></html>`,
          );
        if (method === "GET") return html(200, page(session, url.searchParams.get("declined") ? "Your card was declined." : null));
        const outcome = new URLSearchParams(body).get("outcome") as StandInOutcome;
        if (!STAND_IN_OUTCOMES.includes(outcome)) return html(400, "unknown outcome");
        return redirect(response, await choose(session.id, outcome));
      }
      if (!url.pathname.startsWith("/v1/")) throw new ApiError(404, "invalid_request_error", "Not found.");
      const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : null;
      const digest = createHash("sha256").update(`${method} ${url.pathname} ${body}`).digest("hex");
      const earlier = key && method === "POST" ? idempotent.get(key) : undefined;
      if (earlier && earlier.digest !== digest)
        throw new ApiError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with.`);
      if (earlier) return answerJson(response, earlier.status, earlier.body, { "idempotent-replayed": "true" });
      const answer = await api(method, url.pathname, body, request);
      const json = JSON.stringify(answer.body);
      if (key && method === "POST") idempotent.set(key, { digest, status: answer.status, body: json });
      answerJson(response, answer.status, json, { "request-id": newId("req") });
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(500, "api_error", String(error));
      if (url.pathname.startsWith("/pay/")) return html(failure.status, escapeHtml(failure.message));
      answerJson(response, failure.status, JSON.stringify({ error: { type: failure.type, message: failure.message, ...failure.detail } }));
    }
  }

  const server = await startStandInServer(options.port, handle);
  origin = server.origin;
  const standIn: StripeStandIn = {
    origin,
    sessions: new Map(),
    refunds: new Map(),
    events: [],
    down: false,
    choose,
    close: server.close,
  };
  log(`Stripe stand-in on ${origin}`);
  return standIn;
}
