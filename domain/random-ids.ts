/**
 * Random identifiers people read and type: complaint numbers (`R-`), inquiry numbers (`Q-`),
 * offer ids (`O-`) and voucher codes. Crockford's base32 (no I, L, O, U, so nothing reads as
 * another character), 5 random bits per character from crypto.getRandomValues: an identifier
 * tells nothing about another one and guessing one that exists is hopeless.
 */

/** Crockford's base32: digits and upper-case letters without I, L, O and U. */
export const CROCKFORD_BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** Fills its bytes with random ones (tests pass their own). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => void;

export const cryptoRandom: RandomBytes = (bytes) => crypto.getRandomValues(bytes);

/** `length` characters of Crockford's base32 from the first 5 x `length` bits of the random bytes. */
export function randomBase32(length: number, random: RandomBytes = cryptoRandom): string {
  const bitCount = length * 5;
  const bytes = new Uint8Array(Math.ceil(bitCount / 8));
  random(bytes);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= BigInt(bytes.length * 8 - bitCount);
  let text = "";
  for (let i = 0; i < length; i++) {
    text = CROCKFORD_BASE32[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return text;
}

/** A number as the shop shows it: the prefix, a dash and 10 characters (50 random bits), e.g. `R-7KQ2M9XH4T`. */
export function randomNumber(prefix: string, random: RandomBytes = cryptoRandom): string {
  return `${prefix}-${randomBase32(10, random)}`;
}
