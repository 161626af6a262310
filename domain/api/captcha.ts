/**
 * The captcha on the wire (docs/decisions/0024): `GET /apiv2/captcha/challenge?action=` answers
 * a fresh ALTCHA challenge for one submit of a shop's form, solved in the browser.
 */

export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The captcha's refusals: a challenge for an action that is no form's, and a form submit without a valid token (403). */
export type CaptchaRefusalCode = "invalid_action" | "captcha_failed";
