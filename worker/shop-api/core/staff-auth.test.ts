/**
 * Back-office staff authentication through the real route table and a real D1 with a
 * pinned clock: login (right, wrong, unknown and disabled accounts answer alike), hostile
 * bodies, throttling, idle and absolute expiry, revocation, and roles.
 */
import { Router } from "itty-router";
import type { ShopApiEnv } from "@worker/env";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { STAFF_SESSION_HEADER } from "@worker/lib/shop-headers";
import { STAFF_LOGIN_THROTTLE } from "./auth-throttle";
import { sha256Hex } from "./auth";
import type { ApiErrorItem } from "./envelope";
import { reply, type RouteArgs } from "./route";
import { STAFF_IDLE_TIMEOUT_MS, STAFF_SESSION_LIFETIME_MS, staffRoute, type StaffRole } from "./staff-auth";
import { changeStaffPassword, disableStaff, upsertStaff } from "./staff/accounts";

const PASSWORD = "correct horse battery staple";
const ACCOUNTS: Record<StaffRole, string> = {
  merchandiser: "merchandiser@bodenhaus.example",
  service: "service@bodenhaus.example",
  ops: "ops@bodenhaus.example",
};

let t: TestDatabase;
let clock: Date;
const ids: Partial<Record<StaffRole, string>> = {};
let nextIp = 0;
/** A client address per test, so the per-address throttle of one test never touches another. */
let ip = "203.0.113.1";

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());
beforeEach(async () => {
  clock = new Date("2026-03-02T08:00:00.000Z");
  nextIp += 1;
  ip = `203.0.113.${nextIp}`;
  await t.db.batch([t.db.prepare("DELETE FROM auth_failures"), t.db.prepare("DELETE FROM rate_limit_counters"), t.db.prepare("DELETE FROM staff_sessions")]);
  for (const role of Object.keys(ACCOUNTS) as StaffRole[]) {
    ids[role] = (await upsertStaff(t.db, { email: ACCOUNTS[role], name: `Demo ${role}`, role, password: PASSWORD }, clock)).id;
  }
});

const api = (env: Partial<ShopApiEnv> = {}): ShopApiCaller => shopApiCaller({ ...t.env, ...env }, { now: () => clock });

const loginRequest = (body: unknown, raw?: string, extra: Record<string, string> = {}): Request =>
  new Request("https://api.example/admin/api/session", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip, "user-agent": "Jest browser", ...extra },
    body: raw ?? JSON.stringify(body),
  });

const sessionRequest = (token: string | null, method = "GET"): Request =>
  new Request("https://api.example/admin/api/session", {
    method,
    headers: { "cf-connecting-ip": ip, ...(token === null ? {} : { [STAFF_SESSION_HEADER]: token }) },
  });

async function logIn(email: string, password = PASSWORD): Promise<string> {
  const response = await api()(loginRequest({ email, password }));
  expect(response.status).toBe(200);
  const token = response.headers.get(STAFF_SESSION_HEADER);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token!;
}

const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe("logging in", () => {
  it("gives a session token to the edge in a header, stores only its hash, and says who is logged in", async () => {
    const response = await api()(loginRequest({ email: "  Merchandiser@Bodenhaus.EXAMPLE ", password: PASSWORD }));
    expect(response.status).toBe(200);
    const token = response.headers.get(STAFF_SESSION_HEADER)!;
    const body = (await response.json()) as { data: { staff: unknown; expiresAt: string; idleTimeoutSeconds: number } };
    expect(body.data).toEqual({
      staff: { id: ids.merchandiser, email: ACCOUNTS.merchandiser, name: "Demo merchandiser", role: "merchandiser" },
      expiresAt: new Date(clock.getTime() + STAFF_SESSION_LIFETIME_MS).toISOString(),
      idleTimeoutSeconds: STAFF_IDLE_TIMEOUT_MS / 1000,
    });
    expect(JSON.stringify(body)).not.toContain(token);
    const row = await t.db.prepare("SELECT id, staff_id, user_agent FROM staff_sessions").first<{ id: string; staff_id: string; user_agent: string }>();
    expect(row).toEqual({ id: await sha256Hex(token), staff_id: ids.merchandiser, user_agent: "Jest browser" });

    const me = await api()(sessionRequest(token));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { staff: { role: string } } }).data.staff.role).toBe("merchandiser");
  });

  it("answers a wrong password, an unknown account and a disabled account with the same 401", async () => {
    await disableStaff(t.db, ids.service!, clock);
    const answers = [];
    for (const body of [
      { email: ACCOUNTS.merchandiser, password: "wrong password, long enough" },
      { email: "nobody@bodenhaus.example", password: PASSWORD },
      { email: ACCOUNTS.service, password: PASSWORD },
    ]) {
      const response = await api()(loginRequest(body));
      answers.push({ status: response.status, body: await response.text(), token: response.headers.get(STAFF_SESSION_HEADER) });
    }
    expect(answers[0]!.status).toBe(401);
    expect(answers[0]!.token).toBeNull();
    expect(JSON.parse(answers[0]!.body).errors).toEqual([{ message: "The e-mail address or the password is not correct.", code: "invalid_credentials" }]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await t.db.prepare("SELECT COUNT(*) AS n FROM staff_sessions").first("n")).toBe(0);
  });

  it("does the same hashing work for an unknown account as for a known one", async () => {
    const spy = jest.spyOn(crypto.subtle, "deriveBits");
    try {
      await api()(loginRequest({ email: "nobody@bodenhaus.example", password: PASSWORD }));
      await api()(loginRequest({ email: ACCOUNTS.ops, password: "wrong password, long enough" }));
      expect(spy).toHaveBeenCalledTimes(2);
      const iterations = spy.mock.calls.map(([params]) => (params as Pbkdf2Params).iterations);
      expect(iterations[0]).toBe(iterations[1]);
    } finally {
      spy.mockRestore();
    }
  });

  it.each<[string, string | undefined, unknown, number]>([
    ["no JSON", "email=a&password=b", undefined, 400],
    ["an array", "[]", undefined, 400],
    ["an empty body", "", undefined, 400],
    ["no password", undefined, { email: ACCOUNTS.ops }, 422],
    ["a number as password", undefined, { email: ACCOUNTS.ops, password: 12345678901234 }, 422],
    ["an extra field", undefined, { email: ACCOUNTS.ops, password: PASSWORD, role: "ops" }, 422],
    ["SQL in the e-mail", undefined, { email: "' OR 1=1 --", password: PASSWORD }, 401],
    ["an e-mail of 999 characters", undefined, { email: `${"a".repeat(980)}@bodenhaus.example`, password: PASSWORD }, 401],
    ["a password of 5,000 characters", undefined, { email: ACCOUNTS.ops, password: "x".repeat(5000) }, 401],
    ["the right password with a NUL byte added", undefined, { email: ACCOUNTS.ops, password: `${PASSWORD}\u0000` }, 401],
    ["the right password in other case", undefined, { email: ACCOUNTS.ops, password: PASSWORD.toUpperCase() }, 401],
    ["an empty e-mail", undefined, { email: "", password: PASSWORD }, 401],
  ])("refuses %s (%#) without a session", async (_, raw, body, status) => {
    const response = await api()(loginRequest(body, raw));
    expect(response.status).toBe(status);
    expect(response.headers.get(STAFF_SESSION_HEADER)).toBeNull();
    expect(await t.db.prepare("SELECT COUNT(*) AS n FROM staff_sessions").first("n")).toBe(0);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const response = await api()(loginRequest(undefined, JSON.stringify({ email: ACCOUNTS.ops, password: "x".repeat(70_000) })));
    expect(response.status).toBe(413);
  });
});

describe("throttling", () => {
  const { perAccount, perAddress, windowSeconds } = STAFF_LOGIN_THROTTLE;
  const WRONG = "wrong password, long enough";
  const attempt = async (email: string, password: string, from = ip) => {
    ip = from;
    const response = await api()(loginRequest({ email, password }));
    return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as { errors: ApiErrorItem[] } };
  };

  it("counts no successful login: one account logs in again and again from one address", async () => {
    for (let i = 0; i < perAccount * 3; i++) expect((await attempt(ACCOUNTS.ops, PASSWORD)).status).toBe(200);
  });

  it(`locks an account after ${perAccount} failed logins from any addresses, even for the right password, and says when to retry`, async () => {
    for (let i = 0; i < perAccount; i++) expect((await attempt(ACCOUNTS.ops, WRONG, `198.51.100.${i + 1}`)).status).toBe(401);
    advance(60_000);
    const locked = await attempt(ACCOUNTS.ops, PASSWORD, "198.51.100.77");
    expect(locked.status).toBe(429);
    expect(locked.retryAfter).toBe(String(windowSeconds - 60));
    expect(locked.body.errors).toEqual([
      { message: "Too many failed attempts. Try again later.", code: "auth_throttled", params: { retryAfterSeconds: windowSeconds - 60 } },
    ]);
    // the other accounts, from the same addresses, are not affected
    expect((await attempt(ACCOUNTS.service, PASSWORD, "198.51.100.1")).status).toBe(200);
    // refused attempts do not lengthen the lock: it ends with the window of the first failure
    advance((windowSeconds - 60) * 1000);
    expect((await attempt(ACCOUNTS.ops, PASSWORD)).status).toBe(200);
  });

  it("answers an unknown e-mail address exactly like a known one, locked or not", async () => {
    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i <= perAccount; i++) seen.push(await attempt(email, WRONG));
      return seen;
    };
    const known = await answers(ACCOUNTS.merchandiser);
    const unknown = await answers("nobody@bodenhaus.example");
    expect(known.map((answer) => answer.status)).toEqual([...Array<number>(perAccount).fill(401), 429]);
    expect(unknown).toEqual(known);
  });

  it("a successful login clears its account's count of failures", async () => {
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < perAccount - 1; i++) expect((await attempt(ACCOUNTS.ops, WRONG)).status).toBe(401);
      expect((await attempt(ACCOUNTS.ops, PASSWORD)).status).toBe(200);
    }
  });

  it(`locks an address only after ${perAddress} failed logins; until then the staff behind it log in`, async () => {
    const shared = ip;
    for (let i = 0; i < perAddress - 1; i++) expect((await attempt(`guess${i % 10}@bodenhaus.example`, WRONG, shared)).status).toBe(401);
    expect((await attempt(ACCOUNTS.service, PASSWORD, shared)).status).toBe(200);
    expect((await attempt("guess-last@bodenhaus.example", WRONG, shared)).status).toBe(401);
    const locked = await attempt(ACCOUNTS.merchandiser, PASSWORD, shared);
    expect(locked.status).toBe(429);
    expect(Number(locked.retryAfter)).toBe(windowSeconds);
    expect((await attempt(ACCOUNTS.merchandiser, PASSWORD, "198.51.100.200")).status).toBe(200);
    advance(windowSeconds * 1000);
    expect((await attempt(ACCOUNTS.merchandiser, PASSWORD, shared)).status).toBe(200);
  });

  it(`counts concurrent attempts exactly: of ${perAccount * 2} at once, at most ${perAccount} are checked`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: perAccount * 2 }, async (_, i) => (await api()(loginRequest({ email: ACCOUNTS.ops, password: `${WRONG} ${i}` }))).status),
    );
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(perAccount);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(perAccount);
    expect((await attempt(ACCOUNTS.ops, PASSWORD)).status).toBe(429);
  });

  it("does not count a refused body", async () => {
    for (let i = 0; i < perAccount + 1; i++) expect((await api()(loginRequest({ email: ACCOUNTS.ops }))).status).toBe(422);
    expect((await attempt(ACCOUNTS.ops, PASSWORD)).status).toBe(200);
  });

  it("counts every staff call in the staff per-IP bucket: without its binding the staff API refuses (503)", async () => {
    const response = await api({ RATE_LIMIT_STAFF: undefined })(loginRequest({ email: ACCOUNTS.ops, password: PASSWORD }));
    expect(response.status).toBe(503);
  });
});

describe("session lifetime", () => {
  it(`ends a session idle for more than ${STAFF_IDLE_TIMEOUT_MS / 60000} minutes and tells the edge to delete the cookie`, async () => {
    const token = await logIn(ACCOUNTS.merchandiser);
    advance(STAFF_IDLE_TIMEOUT_MS - 1000);
    expect((await api()(sessionRequest(token))).status).toBe(200);
    advance(STAFF_IDLE_TIMEOUT_MS - 1000);
    expect((await api()(sessionRequest(token))).status).toBe(200);
    advance(STAFF_IDLE_TIMEOUT_MS + 1000);
    const ended = await api()(sessionRequest(token));
    expect(ended.status).toBe(401);
    expect(ended.headers.get(STAFF_SESSION_HEADER)).toBe("");
    expect(((await ended.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("login_required");
  });

  it("ends an active session at its absolute lifetime", async () => {
    const token = await logIn(ACCOUNTS.merchandiser);
    const step = STAFF_IDLE_TIMEOUT_MS / 2;
    let elapsed = 0;
    while (elapsed + step < STAFF_SESSION_LIFETIME_MS) {
      advance(step);
      elapsed += step;
      expect((await api()(sessionRequest(token))).status).toBe(200);
    }
    advance(STAFF_SESSION_LIFETIME_MS - elapsed);
    expect((await api()(sessionRequest(token))).status).toBe(401);
  });
});

describe("revocation", () => {
  it("logging out revokes the session and deletes the cookie", async () => {
    const token = await logIn(ACCOUNTS.service);
    const other = await logIn(ACCOUNTS.service);
    const out = await api()(sessionRequest(token, "DELETE"));
    expect(out.status).toBe(200);
    expect(out.headers.get(STAFF_SESSION_HEADER)).toBe("");
    expect((await api()(sessionRequest(token))).status).toBe(401);
    expect((await api()(sessionRequest(other))).status).toBe(200);
  });

  it("a logout without a session still deletes the cookie", async () => {
    const out = await api()(sessionRequest(null, "DELETE"));
    expect(out.status).toBe(200);
    expect(out.headers.get(STAFF_SESSION_HEADER)).toBe("");
  });

  it("a changed password revokes every session of the account; the new password logs in", async () => {
    const first = await logIn(ACCOUNTS.ops);
    const second = await logIn(ACCOUNTS.ops);
    const otherAccount = await logIn(ACCOUNTS.service);
    await changeStaffPassword(t.db, ids.ops!, "a brand new password", clock);
    expect((await api()(sessionRequest(first))).status).toBe(401);
    expect((await api()(sessionRequest(second))).status).toBe(401);
    expect((await api()(sessionRequest(otherAccount))).status).toBe(200);
    expect((await api()(loginRequest({ email: ACCOUNTS.ops, password: PASSWORD }))).status).toBe(401);
    await logIn(ACCOUNTS.ops, "a brand new password");
  });

  it("disabling an account ends its sessions at once", async () => {
    const token = await logIn(ACCOUNTS.merchandiser);
    await disableStaff(t.db, ids.merchandiser!, clock);
    expect((await api()(sessionRequest(token))).status).toBe(401);
    const revoked = await t.db
      .prepare("SELECT revoked_at FROM staff_sessions WHERE id = ?1")
      .bind(await sha256Hex(token))
      .first("revoked_at");
    expect(revoked).not.toBeNull();
  });

  it.each([
    ["a made-up token", "A".repeat(43)],
    ["a token of the wrong shape", "not a token"],
    ["the stored hash instead of the token", "hash"],
  ])("refuses %s", async (_, value) => {
    const token = await logIn(ACCOUNTS.ops);
    const presented = value === "hash" ? await sha256Hex(token) : value;
    const response = await api()(sessionRequest(presented));
    expect(response.status).toBe(401);
    expect(response.headers.get(STAFF_SESSION_HEADER)).toBe("");
  });
});

describe("staffRoute and roles", () => {
  const deps = { now: () => clock };
  const router = Router<Request, RouteArgs>();
  router.get(
    "/admin/api/test/catalogue",
    staffRoute(deps, ["merchandiser"], (ctx) => reply({ who: ctx.staff.email })),
  );
  const call = async (token: string | null) => {
    const request = new Request("https://api.example/admin/api/test/catalogue", {
      headers: { "cf-connecting-ip": ip, ...(token ? { [STAFF_SESSION_HEADER]: token } : {}) },
    });
    return (await router.fetch(request, t.env, { waitUntil: () => undefined })) as Response;
  };

  it("answers 401 without a session", async () => {
    expect((await call(null)).status).toBe(401);
  });

  it("answers 403 to a role the route does not list", async () => {
    const response = await call(await logIn(ACCOUNTS.service));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("forbidden");
  });

  it("lets a listed role and ops through, with the staff member in the context", async () => {
    for (const role of ["merchandiser", "ops"] as const) {
      const response = await call(await logIn(ACCOUNTS[role]));
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { who: string } }).data.who).toBe(ACCOUNTS[role]);
    }
  });
});

describe("new passwords", () => {
  it.each([
    ["too short", "short pw"],
    ["a control character", "long enough password\u0000"],
    ["only spaces", " ".repeat(20)],
    ["too long", "x".repeat(257)],
  ])("refuses one %s", async (_, password) => {
    await expect(changeStaffPassword(t.db, ids.ops!, password, clock)).rejects.toThrow(/password/);
    await logIn(ACCOUNTS.ops);
  });
});
