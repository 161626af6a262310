/**
 * Offer ids (migrations/0023_inquiries_offers.sql): `O-` and 10 characters of Crockford's base32
 * from 50 random bits (crypto.getRandomValues), so an id tells nothing about another one and
 * guessing one that exists is hopeless; the link that opens one carries a signature besides.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new offer id from `random` (tests pass their own source of bytes). */
export function newOfferId(random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(7); // 56 bits; the first 50 are used, 5 per character
  random(bytes);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= 6n;
  let text = "";
  for (let i = 0; i < 10; i++) {
    text = ALPHABET[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return `O-${text}`;
}
