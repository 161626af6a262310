/**
 * The tokens of the newsletter's links (docs/decisions/0040). A sign-up draws one confirmation
 * token (32 random bytes, base64url); its unsubscribe token is derived from it (SHA-256 of a
 * label and the token, base64url), so the confirmation, which receives the confirmation token,
 * can put the same unsubscribe link into the voucher mail although only hashes are stored.
 * Knowing an unsubscribe token tells nothing about the confirmation token. Both are stored as
 * their hex SHA-256 (newsletter_subscribers.confirm_token_hash, unsubscribe_token_hash).
 */
import { randomToken, sha256Hex } from "../core/auth";

const UNSUBSCRIBE_LABEL = "newsletter-unsubscribe\n";

function base64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The unsubscribe token that belongs to a confirmation token. */
export async function unsubscribeTokenOf(confirmToken: string): Promise<string> {
  return base64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${UNSUBSCRIBE_LABEL}${confirmToken}`)));
}

export interface SignUpTokens {
  confirmToken: string;
  confirmTokenHash: string;
  unsubscribeToken: string;
  unsubscribeTokenHash: string;
}

/** The tokens of a confirmation token (a new one unless given). */
export async function signUpTokens(confirmToken: string = randomToken()): Promise<SignUpTokens> {
  const unsubscribeToken = await unsubscribeTokenOf(confirmToken);
  return { confirmToken, confirmTokenHash: await sha256Hex(confirmToken), unsubscribeToken, unsubscribeTokenHash: await sha256Hex(unsubscribeToken) };
}

/** A link of the shop with its token in the query (`/newsletter/confirm/?token=...`). */
export const withToken = (path: string, token: string): string => `${path}?token=${encodeURIComponent(token)}`;
