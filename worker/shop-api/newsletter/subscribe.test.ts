/**
 * POST /apiv2/newsletter/subscribe through the real route table against a real local D1: the
 * captcha fails closed, names with links and malformed fields are refused with nothing written
 * and nothing sent, every address state gets the same answer byte for byte, a pending address
 * gets the confirmation again at most once per 10 minutes (pinned clock), a confirmed one none,
 * the limits per address and per client, and Idempotency-Key.
 */
import { sha256Hex } from "../core/auth";
import { formatMoney } from "@domain/money";
import { newsletterEmailKey } from "@domain/newsletter";
import { createNewsletterHarness, DAY_MS, freshAddress, json, MINUTE_MS, NOW, signedUp, tokenIn, type NewsletterHarness } from "@tests/kit/newsletter";

let h: NewsletterHarness;
beforeAll(async () => {
  h = await createNewsletterHarness();
});
afterAll(() => h.dispose());
beforeEach(() => {
  h.setNow(NOW);
  // No mail transport in the harness: the outbox keeps the mails and the drain says so.
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const ANSWER = { status: 200, data: { status: "pending" }, errors: [], meta: {} };

async function subscriberOf(email: string, shop = "DE") {
  return h.db
    .prepare("SELECT * FROM newsletter_subscribers WHERE shop_id = ? AND email_key = ?")
    .bind(shop, newsletterEmailKey(email))
    .first<Record<string, string | null>>();
}

describe("a new address", () => {
  test("pending, tokens stored hashed only, one confirmation mail in the sign-up's language with both links on the shop", async () => {
    const email = freshAddress();
    const before = await h.lastMailId();
    const answer = await h.subscribe({ name: "  Erika Muster ", email: ` ${email.toUpperCase()} ` });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(ANSWER);
    const mails = await h.mails(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ template: "newsletter-confirmation", recipient: email, language: "de", shop_id: "DE" });
    expect(mail!.params).toMatchObject({ name: "Erika Muster", amount: formatMoney(1000, "EUR", "de") });
    expect(mail!.params.amount).toMatch(/^10,00\s€$/);
    const confirmToken = tokenIn(mail!.params.confirmPath!);
    const unsubscribeToken = tokenIn(mail!.params.unsubscribePath!);
    expect(mail!.params.confirmPath).toBe(`/newsletter/confirm/?token=${confirmToken}`);
    expect(mail!.params.unsubscribePath).toBe(`/newsletter/unsubscribe/?token=${unsubscribeToken}`);
    expect(confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await subscriberOf(email);
    expect(row).toMatchObject({
      shop_id: "DE",
      language: "de",
      email,
      email_key: email,
      name: "Erika Muster",
      state: "pending",
      confirm_token_hash: await sha256Hex(confirmToken),
      unsubscribe_token_hash: await sha256Hex(unsubscribeToken),
      confirm_sent_at: NOW,
      confirmed_at: null,
    });
    expect(JSON.stringify(row)).not.toContain(confirmToken);
    // nothing is handed over before the confirmation
    expect((await h.db.prepare("SELECT COUNT(*) AS n FROM newsletter_deliveries WHERE subscriber_id = ?").bind(row!.id).first<{ n: number }>())!.n).toBe(0);
  });

  test("the Swiss shop in French: the mail in French, CHF, and links with the language prefix", async () => {
    const email = freshAddress("claire");
    const before = await h.lastMailId("CH");
    expect((await h.subscribe({ name: "Claire", email }, { shop: "CH", language: "fr" })).status).toBe(200);
    const [mail] = await h.mails(before, "CH");
    expect(mail).toMatchObject({ shop_id: "CH", language: "fr", template: "newsletter-confirmation" });
    expect(mail!.params.amount).toMatch(/^CHF\s?10[.,]00$|^10[.,]00\s?CHF$/);
    expect(mail!.params.confirmPath).toMatch(/^\/fr\/newsletter\/confirm\/\?token=/);
    expect(mail!.params.unsubscribePath).toMatch(/^\/fr\/newsletter\/unsubscribe\/\?token=/);
  });
});

describe("the captcha fails closed: 403, nothing written, nothing sent", () => {
  const refusedWith = async (captcha: string | null, options: { shop?: string } = {}) => {
    const before = await h.counts();
    const answer = await h.subscribe({ name: "Erika", email: freshAddress("bot") }, { captcha, ...options });
    expect(answer.status).toBe(403);
    expect((await json(answer)).errors).toEqual([{ message: "Something went wrong. Try again.", code: "captcha_failed" }]);
    expect(await h.counts()).toEqual(before);
  };

  test("no token", () => refusedWith(null));
  test("a forged token", () => refusedWith("forged"));
  test("a token of another form", async () => refusedWith(await h.captchaToken("rma_lookup")));
  test("a token of another shop", async () => refusedWith(await h.captchaToken("newsletter", "CH")));
  test("an over-long token", () => refusedWith("x".repeat(5000)));

  test("a token used once already", async () => {
    const token = await h.captchaToken();
    expect((await h.subscribe({ name: "Erika", email: freshAddress() }, { captcha: token })).status).toBe(200);
    await refusedWith(token);
  });

  test("an expired token", async () => {
    const token = await h.captchaToken();
    h.advance(6 * MINUTE_MS);
    await refusedWith(token);
  });

  test("without the captcha key every token is refused", async () => {
    const token = await h.captchaToken();
    const key = h.env.ALTCHA_HMAC_KEY;
    delete h.env.ALTCHA_HMAC_KEY;
    try {
      await refusedWith(token);
    } finally {
      h.env.ALTCHA_HMAC_KEY = key;
    }
  });
});

describe("bad input: refused before the captcha is spent, nothing written, nothing sent", () => {
  test.each([
    ["https://casino.example", "Erika https://casino.example"],
    ["www.", "www.cheap-floors.example"],
    ["a host name", "Gewinn auf bit.ly"],
    ["a host name with a path", "t.me/floors"],
  ])("a name with a link (%s): 400 name_contains_url", async (_kind, name) => {
    const before = await h.counts();
    const captcha = await h.captchaToken();
    const answer = await h.subscribe({ name, email: freshAddress() }, { captcha });
    expect(answer.status).toBe(400);
    expect((await json(answer)).errors).toEqual([
      { message: "The given data was invalid.", code: "invalid" },
      { message: "The name must not contain a web address.", code: "name_contains_url", field: "name" },
    ]);
    expect(await h.counts()).toEqual(before);
    // the captcha was not spent on the refusal
    expect((await h.subscribe({ name: "Erika", email: freshAddress() }, { captcha })).status).toBe(200);
  });

  test.each<[string, unknown, string]>([
    ["no name", { email: "erika@example.com" }, "name"],
    ["an empty name", { name: "   ", email: "erika@example.com" }, "name"],
    ["a name over 80 characters", { name: "E".repeat(81), email: "erika@example.com" }, "name"],
    ["markup in the name", { name: "<img src=x onerror=alert(1)>", email: "erika@example.com" }, "name"],
    ["a control character in the name", { name: "Erika\u0000", email: "erika@example.com" }, "name"],
    ["no e-mail", { name: "Erika" }, "email"],
    ["an e-mail that is none", { name: "Erika", email: "erika@" }, "email"],
    ["a header injection in the e-mail", { name: "Erika", email: "erika@example.com\r\nBcc: all@example.com" }, "email"],
    ["an e-mail over 254 characters", { name: "Erika", email: `${"e".repeat(250)}@example.com` }, "email"],
    ["a field more", { name: "Erika", email: "erika@example.com", state: "confirmed" }, ""],
    ["a name that is no text", { name: ["Erika"], email: "erika@example.com" }, "name"],
  ])("%s: 422 naming the field", async (_case, body, field) => {
    const before = await h.counts();
    const answer = await h.subscribe(body);
    expect(answer.status).toBe(422);
    expect((await json(answer)).errors.slice(1).map((error) => error.field)).toContain(field);
    expect(await h.counts()).toEqual(before);
  });

  test.each([
    ["not JSON", "{name:"],
    ["an array", "[]"],
    ["empty", ""],
  ])("a body that is %s: 400, nothing written", async (_case, raw) => {
    const before = await h.counts();
    const answer = await h.subscribe(undefined, { raw });
    expect(answer.status).toBe(400);
    expect((await json(answer)).errors).toEqual([{ message: "The given data was invalid.", code: "malformed_json" }]);
    expect(await h.counts()).toEqual(before);
  });
});

describe("no enumeration: the same answer for every state of the address", () => {
  test("new, pending, pending within the 10 minutes, confirmed and unsubscribed answer byte for byte alike", async () => {
    const pending = freshAddress("pending");
    await signedUp(h, pending);
    const confirmed = freshAddress("confirmed");
    const confirmedTokens = await signedUp(h, confirmed);
    expect((await h.confirm(confirmedTokens.confirmToken)).status).toBe(200);
    const unsubscribed = freshAddress("gone");
    const goneTokens = await signedUp(h, unsubscribed);
    expect((await h.unsubscribe(goneTokens.unsubscribeToken)).status).toBe(200);
    h.advance(MINUTE_MS);

    const answers = [];
    for (const email of [freshAddress("new"), pending, confirmed, unsubscribed]) {
      const answer = await h.subscribe({ name: "Erika Muster", email });
      answers.push({ status: answer.status, headers: [...answer.headers.entries()], body: await answer.text() });
    }
    for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.body).toBe(JSON.stringify(ANSWER));
  });
});

describe("a pending address signing up again: the confirmation at most once per 10 minutes", () => {
  test("within 10 minutes nothing changes; after them a new mail with new tokens, and the old link is dead", async () => {
    const email = freshAddress();
    const first = await signedUp(h, email);
    const row = await subscriberOf(email);

    // (two repeats: the sixth sign-up of an address in an hour would meet its limit)
    for (const after of [1, 9 * 60 + 59]) {
      h.setNow(new Date(Date.parse(NOW) + after * 1000).toISOString());
      const before = await h.lastMailId();
      expect((await h.subscribe({ name: "Erika Neu", email })).status).toBe(200);
      expect(await h.mails(before)).toEqual([]);
      expect(await subscriberOf(email)).toEqual(row);
    }

    h.setNow(new Date(Date.parse(NOW) + 10 * MINUTE_MS).toISOString());
    const second = await signedUp(h, email, { name: "Erika Neu" });
    expect(second.confirmToken).not.toBe(first.confirmToken);
    expect(await subscriberOf(email)).toMatchObject({
      state: "pending",
      name: "Erika Neu",
      confirm_sent_at: new Date(Date.parse(NOW) + 10 * MINUTE_MS).toISOString(),
    });
    // the throttle counts from the newest mail
    h.advance(9 * MINUTE_MS);
    const before = await h.lastMailId();
    expect((await h.subscribe({ name: "Erika", email })).status).toBe(200);
    expect(await h.mails(before)).toEqual([]);
    // only the newest link confirms
    expect((await h.confirm(first.confirmToken)).status).toBe(404);
    expect((await h.confirm(second.confirmToken)).status).toBe(200);
  });

  test("the same mailbox typed otherwise (Gmail dots, +tag, case) is the same sign-up", async () => {
    const n = Date.now();
    await signedUp(h, `max.muster.${n}@gmail.com`);
    const before = await h.lastMailId();
    expect((await h.subscribe({ name: "Max", email: `MaxMuster${n}+news@GoogleMail.com` })).status).toBe(200);
    expect(await h.mails(before)).toEqual([]);
    const rows = await h.db
      .prepare("SELECT COUNT(*) AS n FROM newsletter_subscribers WHERE email_key = ?")
      .bind(`maxmuster${n}@gmail.com`)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

test("a confirmed address gets no mail and stays confirmed", async () => {
  const email = freshAddress();
  const tokens = await signedUp(h, email);
  expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
  const row = await subscriberOf(email);
  h.advance(DAY_MS);
  const before = await h.lastMailId();
  expect((await h.subscribe({ name: "Mallory", email })).status).toBe(200);
  expect(await h.mails(before)).toEqual([]);
  expect(await subscriberOf(email)).toEqual(row);
});

test("an unsubscribed address may sign up again: pending with a new confirmation mail", async () => {
  const email = freshAddress();
  const tokens = await signedUp(h, email);
  expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
  expect((await h.unsubscribe(tokens.unsubscribeToken)).status).toBe(200);
  h.advance(11 * MINUTE_MS);
  const again = await signedUp(h, email);
  expect(again.unsubscribeToken).not.toBe(tokens.unsubscribeToken);
  expect(await subscriberOf(email)).toMatchObject({ state: "pending" });
});

describe("limits", () => {
  test("per address: the 6th sign-up in an hour is 429 (whatever its state), from any client", async () => {
    const email = freshAddress();
    for (let i = 0; i < 5; i++) expect((await h.subscribe({ name: "Erika", email }, { ip: `203.0.113.${10 + i}` })).status).toBe(200);
    const refused = await h.subscribe({ name: "Erika", email: email.toUpperCase() }, { ip: "203.0.113.99" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await json(refused)).errors[0]).toMatchObject({ code: "rate_limited" });
    // the next hour's window
    h.advance(60 * MINUTE_MS);
    expect((await h.subscribe({ name: "Erika", email }, { ip: "203.0.113.99" })).status).toBe(200);
  });

  test("per client: the 21st sign-up from one address in an hour is 429 and writes nothing", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < 20; i++) expect((await h.subscribe({ name: "Erika", email: freshAddress("ip") }, { ip })).status).toBe(200);
    const before = await h.counts();
    expect((await h.subscribe({ name: "Erika", email: freshAddress("ip") }, { ip })).status).toBe(429);
    expect(await h.counts()).toEqual(before);
  });
});

test("Idempotency-Key: a repeat answers the first answer again and sends no second mail", async () => {
  const email = freshAddress();
  const key = `signup-${Date.now()}`;
  const captcha = await h.captchaToken();
  const before = await h.lastMailId();
  // The key counts per caller: without a visitor token, per client address.
  const ip = "192.0.2.44";
  const first = await h.subscribe({ name: "Erika", email }, { captcha, idempotencyKey: key, ip });
  const repeat = await h.subscribe({ name: "Erika", email }, { captcha, idempotencyKey: key, ip });
  expect(first.status).toBe(200);
  expect(repeat.status).toBe(200);
  expect(repeat.headers.get("idempotent-replayed")).toBe("true");
  expect(await repeat.text()).toBe(await first.text());
  expect(await h.mails(before)).toHaveLength(1);
  // the same key with another body is refused
  const other = await h.subscribe({ name: "Erika", email: freshAddress() }, { idempotencyKey: key, ip });
  expect(other.status).toBe(422);
});
