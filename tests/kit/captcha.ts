/**
 * The captcha as a browser passes it: fetch the shop's ALTCHA challenge for a form action
 * from the shop API and solve it, for the X-Captcha-Token of the form's call.
 */
import { hash } from "node:crypto";
import { SHOP_ID_HEADER } from "@worker/lib/shop-headers";
import type { AltchaChallenge } from "@domain/api/captcha";
import type { ShopApiCaller } from "./shop-api";

/**
 * The ALTCHA settings of the kit's environment: its key, and a proof of work of at most 1,000 numbers instead of the
 * shops' 100,000, as in the browser tests' worker (tests/e2e/global-setup.ts); tests/unit/captcha.test.ts checks the default.
 */
export const TEST_ALTCHA_ENV = { ALTCHA_HMAC_KEY: "test-altcha-key-0123456789abcdef", ALTCHA_MAX_NUMBER: "1000" } as const;

/**
 * What the browser's solver does: find the number whose hash with the salt is the challenge
 * (Node's one-shot `hash`: a third of the CPU of a Hash object per number).
 */
export function solveAltcha(challenge: AltchaChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (hash("sha256", challenge.salt + number, "hex") === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature, took: 1 }));
    }
  }
  throw new Error("the ALTCHA challenge has no solution");
}

/** A solved challenge of the shop (DE unless named) for a form action, as the browser sends it in X-Captcha-Token. */
export async function solvedCaptcha(api: ShopApiCaller, action: string, shop = "DE"): Promise<string> {
  const response = await api(new Request(`http://shop-api/apiv2/captcha/challenge?action=${action}`, { headers: { [SHOP_ID_HEADER]: shop } }));
  if (response.status !== 200) throw new Error(`no captcha challenge: ${response.status}`);
  return solveAltcha(((await response.json()) as { data: AltchaChallenge }).data);
}
