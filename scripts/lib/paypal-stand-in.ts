/**
 * A local PayPal stand-in (docs/decisions/0069): a small HTTP server that answers exactly the PayPal
 * REST calls the shop's PayPal adapter makes (worker/shop-api/core/payments/paypal.ts), with answers
 * typed by the models of `@paypal/paypal-server-sdk` as their JSON (core/payments/paypal-wire.ts), and
 * a hosted approval page per order where the shopper picks the outcome. `npm start` and the browser
 * tests' global setup run it; Jest tests start one of their own. The real PayPal is one configuration
 * change away (docs/ops.md): the worker's PAYPAL_API_BASE PayPal's, the REST app's credentials and the
 * webhook's id set.
 *
 * - `POST /v1/oauth2/token` (Basic auth with the client id and secret, client credentials); every other
 *   call takes a Bearer token it issued (`revokeTokens()` makes them fail with 401, as an expired one does).
 * - `POST /v2/checkout/orders`, `GET /v2/checkout/orders/:id`, `POST /v2/checkout/orders/:id/capture`,
 *   `POST /v2/payments/captures/:id/refund`: `PayPal-Request-Id` honoured (a repeat answers the latest
 *   state of what the first request made, and makes nothing twice). An order it does not hold (deleted
 *   from `orders`: one PayPal no longer keeps) answers 404 RESOURCE_NOT_FOUND, as PayPal does.
 * - `GET /checkoutnow?token=:id`: the order's approval page (its `payer-action` link). The shopper
 *   approves (the capture then completes), approves but the capture is declined, approves with the
 *   capture pending (completed or denied later from the same page), or cancels. Approving sends
 *   CHECKOUT.ORDER.APPROVED and returns to the order's return_url with `token` and `PayerID`, as PayPal does.
 *   `lapse(id)` voids an order never captured, as PayPal does when an approval's time to capture ran out.
 * - Webhooks go to the shop's PayPal callback on the host of the order's return_url, with PayPal's
 *   transmission headers; `POST /v1/notifications/verify-webhook-signature` answers SUCCESS only for a
 *   transmission it sent, with the same headers, webhook id and event: a forged or changed event fails.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  minorUnits,
  paypalMoney,
  PAYPAL_TRANSMISSION_HEADERS,
  type PayPalAccessToken,
  type PayPalCapture,
  type PayPalError,
  type PayPalEventType,
  type PayPalOrder,
  type PayPalOrderRequest,
  type PayPalRefund,
  type PayPalRefundRequest,
  type PayPalVerifyAnswer,
  type PayPalVerifyRequest,
  type PayPalWebhookEvent,
} from "@shop-api/core/payments/paypal-wire";
import { answerHtml, answerJson, deliverLocally, escapeHtml, outcomeButton, readBody, redirect, startStandInServer, type Deliver } from "./stand-in-server";

export interface PayPalStandInOptions {
  port: number;
  /** The REST app's credentials the shop API authenticates with (its PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET). */
  clientId: string;
  clientSecret: string;
  /** The id of the shop's webhook (its PAYPAL_WEBHOOK_ID): events are sent for it and verified against it. */
  webhookId: string;
  /** Sends an event to the shop; default: POST to the callback on the host of the order's return URL. */
  deliver?: Deliver;
  /** The path of the shop's PayPal callback. */
  callbackPath?: string;
  log?: (line: string) => void;
}

/** The shopper's choices on the approval page, and the later outcome of a pending capture. */
export const PAYPAL_STAND_IN_OUTCOMES = ["approve", "decline", "pending", "cancel", "settle_paid", "settle_failed"] as const;
export type PayPalStandInOutcome = (typeof PAYPAL_STAND_IN_OUTCOMES)[number];
type CapturePlan = "approve" | "decline" | "pending";
type ExperienceContext = NonNullable<NonNullable<NonNullable<PayPalOrderRequest["payment_source"]>["paypal"]>["experience_context"]>;

export interface SentEvent {
  event: PayPalWebhookEvent;
  body: string;
  headers: Record<string, string>;
  url: string;
}

export interface PayPalStandIn {
  origin: string;
  orders: Map<string, PayPalOrder>;
  /** Captures by id, with the PayPal order each belongs to in supplementary_data. */
  captures: Map<string, PayPalCapture>;
  refunds: Map<string, PayPalRefund>;
  /** Every event it sent, in order (tests replay, reorder or forge them). */
  events: SentEvent[];
  /** How many tokens it issued (the adapter keeps one until it expires). */
  tokensIssued: number;
  /** How many times an order was read (GET /v2/checkout/orders/:id: the shop asking where a payment stands), one it does not know too. */
  orderReads: number;
  /** While true the API answers 503 (PayPal is down). */
  down: boolean;
  /** Seconds added to the transmission time of the events it sends (a stale transmission, verified right). */
  clockSkewSeconds: number;
  /** What the shopper does on the order's approval page (as its buttons do); answers where the browser goes next. */
  choose(orderId: string, outcome: PayPalStandInOutcome): Promise<string>;
  /** PayPal voids an order never captured in its time (an approval lapses after 3 hours): VOIDED, no capture possible. */
  lapse(orderId: string): void;
  /** PayPal reverses a capture (a chargeback): PAYMENT.CAPTURE.REVERSED. */
  reverse(captureId: string, amount: number): Promise<void>;
  /** Sends an event again, as it was (PayPal's retries). */
  resend(sent: SentEvent): Promise<void>;
  /** Every issued token answers 401 from now on (as an expired one). */
  revokeTokens(): void;
  close(): Promise<void>;
}

const newId = (length = 17) => randomBytes(16).toString("hex").toUpperCase().slice(0, length);
const isoNow = (skewSeconds = 0) => new Date(Date.now() + skewSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: PayPalError,
  ) {
    super(error.message);
  }
}
const unprocessable = (issue: string, description: string) =>
  new ApiError(422, {
    name: "UNPROCESSABLE_ENTITY",
    message: "The requested action could not be performed, semantically incorrect, or failed business validation.",
    details: [{ issue, description }],
  });
const invalid = (field: string) =>
  new ApiError(400, {
    name: "INVALID_REQUEST",
    message: "Request is not well-formed, syntactically incorrect, or violates schema.",
    details: [{ issue: "INVALID_PARAMETER_VALUE", field }],
  });
const notFound = (what: string) =>
  new ApiError(404, {
    name: "RESOURCE_NOT_FOUND",
    message: "The specified resource does not exist.",
    details: [{ issue: "INVALID_RESOURCE_ID", description: what }],
  });

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body === "" ? "{}" : body);
  } catch {
    throw new ApiError(400, { name: "INVALID_REQUEST", message: "Request is not well-formed.", details: [{ issue: "MALFORMED_REQUEST_JSON" }] });
  }
}

const isUrl = (value: unknown): value is string => typeof value === "string" && /^https?:\/\/[^\s]+$/.test(value);

/** Starts the stand-in on 127.0.0.1:`port` (0: a free one). */
export async function startPayPalStandIn(options: PayPalStandInOptions): Promise<PayPalStandIn> {
  const log = options.log ?? (() => undefined);
  const callbackPath = options.callbackPath ?? "/apiv2/checkout/payment/paypal/callback";
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  /** PayPal-Request-Id -> the id of what the first request made. */
  const requests = new Map<string, string>();
  const plans = new Map<string, CapturePlan>();
  /** The order's page settings (return and cancel URL, locale) as the shop created it. */
  const contexts = new Map<string, ExperienceContext>();
  const transmissions = new Map<string, { headers: Record<string, string>; event: string }>();
  let origin = "";

  const deliver = options.deliver ?? deliverLocally("paypal stand-in", log);

  const signature = (id: string, time: string, event: string) =>
    createHmac("sha256", signingKey)
      .update(`${id}|${time}|${options.webhookId}|${createHash("sha256").update(event).digest("hex")}`)
      .digest("base64");

  function orderOf(id: string): PayPalOrder {
    const order = standIn.orders.get(id);
    if (!order) throw notFound(`order ${id}`);
    return order;
  }

  function callbackUrl(order: PayPalOrder): string {
    const returnUrl = contexts.get(order.id!)?.return_url ?? "http://localhost/";
    return `${new URL(returnUrl).origin}${callbackPath}`;
  }

  async function send(type: PayPalEventType, resource: PayPalWebhookEvent["resource"], order: PayPalOrder): Promise<void> {
    const resourceType = type.startsWith("CHECKOUT.")
      ? "checkout-order"
      : type === "PAYMENT.CAPTURE.REFUNDED" || type === "PAYMENT.CAPTURE.REVERSED"
        ? "refund"
        : "capture";
    const event: PayPalWebhookEvent = {
      id: `WH-${newId(8)}-${newId(17)}`,
      event_version: "1.0",
      create_time: isoNow(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: type,
      summary: type,
      resource,
    };
    const body = JSON.stringify(event);
    const id = randomBytes(16).toString("hex");
    const time = isoNow(standIn.clockSkewSeconds);
    const headers: Record<string, string> = {
      "content-type": "application/json",
      [PAYPAL_TRANSMISSION_HEADERS.id]: id,
      [PAYPAL_TRANSMISSION_HEADERS.time]: time,
      [PAYPAL_TRANSMISSION_HEADERS.sig]: signature(id, time, body),
      [PAYPAL_TRANSMISSION_HEADERS.certUrl]: `${origin}/v1/notifications/certs/CERT-stand-in`,
      [PAYPAL_TRANSMISSION_HEADERS.authAlgo]: "SHA256withRSA",
      "user-agent": "PayPal/AUHD-214.0-58842426",
    };
    transmissions.set(id, { headers, event: body });
    const sent = { event, body, headers, url: callbackUrl(order) };
    standIn.events.push(sent);
    await resend(sent);
  }

  async function resend(sent: SentEvent): Promise<void> {
    await deliver(sent.url, { body: sent.body, headers: sent.headers }).catch((error: unknown) =>
      log(`paypal stand-in: webhook ${sent.url} failed: ${String(error)}`),
    );
  }

  function verify(request: PayPalVerifyRequest): PayPalVerifyAnswer {
    const sent = transmissions.get(request.transmission_id);
    const event = JSON.stringify(request.webhook_event);
    const ok =
      sent !== undefined &&
      request.webhook_id === options.webhookId &&
      sent.headers[PAYPAL_TRANSMISSION_HEADERS.time] === request.transmission_time &&
      sent.headers[PAYPAL_TRANSMISSION_HEADERS.sig] === request.transmission_sig &&
      sent.headers[PAYPAL_TRANSMISSION_HEADERS.certUrl] === request.cert_url &&
      sent.headers[PAYPAL_TRANSMISSION_HEADERS.authAlgo] === request.auth_algo &&
      JSON.stringify(JSON.parse(sent.event)) === event &&
      signature(request.transmission_id, request.transmission_time, sent.event) === request.transmission_sig;
    return { verification_status: ok ? "SUCCESS" : "FAILURE" };
  }

  function createOrder(body: PayPalOrderRequest): PayPalOrder {
    const unit = body.purchase_units?.[0];
    const context = body.payment_source?.paypal?.experience_context;
    if (body.intent !== "CAPTURE") throw invalid("/intent");
    if (!unit || body.purchase_units.length !== 1) throw invalid("/purchase_units");
    if (!/^[A-Z]{3}$/.test(unit.amount?.currency_code ?? "") || minorUnits(unit.amount) === null || unit.amount.value.startsWith("-"))
      throw invalid("/purchase_units/@reference_id=default/amount");
    if (!context || !isUrl(context.return_url) || !isUrl(context.cancel_url)) throw invalid("/payment_source/paypal/experience_context/return_url");
    const id = newId();
    const now = isoNow();
    contexts.set(id, context);
    return {
      id,
      intent: "CAPTURE",
      status: "PAYER_ACTION_REQUIRED",
      create_time: now,
      update_time: now,
      purchase_units: [
        {
          reference_id: unit.reference_id ?? "default",
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
          ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
          ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          ...(unit.description ? { description: unit.description } : {}),
          payee: { email_address: "merchant@bodenhaus.example", merchant_id: "STANDINMERCHANT" },
        },
      ],
      links: [
        { href: `${origin}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: `${origin}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
      ],
    };
  }

  async function capture(order: PayPalOrder): Promise<PayPalOrder> {
    if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
    if (order.status !== "APPROVED") throw unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    const unit = order.purchase_units![0]!;
    const plan = plans.get(order.id!) ?? "approve";
    const id = newId();
    const now = isoNow();
    const captured: PayPalCapture = {
      id,
      status: plan === "approve" ? "COMPLETED" : plan === "pending" ? "PENDING" : "DECLINED",
      amount: unit.amount!,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id! } },
      links: [
        { href: `${origin}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
        { href: `${origin}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
        { href: `${origin}/v2/checkout/orders/${order.id!}`, rel: "up", method: "GET" },
      ],
      create_time: now,
      update_time: now,
    };
    standIn.captures.set(id, captured);
    order.status = "COMPLETED";
    order.update_time = now;
    unit.payments = { captures: [captured] };
    await send(plan === "approve" ? "PAYMENT.CAPTURE.COMPLETED" : plan === "pending" ? "PAYMENT.CAPTURE.PENDING" : "PAYMENT.CAPTURE.DENIED", captured, order);
    return order;
  }

  function orderOfCapture(captured: PayPalCapture): PayPalOrder {
    return orderOf(captured.supplementary_data?.related_ids?.order_id ?? "");
  }

  async function refund(captureId: string, body: PayPalRefundRequest, kind: "PAYMENT.CAPTURE.REFUNDED" | "PAYMENT.CAPTURE.REVERSED"): Promise<PayPalRefund> {
    const captured = standIn.captures.get(captureId);
    if (!captured) throw notFound(`capture ${captureId}`);
    if (captured.status !== "COMPLETED" && captured.status !== "PARTIALLY_REFUNDED")
      throw unprocessable("CAPTURE_FULLY_REFUNDED", `The capture is ${captured.status}.`);
    const captureTotal = minorUnits(captured.amount)!;
    const back = [...standIn.refunds.values()].filter((item) => item.links?.some((link) => link.rel === "up" && link.href.endsWith(`/captures/${captureId}`)));
    const left = captureTotal - back.reduce((sum, item) => sum + (minorUnits(item.amount) ?? 0), 0);
    const amount = body.amount ? minorUnits(body.amount) : left;
    if (body.amount && body.amount.currency_code !== captured.amount?.currency_code) throw unprocessable("REFUND_CURRENCY_MISMATCH", "The currency differs.");
    if (amount === null || amount <= 0 || amount > left)
      throw unprocessable("REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    const id = newId();
    const now = isoNow();
    const given: PayPalRefund = {
      id,
      status: "COMPLETED",
      amount: paypalMoney(amount, captured.amount!.currency_code),
      ...(captured.custom_id ? { custom_id: captured.custom_id } : {}),
      links: [
        { href: `${origin}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${origin}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
      create_time: now,
      update_time: now,
    };
    standIn.refunds.set(id, given);
    captured.status = amount === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    await send(kind, given, orderOfCapture(captured));
    return given;
  }

  async function choose(orderId: string, outcome: PayPalStandInOutcome): Promise<string> {
    const order = orderOf(orderId);
    const context = contexts.get(orderId)!;
    const captured = order.purchase_units?.[0]?.payments?.captures?.[0];
    const refuse = () => {
      throw unprocessable("ORDER_CANNOT_BE_APPROVED", `The order is ${order.status}${captured ? `, its capture ${captured.status}` : ""}.`);
    };
    const back = (url: string, query: Record<string, string>) => {
      const target = new URL(url);
      for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
      return target.toString();
    };
    switch (outcome) {
      case "approve":
      case "decline":
      case "pending":
        if (order.status !== "PAYER_ACTION_REQUIRED" && order.status !== "CREATED") refuse();
        order.status = "APPROVED";
        order.update_time = isoNow();
        plans.set(orderId, outcome);
        await send("CHECKOUT.ORDER.APPROVED", order, order);
        return back(context.return_url!, { token: orderId, PayerID: "STANDINPAYER01" });
      case "cancel":
        if (order.status !== "PAYER_ACTION_REQUIRED" && order.status !== "CREATED") refuse();
        return back(context.cancel_url!, { token: orderId });
      case "settle_paid":
      case "settle_failed":
        if (!captured || captured.status !== "PENDING") refuse();
        captured!.status = outcome === "settle_paid" ? "COMPLETED" : "DECLINED";
        captured!.update_time = isoNow();
        await send(outcome === "settle_paid" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DENIED", captured!, order);
        return `/checkoutnow?token=${orderId}`;
    }
  }

  /** Answers the latest state of what the first request under `requestId` made, or makes it. */
  async function once<T>(requestId: string | null, path: string, latest: (id: string) => T, make: () => Promise<T & { id?: string }>): Promise<T> {
    const key = requestId === null ? null : `${path}\n${requestId}`;
    const earlier = key === null ? undefined : requests.get(key);
    if (earlier !== undefined) return latest(earlier);
    const made = await make();
    if (key !== null && made.id) requests.set(key, made.id);
    return made;
  }

  async function api(method: string, path: string, body: string, request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (standIn.down) throw new ApiError(503, { name: "SERVICE_UNAVAILABLE", message: "The stand-in is down (as told)." });
    if (method === "POST" && path === "/v1/oauth2/token") {
      const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64")}`;
      if (request.headers.authorization !== basic || new URLSearchParams(body).get("grant_type") !== "client_credentials")
        throw new ApiError(401, { name: "invalid_client", message: "Client Authentication failed" });
      const token: PayPalAccessToken = {
        scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
        access_token: `A21AA${randomBytes(24).toString("hex")}`,
        token_type: "Bearer",
        app_id: "APP-STANDIN",
        expires_in: 32_400,
        nonce: `${isoNow()}${newId(8)}`,
      };
      tokens.add(token.access_token);
      standIn.tokensIssued += 1;
      return { status: 200, body: token };
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer))
      throw new ApiError(401, {
        name: "AUTHENTICATION_FAILURE",
        message: "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
      });
    const requestId = typeof request.headers["paypal-request-id"] === "string" ? request.headers["paypal-request-id"] : null;
    let match: RegExpExecArray | null;
    if (method === "POST" && path === "/v2/checkout/orders") {
      const order = await once(requestId, path, orderOf, async () => createOrder(parseJson(body) as PayPalOrderRequest));
      standIn.orders.set(order.id!, order);
      return { status: 201, body: order };
    }
    if (method === "GET" && (match = /^\/v2\/checkout\/orders\/(\w+)$/.exec(path))) {
      standIn.orderReads += 1;
      const order = orderOf(match[1]!);
      return { status: 200, body: order };
    }
    if (method === "POST" && (match = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path))) {
      const order = orderOf(match[1]!);
      return { status: 201, body: await once(requestId, path, orderOf, () => capture(order)) };
    }
    if (method === "POST" && (match = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path))) {
      const captureId = match[1]!;
      const given = await once(
        requestId,
        path,
        (id) => standIn.refunds.get(id)!,
        () => refund(captureId, parseJson(body) as PayPalRefundRequest, "PAYMENT.CAPTURE.REFUNDED"),
      );
      return { status: 201, body: given };
    }
    if (method === "POST" && path === "/v1/notifications/verify-webhook-signature")
      return { status: 200, body: verify(parseJson(body) as PayPalVerifyRequest) };
    throw notFound(`${method} ${path}`);
  }

  function page(order: PayPalOrder): string {
    const unit = order.purchase_units![0]!;
    const captured = unit.payments?.captures?.[0];
    const button = (outcome: PayPalStandInOutcome, label: string) => outcomeButton(`/checkoutnow?token=${order.id!}`, outcome, label);
    const choices =
      order.status === "PAYER_ACTION_REQUIRED"
        ? [
            button("approve", "Approve and pay"),
            button("decline", "Approve, the capture is declined"),
            button("pending", "Approve, the capture stays pending"),
            button("cancel", "Cancel and return to the shop"),
          ]
        : captured?.status === "PENDING"
          ? [button("settle_paid", "The pending capture completes"), button("settle_failed", "The pending capture is denied")]
          : [];
    const locale = contexts.get(order.id!)?.locale ?? "";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal stand-in</title></head><body>
<h1>PayPal stand-in: approve the payment</h1>
<p data-testid="stand-in-amount">${escapeHtml(`${unit.amount!.value} ${unit.amount!.currency_code}`)} · paypal · ${escapeHtml(order.status ?? "")}${captured ? `/${escapeHtml(captured.status ?? "")}` : ""} · ${escapeHtml(locale)}</p>
${choices.join("\n")}
</body></html>`;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const body = await readBody(request);
    try {
      if (url.pathname === "/checkoutnow") {
        const order = orderOf(url.searchParams.get("token") ?? "");
        if (method === "GET") return answerHtml(response, 200, page(order));
        const outcome = new URLSearchParams(body).get("outcome") as PayPalStandInOutcome;
        if (!PAYPAL_STAND_IN_OUTCOMES.includes(outcome)) throw invalid("outcome");
        return redirect(response, await choose(order.id!, outcome));
      }
      const answer = await api(method, url.pathname, body, request);
      answerJson(response, answer.status, JSON.stringify(answer.body), { "paypal-debug-id": newId(13).toLowerCase() });
    } catch (error) {
      const failure = error instanceof ApiError ? error : new ApiError(500, { name: "INTERNAL_SERVER_ERROR", message: String(error) });
      response.writeHead(failure.status, { "content-type": url.pathname === "/checkoutnow" ? "text/plain; charset=utf-8" : "application/json" });
      response.end(url.pathname === "/checkoutnow" ? failure.message : JSON.stringify({ ...failure.error, debug_id: newId(13).toLowerCase() }));
    }
  }

  const server = await startStandInServer(options.port, handle);
  origin = server.origin;
  const standIn: PayPalStandIn = {
    origin,
    orders: new Map(),
    captures: new Map(),
    refunds: new Map(),
    events: [],
    tokensIssued: 0,
    orderReads: 0,
    down: false,
    clockSkewSeconds: 0,
    choose,
    lapse: (orderId) => {
      const order = orderOf(orderId);
      if (order.status !== "COMPLETED") order.status = "VOIDED";
    },
    reverse: async (captureId, amount) => {
      const captured = standIn.captures.get(captureId);
      if (!captured) throw notFound(`capture ${captureId}`);
      await refund(captureId, { amount: paypalMoney(amount, captured.amount!.currency_code) }, "PAYMENT.CAPTURE.REVERSED");
    },
    resend,
    revokeTokens: () => tokens.clear(),
    close: server.close,
  };
  log(`PayPal stand-in on ${origin}`);
  return standIn;
}
