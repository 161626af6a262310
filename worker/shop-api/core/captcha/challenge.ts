/**
 * `GET /apiv2/captcha/challenge?action=<form action>`: a fresh ALTCHA challenge for one
 * submit of the shop's form, in the envelope (never cached). The browser asks for it at
 * submit, never at page load (site/src/lib/captcha.ts). Shops with another provider: 404.
 */
import type { AltchaChallenge, CaptchaRefusalCode } from "@domain/api/captcha";
import type { ShopContext } from "../context";
import { invalid, MESSAGES, notFound } from "../envelope";
import { reply, type Reply } from "../route";
import { altchaChallenge } from "./altcha";

/** Form actions: what reCAPTCHA and Turnstile both accept (lower-case letters, digits, underscore). */
export const CAPTCHA_ACTION = /^[a-z][a-z0-9_]{0,31}$/;

export async function captchaChallenge(ctx: ShopContext): Promise<Reply<AltchaChallenge>> {
  if (ctx.shop.captcha.provider !== "altcha") throw notFound();
  const action = ctx.url.searchParams.get("action") ?? "";
  if (!CAPTCHA_ACTION.test(action)) throw invalid("action", MESSAGES.invalid, "invalid_action" satisfies CaptchaRefusalCode);
  return reply(await altchaChallenge(ctx, action));
}
