/**
 * Test harness of the returns API: the commerce harness (real local D1 and R2, the test
 * catalogue, a pinned clock, ALTCHA) with the returns link secret and the ERP's token, and
 * orders placed and delivered the way they are in production: a cart, POST
 * /apiv2/checkout/order, then the ERP's shipped and delivered events per line with their times.
 * Signed-in customers are real accounts with real sessions (signUp).
 */
import { shopDb } from "./d1";
import type { D1Database } from "@cloudflare/workers-types";
import { countRows } from "./d1";
import { lastMailId, mailsAfter } from "./outbox";
import { shopApiCaller } from "./shop-api";
import type { CustomerType } from "@domain/account";
import { CUSTOMER_SESSION_HEADER, SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { CAPTCHA_HEADER } from "@shop-api/core/captcha/verify";
import { createHarness, type ApiBody, type Harness } from "./commerce";
import { PASSWORD, registration, tokenOf } from "./customers";

export const LINK_SECRET = "returns-link-secret-0123456789abcdef-0123";
export const EVENTS_TOKEN = "order-events-token-0123456789abcdef0123";
export const NOW = "2026-11-18T08:00:00.000Z";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysBefore = (days: number, from = NOW): string => new Date(Date.parse(from) - days * DAY_MS).toISOString();

export interface ReturnsHarness extends Harness {
  /** A raw call through the route table with the harness's clock: the Response itself. */
  fetch(method: string, path: string, options?: RawOptions): Promise<Response>;
  /** POST /apiv2/rma/lookup with a solved captcha. */
  lookup(body: unknown, options?: { shop?: string; language?: string; token?: string; ip?: string; captcha?: string | null }): Promise<Response>;
  setNow(iso: string): void;
}

export interface RawOptions {
  shop?: string;
  language?: string;
  token?: string;
  body?: unknown;
  raw?: BodyInit;
  headers?: Record<string, string>;
}

/** The harness has no mail transport (mails stay in the outbox, where the tests read them): its drains' notice is expected. */
function quietWhenNoTransport(): void {
  const warn = console.warn.bind(console);
  jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("No mail transport configured")) return;
    warn(...args);
  });
}

export async function createReturnsHarness(now = NOW): Promise<ReturnsHarness> {
  quietWhenNoTransport();
  const h = await createHarness(now);
  Object.assign(h.env, { RMA_LINK_SECRET: LINK_SECRET, ORDER_EVENTS_TOKEN: EVENTS_TOKEN });
  let clock = new Date(now);
  const setNow = h.setNow.bind(h);
  const api = shopApiCaller(h.env, { now: () => clock });
  const fetch = (method: string, path: string, options: RawOptions = {}) => {
    const headers: Record<string, string> = { [SHOP_ID_HEADER]: options.shop ?? "DE", ...(options.headers ?? {}) };
    if (options.language) headers[SHOP_LANGUAGE_HEADER] = options.language;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    // A streamed body needs `duplex` in Node's fetch.
    const init = { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit;
    return api(new Request(`http://shop-api${path}`, init));
  };
  return {
    ...h,
    setNow(iso) {
      clock = new Date(iso);
      setNow(iso);
    },
    fetch,
    async lookup(body, options = {}) {
      const captcha = options.captcha === undefined ? await h.captchaToken("rma_lookup", options.shop) : options.captcha;
      return fetch("POST", "/apiv2/rma/lookup", {
        ...options,
        body,
        headers: { ...(captcha === null ? {} : { [CAPTCHA_HEADER]: captcha }), ...(options.ip ? { "cf-connecting-ip": options.ip } : {}) },
      });
    },
  };
}

export const json = async (response: Response) => (await response.json()) as ApiBody;

export const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

export interface PlacedOrder {
  number: string;
  email: string;
  /** The visitor token that placed it. */
  token: string;
}

export interface OrderPlan {
  shop?: string;
  language?: string;
  lines: [string, number][];
  email?: string;
  billingAddress?: Record<string, string>;
  shippingAddress?: Record<string, string>;
  /** When it was placed (the clock is set back to the harness's time afterwards). */
  placedAt?: string;
  /** Per line number: delivered packages and when (all shipped just before). Lines not named are not delivered. */
  deliveries?: { line: number; quantity: number; at: string }[];
  /** The payment method (invoice by default); an online one is paid by `pay` with the provider's page. */
  paymentMethod?: string;
  pay?: (redirectUrl: string) => Promise<unknown>;
}

/** Places and delivers an order as the checkout and the ERP do. */
export async function placeOrder(h: ReturnsHarness, plan: OrderPlan, restoreTo = NOW): Promise<PlacedOrder> {
  const shop = plan.shop ?? "DE";
  h.setNow(plan.placedAt ?? daysBefore(20, restoreTo));
  let token: string | undefined;
  for (const [sku, quantity] of plan.lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token, shop, language: plan.language });
    if (added.status !== 200) throw new Error(`cart add ${sku}: ${added.status} ${JSON.stringify(added.body.errors)}`);
    token ??= added.token;
  }
  const email = plan.email ?? "erika@example.com";
  const placed = await h.call("POST", "/apiv2/checkout/order", {
    body: {
      email,
      billingAddress: plan.billingAddress ?? ADDRESS,
      ...(plan.shippingAddress ? { shippingAddress: plan.shippingAddress } : {}),
      deliveryMode: "standard",
      paymentMethod: plan.paymentMethod ?? "invoice",
      acceptTerms: true,
    },
    token,
    shop,
    language: plan.language,
  });
  if (placed.status !== 200) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body.errors)}`);
  const number = placed.body.data.orderNumber as string;
  const redirectUrl = placed.body.data.payment?.redirectUrl as string | undefined;
  if (redirectUrl && plan.pay) await plan.pay(redirectUrl);
  h.setNow(restoreTo);
  let event = 0;
  const send = async (type: string, time: string, lines: { line: number; quantity: number }[]) => {
    const answer = await h.call("POST", `/admin/orders/${number}/events`, {
      body: { eventId: `${number}-${++event}`, type, time, lines },
      token: EVENTS_TOKEN,
    });
    if (answer.status !== 200) throw new Error(`event ${type}: ${answer.status} ${JSON.stringify(answer.body.errors)}`);
  };
  for (const delivery of plan.deliveries ?? []) {
    const shippedAt = new Date(Date.parse(delivery.at) - 60 * 60 * 1000).toISOString();
    await send("shipped", shippedAt, [{ line: delivery.line, quantity: delivery.quantity }]);
    await send("delivered", delivery.at, [{ line: delivery.line, quantity: delivery.quantity }]);
  }
  return { number, email, token: token! };
}

/** The body of a lookup of the order. */
export const lookupBody = (order: PlacedOrder, extra: Record<string, string> = {}) => ({
  orderIncrementId: order.number,
  orderEmail: order.email,
  postalCode: ADDRESS.postcode,
  ...extra,
});

/** Looks the order up as a new visitor (or `token`'s); the lookup token and the visitor token the answer handed out. */
export async function lookedUp(h: ReturnsHarness, order: PlacedOrder, options: { token?: string; shop?: string; postalCode?: string } = {}) {
  const response = await h.lookup(lookupBody(order, options.postalCode ? { postalCode: options.postalCode } : {}), options);
  const body = await json(response);
  if (response.status !== 200) throw new Error(`lookup: ${response.status} ${JSON.stringify(body.errors)}`);
  return {
    lookupToken: body.data.lookupToken as string,
    visitor: options.token ?? response.headers.get(VISITOR_TOKEN_HEADER)!,
    order: body.data.order,
    expiresAt: body.data.expiresAt as string,
  };
}

/**
 * A customer account made the way a customer makes one, through the account's own calls:
 * the registration (a solved captcha), then the link of the verification mail, which links
 * the shop's guest orders of the address to the account and signs in. `session` is the
 * token the edge keeps in the session cookie; `headers` send it in x-customer-session as
 * the edge does for the cookie.
 */
export interface TestCustomer {
  id: string;
  email: string;
  type: CustomerType;
  session: string;
  headers: Record<string, string>;
}

export const sessionHeaders = (session: string): Record<string, string> => ({ [CUSTOMER_SESSION_HEADER]: session });

export async function signUp(
  h: ReturnsHarness,
  email: string,
  options: { shop?: string; language?: string; registration?: Record<string, unknown> } = {},
): Promise<TestCustomer> {
  const shop = options.shop ?? "DE";
  const db = shopDb(h.env, shop);
  const before = await lastMailId(db);
  const registered = await h.fetch("POST", "/apiv2/customer/register", {
    shop,
    language: options.language,
    body: registration(email, options.registration),
    headers: { [CAPTCHA_HEADER]: await h.captchaToken("customer_register", shop) },
  });
  if (registered.status !== 202) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const recipient = email.trim().toLowerCase();
  const mail = (await mailsAfter(db, before)).filter((m) => m.template === "customer-verify" && m.recipient === recipient).at(-1);
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const verified = await h.fetch("POST", "/apiv2/customer/verify", {
    shop,
    language: options.language,
    body: { token: tokenOf(mail) },
  });
  const session = verified.headers.get(CUSTOMER_SESSION_HEADER);
  const body = await json(verified);
  if (verified.status !== 200 || !session) throw new Error(`verify: ${verified.status} ${JSON.stringify(body.errors)}`);
  const customer = body.data.customer as { id: string; email: string; type: CustomerType };
  return { id: customer.id, email: customer.email, type: customer.type, session, headers: sessionHeaders(session) };
}

/** Signs the customer in again (a new session; the sign-in links guest orders of the address placed since); the new session's token. */
export async function logIn(h: ReturnsHarness, customer: Pick<TestCustomer, "email">, shop = "DE"): Promise<string> {
  const answer = await h.fetch("POST", "/apiv2/customer/login", { shop, body: { email: customer.email, password: PASSWORD } });
  const session = answer.headers.get(CUSTOMER_SESSION_HEADER);
  if (answer.status !== 200 || !session) throw new Error(`login: ${answer.status} ${await answer.text()}`);
  return session;
}

const COUNTED_TABLES = ["rmas", "rma_lines", "rma_uploads", "rma_status_history", "order_withdrawals", "rma_lookup_tokens", "uploads", "mail_outbox"] as const;
export type ReturnsCounts = Record<(typeof COUNTED_TABLES)[number] | "attached", number>;

/** Row counts of the returns tables and the rest a refused write must leave alone. */
export async function returnsCounts(db: D1Database): Promise<ReturnsCounts> {
  const attached = (await db.prepare("SELECT COUNT(*) AS n FROM uploads WHERE attached_id IS NOT NULL").first<{ n: number }>())!.n;
  return { attached, ...(await countRows(db, COUNTED_TABLES)) };
}
