/**
 * Test harness of the customer account: the commerce harness's real local D1 (catalogue,
 * shops, captcha key) and a pinned clock, with "browsers" that call the shop API's one route
 * table as the edge does for them: the visitor token as the bearer, the session cookie's
 * token in x-customer-session, both taken over from the answers' headers (an empty session
 * header deletes the cookie). Mails are read from the outbox.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { nextClientIp, shopApiCaller } from "./shop-api";
import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER, CUSTOMER_SESSION_HEADER, SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { CAPTCHA_HEADER } from "@shop-api/core/captcha/verify";
import { solvedCaptcha } from "./captcha";
import { createHarness, type ApiBody } from "./commerce";
import { shopDb } from "./d1";
import { lastMailId, mailsAfter, type OutboxMail } from "./outbox";

export interface Browser {
  /** The visitor token (the edge's token cookie). */
  token?: string;
  /** The customer session token (the edge's session cookie). */
  session?: string;
  ip: string;
  shop: string;
  language?: string;
}

export interface Answer {
  status: number;
  body: ApiBody;
  /** The body as sent (for byte-for-byte comparisons). */
  text: string;
  /** The x-customer-session header of the answer: a token, "" (delete), or undefined (none). */
  sessionHeader: string | undefined;
}

export interface CallOptions {
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** A captcha token; by default register and password-reset solve a fresh challenge. null: none. */
  captcha?: string | null;
}

export type Mail = OutboxMail;

export interface AccountHarness {
  db: D1Database;
  env: ShopApiEnv;
  setNow(iso: string): void;
  now(): Date;
  browser(shop?: string, language?: string): Browser;
  call(browser: Browser, method: string, path: string, options?: CallOptions): Promise<Answer>;
  /** Mails of the shop's outbox (DE's unless named; tests/kit/d1.ts shopDb) since `afterId` (all without), oldest first. */
  mails(afterId?: number, shop?: string): Promise<Mail[]>;
  lastMailId(shop?: string): Promise<number>;
  dispose(): Promise<void>;
}

const CAPTCHA_ACTIONS: Record<string, string> = {
  "/apiv2/customer/register": "customer_register",
  "/apiv2/customer/password-reset": "customer_password_reset",
};

export async function createAccountHarness(now = "2026-11-18T08:00:00Z"): Promise<AccountHarness> {
  const base = await createHarness(now);
  let clock = new Date(now);
  const api = shopApiCaller(base.env, { now: () => clock });

  async function call(browser: Browser, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { [SHOP_ID_HEADER]: browser.shop, [CLIENT_IP_HEADER]: browser.ip, ...(options.headers ?? {}) };
    if (browser.language) headers[SHOP_LANGUAGE_HEADER] = browser.language;
    if (browser.token) headers.authorization = `Bearer ${browser.token}`;
    if (browser.session) headers[CUSTOMER_SESSION_HEADER] = browser.session;
    const action = CAPTCHA_ACTIONS[path.split("?")[0]!];
    if (method === "POST" && action && options.captcha !== null) headers[CAPTCHA_HEADER] = options.captcha ?? (await solvedCaptcha(api, action, browser.shop));
    let body: string | undefined;
    if (options.raw !== undefined) body = options.raw;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    const response = await api(new Request(`http://shop-api${path}`, { method, headers, body }));
    const text = await response.text();
    const visitor = response.headers.get(VISITOR_TOKEN_HEADER);
    if (visitor) browser.token = visitor;
    const session = response.headers.get(CUSTOMER_SESSION_HEADER);
    if (session !== null) browser.session = session === "" ? undefined : session;
    return { status: response.status, body: JSON.parse(text) as ApiBody, text, sessionHeader: session ?? undefined };
  }

  return {
    db: base.db,
    env: base.env,
    setNow(iso) {
      clock = new Date(iso);
    },
    now: () => clock,
    browser: (shop = "DE", language) => ({ ip: nextClientIp(), shop, ...(language ? { language } : {}) }),
    call,
    mails: (afterId, shop = "DE") => mailsAfter(shopDb(base.env, shop), afterId),
    lastMailId: (shop = "DE") => lastMailId(shopDb(base.env, shop)),
    dispose: () => base.dispose(),
  };
}

/** The token of a mail's link (`...?token=...`). */
export function tokenOf(mail: Pick<Mail, "template" | "params">): string {
  const path = String(mail.params.path ?? "");
  const token = new URL(path, "http://x").searchParams.get("token");
  if (!token) throw new Error(`mail ${mail.template} has no token: ${path}`);
  return token;
}

export const PASSWORD = "Parkett-Eiche-2026";

/** A registration body (private customer in DE unless changed). */
export function registration(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "private",
    firstName: "Erika",
    surname: "Muster",
    email,
    street: "Hauptstraße 5",
    postcode: "10115",
    city: "Berlin",
    country: "de",
    phone: "+49 30 1234567",
    password: PASSWORD,
    confirmationPassword: PASSWORD,
    acceptTerms: true,
    ...extra,
  };
}

/** Registers and verifies an account in the browser's shop; the browser ends up signed in. Returns the customer. */
export async function signedUpCustomer(h: AccountHarness, browser: Browser, email: string, extra: Record<string, unknown> = {}) {
  const before = await h.lastMailId(browser.shop);
  const registered = await h.call(browser, "POST", "/apiv2/customer/register", { body: registration(email, extra) });
  if (registered.status !== 202) throw new Error(`register: ${registered.status} ${registered.text}`);
  const mail = (await h.mails(before, browser.shop)).find((m) => m.template === "customer-verify" && m.recipient === email.toLowerCase());
  if (!mail) throw new Error("no verification mail");
  const verified = await h.call(browser, "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail) } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${verified.text}`);
  return verified.body.data.customer as { id: string; email: string };
}
