/**
 * The captcha check (worker/shop-api/core/captcha/) on a real local D1: ALTCHA challenges
 * fetched through the shop API's real handler and solved here, and reCAPTCHA v3 and
 * Turnstile against a local node:http stand-in for the providers' siteverify endpoints.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { WorkerEnv } from "@worker/env";
import { createShopApi } from "@shop-api/app";
import type { AltchaChallenge } from "@domain/api/captcha";
import { ALTCHA_MAX_NUMBER, ALTCHA_MAX_NUMBER_CEILING } from "@shop-api/core/captcha/altcha";
import { captchaChallenge } from "@shop-api/core/captcha/challenge";
import { CLOCK_SKEW_SECONDS } from "@shop-api/core/captcha/siteverify";
import { requireCaptcha, verifyCaptcha, type SiteverifyOverrides } from "@shop-api/core/captcha/verify";
import type { ShopContext } from "@shop-api/core/context";
import { ApiFailure } from "@shop-api/core/envelope";
import { shopById, type Shop } from "@shop-api/core/shop";
import { TEST_ALTCHA_ENV } from "../kit/captcha";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { HELD_BACK_MS, limitFor } from "../kit/json-stand-in";

const ACTION = "sample_order";
const DE = shopById("DE")!;
const CH = shopById("CH")!;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

function envWith(overrides: Partial<WorkerEnv> = {}): WorkerEnv {
  return { DB: database.db, ENVIRONMENT_NAME: "development", ALTCHA_HMAC_KEY: TEST_ALTCHA_ENV.ALTCHA_HMAC_KEY, ...overrides } as WorkerEnv;
}

/** The context of a form submit carrying `token` in X-Captcha-Token. */
function submit(token: string | null, options: { shop?: Shop; now?: Date; env?: WorkerEnv } = {}): ShopContext {
  const headers = new Headers({ "cf-connecting-ip": "203.0.113.9", "content-type": "application/json" });
  if (token !== null) headers.set("x-captcha-token", token);
  const request = new Request("https://shop-api.internal/apiv2/sample/product/cart/finish", { method: "POST", headers, body: "{}" });
  const shop = options.shop ?? DE;
  return {
    request,
    url: new URL(request.url),
    env: options.env ?? envWith(),
    db: database.db,
    now: options.now ?? new Date(),
    waitUntil: () => undefined,
    meta: {},
    headers: {},
    shop,
    language: shop.defaultLanguage,
  };
}

describe("ALTCHA (self-hosted proof of work)", () => {
  const execution = { waitUntil: () => undefined };

  async function fetchChallenge(options: { now?: Date; shop?: string; action?: string; env?: WorkerEnv } = {}): Promise<Response> {
    const api = createShopApi({ now: () => options.now ?? new Date() });
    const request = new Request(`https://shop-api.internal/apiv2/captcha/challenge?action=${options.action ?? ACTION}`, {
      headers: { "x-shop-id": options.shop ?? "DE" },
    });
    return api.fetch(request, options.env ?? envWith(), execution);
  }

  async function challenge(options: { now?: Date; shop?: string; action?: string } = {}): Promise<AltchaChallenge> {
    const response = await fetchChallenge(options);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: AltchaChallenge }).data;
  }

  /** What the browser does: find the number, send the widget's payload (base64 JSON). */
  function solve(c: AltchaChallenge, change: (payload: Record<string, unknown>) => void = () => undefined): string {
    for (let number = 0; number <= c.maxnumber; number++) {
      if (
        createHash("sha256")
          .update(c.salt + number)
          .digest("hex") === c.challenge
      ) {
        const payload: Record<string, unknown> = { algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature, took: 12 };
        change(payload);
        return btoa(JSON.stringify(payload));
      }
    }
    throw new Error("no solution");
  }

  const verify = (token: string | null, options: Parameters<typeof submit>[1] & { action?: string } = {}) =>
    verifyCaptcha(submit(token, options), { action: options.action ?? ACTION });

  test("GET /apiv2/captcha/challenge answers a signed, expiring challenge for the shop and action, never cached", async () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const response = await fetchChallenge({ now });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = (await response.json()) as { status: number; data: AltchaChallenge; errors: unknown[] };
    expect(body.status).toBe(200);
    expect(body.errors).toEqual([]);
    expect(body.data).toMatchObject({
      algorithm: "SHA-256",
      maxnumber: ALTCHA_MAX_NUMBER,
      challenge: expect.stringMatching(/^[0-9a-f]{64}$/),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const params = new URLSearchParams(body.data.salt.split("?")[1]);
    expect(Object.fromEntries(params)).toEqual({ shop: "DE", action: ACTION, expires: String(now.getTime() / 1000 + 300) });
    const again = (await (await fetchChallenge({ now })).json()) as { data: AltchaChallenge };
    expect(again.data.salt).not.toBe(body.data.salt);
  });

  test("the challenge route refuses a bad action (422), answers 503 without the key and 404 for a shop on another provider", async () => {
    for (const action of ["", "Sample", "a-b", "x".repeat(33), "a%20b"]) expect((await fetchChallenge({ action })).status).toBe(422);
    const unconfigured = await fetchChallenge({ env: envWith({ ALTCHA_HMAC_KEY: undefined }) });
    expect(unconfigured.status).toBe(503);
    expect(((await unconfigured.json()) as { errors: unknown[] }).errors).toEqual([{ message: "This service is not configured.", code: "not_configured" }]);
    const turnstileShop: Shop = { ...DE, captcha: { provider: "turnstile", siteKey: "0x4AAAAAAAtestsitekey" } };
    const request = new Request(`https://shop-api.internal/apiv2/captcha/challenge?action=${ACTION}`);
    await expect(captchaChallenge({ ...submit(null, { shop: turnstileShop }), request, url: new URL(request.url) })).rejects.toMatchObject({ status: 404 });
  });

  test("ALTCHA_MAX_NUMBER sizes the proof of work (1 to 1,000,000); any other value is a configuration error (503)", async () => {
    const small = (await (await fetchChallenge({ env: envWith({ ALTCHA_MAX_NUMBER: "1000" }) })).json()) as { data: AltchaChallenge };
    expect(small.data.maxnumber).toBe(1000);
    expect(await verify(solve(small.data))).toEqual({ ok: true });
    const largest = (await (await fetchChallenge({ env: envWith({ ALTCHA_MAX_NUMBER: "1000000" }) })).json()) as { data: AltchaChallenge };
    expect(largest.data.maxnumber).toBe(ALTCHA_MAX_NUMBER_CEILING);
    for (const value of ["", "0", "-5", "1e3", "1000.5", "01000", "1000001", "99999999", " 1000", "abc"]) {
      const response = await fetchChallenge({ env: envWith({ ALTCHA_MAX_NUMBER: value }) });
      expect([value, response.status]).toEqual([value, 503]);
    }
  });

  test("a solved challenge passes once; the same solution again is refused", async () => {
    const token = solve(await challenge());
    expect(await verify(token)).toEqual({ ok: true });
    expect(await verify(token)).toEqual({ ok: false, reason: "reused" });
  });

  test("of two concurrent submits with one solution, exactly one passes", async () => {
    const token = solve(await challenge());
    const verdicts = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(1);
  });

  test("an expired challenge is refused", async () => {
    const issued = new Date(Date.now() - 301_000);
    const token = solve(await challenge({ now: issued }));
    expect(await verify(token)).toEqual({ ok: false, reason: "expired" });
    const fresh = solve(await challenge({ now: issued }));
    expect(await verify(fresh, { now: new Date(issued.getTime() + 299_000) })).toEqual({ ok: true });
  });

  test.each<[string, (payload: Record<string, unknown>, c: AltchaChallenge) => void]>([
    ["another number", (payload) => (payload.number = Number(payload.number) + 1)],
    ["a later expiry in the salt", (payload, c) => (payload.salt = c.salt.replace(/expires=\d+/, "expires=4102444800"))],
    ["another action in the salt", (payload, c) => (payload.salt = c.salt.replace(`action=${ACTION}`, "action=login"))],
    ["another signature", (payload) => (payload.signature = "0".repeat(64))],
    ["SHA-1 instead of SHA-256", (payload) => (payload.algorithm = "SHA-1")],
    ["a number above the highest maximum", (payload) => (payload.number = ALTCHA_MAX_NUMBER_CEILING + 1)],
    ["a missing signature", (payload) => delete payload.signature],
  ])("a tampered solution (%s) is refused", async (_name, tamper) => {
    const c = await challenge();
    expect(await verify(solve(c, (payload) => tamper(payload, c)))).toEqual({ ok: false, reason: "invalid_token" });
  });

  test.each<[string, string]>([
    ["not base64", "%%%not base64%%%"],
    ["base64 of no JSON", btoa("hello")],
    ["base64 of a JSON array", btoa("[1,2,3]")],
    ["an oversized token", "A".repeat(5000)],
  ])("a malformed token (%s) is refused", async (_name, token) => {
    expect(await verify(token)).toEqual({ ok: false, reason: "invalid_token" });
  });

  test("a solution for another action or another shop is refused", async () => {
    expect(await verify(solve(await challenge()), { action: "inquiry" })).toEqual({ ok: false, reason: "wrong_action" });
    expect(await verify(solve(await challenge({ shop: "CH" })))).toEqual({ ok: false, reason: "wrong_shop" });
    expect(await verify(solve(await challenge({ shop: "CH" })), { shop: CH })).toEqual({ ok: true });
  });

  test("without the HMAC key, or with another key, every solution is refused", async () => {
    const token = solve(await challenge());
    expect(await verify(token, { env: envWith({ ALTCHA_HMAC_KEY: undefined }) })).toEqual({ ok: false, reason: "not_configured" });
    expect(await verify(token, { env: envWith({ ALTCHA_HMAC_KEY: "another-key" }) })).toEqual({ ok: false, reason: "invalid_token" });
    expect(await verify(token)).toEqual({ ok: true });
  });

  test("a submit without a token is refused", async () => {
    expect(await verify(null)).toEqual({ ok: false, reason: "missing_token" });
    expect(await verify("   ")).toEqual({ ok: false, reason: "missing_token" });
  });

  test("requireCaptcha throws 403 captcha_failed with the generic message, and passes a valid token", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const refusal = await requireCaptcha(submit(null), ACTION).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ApiFailure);
      expect(refusal).toMatchObject({ status: 403, errors: [{ message: "Something went wrong. Try again.", code: "captcha_failed" }] });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("missing_token"));
      await expect(requireCaptcha(submit(solve(await challenge())), ACTION)).resolves.toBeUndefined();
    } finally {
      warn.mockRestore();
    }
  });
});

describe("reCAPTCHA v3 and Turnstile (siteverify)", () => {
  interface Answer {
    status?: number;
    body: string;
    delayMs?: number;
  }
  let server: Server;
  let url: string;
  let answer: () => Answer;
  const received: { method: string; contentType: string; form: URLSearchParams }[] = [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks).toString()));
    });

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      received.push({ method: request.method ?? "", contentType: request.headers["content-type"] ?? "", form: new URLSearchParams(await readBody(request)) });
      const { status = 200, body, delayMs = 0 } = answer();
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, { "content-type": "application/json" });
        response.end(body);
      }, delayMs).unref();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received.length = 0;
  });

  const RECAPTCHA: Shop = { ...DE, captcha: { provider: "recaptcha-v3", siteKey: "6LcTestSiteKey0123456789", minScore: 0.5 } };
  const TURNSTILE: Shop = { ...DE, captcha: { provider: "turnstile", siteKey: "0x4AAAAAAAtestsitekey" } };
  const SECRETS = { RECAPTCHA_SECRET: "recaptcha-secret", TURNSTILE_SECRET: "turnstile-secret" };
  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
  const good = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({ success: true, challenge_ts: secondsAgo(10), hostname: "www.bodenhaus.example", action: ACTION, score: 0.9, ...extra });

  function verify(shop: Shop, reply: Answer | string, options: { env?: Partial<WorkerEnv>; overrides?: SiteverifyOverrides } = {}) {
    answer = () => (typeof reply === "string" ? { body: reply } : reply);
    return verifyCaptcha(
      submit("provider-token-abc", { shop, env: envWith({ ...SECRETS, ...options.env }) }),
      { action: ACTION },
      { siteverifyUrl: url, timeoutMs: limitFor(reply), ...options.overrides },
    );
  }

  test.each([
    ["reCAPTCHA v3", RECAPTCHA, "recaptcha-secret"],
    ["Turnstile", TURNSTILE, "turnstile-secret"],
  ])("%s: a good answer passes; the provider got secret, token and client address as a POSTed form", async (_name, shop, secret) => {
    expect(await verify(shop, good())).toEqual({ ok: true });
    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe("POST");
    expect(received[0]!.contentType).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(received[0]!.form)).toEqual({ secret, response: "provider-token-abc", remoteip: "203.0.113.9" });
  });

  test.each<[string, Shop, Answer | string, string]>([
    ["wrong action", TURNSTILE, good({ action: "login" }), "wrong_action"],
    ["no action", RECAPTCHA, good({ action: undefined }), "wrong_action"],
    ["another site's host name", TURNSTILE, good({ hostname: "evil.example" }), "wrong_hostname"],
    ["another shop's host name", RECAPTCHA, good({ hostname: "www.bodenhaus.example.ch" }), "wrong_hostname"],
    ["no host name", TURNSTILE, good({ hostname: undefined }), "wrong_hostname"],
    ["a score below minScore", RECAPTCHA, good({ score: 0.3 }), "low_score"],
    ["no score", RECAPTCHA, good({ score: undefined }), "low_score"],
    ["a reCAPTCHA token older than two minutes (and the clock skew)", RECAPTCHA, good({ challenge_ts: secondsAgo(120 + CLOCK_SKEW_SECONDS + 1) }), "expired"],
    ["a Turnstile token older than five minutes (and the clock skew)", TURNSTILE, good({ challenge_ts: secondsAgo(300 + CLOCK_SKEW_SECONDS + 1) }), "expired"],
    ["a challenge time in the future beyond the clock skew", TURNSTILE, good({ challenge_ts: secondsAgo(-CLOCK_SKEW_SECONDS - 60) }), "expired"],
    ["no challenge time", TURNSTILE, good({ challenge_ts: undefined }), "malformed_answer"],
    ["the provider says no (a reused token)", TURNSTILE, JSON.stringify({ success: false, "error-codes": ["timeout-or-duplicate"] }), "rejected"],
    ["provider error 500", RECAPTCHA, { status: 500, body: good() }, "provider_error"],
    ["provider error 429", TURNSTILE, { status: 429, body: "" }, "provider_error"],
    ["an answer that is not JSON", RECAPTCHA, "<html>Service Unavailable</html>", "malformed_answer"],
    ["JSON without success", TURNSTILE, JSON.stringify({ hostname: "www.bodenhaus.example" }), "malformed_answer"],
    ["success as a string", TURNSTILE, good({ success: "true" }), "malformed_answer"],
    ["no answer within the time limit", TURNSTILE, { body: good(), delayMs: HELD_BACK_MS }, "unreachable"],
  ])("%s is refused", async (_name, shop, reply, reason) => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await verify(shop, reply)).toEqual({ ok: false, reason });
    } finally {
      warn.mockRestore();
    }
  });

  test("host names of every environment count, without their port; a score of exactly minScore passes", async () => {
    expect(await verify(TURNSTILE, good({ hostname: "de.localhost" }))).toEqual({ ok: true });
    expect(await verify(RECAPTCHA, good({ hostname: "DE.STAGING.BODENHAUS.EXAMPLE", score: 0.5 }))).toEqual({ ok: true });
  });

  test.each([
    ["a minute behind the provider: a challenge time a minute ahead", RECAPTCHA, -60],
    ["a minute ahead of the provider: a reCAPTCHA token two minutes old by the provider's clock", RECAPTCHA, 120 + 60],
    ["a minute ahead of the provider: a Turnstile token five minutes old by the provider's clock", TURNSTILE, 300 + 60],
  ])("a server %s passes", async (_name, shop, age) => {
    expect(await verify(shop, good({ challenge_ts: secondsAgo(age) }))).toEqual({ ok: true });
  });

  test("an unreachable provider is refused", async () => {
    expect(await verify(TURNSTILE, good(), { overrides: { siteverifyUrl: "http://127.0.0.1:9/siteverify" } })).toEqual({ ok: false, reason: "unreachable" });
  });

  test("without the secret nothing is sent and every token is refused", async () => {
    expect(await verify(RECAPTCHA, good(), { env: { RECAPTCHA_SECRET: undefined } })).toEqual({ ok: false, reason: "not_configured" });
    expect(await verify(TURNSTILE, good(), { env: { TURNSTILE_SECRET: "" } })).toEqual({ ok: false, reason: "not_configured" });
    expect(received).toHaveLength(0);
  });

  test("requireCaptcha with the provider down: 403 captcha_failed", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      answer = () => ({ status: 503, body: "" });
      const ctx = submit("provider-token-abc", { shop: TURNSTILE, env: envWith(SECRETS) });
      await expect(requireCaptcha(ctx, ACTION, { siteverifyUrl: url })).rejects.toMatchObject({
        status: 403,
        errors: [{ code: "captcha_failed", message: "Something went wrong. Try again." }],
      });
    } finally {
      warn.mockRestore();
    }
  });
});
