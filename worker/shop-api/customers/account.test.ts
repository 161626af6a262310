/**
 * The customer account through the shop API's real route table against a real local D1:
 * registration, verification, login, logout, password reset and change, the
 * profile, sessions (rotation, expiry, revocation) and the rules against account enumeration.
 */
import { createAccountHarness, PASSWORD, registration, signedUpCustomer, tokenOf, type AccountHarness, type Browser } from "@tests/kit/customers";
import { encodePasswordHash, hashPassword } from "../core/passwords";
import { sha256Hex } from "../core/auth";
import { runCustomerJobs } from "./jobs";

let h: AccountHarness;
beforeAll(async () => {
  h = await createAccountHarness();
});
afterAll(() => h.dispose());
// The harness has no mail transport: the outbox keeps the mails (read by the tests) and says so.
beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

let counter = 0;
/** A fresh address per test (the rate limits count per address). */
const address = (name = "kunde") => `${name}.${++counter}@example.com`;

const login = (browser: Browser, email: string, password = PASSWORD) => h.call(browser, "POST", "/apiv2/customer/login", { body: { email, password } });
const me = async (browser: Browser) => (await h.call(browser, "GET", "/apiv2/customer")).body.data.customer;

async function registeredOnly(email: string, extra: Record<string, unknown> = {}) {
  const before = await h.lastMailId();
  const answer = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email, extra) });
  expect(answer.status).toBe(202);
  return (await h.mails(before)).filter((mail) => mail.recipient === email);
}

describe("register", () => {
  test("a new address: 202 verification_sent, an unverified account, a verification mail with a link token that is stored hashed only", async () => {
    const email = address();
    const browser = h.browser();
    const before = await h.lastMailId();
    const answer = await h.call(browser, "POST", "/apiv2/customer/register", { body: registration(email.toUpperCase()) });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ status: 202, data: { status: "verification_sent" }, errors: [], meta: {} });
    expect(answer.sessionHeader).toBeUndefined();
    const row = await h.db.prepare("SELECT * FROM customers WHERE email = ?").bind(email).first<Record<string, unknown>>();
    expect(row).toMatchObject({ shop_id: "DE", type: "private", first_name: "Erika", verified_at: null, street: "Hauptstraße 5", country: "de" });
    expect(String(row!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(String(row!.password_hash)).not.toContain(PASSWORD);
    const [mail] = await h.mails(before);
    expect(mail).toMatchObject({ template: "customer-verify", recipient: email, language: "de", params: { name: "Erika Muster" } });
    const token = tokenOf(mail!);
    expect(String(mail!.params.path)).toBe(`/customer/account/Verify/?token=${token}`);
    const stored = await h.db.prepare("SELECT id, purpose, expires_at FROM customer_tokens WHERE customer_id = ?").bind(row!.id).all<Record<string, string>>();
    expect(stored.results).toEqual([{ id: await sha256Hex(token), purpose: "verify", expires_at: "2026-11-19T08:00:00.000Z" }]);
    // not signed in before the address is confirmed
    expect((await login(h.browser(), email)).status).toBe(401);
  });

  test("no enumeration: an address with a verified account gets the same status and the same bytes, and its owner a notice instead", async () => {
    const known = address("bekannt");
    await signedUpCustomer(h, h.browser(), known);
    const unknown = address("neu");
    const first = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(unknown) });
    const before = await h.lastMailId();
    const second = await h.call(h.browser(), "POST", "/apiv2/customer/register", {
      body: registration(known, { firstName: "Mallory", password: "Andere-Passwort-1", confirmationPassword: "Andere-Passwort-1" }),
    });
    expect(second.status).toBe(first.status);
    expect(second.text).toBe(first.text);
    const mails = await h.mails(before);
    expect(mails.map((mail) => mail.template)).toEqual(["customer-already-registered"]);
    expect(mails[0]!.params).toEqual({ loginPath: "/customer/account/Login/", resetPath: "/customer/account/PasswordReset/" });
    // the verified account is untouched: name and password stay
    const browser = h.browser();
    expect((await login(browser, known)).status).toBe(200);
    expect((await me(browser)).firstName).toBe("Erika");
    expect((await login(h.browser(), known, "Andere-Passwort-1")).status).toBe(401);
  });

  test("the password is hashed for known and unknown addresses alike (the same work)", async () => {
    const known = address("bekannt");
    await signedUpCustomer(h, h.browser(), known);
    const spy = jest.spyOn(crypto.subtle, "deriveBits");
    try {
      await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(known) });
      const forKnown = spy.mock.calls.length;
      spy.mockClear();
      await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(address()) });
      expect(spy.mock.calls.length).toBe(forKnown);
      expect(forKnown).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  test("a new registration of a pending address replaces it: the old link dies, the new one verifies with the new password", async () => {
    const email = address();
    const [first] = await registeredOnly(email);
    const [second] = await registeredOnly(email, { firstName: "Erik", password: "Zweites-Passwort-2", confirmationPassword: "Zweites-Passwort-2" });
    expect(second!.params.name).toBe("Erik Muster");
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(first!) } })).status).toBe(400);
    const browser = h.browser();
    const verified = await h.call(browser, "POST", "/apiv2/customer/verify", { body: { token: tokenOf(second!) } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.customer.firstName).toBe("Erik");
    expect((await login(h.browser(), email, "Zweites-Passwort-2")).status).toBe(200);
    expect((await login(h.browser(), email)).status).toBe(401);
  });

  test("a business customer: company and VAT ID of the country; a private one has neither", async () => {
    const email = address("firma");
    const customer = await signedUpCustomer(h, h.browser(), email, { type: "business", companyName: "Muster Bau GmbH", vatId: "de 123 456 789" });
    expect(customer).toMatchObject({ type: "business", companyName: "Muster Bau GmbH", vatId: "DE123456789", verified: true });
    const refused = await h.call(h.browser(), "POST", "/apiv2/customer/register", {
      body: registration(address(), { type: "business", companyName: "Muster Bau GmbH", vatId: "ATU12345678" }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toContainEqual({ message: "Please enter a valid VAT ID for the chosen country.", code: "invalid_vat_id", field: "vatId" });
  });

  test("the captcha is required (403 captcha_failed, nothing written); bad and hostile input is refused field by field", async () => {
    const email = address();
    const noCaptcha = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email), captcha: null });
    expect(noCaptcha.status).toBe(403);
    expect(noCaptcha.body.errors[0]).toMatchObject({ code: "captcha_failed" });
    const forged = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email), captcha: "Zm9yZ2Vk" });
    expect(forged.status).toBe(403);
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM customers WHERE email = ?").bind(email).first("n")).toBe(0);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: "kurz", confirmationPassword: "kurz" }, "password", "password_too_short"],
      [{ password: "nurkleinbuchstaben", confirmationPassword: "nurkleinbuchstaben" }, "password", "password_too_weak"],
      [{ confirmationPassword: "Parkett-Eiche-2027" }, "confirmationPassword", "password_mismatch"],
      [{ acceptTerms: false }, "acceptTerms", "terms_not_accepted"],
      [{ country: "us" }, "country", "invalid_country"],
      [{ firstName: "<script>alert(1)</script>" }, "firstName", "invalid_characters"],
      [{ type: "admin" }, "type", "invalid"],
      [{ street: "   " }, "street", "invalid"],
      [{ street: "Hauptstraße 5\n<b>" }, "street", "invalid_characters"],
      [{ street: "x".repeat(161) }, "street", "invalid"],
    ];
    for (const [change, field, code] of cases) {
      const answer = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(address(), change) });
      expect({ field, status: answer.status }).toEqual({ field, status: 422 });
      expect(answer.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    }
    const extra = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: { ...registration(address()), verified_at: "2020-01-01" } });
    expect(extra.status).toBe(422);
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/register", { raw: "{not json" })).status).toBe(400);
  });

  test("mails per address are limited (accountMail: 5 an hour), for known and unknown addresses alike", async () => {
    const email = address();
    for (let i = 0; i < 5; i++) expect((await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email) })).status).toBe(202);
    const limited = await h.call(h.browser(), "POST", "/apiv2/customer/register", { body: registration(email) });
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toMatchObject({ code: "rate_limited" });
  });
});

describe("verify", () => {
  test("signs in with a new session, once: the same link again is refused (400 invalid_token)", async () => {
    const email = address();
    const [mail] = await registeredOnly(email);
    const browser = h.browser();
    const verified = await h.call(browser, "GET", `/apiv2/customer/verify?token=${tokenOf(mail!)}`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.customer).toMatchObject({ email, verified: true, firstName: "Erika" });
    expect(verified.sessionHeader).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await me(browser)).toMatchObject({ email });
    const again = await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail!) } });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toEqual({ message: "This link is invalid or has expired. Please ask for a new one.", code: "invalid_token", field: "token" });
    expect(again.sessionHeader).toBeUndefined();
  });

  test("two requests with one link at once: exactly one signs in", async () => {
    const [mail] = await registeredOnly(address());
    const answers = await Promise.all([1, 2, 3].map(() => h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail!) } })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((answer) => answer.sessionHeader).length).toBe(1);
  });

  test("a link is valid 24 hours", async () => {
    const [late] = await registeredOnly(address());
    const [inTime] = await registeredOnly(address());
    h.setNow("2026-11-19T07:59:59Z");
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(inTime!) } })).status).toBe(200);
    h.setNow("2026-11-19T08:00:00Z");
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(late!) } })).status).toBe(400);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("unknown, malformed and other-shop tokens are refused alike; a reset token does not verify", async () => {
    const [mail] = await registeredOnly(address());
    for (const token of ["", "x", "A".repeat(43), `${tokenOf(mail!)}x`, "../../etc/passwd"]) {
      const answer = await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token } });
      expect(answer.status === 400 || answer.status === 422).toBe(true);
      expect(answer.sessionHeader).toBeUndefined();
    }
    expect((await h.call(h.browser("CH"), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail!) } })).status).toBe(400);
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail!) } })).status).toBe(200);
  });
});

describe("login", () => {
  test("no enumeration: wrong password, unknown address and unconfirmed account answer the same 401 bytes; unknown addresses are hashed too", async () => {
    const known = address("bekannt");
    await signedUpCustomer(h, h.browser(), known);
    const pending = address("offen");
    await registeredOnly(pending);
    const spy = jest.spyOn(crypto.subtle, "deriveBits");
    try {
      const wrong = await login(h.browser(), known, "Falsches-Passwort-1");
      const wrongHashes = spy.mock.calls.length;
      spy.mockClear();
      const unknown = await login(h.browser(), address("unbekannt"), "Falsches-Passwort-1");
      const unknownHashes = spy.mock.calls.length;
      spy.mockClear();
      const unconfirmed = await login(h.browser(), pending);
      expect(wrongHashes).toBe(1);
      expect(unknownHashes).toBe(1);
      expect(spy.mock.calls.length).toBe(1);
      for (const answer of [wrong, unknown, unconfirmed]) {
        expect(answer.status).toBe(401);
        expect(answer.text).toBe(wrong.text);
        expect(answer.sessionHeader).toBeUndefined();
      }
      expect(wrong.body.errors).toEqual([{ message: "The e-mail address or the password is not correct.", code: "invalid_credentials" }]);
    } finally {
      spy.mockRestore();
    }
  });

  test("an unconfirmed account with the right password gets a new verification mail (the same 401); a wrong password none", async () => {
    const pending = address("offen");
    await registeredOnly(pending);
    let before = await h.lastMailId();
    expect((await login(h.browser(), pending, "Falsches-Passwort-1")).status).toBe(401);
    expect(await h.mails(before)).toEqual([]);
    before = await h.lastMailId();
    expect((await login(h.browser(), pending)).status).toBe(401);
    const [mail] = await h.mails(before);
    expect(mail).toMatchObject({ template: "customer-verify", recipient: pending });
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/verify", { body: { token: tokenOf(mail!) } })).status).toBe(200);
  });

  test("the right password signs in with a new session; the address is matched in any case; the previous session of the browser is revoked (rotation)", async () => {
    const email = address();
    const browser = h.browser();
    await signedUpCustomer(h, browser, email);
    const first = browser.session!;
    const answer = await login(browser, email.toUpperCase());
    expect(answer.status).toBe(200);
    expect(answer.body.data.customer).toMatchObject({ email, verified: true });
    expect(browser.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.session).not.toBe(first);
    const old: Browser = { ...h.browser(), session: first };
    expect(await me(old)).toBeNull();
    expect(await me(browser)).toMatchObject({ email });
  });

  test("a session token planted before sign-in never becomes a signed-in one", async () => {
    const email = address();
    await signedUpCustomer(h, h.browser(), email);
    const planted = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    const victim: Browser = { ...h.browser(), session: planted };
    expect((await login(victim, email)).status).toBe(200);
    expect(victim.session).not.toBe(planted);
    expect(await me({ ...h.browser(), session: planted })).toBeNull();
  });

  test("a hash of older parameters is rehashed at login; the sessions stay", async () => {
    const email = address();
    const browser = h.browser();
    const customer = await signedUpCustomer(h, browser, email);
    const old = encodePasswordHash(await hashPassword(PASSWORD, 10_000));
    await h.db.prepare("UPDATE customers SET password_hash = ? WHERE id = ?").bind(old, customer.id).run();
    expect((await login(h.browser(), email)).status).toBe(200);
    const stored = await h.db.prepare("SELECT password_hash FROM customers WHERE id = ?").bind(customer.id).first<string>("password_hash");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await me(browser)).toMatchObject({ email });
    expect((await login(h.browser(), email)).status).toBe(200);
  });

  test("sign-ins are limited per account (5 in 15 minutes, right or wrong) and per client address (30 in 15 minutes)", async () => {
    const email = address();
    await signedUpCustomer(h, h.browser(), email);
    for (let i = 0; i < 5; i++) expect((await login(h.browser(), email, "Falsches-Passwort-1")).status).toBe(401);
    const limited = await login(h.browser(), email);
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toMatchObject({ code: "rate_limited" });
    h.setNow("2026-11-18T08:15:00Z");
    expect((await login(h.browser(), email)).status).toBe(200);

    const client = h.browser();
    for (let i = 0; i < 30; i++) expect((await login(client, address("probe"), "Falsches-Passwort-1")).status).toBe(401);
    expect((await login(client, email)).status).toBe(429);
    expect((await login(h.browser(), email)).status).toBe(200);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("an over-long password or one with a control character never matches and is refused like a wrong one", async () => {
    const email = address();
    await signedUpCustomer(h, h.browser(), email);
    const wrong = await login(h.browser(), email, "Falsches-Passwort-1");
    for (const password of [`${PASSWORD}\u0000`, "x".repeat(900)]) {
      const answer = await login(h.browser(), email, password);
      expect(answer.status).toBe(401);
      expect(answer.text).toBe(wrong.text);
    }
  });
});

describe("sessions", () => {
  test("logout revokes the session and deletes the cookie; the token is dead afterwards", async () => {
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    const token = browser.session!;
    const answer = await h.call(browser, "POST", "/apiv2/customer/logout");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ signedOut: true });
    expect(answer.sessionHeader).toBe("");
    expect(await me({ ...h.browser(), session: token })).toBeNull();
    expect((await h.call({ ...h.browser(), session: token }, "GET", "/apiv2/customer/orders")).status).toBe(401);
  });

  test("idle 30 days ends a session; activity keeps it up to 90 days after sign-in, not longer; an ended session's cookie is deleted", async () => {
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    const active: Browser = { ...h.browser(), session: browser.session };
    h.setNow("2026-12-17T07:59:00Z"); // 29 days 23:59 later: still live, and touched
    expect(await me(active)).not.toBeNull();
    for (const day of ["2027-01-15", "2027-02-13"]) {
      h.setNow(`${day}T07:00:00Z`);
      expect(await me(active)).not.toBeNull();
    }
    h.setNow("2027-02-16T07:59:00Z");
    expect(await me(active)).not.toBeNull();
    h.setNow("2027-02-16T08:00:00Z"); // 90 days after sign-in
    const ended = await h.call(active, "GET", "/apiv2/customer");
    expect(ended.body.data.customer).toBeNull();
    expect(ended.sessionHeader).toBe("");
    h.setNow("2026-11-18T08:00:00Z");

    const browser2 = h.browser();
    await signedUpCustomer(h, browser2, address());
    h.setNow("2026-12-18T08:00:00Z"); // 30 days without a call
    expect(await me(browser2)).toBeNull();
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("a session belongs to its shop: the token sent to another shop is nobody", async () => {
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    expect(await me({ ...h.browser("CH"), session: browser.session })).toBeNull();
  });

  test("a client's session header that is not a token is nobody, and its cookie is deleted", async () => {
    const answer = await h.call({ ...h.browser(), session: "' OR 1=1 --" }, "GET", "/apiv2/customer");
    expect(answer.body.data).toEqual({ customer: null });
    expect(answer.sessionHeader).toBe("");
  });
});

describe("password reset", () => {
  const requestReset = (email: string) => h.call(h.browser(), "POST", "/apiv2/customer/password-reset", { body: { email } });

  test("no enumeration: known and unknown addresses get the same status and bytes; only a known one gets a mail, with the account's name", async () => {
    const known = address("bekannt");
    await signedUpCustomer(h, h.browser(), known);
    const before = await h.lastMailId();
    const forKnown = await requestReset(known);
    const forUnknown = await requestReset(address("unbekannt"));
    expect(forKnown.status).toBe(202);
    expect(forKnown.body.data).toEqual({ status: "reset_sent" });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.text).toBe(forKnown.text);
    const mails = await h.mails(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "customer-password-reset", recipient: known, params: { name: "Erika Muster" } });
  });

  test("the link sets a new password once, signs in, ends every other session and sends the notice", async () => {
    const email = address();
    const other = h.browser();
    await signedUpCustomer(h, other, email);
    const before = await h.lastMailId();
    await requestReset(email);
    const [mail] = await h.mails(before);
    const browser = h.browser();
    const body = { token: tokenOf(mail!), password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" };
    const confirmed = await h.call(browser, "POST", "/apiv2/customer/password-reset/confirm", { body });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.customer).toMatchObject({ email });
    expect(await me(browser)).toMatchObject({ email });
    expect(await me(other)).toBeNull();
    expect((await login(h.browser(), email)).status).toBe(401);
    expect((await login(h.browser(), email, "Neues-Passwort-42")).status).toBe(200);
    const notices = (await h.mails(before)).filter((m) => m.template === "customer-password-changed");
    expect(notices).toEqual([expect.objectContaining({ recipient: email, params: { name: "Erika Muster", resetPath: "/customer/account/PasswordReset/" } })]);
    const again = await h.call(h.browser(), "POST", "/apiv2/customer/password-reset/confirm", {
      body: { ...body, password: "Drittes-Passwort-3", confirmationPassword: "Drittes-Passwort-3" },
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]!.code).toBe("invalid_token");
  });

  test("a link is valid 30 minutes; using one kills the others", async () => {
    const email = address();
    await signedUpCustomer(h, h.browser(), email);
    const before = await h.lastMailId();
    await requestReset(email);
    await requestReset(email);
    const [first, second] = await h.mails(before);
    const confirm = (token: string) =>
      h.call(h.browser(), "POST", "/apiv2/customer/password-reset/confirm", {
        body: { token, password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" },
      });
    h.setNow("2026-11-18T08:29:59Z");
    expect((await confirm(tokenOf(second!))).status).toBe(200);
    expect((await confirm(tokenOf(first!))).status).toBe(400);
    const later = await h.lastMailId();
    await requestReset(email);
    const [third] = await h.mails(later);
    h.setNow("2026-11-18T08:59:59Z");
    expect((await confirm(tokenOf(third!))).status).toBe(400);
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("the check says whether a link still works, uses nothing up, and names no account", async () => {
    const email = address();
    await signedUpCustomer(h, h.browser(), email);
    const before = await h.lastMailId();
    await requestReset(email);
    const [mail] = await h.mails(before);
    const check = async (token: unknown) => h.call(h.browser(), "POST", "/apiv2/customer/password-reset/check", { body: { token } });
    const fresh = await check(tokenOf(mail!));
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({ valid: true });
    // Asked twice, it still works: the check claims nothing.
    expect((await check(tokenOf(mail!))).body.data).toEqual({ valid: true });
    // An unknown token of the right form, a malformed one and hostile text: the same shape, not valid.
    const unknown = await check("A".repeat(43));
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ valid: false });
    expect(JSON.stringify(unknown.body.data)).not.toContain("@");
    for (const hostile of ["' OR 1=1 --", "x".repeat(44), "../../etc"]) expect((await check(hostile)).body.data).toEqual({ valid: false });
    expect((await check(42)).status).toBe(422);
    const body = { token: tokenOf(mail!), password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" };
    expect((await h.call(h.browser(), "POST", "/apiv2/customer/password-reset/confirm", { body })).status).toBe(200);
    // Used: no longer valid.
    expect((await check(tokenOf(mail!))).body.data).toEqual({ valid: false });
    // Expired: no longer valid after 30 minutes.
    const later = await h.lastMailId();
    await requestReset(email);
    const [next] = await h.mails(later);
    h.setNow("2026-11-18T08:29:59Z");
    expect((await check(tokenOf(next!))).body.data).toEqual({ valid: true });
    h.setNow("2026-11-18T08:30:01Z");
    expect((await check(tokenOf(next!))).body.data).toEqual({ valid: false });
    h.setNow("2026-11-18T08:00:00Z");
  });

  test("a reset confirms a pending account (the link came to the address); the new password must follow the rules", async () => {
    const email = address();
    await registeredOnly(email);
    const before = await h.lastMailId();
    await requestReset(email);
    const [mail] = await h.mails(before);
    const weak = await h.call(h.browser(), "POST", "/apiv2/customer/password-reset/confirm", {
      body: { token: tokenOf(mail!), password: `${email}X1`, confirmationPassword: `${email}X1` },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toContainEqual(expect.objectContaining({ field: "password", code: "password_contains_email" }));
    const browser = h.browser();
    const body = { token: tokenOf(mail!), password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" };
    expect((await h.call(browser, "POST", "/apiv2/customer/password-reset/confirm", { body })).status).toBe(200);
    expect(await me(browser)).toMatchObject({ email, verified: true });
  });

  test("the captcha is required", async () => {
    const answer = await h.call(h.browser(), "POST", "/apiv2/customer/password-reset", { body: { email: address() }, captcha: null });
    expect(answer.status).toBe(403);
  });
});

describe("profile and password change", () => {
  test("GET /apiv2/customer: null for a guest, the customer when signed in", async () => {
    expect((await h.call(h.browser(), "GET", "/apiv2/customer")).body).toEqual({ status: 200, data: { customer: null }, errors: [], meta: {} });
    const browser = h.browser();
    const email = address();
    await signedUpCustomer(h, browser, email);
    expect(await me(browser)).toEqual({
      id: expect.any(String),
      type: "private",
      firstName: "Erika",
      surname: "Muster",
      email,
      companyName: null,
      vatId: null,
      street: "Hauptstraße 5",
      postcode: "10115",
      city: "Berlin",
      country: "de",
      phone: "+49 30 1234567",
      verified: true,
    });
    // An account registered before the street was asked has none (null), and shows so.
    await h.db.prepare("UPDATE customers SET street = NULL WHERE email = ?").bind(email).run();
    expect(await me(browser)).toMatchObject({ street: null, postcode: "10115" });
  });

  test("PATCH changes name, address and phone; never the e-mail or type; a guest gets 401", async () => {
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    const changed = await h.call(browser, "PATCH", "/apiv2/customer", { body: { firstName: " Erik ", city: "Köln", postcode: "50667", phone: "0221 123456" } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.customer).toMatchObject({ firstName: "Erik", city: "Köln", postcode: "50667", phone: "0221 123456", surname: "Muster" });
    // The street: changed with the address; an empty or hostile one is refused and the stored one stays.
    const moved = await h.call(browser, "PATCH", "/apiv2/customer", { body: { street: " Domstraße 1 " } });
    expect(moved.body.data.customer).toMatchObject({ street: "Domstraße 1", city: "Köln" });
    for (const street of ["", "<img src=x>", 42]) expect((await h.call(browser, "PATCH", "/apiv2/customer", { body: { street } })).status).toBe(422);
    expect(await me(browser)).toMatchObject({ street: "Domstraße 1" });
    for (const body of [{ email: "other@example.com" }, { type: "business" }, { vatId: "DE123456789" }]) {
      expect((await h.call(browser, "PATCH", "/apiv2/customer", { body })).status).toBe(422);
    }
    expect((await h.call(h.browser(), "PATCH", "/apiv2/customer", { body: { city: "Köln" } })).status).toBe(401);
  });

  test("a password change ends every other session, keeps this browser signed in on a new session, and sends the notice", async () => {
    const email = address();
    const browser = h.browser();
    await signedUpCustomer(h, browser, email);
    const other = h.browser();
    await login(other, email);
    const before = await h.lastMailId();
    const oldSession = browser.session;
    const wrong = await h.call(browser, "POST", "/apiv2/customer/password", {
      body: { currentPassword: "Falsch-Falsch-1", password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toContainEqual({ message: "The current password is not correct.", code: "current_password_wrong", field: "currentPassword" });
    const changed = await h.call(browser, "POST", "/apiv2/customer/password", {
      body: { currentPassword: PASSWORD, password: "Neues-Passwort-42", confirmationPassword: "Neues-Passwort-42" },
    });
    expect(changed.status).toBe(200);
    expect(browser.session).not.toBe(oldSession);
    expect(await me(browser)).toMatchObject({ email });
    expect(await me(other)).toBeNull();
    expect(await me({ ...h.browser(), session: oldSession })).toBeNull();
    expect((await h.mails(before)).map((mail) => mail.template)).toEqual(["customer-password-changed"]);
    expect((await login(h.browser(), email, "Neues-Passwort-42")).status).toBe(200);
  });
});

describe("the account in the rest of the shop", () => {
  test("environment: signed in or not, the first name, the project count, login and sign-up links by accountPath (with the CH prefix)", async () => {
    const guest = await h.call(h.browser(), "GET", "/apiv2/environment");
    expect(guest.body.data.environment.customer).toEqual({ signedIn: false, firstName: null });
    expect(guest.body.data.environment.navigation.loginLink.url).toBe("/customer/account/Login/");
    expect(guest.body.data.environment.navigation.signUpLink.url).toBe("/customer/account/CreateAccount/");
    const swiss = await h.call(h.browser("CH", "fr"), "GET", "/apiv2/environment");
    expect(swiss.body.data.environment.navigation.loginLink.url).toBe("/fr/customer/account/Login/");
    const browser = h.browser();
    await signedUpCustomer(h, browser, address());
    await h.call(browser, "POST", "/apiv2/customer/projects", { body: { name: "Bad" } });
    const signedIn = await h.call(browser, "GET", "/apiv2/environment");
    expect(signedIn.body.data.environment.customer).toEqual({ signedIn: true, firstName: "Erika" });
    expect(signedIn.body.data.environment.projects).toEqual({ count: 1, link: "/customer/projects/" });
  });

  test("isBusiness answers from the account: private for guests and private customers, business for a business customer", async () => {
    expect((await h.call(h.browser(), "GET", "/apiv2/isBusiness")).body.data).toBe("private");
    const business = h.browser();
    await signedUpCustomer(h, business, address("firma"), { type: "business", companyName: "Muster Bau GmbH" });
    expect((await h.call(business, "GET", "/apiv2/isBusiness")).body.data).toBe("business");
    await h.call(business, "POST", "/apiv2/customer/logout");
    expect((await h.call(business, "GET", "/apiv2/isBusiness")).body.data).toBe("private");
  });
});

describe("retention (the cron)", () => {
  test("a registration never confirmed goes 30 days after its last change, with its links; ended sessions 30 days after their end; accounts stay", async () => {
    const pending = address("offen");
    await registeredOnly(pending);
    const browser = h.browser();
    const kept = address("bleibt");
    await signedUpCustomer(h, browser, kept);
    const ended = browser.session!;
    await h.call(browser, "POST", "/apiv2/customer/logout");
    const count = async (table: string, where: string, value: string) =>
      h.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`).bind(value).first<number>("n");
    const pendingId = (await h.db.prepare("SELECT id FROM customers WHERE email = ?").bind(pending).first<string>("id"))!;

    h.setNow("2026-12-18T07:59:59Z");
    await runCustomerJobs(h.db, h.now());
    expect(await count("customers", "email = ?", pending)).toBe(1);
    expect(await count("customer_sessions", "id = ?", await sha256Hex(ended))).toBe(1);
    h.setNow("2026-12-18T08:00:00Z");
    await runCustomerJobs(h.db, h.now());
    expect(await count("customers", "email = ?", pending)).toBe(0);
    expect(await count("customer_tokens", "customer_id = ?", pendingId)).toBe(0);
    expect(await count("customer_sessions", "id = ?", await sha256Hex(ended))).toBe(0);
    expect(await count("customers", "email = ?", kept)).toBe(1);
    h.setNow("2026-11-18T08:00:00Z");
  });
});
