/**
 * The shop API's one way to check credentials: bearer tokens parsed in one place and
 * secrets compared in constant time (SHA-256 of both sides, compared byte by byte
 * without an early exit, so timing reveals neither content nor length). Visitor tokens
 * are opaque random strings; only their SHA-256 is stored.
 */
import { hexOf } from "@worker/lib/hex";
import { fail, MESSAGES } from "./envelope";

/** The bearer credential of the Authorization header, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return match ? match[1]! : null;
}

export async function sha256Hex(value: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", typeof value === "string" ? new TextEncoder().encode(value) : value);
  return hexOf(new Uint8Array(digest));
}

/** True when both are the same non-empty secret; constant time. */
export async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [left, right] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(presented)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(left);
  const y = new Uint8Array(right);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0 && presented.length > 0 && expected.length > 0;
}

/** Refuses the request unless it carries `Authorization: Bearer <secret>`: 503 when no secret is configured, 401 otherwise. */
export async function requireSecret(request: Request, secret: string | undefined, realm: string): Promise<void> {
  if (!secret) throw fail(503, MESSAGES.notConfigured, "not_configured");
  if (!(await sameSecret(bearerToken(request) ?? "", secret))) {
    throw fail(401, MESSAGES.unauthorized, "unauthorized", {}, { "www-authenticate": `Bearer realm="${realm}"` });
  }
}

const VISITOR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A well-formed visitor token (32 random bytes, base64url) from the bearer header, else null. */
export function visitorToken(request: Request): string | null {
  const token = bearerToken(request);
  return token && VISITOR_TOKEN.test(token) ? token : null;
}

/** A new random token (32 bytes, base64url). */
export function randomToken(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  let binary = "";
  for (const byte of buffer) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
