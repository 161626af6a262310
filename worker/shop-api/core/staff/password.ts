/**
 * Staff passwords: PBKDF2-SHA256 through WebCrypto (the same code in Workers and Node), a
 * random 16-byte salt per account and the iteration count stored with each hash, so the
 * count can be raised for new hashes while old ones still verify. 100,000 iterations is the
 * most the Workers runtime derives (it refuses larger counts). Hashes are compared in
 * constant time. A login for an unknown or disabled account derives a hash all the same
 * (`DUMMY_PASSWORD`), so the answer takes as long as for a wrong password.
 */
import type { StoredPassword } from "../../tables/staff";

/** The Workers runtime's limit for PBKDF2 (deriveBits refuses more). */
export const PASSWORD_ITERATIONS = 100_000;
export const PASSWORD_MIN_LENGTH = 12;
/** Longer inputs are refused before any hashing (PBKDF2 cost grows with very long passwords). */
export const PASSWORD_MAX_LENGTH = 256;
const SALT_BYTES = 16;
const KEY_BITS = 256;

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
export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS): Promise<StoredPassword> {
  const salt = new Uint8Array(SALT_BYTES);
  crypto.getRandomValues(salt);
  return { hash: toBase64(await derive(password, salt, iterations)), salt: toBase64(salt), iterations };
}

/** True when the password matches the stored hash; constant time in the comparison. A malformed stored value never matches. */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  let salt: Uint8Array<ArrayBuffer>;
  let expected: Uint8Array;
  try {
    salt = fromBase64(stored.salt);
    expected = fromBase64(stored.hash);
  } catch {
    return false;
  }
  const iterations =
    Number.isInteger(stored.iterations) && stored.iterations > 0 && stored.iterations <= PASSWORD_ITERATIONS ? stored.iterations : PASSWORD_ITERATIONS;
  const actual = await derive(password, salt, iterations);
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i]! ^ (expected[i] ?? 0);
  return diff === 0 && iterations === stored.iterations;
}

/** What a login for an unknown or disabled account verifies against: the same work, never a match. */
export const DUMMY_PASSWORD: StoredPassword = {
  hash: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  salt: "AAAAAAAAAAAAAAAAAAAAAA==",
  iterations: PASSWORD_ITERATIONS,
};

/**
 * Control characters are never part of a password: HMAC pads its key with zero bytes, so
 * PBKDF2 gives `secret` and `secret\u0000` the same hash. A login presenting one never matches.
 */
export const hasControlCharacter = (password: string): boolean => {
  for (let i = 0; i < password.length; i++) {
    const code = password.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/** The problem with a new password, or null: 12 to 256 characters, not only whitespace, no control characters. */
export function passwordProblem(password: string): string | null {
  if (hasControlCharacter(password)) return "The password must not contain control characters.";
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() === "") return "The password must not be only spaces.";
  return null;
}
