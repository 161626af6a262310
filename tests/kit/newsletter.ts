/**
 * Test harness of the newsletter: a real local D1 (every migration, the shops of
 * config/shops.json), the shop API's one route table with a pinned clock and ALTCHA, solved
 * captcha tokens as the browser sends them, and readers of the outbox, the subscribers, the
 * deliveries and the vouchers. The harness has no mail transport: mails stay in the outbox,
 * where the tests read them.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "./d1";
import { shopApiCaller } from "./shop-api";
import type { ShopApiEnv } from "@worker/env";
import { CLIENT_IP_HEADER, SHOP_ID_HEADER, SHOP_LANGUAGE_HEADER } from "@worker/lib/shop-headers";
import { CAPTCHA_HEADER } from "@shop-api/core/captcha/verify";
import { solvedCaptcha, TEST_ALTCHA_ENV } from "./captcha";
import { countRows, shopDb } from "./d1";
import { lastMailId, mailsAfter, type OutboxMail } from "./outbox";
import { IDEMPOTENCY_KEY_HEADER } from "@shop-api/core/idempotency";

export const NOW = "2026-11-18T08:00:00.000Z";
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

export interface CallOptions {
  shop?: string;
  language?: string;
  /** The client's address (each call gets one of its own otherwise). */
  ip?: string;
  /** The X-Captcha-Token: a solved challenge of the action `newsletter` unless given; null sends none. */
  captcha?: string | null;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** A body sent as it is (instead of `body` as JSON). */
  raw?: string;
}

export type NewsletterMail = OutboxMail<Record<string, string>>;

export interface NewsletterHarness {
  db: D1Database;
  env: ShopApiEnv;
  now(): Date;
  setNow(iso: string): void;
  /** Moves the clock on. */
  advance(ms: number): void;
  fetch(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Response>;
  subscribe(body: unknown, options?: CallOptions): Promise<Response>;
  confirm(token: unknown, options?: CallOptions): Promise<Response>;
  unsubscribe(token: unknown, options?: CallOptions): Promise<Response>;
  /** A solved ALTCHA challenge of the shop for an action, as the browser sends it. */
  captchaToken(action?: string, shop?: string): Promise<string>;
  /** Mails the shop (DE unless named; tests/kit/d1.ts shopDb) enqueued after the mail `after` (an id from lastMailId), oldest first. */
  mails(after?: number, shop?: string): Promise<NewsletterMail[]>;
  lastMailId(shop?: string): Promise<number>;
  /** Row counts of the newsletter's tables, the vouchers and the outbox. */
  counts(): Promise<Record<string, number>>;
  dispose(): Promise<void>;
}

export const json = async (response: Response) =>
  (await response.json()) as { status: number; data: Record<string, unknown> | null; errors: { message: string; code?: string; field?: string }[] };

/** The token of a mail's link path (`/newsletter/confirm/?token=...`). */
export const tokenIn = (path: string): string => new URLSearchParams(path.split("?")[1] ?? "").get("token") ?? "";

let addresses = 0;
/** A fresh address per test (the limits count per address). */
export const freshAddress = (name = "erika"): string => `${name}.${++addresses}@example.com`;

export async function createNewsletterHarness(now = NOW): Promise<NewsletterHarness> {
  const database: TestDatabase = await createTestDatabase();
  let clock = new Date(now);
  const env: ShopApiEnv = { ...database.env, ...TEST_ALTCHA_ENV };
  const api = shopApiCaller(env, { now: () => clock });
  const db = database.db;

  const captchaToken = (action = "newsletter", shop?: string): Promise<string> => solvedCaptcha(api, action, shop);

  const fetch = (method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Response> => {
    const headers: Record<string, string> = { [SHOP_ID_HEADER]: options.shop ?? "DE", ...(options.headers ?? {}) };
    if (options.language) headers[SHOP_LANGUAGE_HEADER] = options.language;
    if (options.ip) headers[CLIENT_IP_HEADER] = options.ip;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
    if (body !== undefined || options.raw !== undefined) headers["content-type"] = "application/json";
    const sent = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    return api(new Request(`http://shop-api${path}`, { method, headers, body: sent }));
  };

  const withCaptcha = async (options: CallOptions): Promise<CallOptions> => {
    const captcha = options.captcha === undefined ? await captchaToken("newsletter", options.shop) : options.captcha;
    return { ...options, headers: { ...(options.headers ?? {}), ...(captcha === null ? {} : { [CAPTCHA_HEADER]: captcha }) } };
  };

  return {
    db,
    env,
    now: () => clock,
    setNow(iso) {
      clock = new Date(iso);
    },
    advance(ms) {
      clock = new Date(clock.getTime() + ms);
    },
    fetch,
    async subscribe(body, options = {}) {
      return fetch("POST", "/apiv2/newsletter/subscribe", options.raw === undefined ? body : undefined, await withCaptcha(options));
    },
    confirm: (token, options = {}) => fetch("POST", "/apiv2/newsletter/confirm", { token }, options),
    unsubscribe: (token, options = {}) => fetch("POST", "/apiv2/newsletter/unsubscribe", { token }, options),
    captchaToken,
    mails: (after, shop = "DE") => mailsAfter<Record<string, string>>(shopDb(env, shop), after),
    lastMailId: (shop = "DE") => lastMailId(shopDb(env, shop)),
    counts: () => countRows(db, ["newsletter_subscribers", "newsletter_deliveries", "vouchers", "mail_outbox"]),
    dispose: () => database.dispose(),
  };
}

/** Signs an address up and answers the token of its confirmation mail (the newest mail to it). */
export async function signedUp(
  h: NewsletterHarness,
  email: string,
  options: CallOptions & { name?: string } = {},
): Promise<{ confirmToken: string; unsubscribeToken: string }> {
  const before = await h.lastMailId(options.shop);
  const answer = await h.subscribe({ name: options.name ?? "Erika Muster", email }, options);
  if (answer.status !== 200) throw new Error(`sign-up: ${answer.status} ${await answer.text()}`);
  const recipient = email.trim().toLowerCase();
  const mail = (await h.mails(before, options.shop)).find((candidate) => candidate.template === "newsletter-confirmation" && candidate.recipient === recipient);
  if (!mail) throw new Error(`no confirmation mail for ${email}`);
  return { confirmToken: tokenIn(mail.params.confirmPath!), unsubscribeToken: tokenIn(mail.params.unsubscribePath!) };
}
