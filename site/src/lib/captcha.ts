/**
 * The captcha token of one form submit, for the `X-Captcha-Token` header (docs/decisions/0024).
 * Call `captchaToken` in the submit handler: nothing is loaded or asked before (no provider
 * script, no challenge at page load, so the page's first-load JavaScript stays as it is).
 *
 * - ALTCHA (the shops' default): a challenge from GET /apiv2/captcha/challenge, solved here
 *   with altcha-lib's solver, loaded on demand.
 * - reCAPTCHA v3: needs a site key and the version (3); without either it fails
 *   before loading anything. The provider's script loads at the first submit.
 * - Turnstile: needs a site key; the widget renders invisibly unless the visitor must interact.
 *
 * Whatever goes wrong while getting the token (script, network, provider, solver) raises
 * 'Failed to execute'.
 */
import type { AltchaChallenge } from "@domain/api/captcha";

export const CAPTCHA_HEADER = "X-Captcha-Token";
export const EXECUTION_FAILED = "Failed to execute";

/** The shop's captcha as the page knows it (the shop config's `captcha`, given at build time). */
export interface CaptchaClientSettings {
  provider: "altcha" | "recaptcha-v3" | "turnstile";
  siteKey?: string;
  /** reCAPTCHA: the version the site key is for; 3 is the one supported. */
  version?: number;
}

/**
 * The shop's captcha, put into GATSBY_CAPTCHA by gatsby-config.ts from the shop config
 * (reCAPTCHA is version 3, the only one the shops use); ALTCHA when the build names none.
 */
export function shopCaptcha(configured: string | undefined = process.env.GATSBY_CAPTCHA): CaptchaClientSettings {
  const settings = JSON.parse(configured || '{"provider":"altcha"}') as CaptchaClientSettings;
  return settings.provider === "recaptcha-v3" ? { ...settings, version: 3 } : settings;
}

export class CaptchaError extends Error {
  override readonly name = "CaptchaError";
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

interface TurnstileOptions {
  sitekey: string;
  action: string;
  appearance: "interaction-only";
  callback(token: string): void;
  "error-callback"(): void;
  "timeout-callback"(): void;
}

interface Turnstile {
  /** The container is an element or a CSS selector. */
  render(container: HTMLElement | string, options: TurnstileOptions): string | null | undefined;
}

/** Where the Turnstile widget renders during one submit. */
export interface WidgetContainer {
  target: HTMLElement | string;
  remove(): void;
}

/** What the module needs from the browser; tests give their own. */
export interface CaptchaRuntime {
  /** Adds the script once; resolves when it has loaded. */
  loadScript(src: string): Promise<void>;
  grecaptcha(): Grecaptcha | undefined;
  turnstile(): Turnstile | undefined;
  /** A place for the Turnstile widget (visible only when the visitor must interact), removed after the submit. */
  widgetContainer(): WidgetContainer;
  fetch: typeof fetch;
}

export const RECAPTCHA_SCRIPT = "https://www.google.com/recaptcha/api.js";
export const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
export const ALTCHA_CHALLENGE_PATH = "/apiv2/captcha/challenge";

const loadingScripts = new Map<string, Promise<void>>();

function loadBrowserScript(src: string): Promise<void> {
  let loading = loadingScripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loadingScripts.delete(src);
        script.remove();
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loadingScripts.set(src, loading);
  }
  return loading;
}

type CaptchaGlobals = Window & { grecaptcha?: Grecaptcha; turnstile?: Turnstile };

export function browserRuntime(): CaptchaRuntime {
  const globals: CaptchaGlobals = window;
  return {
    loadScript: loadBrowserScript,
    grecaptcha: () => globals.grecaptcha,
    turnstile: () => globals.turnstile,
    widgetContainer: () => {
      const element = document.body.appendChild(document.createElement("div"));
      return { target: element, remove: () => element.remove() };
    },
    fetch: (input, init) => window.fetch(input, init),
  };
}

async function recaptchaToken(settings: CaptchaClientSettings, action: string, runtime: CaptchaRuntime): Promise<string> {
  const { siteKey, version } = settings;
  if (!siteKey || !version) throw new CaptchaError("reCAPTCHA needs a site key and a version");
  if (version !== 3) throw new CaptchaError(`reCAPTCHA version ${version} is not supported (only 3)`);
  await runtime.loadScript(`${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = runtime.grecaptcha();
  if (!grecaptcha) throw new Error("reCAPTCHA did not start");
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}

async function turnstileToken(settings: CaptchaClientSettings, action: string, runtime: CaptchaRuntime): Promise<string> {
  const { siteKey } = settings;
  if (!siteKey) throw new CaptchaError("Turnstile needs a site key");
  await runtime.loadScript(TURNSTILE_SCRIPT);
  const turnstile = runtime.turnstile();
  if (!turnstile) throw new Error("Turnstile did not start");
  const container = runtime.widgetContainer();
  try {
    return await new Promise<string>((resolve, reject) => {
      const failed = () => reject(new Error("Turnstile refused"));
      turnstile.render(container.target, {
        sitekey: siteKey,
        action,
        appearance: "interaction-only",
        callback: resolve,
        "error-callback": failed,
        "timeout-callback": failed,
      });
    });
  } finally {
    container.remove();
  }
}

function isChallenge(data: unknown): data is AltchaChallenge {
  if (!data || typeof data !== "object") return false;
  const fields: Record<string, unknown> = { ...data };
  return ["algorithm", "challenge", "salt", "signature"].every((key) => typeof fields[key] === "string") && typeof fields.maxnumber === "number";
}

async function altchaToken(action: string, runtime: CaptchaRuntime): Promise<string> {
  const response = await runtime.fetch(`${ALTCHA_CHALLENGE_PATH}?action=${encodeURIComponent(action)}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  const body: unknown = await response.json();
  const data = body && typeof body === "object" && "data" in body ? body.data : null;
  if (response.status !== 200 || !isChallenge(data)) throw new Error("no challenge");
  const { solveChallenge } = await import("altcha-lib");
  const solution = await solveChallenge(data.challenge, data.salt, data.algorithm, data.maxnumber).promise;
  if (!solution) throw new Error("no solution");
  const { algorithm, challenge, salt, signature } = data;
  return btoa(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature, took: solution.took }));
}

/**
 * The token for one submit of the form `action` (lower-case letters, digits, underscores).
 * Throws a CaptchaError for a captcha the page is not set up for, else 'Failed to execute'.
 */
export async function captchaToken(settings: CaptchaClientSettings, action: string, runtime: CaptchaRuntime = browserRuntime()): Promise<string> {
  try {
    switch (settings.provider) {
      case "recaptcha-v3":
        return await recaptchaToken(settings, action, runtime);
      case "turnstile":
        return await turnstileToken(settings, action, runtime);
      case "altcha":
        return await altchaToken(action, runtime);
    }
  } catch (error) {
    if (error instanceof CaptchaError) throw error;
    throw new Error(EXECUTION_FAILED, { cause: error });
  }
}
