/**
 * Password hashing for every account of the shop API (staff: core/staff/, customers:
 * customers/): PBKDF2-SHA-256 through WebCrypto (the same code in Workers and Node), a
 * random 16-byte salt per hash and a 32-byte derived key, compared in constant time.
 *
 * - 100,000 iterations (PASSWORD_ITERATIONS) is the most the Workers runtime derives: the
 *   deployed runtime refuses larger counts (local `wrangler dev` does not), so a test holds
 *   the count to WORKERS_PBKDF2_MAX_ITERATIONS and a deploy cannot fail on it.
 * - A hash is stored as one self-describing string, `pbkdf2-sha256$<iterations>$<salt>$<key>`
 *   (base64), so the parameters can change: a hash made with other parameters still
 *   verifies, and `needsRehash` tells the login to store a new one.
 * - A login for an unknown account verifies against DUMMY_HASH all the same, so the answer
 *   takes as long as for a wrong password.
 * - Control characters never match: HMAC pads its key with zero bytes, so `secret` and
 *   `secret\0` share a hash; no stored password has one (the rules refuse them).
 */

/** The most iterations the Workers runtime's PBKDF2 derives (deriveBits refuses more). */
export const WORKERS_PBKDF2_MAX_ITERATIONS = 100_000;
/** The iterations of new hashes. */
export const PASSWORD_ITERATIONS = 100_000;
export const PASSWORD_ALGORITHM = "pbkdf2-sha256";
/** Longer inputs are never hashed (PBKDF2's cost grows with very long passwords). */
export const PASSWORD_MAX_LENGTH = 256;
const SALT_BYTES = 16;
const KEY_BITS = 256;

/** A PBKDF2-SHA256 password: derived key and salt in base64, and the iteration count. */
export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

const toBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BITS);
  return new Uint8Array(bits);
}

/** A new hash of the password with a fresh salt. */
export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<PasswordHash> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > WORKERS_PBKDF2_MAX_ITERATIONS)
    throw new Error(`PBKDF2 iterations must be 1 to ${WORKERS_PBKDF2_MAX_ITERATIONS}`);
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  return { hash: toBase64(await derive(password, salt, iterations)), salt: toBase64(salt), iterations };
}

/** True when both byte strings are equal; the time depends on the length of `actual` only. */
export function sameBytes(actual: Uint8Array, expected: Uint8Array): boolean {
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0;
}

/**
 * True when the password matches the stored hash; constant time in the comparison. A
 * malformed stored value never matches (after the same work), and a count above the
 * runtime's limit is derived at the limit and never matches.
 */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  let salt: Uint8Array<ArrayBuffer>;
  let expected: Uint8Array;
  try {
    salt = fromBase64(stored.salt);
    expected = fromBase64(stored.hash);
  } catch {
    salt = fromBase64(DUMMY_HASH.salt);
    expected = new Uint8Array(0);
  }
  const usable = Number.isInteger(stored.iterations) && stored.iterations > 0 && stored.iterations <= WORKERS_PBKDF2_MAX_ITERATIONS;
  const iterations = usable ? stored.iterations : PASSWORD_ITERATIONS;
  const actual = await derive(hasControlCharacter(password) ? "" : password, salt, iterations);
  return sameBytes(actual, expected) && usable && expected.length > 0 && !hasControlCharacter(password);
}

/** What a login for an unknown or disabled account verifies against: the same work, never a match. */
export const DUMMY_HASH: PasswordHash = {
  hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  salt: "AAAAAAAAAAAAAAAAAAAAAA==",
  iterations: PASSWORD_ITERATIONS,
};

/** True when the text holds a C0 control character or DEL: never part of a stored password (no account's rules allow one). */
export function hasControlCharacter(password: string): boolean {
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const BASE64 = "[A-Za-z0-9+/]+={0,2}";
const ENCODED = new RegExp(`^([a-z0-9-]+)\\$([1-9][0-9]{0,9})\\$(${BASE64})\\$(${BASE64})$`);

/** The stored string of a hash: `pbkdf2-sha256$100000$<salt>$<key>`. */
export function encodePasswordHash(hash: PasswordHash): string {
  return `${PASSWORD_ALGORITHM}$${hash.iterations}$${hash.salt}$${hash.hash}`;
}

/** The hash a stored string describes, with its algorithm; null when it is not one this code can verify. */
export function decodePasswordHash(text: string): (PasswordHash & { algorithm: string }) | null {
  const match = ENCODED.exec(text);
  if (!match || match[1] !== PASSWORD_ALGORITHM) return null;
  return { algorithm: match[1], iterations: Number(match[2]), salt: match[3]!, hash: match[4]! };
}

/** True when a stored hash was made with other parameters than new hashes get: the next login stores a new one. */
export function needsRehash(stored: PasswordHash): boolean {
  return stored.iterations !== PASSWORD_ITERATIONS || fromBase64Length(stored.salt) !== SALT_BYTES || fromBase64Length(stored.hash) !== KEY_BITS / 8;
}

function fromBase64Length(text: string): number {
  try {
    return fromBase64(text).length;
  } catch {
    return -1;
  }
}

/** Verifies a stored string (decodePasswordHash); an undecodable one does the same work and never matches. */
export async function verifyEncodedPassword(password: string, encoded: string): Promise<{ matches: boolean; stored: PasswordHash | null }> {
  const stored = decodePasswordHash(encoded);
  const matches = await verifyPassword(password, stored ?? DUMMY_HASH);
  return { matches: stored !== null && matches, stored };
}
