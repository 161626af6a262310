/**
 * Inquiry numbers (migrations/0023_inquiries_offers.sql): `Q-` and 10 characters of
 * Crockford's base32 from 50 random bits (crypto.getRandomValues), so a number tells nothing
 * about another one and nobody can guess another's. A number that happens to be taken fails
 * the inquiry's batch, which is then written again with a new one.
 */
export const INQUIRY_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const INQUIRY_NUMBER_BITS = 50;

/** A new inquiry number from `random` (tests pass their own source of bytes). */
export function newInquiryNumber(random: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = new Uint8Array(7); // 56 bits; the first 50 are used, 5 per character
  random(bytes);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  bits >>= 6n;
  let text = "";
  for (let i = 0; i < 10; i++) {
    text = INQUIRY_NUMBER_ALPHABET[Number(bits & 31n)]! + text;
    bits >>= 5n;
  }
  return `Q-${text}`;
}
