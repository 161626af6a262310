/**
 * Idempotency keys of the storefront's writes (docs/decisions/0025): one random key per
 * attempt, sent again with a repeat of the same write, so a double click or a retry after a
 * lost answer acts once.
 */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** A fresh key (random, 128 bits; crypto.randomUUID where the browser has it). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
