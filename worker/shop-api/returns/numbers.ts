/**
 * Complaint numbers (docs/decisions/0038): `R-` and 10 characters of Crockford's base32 from
 * 50 random bits (crypto.getRandomValues), so a number tells nothing about another one and
 * guessing one that exists is hopeless (2^50 numbers; at a million complaints, one guess in
 * about a billion hits). The complaint's batch checks the number is free and a taken one is
 * drawn again.
 */
import { RMA_NUMBER_ALPHABET } from "../../../domain/returns-forms";

export const RMA_NUMBER_BITS = 50;

/** A new complaint number from `random` (tests pass their own source of bytes). */
export function newRmaNumber(random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(7); // 56 bits; the first 50 are used, 5 per character
  random(bytes);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= 6n;
  let text = "";
  for (let i = 0; i < 10; i++) {
    text = RMA_NUMBER_ALPHABET[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return `R-${text}`;
}
