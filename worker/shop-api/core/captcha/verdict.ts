/** What a captcha check answers: passed, or refused with the reason (logged, never sent to the client). */
export type RefusalReason =
  /** No X-Captcha-Token header. */
  | "missing_token"
  /** The provider's secret is not in the environment. */
  | "not_configured"
  /** Not a token of the shop's provider, or its signature does not hold. */
  | "invalid_token"
  /** Solved for another shop. */
  | "wrong_shop"
  | "wrong_action"
  | "wrong_hostname"
  /** reCAPTCHA v3 score below the shop's minScore. */
  | "low_score"
  /** The challenge expired, or the provider's challenge timestamp is too old. */
  | "expired"
  /** The same solution was used before. */
  | "reused"
  /** The provider did not answer (network error, timeout). */
  | "unreachable"
  /** The provider answered with an error status. */
  | "provider_error"
  /** The provider's answer is not the JSON it documents. */
  | "malformed_answer"
  /** The provider refused the token (its error codes are logged). */
  | "rejected";

export type CaptchaVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: RefusalReason };

export const passed: CaptchaVerdict = { ok: true };
export const refused = (reason: RefusalReason): CaptchaVerdict => ({ ok: false, reason });
