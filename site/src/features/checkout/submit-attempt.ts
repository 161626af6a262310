/**
 * One Idempotency-Key per submit attempt (docs/decisions/0025): a retry of the same order
 * (the same body, after no answer, a 5xx, a 429 or "still in progress") sends the same key,
 * so the shop API places the order at most once and answers the retry with the first
 * answer. A settled answer (placed, or refused for a reason that stays) ends the attempt;
 * a changed body is a new attempt with a new key (the old key with another body would be
 * refused as reused).
 */
export interface SubmitAttempt {
  key: string;
  /** The body sent, as JSON. */
  fingerprint: string;
}

/** The attempt for this body: the open one when it sent the same body, else a new one. */
export function attemptFor(open: SubmitAttempt | null, fingerprint: string, newKey: () => string): SubmitAttempt {
  return open && open.fingerprint === fingerprint ? open : { key: newKey(), fingerprint };
}

/** True when the answer settles the attempt; false when a retry must send the same key (no answer, 5xx, 429, the first still running). */
export function settles(status: number, errors: { code?: string }[]): boolean {
  if (status === 0 || status >= 500 || status === 429) return false;
  if (status === 409 && errors.some((error) => error.code === "idempotency_in_progress")) return false;
  return true;
}
