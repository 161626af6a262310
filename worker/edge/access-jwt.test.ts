import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { accessSettings, createAccessVerifier, type AccessSettings } from "./access-jwt";

const TEAM = "bodenhaus.cloudflareaccess.com";
const AUD = "4714c1358e65fe4b408ad6d432a5f878f08194bdb4752441fd56faefa9b2b6f2";
const NOW = 1_800_000_000;
const SETTINGS: AccessSettings = { teamDomain: TEAM, audience: AUD };

let accessKey: CryptoKey;
let otherKey: CryptoKey;
let publicJwk: JWK;
let jwks: { keys: JWK[] };

beforeAll(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  accessKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  publicJwk = await exportJWK(pair.publicKey);
  jwks = { keys: [{ ...publicJwk, kid: "key-1", alg: "RS256", use: "sig" }] };
});

const base64url = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

interface Claims {
  aud?: string | string[];
  iss?: string;
  exp?: number;
  nbf?: number;
  email?: string;
}

const goodClaims = (): Claims => ({ aud: [AUD], iss: `https://${TEAM}`, exp: NOW + 600, nbf: NOW - 1, email: "anna@bodenhaus.example" });

/** A token as Access signs it (RS256, kid key-1), with the claims changed as given (undefined drops one). */
async function token(change: Claims = {}, options: { key?: CryptoKey; kid?: string } = {}): Promise<string> {
  const claims = Object.fromEntries(Object.entries({ ...goodClaims(), ...change }).filter(([, value]) => value !== undefined));
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? "key-1", typ: "JWT" })
    .setIssuedAt(NOW)
    .sign(options.key ?? accessKey);
}

/** A token signed with HMAC-SHA-256 whose secret is the public key's JSON: the classic algorithm confusion. */
async function hs256WithPublicKey(): Promise<string> {
  const head = base64url({ alg: "HS256", kid: "key-1", typ: "JWT" });
  const body = base64url(goodClaims());
  const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${head}.${body}`));
  return `${head}.${body}.${Buffer.from(signature).toString("base64url")}`;
}

/** The verifier as production builds it, with the team's certs URL answered from this test's key set. */
function verifier(answer: () => Response = () => Response.json(jwks)) {
  const fetched: string[] = [];
  const access = createAccessVerifier({
    now: () => NOW,
    fetchKeys: async (url) => {
      fetched.push(url);
      return answer();
    },
  });
  return { access, fetched };
}

describe("the Access JWT check", () => {
  test("a token Access signed passes with its e-mail; the keys come from the team's certs URL once", async () => {
    const { access, fetched } = verifier();
    expect(await access.verify(await token(), SETTINGS)).toEqual({ ok: true, email: "anna@bodenhaus.example" });
    expect(await access.verify(await token({ aud: AUD, email: undefined }), SETTINGS)).toEqual({ ok: true, email: null });
    expect(fetched).toEqual([`https://${TEAM}/cdn-cgi/access/certs`]);
  });

  test("the 60 s leeway: just expired and just not yet valid tokens still pass, beyond it they do not", async () => {
    const { access } = verifier();
    expect((await access.verify(await token({ exp: NOW - 59 }), SETTINGS)).ok).toBe(true);
    expect((await access.verify(await token({ nbf: NOW + 59 }), SETTINGS)).ok).toBe(true);
    expect(await access.verify(await token({ exp: NOW - 61 }), SETTINGS)).toEqual({ ok: false, reason: "expired" });
    expect(await access.verify(await token({ nbf: NOW + 61 }), SETTINGS)).toEqual({ ok: false, reason: "not valid yet" });
  });

  test.each<[string, () => Promise<string | null>, string]>([
    ["a missing header", async () => null, "no Cf-Access-Jwt-Assertion header"],
    ["an empty header", async () => "", "no Cf-Access-Jwt-Assertion header"],
    ["an expired token", () => token({ exp: NOW - 120 }), "expired"],
    ["a token not valid yet", () => token({ nbf: NOW + 600 }), "not valid yet"],
    ["no expiry", () => token({ exp: undefined }), "claim exp missing"],
    ["another audience", () => token({ aud: ["someone-else"] }), "wrong audience"],
    ["no audience", () => token({ aud: undefined }), "wrong audience"],
    ["another issuer", () => token({ iss: "https://evil.cloudflareaccess.com" }), "wrong issuer"],
    ["an unknown key id", () => token({}, { kid: "key-2" }), "unknown key id"],
    ["a signature of another key", () => token({}, { key: otherKey }), "bad signature"],
    ["alg none", async () => `${base64url({ alg: "none", kid: "key-1" })}.${base64url(goodClaims())}.`, "algorithm is not RS256"],
    ["HS256 signed with the public key", hs256WithPublicKey, "algorithm is not RS256"],
    ["a changed payload", async () => (await token()).replace(/\.[^.]+\./, `.${base64url({ ...goodClaims(), email: "x@y.z" })}.`), "bad signature"],
    ["garbage", async () => "not.a.jwt", "not a JWT"],
    ["two parts", async () => `${base64url({ alg: "RS256", kid: "key-1" })}.${base64url(goodClaims())}`, "not a JWT"],
    ["a header that is not JSON", async () => `${base64url("{alg")}.${base64url(goodClaims())}.c2ln`, "not a JWT"],
    ["a huge header", async () => `${"a".repeat(20_000)}.b.c`, "not a JWT"],
  ])("%s is refused", async (_, make, reason) => {
    const { access } = verifier();
    expect(await access.verify(await make(), SETTINGS)).toEqual({ ok: false, reason });
  });

  test("keys that cannot be loaded refuse, naming why", async () => {
    const { access } = verifier(() => new Response("down", { status: 500 }));
    const verdict = await access.verify(await token(), SETTINGS);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toMatch(/^the Access keys could not be loaded: /);
  });

  test("keys are cached 10 minutes; an unknown key id (a rotation) fetches them again, at most every 30 s", async () => {
    const rotated = await generateKeyPair("RS256", { extractable: true });
    let served = jwks;
    const { access, fetched } = verifier(() => Response.json(served));
    expect((await access.verify(await token(), SETTINGS)).ok).toBe(true);
    served = { keys: [...jwks.keys, { ...(await exportJWK(rotated.publicKey)), kid: "key-2", alg: "RS256" }] };
    // Within the cooldown after the first fetch the unknown key id is refused without a fetch.
    expect(await access.verify(await token({}, { kid: "key-2", key: rotated.privateKey }), SETTINGS)).toEqual({ ok: false, reason: "unknown key id" });
    expect(fetched).toHaveLength(1);
    // After it the key set is fetched again and the new key passes; after 10 minutes every key set is fetched again.
    const clock = jest.spyOn(Date, "now");
    try {
      const started = Date.now();
      clock.mockReturnValue(started + 31_000);
      expect((await access.verify(await token({}, { kid: "key-2", key: rotated.privateKey }), SETTINGS)).ok).toBe(true);
      expect(fetched).toHaveLength(2);
      clock.mockReturnValue(started + 31_000 + 9 * 60_000);
      expect((await access.verify(await token(), SETTINGS)).ok).toBe(true);
      expect(fetched).toHaveLength(2);
      clock.mockReturnValue(started + 31_000 + 10 * 60_000 + 1);
      expect((await access.verify(await token(), SETTINGS)).ok).toBe(true);
      expect(fetched).toHaveLength(3);
    } finally {
      clock.mockRestore();
    }
  });
});

describe("the Access settings", () => {
  test.each<[Record<string, string>, ReturnType<typeof accessSettings>]>([
    [{}, null],
    [
      { ACCESS_TEAM_DOMAIN: `https://${TEAM.toUpperCase()}/`, ACCESS_AUD: ` ${AUD} ` },
      { teamDomain: TEAM, audience: AUD },
    ],
    [{ ACCESS_TEAM_DOMAIN: TEAM }, "misconfigured"],
    [{ ACCESS_AUD: AUD }, "misconfigured"],
    [{ ACCESS_TEAM_DOMAIN: "evil.example/path?x=", ACCESS_AUD: AUD }, "misconfigured"],
  ])("%j -> %j", (env, settings) => {
    expect(accessSettings(env)).toEqual(settings);
  });
});
