import { createChallenge, verifySolution } from "altcha-lib";
import {
  ALTCHA_CHALLENGE_PATH,
  CaptchaError,
  captchaToken,
  EXECUTION_FAILED,
  RECAPTCHA_SCRIPT,
  shopCaptcha,
  TURNSTILE_SCRIPT,
  type CaptchaRuntime,
} from "./captcha";

/** A runtime that records what the module asked for and answers as the test says. */
function fakeRuntime(overrides: Partial<CaptchaRuntime> = {}) {
  const loaded: string[] = [];
  const fetched: string[] = [];
  const runtime: CaptchaRuntime = {
    loadScript: async (src) => void loaded.push(src),
    grecaptcha: () => ({ ready: (callback) => callback(), execute: async (siteKey, { action }) => `recaptcha:${siteKey}:${action}` }),
    turnstile: () => ({
      render: (_container, options) => {
        options.callback(`turnstile:${options.sitekey}:${options.action}`);
        return "widget-1";
      },
    }),
    widgetContainer: () => ({ target: "#captcha-widget", remove: () => undefined }),
    fetch: async (input) => {
      fetched.push(String(input));
      return Response.json({ status: 404, data: null, errors: [] }, { status: 404 });
    },
    ...overrides,
  };
  return { runtime, loaded, fetched };
}

describe("reCAPTCHA v3", () => {
  test.each([
    ["no site key", { provider: "recaptcha-v3", version: 3 }],
    ["an empty site key", { provider: "recaptcha-v3", siteKey: "", version: 3 }],
    ["no version", { provider: "recaptcha-v3", siteKey: "6LcSiteKey" }],
    ["version 2", { provider: "recaptcha-v3", siteKey: "6LcSiteKey", version: 2 }],
  ] as const)("fails with %s, before loading anything", async (_name, settings) => {
    const { runtime, loaded } = fakeRuntime();
    await expect(captchaToken(settings, "sample_order", runtime)).rejects.toBeInstanceOf(CaptchaError);
    expect(loaded).toEqual([]);
  });

  test("loads the provider's script at submit and returns the token for the action", async () => {
    const { runtime, loaded } = fakeRuntime();
    expect(loaded).toEqual([]);
    await expect(captchaToken({ provider: "recaptcha-v3", siteKey: "6LcSiteKey", version: 3 }, "sample_order", runtime)).resolves.toBe(
      "recaptcha:6LcSiteKey:sample_order",
    );
    expect(loaded).toEqual([`${RECAPTCHA_SCRIPT}?render=6LcSiteKey`]);
  });

  test.each<[string, Partial<CaptchaRuntime>]>([
    ["execution fails", { grecaptcha: () => ({ ready: (callback) => callback(), execute: () => Promise.reject(new Error("network")) }) }],
    ["the script does not load", { loadScript: () => Promise.reject(new Error("blocked")) }],
    ["the script loads but grecaptcha is missing", { grecaptcha: () => undefined }],
  ])("'Failed to execute' when %s", async (_name, overrides) => {
    const { runtime } = fakeRuntime(overrides);
    const failure = captchaToken({ provider: "recaptcha-v3", siteKey: "6LcSiteKey", version: 3 }, "sample_order", runtime);
    await expect(failure).rejects.toThrow(EXECUTION_FAILED);
    await expect(failure).rejects.not.toBeInstanceOf(CaptchaError);
  });
});

describe("Turnstile", () => {
  test("fails without a site key, before loading anything", async () => {
    const { runtime, loaded } = fakeRuntime();
    await expect(captchaToken({ provider: "turnstile" }, "sample_order", runtime)).rejects.toBeInstanceOf(CaptchaError);
    expect(loaded).toEqual([]);
  });

  test("renders the widget at submit, returns its token and removes the widget", async () => {
    const removed: string[] = [];
    const { runtime, loaded } = fakeRuntime({ widgetContainer: () => ({ target: "#captcha-widget", remove: () => void removed.push("container") }) });
    await expect(captchaToken({ provider: "turnstile", siteKey: "0x4AAAAkey" }, "inquiry", runtime)).resolves.toBe("turnstile:0x4AAAAkey:inquiry");
    expect(loaded).toEqual([TURNSTILE_SCRIPT]);
    expect(removed).toEqual(["container"]);
  });

  test("'Failed to execute' when the widget reports an error", async () => {
    const { runtime } = fakeRuntime({ turnstile: () => ({ render: (_container, options) => void options["error-callback"]() }) });
    await expect(captchaToken({ provider: "turnstile", siteKey: "0x4AAAAkey" }, "inquiry", runtime)).rejects.toThrow(EXECUTION_FAILED);
  });
});

describe("ALTCHA (the self-hosted default)", () => {
  const HMAC_KEY = "client-test-key";

  test("fetches a challenge only at submit, solves it and returns a solution the server accepts", async () => {
    const challenge = await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 2000, params: { shop: "DE", action: "sample_order" } });
    const { runtime, fetched, loaded } = fakeRuntime({
      fetch: async (input) => {
        fetched.push(String(input));
        return Response.json({ status: 200, data: challenge, errors: [], meta: {} });
      },
    });
    expect(fetched).toEqual([]);
    const token = await captchaToken({ provider: "altcha" }, "sample_order", runtime);
    expect(fetched).toEqual([`${ALTCHA_CHALLENGE_PATH}?action=sample_order`]);
    expect(loaded).toEqual([]);
    expect(await verifySolution(token, HMAC_KEY, false)).toBe(true);
  });

  test.each<[string, () => Response]>([
    [
      "the challenge call is refused",
      () => Response.json({ status: 503, data: null, errors: [{ message: "This service is not configured." }] }, { status: 503 }),
    ],
    ["the answer is not JSON", () => new Response("<html>", { status: 502 })],
    ["the answer holds no challenge", () => Response.json({ status: 200, data: { challenge: 1 }, errors: [] })],
  ])("'Failed to execute' when %s", async (_name, answer) => {
    const { runtime } = fakeRuntime({ fetch: async () => answer() });
    await expect(captchaToken({ provider: "altcha" }, "sample_order", runtime)).rejects.toThrow(EXECUTION_FAILED);
  });

  test("'Failed to execute' when the challenge has no solution within its maximum number", async () => {
    const challenge = { ...(await createChallenge({ hmacKey: HMAC_KEY, maxnumber: 50, number: 50 })), maxnumber: 10 };
    const { runtime } = fakeRuntime({ fetch: async () => Response.json({ status: 200, data: challenge, errors: [] }) });
    await expect(captchaToken({ provider: "altcha" }, "sample_order", runtime)).rejects.toThrow(EXECUTION_FAILED);
  });

  test("'Failed to execute' when the network is down", async () => {
    const { runtime } = fakeRuntime({ fetch: () => Promise.reject(new TypeError("Failed to fetch")) });
    await expect(captchaToken({ provider: "altcha" }, "sample_order", runtime)).rejects.toThrow(EXECUTION_FAILED);
  });
});

test("the shop's captcha comes from the build: ALTCHA when none is named, reCAPTCHA as version 3", () => {
  expect(shopCaptcha(undefined)).toEqual({ provider: "altcha" });
  expect(shopCaptcha('{"provider":"turnstile","siteKey":"0x4AAA"}')).toEqual({ provider: "turnstile", siteKey: "0x4AAA" });
  expect(shopCaptcha('{"provider":"recaptcha-v3","siteKey":"6Lc","minScore":0.5}')).toMatchObject({ provider: "recaptcha-v3", siteKey: "6Lc", version: 3 });
});
