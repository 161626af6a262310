/**
 * ALTCHA, the self-hosted proof of work and the shops' default captcha (docs/decisions/0024).
 * The server hands out a challenge (altcha-lib's createChallenge): a SHA-256 hash of a
 * random salt and a secret number up to the shop's maximum (altchaMaxNumber), HMAC-signed with
 * ALTCHA_HMAC_KEY, with the shop, the form's action and the expiry in its salt (so in
 * the signed part). The browser finds the number by brute force and sends the solution
 * (base64 JSON, the widget's format) as X-Captcha-Token. A solution passes once: the
 * signature goes into D1 until the challenge expires; expired, tampered, foreign-shop and
 * wrong-action solutions are refused, and so is everything when the key is missing.
 */
import type { AltchaChallenge } from "@domain/api/captcha";
import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import { z } from "zod";
import { spendSolution } from "@shop-api/tables/captcha-solutions";
import type { ShopContext } from "../context";
import { fail, MESSAGES } from "../envelope";
import { passed, refused, type CaptchaVerdict } from "./verdict";

/** Numbers a browser tries at most unless the environment says otherwise; about 50,000 SHA-256 hashes on average, under a second on a phone. */
export const ALTCHA_MAX_NUMBER = 100_000;
/** The highest maximum the environment may set (ten times the default), and so the highest number a solution may carry. */
export const ALTCHA_MAX_NUMBER_CEILING = 1_000_000;
/** How long a challenge can be solved and sent. */
export const ALTCHA_TTL_SECONDS = 300;

const HEX_64 = /^[0-9a-f]{64}$/;
const solutionSchema = z.object({
  algorithm: z.literal("SHA-256"),
  challenge: z.string().regex(HEX_64),
  number: z.number().int().min(0).max(ALTCHA_MAX_NUMBER_CEILING),
  salt: z.string().max(512),
  signature: z.string().regex(HEX_64),
});

/**
 * The size of the proof of work: the environment's ALTCHA_MAX_NUMBER (a whole number from 1 to the ceiling; the browser
 * tests' worker and the test kit set 1,000, so their many form submits do not each cost a second of hashing), else the
 * default. Null when the variable is set to anything else: a configuration error.
 */
function altchaMaxNumber(env: Pick<ShopContext["env"], "ALTCHA_MAX_NUMBER">): number | null {
  const configured = env.ALTCHA_MAX_NUMBER;
  if (configured === undefined) return ALTCHA_MAX_NUMBER;
  const value = /^[1-9][0-9]{0,6}$/.test(configured) ? Number(configured) : NaN;
  return value <= ALTCHA_MAX_NUMBER_CEILING ? value : null;
}

/** A fresh challenge for one form submit of the shop. Without ALTCHA_HMAC_KEY, or with an invalid ALTCHA_MAX_NUMBER: 503. */
export async function altchaChallenge(ctx: ShopContext, action: string): Promise<AltchaChallenge> {
  const hmacKey = ctx.env.ALTCHA_HMAC_KEY;
  const maxNumber = altchaMaxNumber(ctx.env);
  if (!hmacKey || maxNumber === null) throw fail(503, MESSAGES.notConfigured, "not_configured");
  const {
    algorithm,
    challenge,
    maxnumber = maxNumber,
    salt,
    signature,
  } = await createChallenge({
    hmacKey,
    algorithm: "SHA-256",
    maxnumber: maxNumber,
    expires: new Date(ctx.now.getTime() + ALTCHA_TTL_SECONDS * 1000),
    params: { shop: ctx.shop.id, action },
  });
  return { algorithm, challenge, maxnumber, salt, signature };
}

function decodeSolution(token: string): z.infer<typeof solutionSchema> | null {
  try {
    const parsed = solutionSchema.safeParse(JSON.parse(atob(token)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Checks a solution for the shop and action, and spends it. */
export async function verifyAltcha(ctx: ShopContext, token: string, action: string): Promise<CaptchaVerdict> {
  const hmacKey = ctx.env.ALTCHA_HMAC_KEY;
  if (!hmacKey) return refused("not_configured");
  const solution = decodeSolution(token);
  // Expiry is checked below against the request's clock, not altcha-lib's.
  if (!solution || !(await verifySolution(solution, hmacKey, false))) return refused("invalid_token");
  const params = extractParams(solution);
  const expires = Number(params.expires);
  if (!Number.isSafeInteger(expires)) return refused("invalid_token");
  if (expires * 1000 <= ctx.now.getTime()) return refused("expired");
  if (params.shop !== ctx.shop.id) return refused("wrong_shop");
  if (params.action !== action) return refused("wrong_action");
  const spent = await spendSolution(solution.signature, expires).prepare(ctx.db).first();
  return spent ? passed : refused("reused");
}
