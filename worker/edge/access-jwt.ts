/**
 * Cloudflare Access in front of the back office (docs/decisions/0033). With ACCESS_TEAM_DOMAIN
 * (`<team>.cloudflareaccess.com`) and ACCESS_AUD (the Access application's audience tag) set,
 * the edge accepts a request on the back-office host only with a valid
 * `Cf-Access-Jwt-Assertion`: an RS256 JWT signed by a key of the team's JWKS
 * (`https://<team>/cdn-cgi/access/certs`, cached), whose `aud` names ACCESS_AUD, whose `iss`
 * is `https://<team>`, and which has not expired (`exp` required; `exp` and `nbf` with 60 s
 * leeway for clock skew). Access itself stops requests without a login before they reach the
 * worker; the check here makes sure nothing reaches the back office around Access (a
 * workers.dev route, a misconfigured policy, a forged header).
 * The verification is jose's (`jwtVerify` over `createRemoteJWKSet`).
 */
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from "jose";

export interface AccessSettings {
  teamDomain: string;
  audience: string;
}

export type AccessVerdict = { ok: true; email: string | null } | { ok: false; reason: string };

export interface AccessVerifierOptions {
  /** How the team's JWKS is fetched (tests serve their own keys; default: global fetch). */
  fetchKeys?: (url: string, init: RequestInit) => Promise<Response>;
  /** Seconds since 1970 the tokens are checked at (tests pin it; default: now). */
  now?: () => number;
}

export const ACCESS_JWT_HEADER = "cf-access-jwt-assertion";
const LEEWAY_SECONDS = 60;
/** Fetched keys are used this long before they are fetched again. */
const KEYS_CACHE_MS = 10 * 60 * 1000;
/** An unknown `kid` refetches the keys (Access rotates them), at most this often. */
const REFETCH_MS = 30 * 1000;
/** A longer header is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 16_384;
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

/** Why jose refused the token, in the words the edge logs. */
function refusalReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "expired";
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "aud") return "wrong audience";
    if (error.claim === "iss") return "wrong issuer";
    if (error.claim === "nbf") return "not valid yet";
    return `claim ${error.claim} ${error.reason}`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return "algorithm is not RS256";
  if (error instanceof errors.JWKSNoMatchingKey) return "unknown key id";
  if (error instanceof errors.JWSSignatureVerificationFailed) return "bad signature";
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return "not a JWT";
  return `the Access keys could not be loaded: ${error instanceof Error ? error.message : "unknown"}`;
}

export function createAccessVerifier(options: AccessVerifierOptions = {}) {
  const fetchKeys = options.fetchKeys ?? ((url: string, init: RequestInit) => fetch(url, init));
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  /** One cached key set per team. */
  const keySets = new Map<string, JWTVerifyGetKey>();

  function keySetOf(team: string): JWTVerifyGetKey {
    let keySet = keySets.get(team);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(`https://${team}/cdn-cgi/access/certs`), {
        cacheMaxAge: KEYS_CACHE_MS,
        cooldownDuration: REFETCH_MS,
        [customFetch]: fetchKeys,
      });
      keySets.set(team, keySet);
    }
    return keySet;
  }

  /** Checks the request's Access JWT against the settings. */
  async function verify(token: string | null, settings: AccessSettings): Promise<AccessVerdict> {
    if (!token) return { ok: false, reason: "no Cf-Access-Jwt-Assertion header" };
    if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: "not a JWT" };
    try {
      const { payload } = await jwtVerify(token, keySetOf(settings.teamDomain), {
        algorithms: ["RS256"],
        issuer: `https://${settings.teamDomain}`,
        audience: settings.audience,
        requiredClaims: ["exp"],
        clockTolerance: LEEWAY_SECONDS,
        currentDate: new Date(now() * 1000),
      });
      return { ok: true, email: typeof payload.email === "string" ? payload.email : null };
    } catch (error) {
      return { ok: false, reason: refusalReason(error) };
    }
  }

  return { verify };
}

export type AccessVerifier = ReturnType<typeof createAccessVerifier>;
