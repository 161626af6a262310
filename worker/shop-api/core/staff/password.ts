/**
 * Staff passwords: the shop API's one password hashing (core/passwords.ts: PBKDF2-SHA256
 * through WebCrypto at the Workers runtime's 100,000 iterations, a random salt per account,
 * constant-time comparison, a dummy hash for unknown accounts). Staff accounts keep the
 * hash, salt and iteration count in three columns (migrations/0016_staff.sql); the staff
 * rules for a new password are their own (12 to 256 characters).
 */
export { DUMMY_HASH as DUMMY_PASSWORD, hashPassword, hasControlCharacter, PASSWORD_MAX_LENGTH, verifyPassword } from "../passwords";
import { hasControlCharacter, PASSWORD_MAX_LENGTH } from "../passwords";

export const PASSWORD_MIN_LENGTH = 12;

/** The problem with a new password, or null: 12 to 256 characters, not only whitespace, no control characters. */
export function passwordProblem(password: string): string | null {
  if (hasControlCharacter(password)) return "The password must not contain control characters.";
  if (password.length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (password.trim() === "") return "The password must not be only spaces.";
  return null;
}
