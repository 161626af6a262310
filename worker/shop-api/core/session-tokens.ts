/**
 * Session tokens of every kind of account (staff: core/staff-auth.ts, customers:
 * core/customer-session.ts): 32 random bytes as base64url, handed to the edge once in a
 * response header and kept only in the browser's HttpOnly cookie; D1 stores the token's
 * SHA-256 (hex) as the session's id, so a copy of the database opens no session. The edge
 * passes the cookie's token back in a request header of the same name; a header value that
 * is not the shape of a token is no session.
 */
import { randomToken, sha256Hex } from "./auth";

/** 32 random bytes, base64url without padding. */
export const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The well-formed session token of the request header, or null. */
export function sessionTokenFrom(request: Request, header: string): string | null {
  const token = request.headers.get(header)?.trim() ?? "";
  return SESSION_TOKEN.test(token) ? token : null;
}

/** A new session: the token for the cookie and the id it is stored under. */
export async function newSessionToken(): Promise<{ token: string; id: string }> {
  const token = randomToken();
  return { token, id: await sha256Hex(token) };
}

/** The id a session of this token is stored under (hex SHA-256). */
export const sessionIdOf = (token: string): Promise<string> => sha256Hex(token);

/** Tells the edge to set the session cookie to `token`, or to delete it (an empty value), on this answer whatever it is. */
export function handOverSession(headers: Record<string, string>, header: string, token: string | null): void {
  headers[header] = token ?? "";
}
