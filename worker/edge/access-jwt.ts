/**
 * Cloudflare Access in front of the back office (docs/decisions/0033). With ACCESS_TEAM_DOMAIN
 * (`<team>.cloudflareaccess.com`) and ACCESS_AUD (the Access application's audience tag) set,
 * the edge accepts a request on the back-office host only with a valid
 * `Cf-Access-Jwt-Assertion`: an RS256 JWT signed by a key of the team's JWKS
 * (`https://<team>/cdn-cgi/access/certs`, cached), whose `aud` names ACCESS_AUD, whose `iss`
 * is `https://<team>`, and which has not expired (`exp`, `nbf`, 60 s leeway for clock skew).
 * Access itself stops requests without a login before they reach the worker; the check here
 * makes sure nothing reaches the back office around Access (a workers.dev route, a
 * misconfigured policy, a forged header).
 */

export interface AccessSettings {
  teamDomain: string;
  audience: string;
}

export type AccessVerdict = { ok: true; email: string | null } | { ok: false; reason: string };

export interface AccessVerifierOptions {
  /** How the JWKS is fetched (tests inject one; default: global fetch). */
  fetchKeys?: (url: string) => Promise<Response>;
  /** Seconds since 1970 (tests pin it). */
  now?: () => number;
  /** How long fetched keys are used before they are fetched again. */
  cacheSeconds?: number;
}

export const ACCESS_JWT_HEADER = "cf-access-jwt-assertion";
const LEEWAY_SECONDS = 60;
/** An unknown `kid` refetches the keys (Access rotates them), at most this often. */
const REFETCH_SECONDS = 30;
const TEAM_DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** The settings from the environment: both set (and the team a host name), neither, or a configuration error. */
export function accessSettings(env: { ACCESS_TEAM_DOMAIN?: string; ACCESS_AUD?: string }): AccessSettings | null | "misconfigured" {
  const team =
    env.ACCESS_TEAM_DOMAIN?.trim()
      .toLowerCase()
      .replace(/^https:\/\//, "")
      .replace(/\/+$/, "") ?? "";
  const audience = env.ACCESS_AUD?.trim() ?? "";
  if (!team && !audience) return null;
  if (!team || !audience || !TEAM_DOMAIN.test(team)) return "misconfigured";
  return { teamDomain: team, audience };
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64UrlJson(text: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(new TextDecoder().decode(base64UrlBytes(text)));
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not a JSON object");
  return parsed as Record<string, unknown>;
}

interface KeySet {
  keys: Map<string, CryptoKey>;
  fetchedAt: number;
}

export function createAccessVerifier(options: AccessVerifierOptions = {}) {
  const fetchKeys = options.fetchKeys ?? ((url: string) => fetch(url));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const cacheSeconds = options.cacheSeconds ?? 600;
  const cache = new Map<string, KeySet>();

  async function loadKeys(team: string): Promise<KeySet> {
    const response = await fetchKeys(`https://${team}/cdn-cgi/access/certs`);
    if (!response.ok) throw new Error(`the Access keys answered ${response.status}`);
    const body = (await response.json()) as { keys?: unknown };
    const keys = new Map<string, CryptoKey>();
    for (const jwk of Array.isArray(body.keys) ? body.keys : []) {
      const key = jwk as JsonWebKey & { kid?: unknown; alg?: unknown };
      if (typeof key.kid !== "string" || key.kty !== "RSA" || (key.alg !== undefined && key.alg !== "RS256")) continue;
      try {
        keys.set(
          key.kid,
          await crypto.subtle.importKey(
            "jwk",
            { kty: "RSA", n: key.n, e: key.e, alg: "RS256", ext: true },
            { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
            false,
            ["verify"],
          ),
        );
      } catch {
        // a key this runtime cannot import is skipped
      }
    }
    const set = { keys, fetchedAt: now() };
    cache.set(team, set);
    return set;
  }

  async function keyFor(team: string, kid: string): Promise<CryptoKey | undefined> {
    let set = cache.get(team);
    if (!set || now() - set.fetchedAt >= cacheSeconds) set = await loadKeys(team);
    else if (!set.keys.has(kid) && now() - set.fetchedAt >= REFETCH_SECONDS) set = await loadKeys(team);
    return set.keys.get(kid);
  }

  /** Checks the request's Access JWT against the settings. */
  async function verify(token: string | null, settings: AccessSettings): Promise<AccessVerdict> {
    if (!token) return { ok: false, reason: "no Cf-Access-Jwt-Assertion header" };
    const parts = token.split(".");
    if (parts.length !== 3 || token.length > 16_384) return { ok: false, reason: "not a JWT" };
    const [head, body, signature] = parts as [string, string, string];
    let header: Record<string, unknown>;
    let claims: Record<string, unknown>;
    let signatureBytes: Uint8Array<ArrayBuffer>;
    try {
      header = base64UrlJson(head);
      claims = base64UrlJson(body);
      signatureBytes = base64UrlBytes(signature);
    } catch {
      return { ok: false, reason: "not a JWT" };
    }
    if (header.alg !== "RS256") return { ok: false, reason: `algorithm ${String(header.alg)} is not RS256` };
    if (typeof header.kid !== "string") return { ok: false, reason: "no key id" };
    let key: CryptoKey | undefined;
    try {
      key = await keyFor(settings.teamDomain, header.kid);
    } catch (error) {
      return { ok: false, reason: `the Access keys could not be loaded: ${error instanceof Error ? error.message : "unknown"}` };
    }
    if (!key) return { ok: false, reason: "unknown key id" };
    const signed = new TextEncoder().encode(`${head}.${body}`);
    if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signatureBytes, signed))) return { ok: false, reason: "bad signature" };
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(settings.audience)) return { ok: false, reason: "wrong audience" };
    if (claims.iss !== `https://${settings.teamDomain}`) return { ok: false, reason: "wrong issuer" };
    const at = now();
    if (typeof claims.exp !== "number" || claims.exp + LEEWAY_SECONDS <= at) return { ok: false, reason: "expired" };
    if (typeof claims.nbf === "number" && claims.nbf - LEEWAY_SECONDS > at) return { ok: false, reason: "not valid yet" };
    return { ok: true, email: typeof claims.email === "string" ? claims.email : null };
  }

  return { verify };
}

export type AccessVerifier = ReturnType<typeof createAccessVerifier>;
