/**
 * The one captcha check of the shop API (docs/decisions/0024): the token of the
 * `X-Captcha-Token` header, checked by the shop's provider (config `captcha`): ALTCHA
 * (default, self-hosted), reCAPTCHA v3 or Turnstile. It fails closed: a missing secret,
 * a provider that is down or answers nonsense, a wrong action or host name, a reused or
 * expired token are all refusals. Forms that need a captcha call
 * `requireCaptcha(ctx, "<action>")`, which throws 403 `captcha_failed` with the generic
 * message; the reason goes to the log only.
 */
import type { CaptchaRefusalCode } from "@domain/api/captcha";
import type { ShopContext } from "../context";
import { fail, MESSAGES } from "../envelope";
import { verifyAltcha } from "./altcha";
import { RECAPTCHA_SITEVERIFY_URL, SITEVERIFY_TIMEOUT_MS, TURNSTILE_SITEVERIFY_URL, verifyBySiteverify } from "./siteverify";
import { refused, type CaptchaVerdict } from "./verdict";

export const CAPTCHA_HEADER = "x-captcha-token";
/** Longer tokens are refused unread (Turnstile's are at most 2048 characters). */
const MAX_TOKEN_LENGTH = 4096;
/** Token lifetimes: reCAPTCHA v3 two minutes, Turnstile five. */
const RECAPTCHA_MAX_AGE_SECONDS = 120;
const TURNSTILE_MAX_AGE_SECONDS = 300;

/** Where and how long the siteverify call goes; tests point it at a local stand-in. Production passes nothing. */
export interface SiteverifyOverrides {
  siteverifyUrl?: string;
  timeoutMs?: number;
}

export async function verifyCaptcha(ctx: ShopContext, { action }: { action: string }, overrides: SiteverifyOverrides = {}): Promise<CaptchaVerdict> {
  const token = ctx.request.headers.get(CAPTCHA_HEADER)?.trim() ?? "";
  if (!token) return refused("missing_token");
  if (token.length > MAX_TOKEN_LENGTH) return refused("invalid_token");
  const settings = ctx.shop.captcha;
  const timeoutMs = overrides.timeoutMs ?? SITEVERIFY_TIMEOUT_MS;
  switch (settings.provider) {
    case "altcha":
      return verifyAltcha(ctx, token, action);
    case "recaptcha-v3":
      return verifyBySiteverify(ctx, token, action, {
        secret: ctx.env.RECAPTCHA_SECRET,
        url: overrides.siteverifyUrl ?? RECAPTCHA_SITEVERIFY_URL,
        maxAgeSeconds: RECAPTCHA_MAX_AGE_SECONDS,
        minScore: settings.minScore,
        timeoutMs,
      });
    case "turnstile":
      return verifyBySiteverify(ctx, token, action, {
        secret: ctx.env.TURNSTILE_SECRET,
        url: overrides.siteverifyUrl ?? TURNSTILE_SITEVERIFY_URL,
        maxAgeSeconds: TURNSTILE_MAX_AGE_SECONDS,
        timeoutMs,
      });
  }
}

/** Throws 403 `captcha_failed` (generic message) unless the request carries a valid captcha token for `action`. */
export async function requireCaptcha(ctx: ShopContext, action: string, overrides: SiteverifyOverrides = {}): Promise<void> {
  const verdict = await verifyCaptcha(ctx, { action }, overrides);
  if (verdict.ok) return;
  console.warn(`captcha refused (${ctx.shop.id}, ${ctx.shop.captcha.provider}, ${action}): ${verdict.reason}`);
  throw fail(403, MESSAGES.general, "captcha_failed" satisfies CaptchaRefusalCode);
}
