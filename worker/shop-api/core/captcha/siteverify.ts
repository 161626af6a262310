/**
 * reCAPTCHA v3 and Turnstile: the token the browser got from the provider is checked by
 * the provider's siteverify endpoint (POST secret + token), and its answer by us: success,
 * the form's action, a host name of the shop, the challenge's age and, for reCAPTCHA v3,
 * the score. Anything else is refused: no secret, no answer within the time limit, an
 * error status, an answer that is not the documented JSON. The providers refuse a token
 * they have seen before themselves (timeout-or-duplicate).
 */
import { z } from "zod";
import type { ShopContext } from "../context";
import { clientIp } from "../rate-limit";
import { passed, refused, type CaptchaVerdict } from "./verdict";

export const RECAPTCHA_SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";
export const TURNSTILE_SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Time limit of a siteverify call. */
export const SITEVERIFY_TIMEOUT_MS = 5000;
/**
 * How far the provider's clock and ours may differ: a challenge time may lie this far in the future,
 * and a token this much beyond its lifetime by our clock (a server a minute off refuses no one).
 */
export const CLOCK_SKEW_SECONDS = 90;

export interface SiteverifyProvider {
  secret: string | undefined;
  url: string;
  /** How old the provider's challenge may be (its tokens' lifetime). */
  maxAgeSeconds: number;
  /** reCAPTCHA v3 only: the lowest score that passes. */
  minScore?: number;
  timeoutMs: number;
}

const answerSchema = z.object({
  success: z.boolean(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  action: z.string().optional(),
  score: z.number().optional(),
  "error-codes": z.array(z.string()).optional(),
});
type Answer = z.infer<typeof answerSchema>;

type Call = { answer: Answer } | { refusal: CaptchaVerdict };

async function callSiteverify(ctx: ShopContext, provider: SiteverifyProvider & { secret: string }, token: string): Promise<Call> {
  const form = new URLSearchParams({ secret: provider.secret, response: token });
  const ip = clientIp(ctx.request);
  if (ip) form.set("remoteip", ip);
  const signal = AbortSignal.timeout(provider.timeoutMs);
  let response: Response;
  try {
    response = await fetch(provider.url, { method: "POST", body: form, signal });
  } catch {
    return { refusal: refused("unreachable") };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { refusal: refused("provider_error") };
  }
  let parsed: ReturnType<typeof answerSchema.safeParse>;
  try {
    parsed = answerSchema.safeParse(JSON.parse(await response.text()));
  } catch {
    return { refusal: refused(signal.aborted ? "unreachable" : "malformed_answer") };
  }
  return parsed.success ? { answer: parsed.data } : { refusal: refused("malformed_answer") };
}

function ageVerdict(ctx: ShopContext, challengeTs: string | undefined, maxAgeSeconds: number): CaptchaVerdict {
  const issued = challengeTs ? Date.parse(challengeTs) : NaN;
  if (Number.isNaN(issued)) return refused("malformed_answer");
  const ageSeconds = (ctx.now.getTime() - issued) / 1000;
  return ageSeconds > maxAgeSeconds + CLOCK_SKEW_SECONDS || ageSeconds < -CLOCK_SKEW_SECONDS ? refused("expired") : passed;
}

export async function verifyBySiteverify(ctx: ShopContext, token: string, action: string, provider: SiteverifyProvider): Promise<CaptchaVerdict> {
  const { secret } = provider;
  if (!secret) return refused("not_configured");
  const call = await callSiteverify(ctx, { ...provider, secret }, token);
  if ("refusal" in call) return call.refusal;
  const { answer } = call;
  if (!answer.success) {
    console.warn(`captcha provider refused the token: ${(answer["error-codes"] ?? []).join(", ") || "no error codes"}`);
    return refused("rejected");
  }
  if (answer.action !== action) return refused("wrong_action");
  if (!answer.hostname || !ctx.shop.hostNames.includes(answer.hostname.toLowerCase())) return refused("wrong_hostname");
  if (provider.minScore !== undefined && !(typeof answer.score === "number" && answer.score >= provider.minScore)) return refused("low_score");
  return ageVerdict(ctx, answer.challenge_ts, provider.maxAgeSeconds);
}
