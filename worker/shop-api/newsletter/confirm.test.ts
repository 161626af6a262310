/**
 * POST /apiv2/newsletter/confirm and /unsubscribe through the real route table against a real
 * local D1: confirmation by POST only, the voucher issued on confirmation once per shop and
 * normalised e-mail (Gmail dots, +tags, case) with its mail, used, unknown, expired and foreign
 * tokens refused, two confirmations at once, the thank-you page of the sign-up's language, the
 * hand-over queued and delivered, and the unsubscription.
 */
import { shopDb } from "@tests/kit/d1";
import { sha256Hex } from "../core/auth";
import { createNewsletterHarness, DAY_MS, freshAddress, json, MINUTE_MS, NOW, signedUp, tokenIn, type NewsletterHarness } from "@tests/kit/newsletter";

let h: NewsletterHarness;
beforeAll(async () => {
  h = await createNewsletterHarness();
});
afterAll(() => h.dispose());
beforeEach(() => {
  h.setNow(NOW);
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const INVALID = { message: "This link is invalid, has expired or has already been used.", code: "newsletter_token_invalid", field: "token" };

const subscriber = (email: string, shop = "DE") =>
  h.db.prepare("SELECT * FROM newsletter_subscribers WHERE shop_id = ? AND email = ?").bind(shop, email).first<Record<string, string | null>>();
const vouchersOf = (emailKey: string, shop = "DE") =>
  shopDb(h.env, shop).prepare("SELECT * FROM vouchers WHERE shop_id = ? AND email_key = ?").bind(shop, emailKey).all<Record<string, string | number | null>>();
const deliveriesOf = (subscriberId: string) =>
  h.db.prepare("SELECT action, state, attempts FROM newsletter_deliveries WHERE subscriber_id = ? ORDER BY id").bind(subscriberId).all();

describe("confirmation", () => {
  test("confirms, issues the voucher, mails its code with the unsubscribe link, hands the subscriber over, and answers the thank-you page", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    h.advance(3 * MINUTE_MS);
    const before = await h.lastMailId();
    const answer = await h.confirm(tokens.confirmToken);
    expect(answer.status).toBe(200);
    expect(await json(answer)).toEqual({ status: 200, data: { status: "confirmed", thanksPath: "/gutschein-danke.html" }, errors: [], meta: {} });

    const row = await subscriber(email);
    const confirmedAt = new Date(Date.parse(NOW) + 3 * MINUTE_MS).toISOString();
    expect(row).toMatchObject({ state: "confirmed", confirm_token_hash: null, confirmed_at: confirmedAt });
    const vouchers = (await vouchersOf(email)).results;
    expect(vouchers).toEqual([
      expect.objectContaining({
        shop_id: "DE",
        currency: "EUR",
        amount: 1000,
        source: "newsletter",
        email_key: email,
        redeemed_at: null,
        issued_at: confirmedAt,
      }),
    ]);
    const code = String(vouchers[0]!.code);
    expect(code).toMatch(/^DE-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    const mails = await h.mails(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "newsletter-voucher", recipient: email, language: "de" });
    expect(mails[0]!.params).toMatchObject({ name: "Erika Muster", code, cartPath: "/checkout/cart/" });
    // the same unsubscribe link as in the confirmation mail
    expect(tokenIn(mails[0]!.params.unsubscribePath!)).toBe(tokens.unsubscribeToken);
    expect(row!.unsubscribe_token_hash).toBe(await sha256Hex(tokens.unsubscribeToken));
    // the hand-over was queued and (the demo shops keep their list locally) delivered right after the answer
    expect((await deliveriesOf(row!.id!)).results).toEqual([{ action: "subscribe", state: "sent", attempts: 1 }]);
  });

  test("by POST only: opening the link (GET) confirms nothing", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    for (const method of ["GET", "HEAD"]) {
      const opened = await h.fetch(method, `/apiv2/newsletter/confirm?token=${tokens.confirmToken}`);
      expect(opened.status).toBe(404);
    }
    expect(await subscriber(email)).toMatchObject({ state: "pending" });
    expect((await vouchersOf(email)).results).toEqual([]);
  });

  test("the token once: a second confirmation is 404 and issues and sends nothing", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
    const before = await h.counts();
    const again = await h.confirm(tokens.confirmToken);
    expect(again.status).toBe(404);
    expect((await json(again)).errors).toEqual([INVALID]);
    expect(await h.counts()).toEqual(before);
  });

  test("two confirmations at once: one confirms, one voucher, one mail, one hand-over", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    const before = await h.lastMailId();
    const answers = await Promise.all([h.confirm(tokens.confirmToken), h.confirm(tokens.confirmToken), h.confirm(tokens.confirmToken)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404]);
    expect((await vouchersOf(email)).results).toHaveLength(1);
    expect((await h.mails(before)).filter((mail) => mail.recipient === email)).toHaveLength(1);
    expect((await deliveriesOf((await subscriber(email))!.id!)).results).toHaveLength(1);
  });

  test.each<[string, () => Promise<unknown>]>([
    ["unknown", async () => "A".repeat(43)],
    ["malformed", async () => "short"],
    ["over-long", async () => "A".repeat(5000)],
    ["no text", async () => 42],
    ["the unsubscribe token", async () => (await signedUp(h, freshAddress())).unsubscribeToken],
    ["another shop's", async () => (await signedUp(h, freshAddress(), { shop: "AT" })).confirmToken],
  ])("a token that is %s: refused, nothing written", async (_kind, tokenOf) => {
    const token = await tokenOf();
    const before = await h.counts();
    const answer = await h.confirm(token);
    expect([404, 422]).toContain(answer.status);
    if (answer.status === 404) expect((await json(answer)).errors).toEqual([INVALID]);
    expect(await h.counts()).toEqual(before);
  });

  test("an unknown and a used token get the same answer, byte for byte", async () => {
    const tokens = await signedUp(h, freshAddress());
    expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
    const used = await h.confirm(tokens.confirmToken);
    const unknown = await h.confirm("B".repeat(43));
    expect([used.status, [...used.headers.entries()], await used.text()]).toEqual([unknown.status, [...unknown.headers.entries()], await unknown.text()]);
  });

  test(`the link works ${7} days after its mail, not longer`, async () => {
    const late = await signedUp(h, freshAddress());
    const inTime = await signedUp(h, freshAddress());
    h.setNow(new Date(Date.parse(NOW) + 7 * DAY_MS - 1000).toISOString());
    expect((await h.confirm(inTime.confirmToken)).status).toBe(200);
    h.setNow(new Date(Date.parse(NOW) + 7 * DAY_MS).toISOString());
    expect((await h.confirm(late.confirmToken)).status).toBe(404);
  });

  test("the thank-you page and the mails of the sign-up's language (Italy; Switzerland in French)", async () => {
    const it = await signedUp(h, freshAddress("giulia"), { shop: "IT", language: "it" });
    const before = await h.lastMailId();
    expect((await json(await h.confirm(it.confirmToken, { shop: "IT" }))).data).toEqual({ status: "confirmed", thanksPath: "/buono-grazie.html" });
    expect((await h.mails(before))[0]).toMatchObject({ shop_id: "IT", language: "it", template: "newsletter-voucher" });
    expect((await h.mails(before))[0]!.params.code).toMatch(/^IT-/);

    const chBefore = await h.lastMailId("CH");
    const ch = await signedUp(h, freshAddress("claire"), { shop: "CH", language: "fr" });
    // confirmed from a page in German: still the French sign-up
    const answer = await json(await h.confirm(ch.confirmToken, { shop: "CH", language: "de" }));
    expect(answer.data).toEqual({ status: "confirmed", thanksPath: "/fr/bon-dachat-merci.html" });
    const voucherMail = (await h.mails(chBefore, "CH")).find((mail) => mail.shop_id === "CH" && mail.template === "newsletter-voucher")!;
    expect(voucherMail).toMatchObject({ language: "fr" });
    expect(voucherMail.params.cartPath).toBe("/fr/checkout/cart/");
    expect(voucherMail.params.unsubscribePath).toMatch(/^\/fr\/newsletter\/unsubscribe\/\?token=/);
    const voucher = await shopDb(h.env, "CH").prepare("SELECT currency, amount FROM vouchers WHERE code = ?").bind(voucherMail.params.code).first();
    expect(voucher).toEqual({ currency: "CHF", amount: 1000 });
  });
});

describe("the voucher once per shop and normalised e-mail", () => {
  test("unsubscribed and signed up again as the same Gmail mailbox (dots, +tag, case, googlemail.com): confirmed again, no second voucher", async () => {
    const n = Date.now();
    const first = await signedUp(h, `erika.muster.${n}@gmail.com`);
    expect((await h.confirm(first.confirmToken)).status).toBe(200);
    expect((await h.unsubscribe(first.unsubscribeToken)).status).toBe(200);
    const key = `erikamuster${n}@gmail.com`;
    expect((await vouchersOf(key)).results).toHaveLength(1);

    h.advance(11 * MINUTE_MS);
    const second = await signedUp(h, `E.R.I.K.A.Muster${n}+Gutschein@GoogleMail.com`);
    const before = await h.lastMailId();
    const answer = await h.confirm(second.confirmToken);
    expect(answer.status).toBe(200);
    expect((await json(answer)).data).toEqual({ status: "confirmed", thanksPath: "/gutschein-danke.html" });
    expect((await vouchersOf(key)).results).toHaveLength(1);
    expect((await h.mails(before)).map((mail) => mail.template)).toEqual([]);
    // subscribed again: handed over again
    const row = await h.db.prepare("SELECT * FROM newsletter_subscribers WHERE email_key = ?").bind(key).first<{ id: string; state: string; email: string }>();
    expect(row).toMatchObject({ state: "confirmed", email: `e.r.i.k.a.muster${n}+gutschein@googlemail.com` });
    expect((await deliveriesOf(row!.id)).results).toEqual([
      { action: "subscribe", state: "sent", attempts: 1 },
      { action: "unsubscribe", state: "sent", attempts: 1 },
      { action: "subscribe", state: "sent", attempts: 1 },
    ]);
  });

  test("another shop is another sign-up: its own voucher in its currency", async () => {
    const email = freshAddress();
    const de = await signedUp(h, email);
    const ch = await signedUp(h, email, { shop: "CH" });
    expect((await h.confirm(de.confirmToken)).status).toBe(200);
    expect((await h.confirm(ch.confirmToken, { shop: "CH" })).status).toBe(200);
    expect((await vouchersOf(email)).results).toHaveLength(1);
    expect((await vouchersOf(email, "CH")).results).toEqual([expect.objectContaining({ currency: "CHF", amount: 1000 })]);
  });

  test("no voucher before the confirmation", async () => {
    const email = freshAddress();
    await signedUp(h, email);
    expect((await vouchersOf(email)).results).toEqual([]);
  });
});

describe("unsubscription", () => {
  test("a confirmed subscriber: unsubscribed, the hand-over queued and delivered; again: the same answer, nothing more", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
    h.advance(DAY_MS);
    const answer = await h.unsubscribe(tokens.unsubscribeToken);
    expect(answer.status).toBe(200);
    const body = await answer.text();
    expect(JSON.parse(body)).toEqual({ status: 200, data: { status: "unsubscribed" }, errors: [], meta: {} });
    const row = await subscriber(email);
    expect(row).toMatchObject({ state: "unsubscribed", unsubscribed_at: new Date(Date.parse(NOW) + DAY_MS).toISOString() });
    expect((await deliveriesOf(row!.id!)).results).toEqual([
      { action: "subscribe", state: "sent", attempts: 1 },
      { action: "unsubscribe", state: "sent", attempts: 1 },
    ]);
    const before = await h.counts();
    const again = await h.unsubscribe(tokens.unsubscribeToken);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
    expect(await h.counts()).toEqual(before);
    expect((await vouchersOf(email)).results).toHaveLength(1);
  });

  test("a pending sign-up: unsubscribed without a hand-over, and its confirmation link stops working", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    expect((await h.unsubscribe(tokens.unsubscribeToken)).status).toBe(200);
    const row = await subscriber(email);
    expect(row).toMatchObject({ state: "unsubscribed", confirm_token_hash: null });
    expect((await deliveriesOf(row!.id!)).results).toEqual([]);
    expect((await h.confirm(tokens.confirmToken)).status).toBe(404);
    expect((await vouchersOf(email)).results).toEqual([]);
  });

  test("by POST only; unknown, malformed and confirmation tokens are 404", async () => {
    const email = freshAddress();
    const tokens = await signedUp(h, email);
    expect((await h.fetch("GET", `/apiv2/newsletter/unsubscribe?token=${tokens.unsubscribeToken}`)).status).toBe(404);
    for (const token of ["C".repeat(43), "nope", tokens.confirmToken]) {
      const answer = await h.unsubscribe(token);
      expect(answer.status).toBe(404);
      expect((await json(answer)).errors).toEqual([INVALID]);
    }
    expect((await h.unsubscribe(tokens.unsubscribeToken, { shop: "AT" })).status).toBe(404);
    expect(await subscriber(email)).toMatchObject({ state: "pending" });
  });
});
