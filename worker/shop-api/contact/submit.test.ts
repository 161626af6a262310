/**
 * POST /apiv2/contact through the real route table against a real local D1: what a message
 * stores and mails (the sender's confirmation in the page's language, the shop's notification
 * to its service address with Reply-To the sender), idempotent repeats, and every refusal (the
 * captcha failing closed, the rate limits, bad and hostile input), each of which writes
 * nothing and mails nothing; and the back office's list of the messages.
 */
import { shopDb } from "@tests/kit/d1";
import type { D1Database } from "@cloudflare/workers-types";
import type { StaffContactMessageList } from "@domain/back-office/contact-messages";
import { CONTACT_REFERENCE } from "@domain/contact";
import { staffCaller, staffLogins } from "@tests/kit/staff-session";
import { CAPTCHA_HEADER } from "../core/captcha/verify";
import { composeMail } from "../core/mail/templates";
import { createInquiryHarness, json, NOW, type InquiryHarness, type SendOptions } from "@tests/kit/inquiries";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";
import type { ContactMessageRow } from "../tables/contact-messages";

let h: InquiryHarness;

beforeAll(async () => {
  h = await createInquiryHarness();
});
afterAll(() => h.dispose());

let emails = 0;
const email = () => `absender${++emails}@example.com`;
let ips = 0;
/** A client address of its own per call unless a test gives one, so the per-client limit meets only the tests about it. */
const ip = () => `198.51.100.${++ips}`;

const contactBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  topic: "delivery",
  name: "Erika Muster",
  email: email(),
  phone: "+49 30 1234567",
  orderNumber: "DE-12345",
  message: "Wann kommt meine Lieferung?\nIch bin ab 14 Uhr zu Hause.",
  ...extra,
});

async function sendContact(body: unknown, options: SendOptions = {}): Promise<Response> {
  const captcha = options.captcha === undefined ? await h.captchaToken("contact", options.shop ?? "DE") : options.captcha;
  return h.fetch("POST", "/apiv2/contact", {
    ...options,
    body,
    headers: {
      ...(captcha === null ? {} : { [CAPTCHA_HEADER]: captcha }),
      ...(options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {}),
      "cf-connecting-ip": options.ip ?? ip(),
      ...(options.headers ?? {}),
    },
  });
}

async function sent(body: unknown, options: SendOptions = {}): Promise<string> {
  const response = await sendContact(body, options);
  const answer = await json(response);
  if (response.status !== 200) throw new Error(`contact: ${response.status} ${JSON.stringify(answer.errors)}`);
  return answer.data.reference as string;
}

const counts = async (db: D1Database) => ({
  messages: (await db.prepare("SELECT COUNT(*) AS n FROM contact_messages").first<{ n: number }>())!.n,
  mails: (await db.prepare("SELECT COUNT(*) AS n FROM mail_outbox").first<{ n: number }>())!.n,
});

async function refused(body: unknown, status: number, code: string, options: SendOptions = {}) {
  const before = await counts(h.db);
  const response = await sendContact(body, options);
  const answer = await json(response);
  expect({ status: response.status, codes: answer.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
  expect(await counts(h.db)).toEqual(before);
  return { response, error: answer.errors.filter((e) => e.code === code).pop()! };
}

const row = (reference: string, shop = "DE") =>
  shopDb(h.env, shop).prepare("SELECT * FROM contact_messages WHERE id = ?").bind(reference).first<ContactMessageRow>();

describe("a message that is taken", () => {
  test("is stored, answered with its reference, and mails the sender and the shop (DE)", async () => {
    const before = await lastMailId(h.db);
    const address = email();
    const response = await sendContact(contactBody({ email: ` ${address.toUpperCase()} ` }));
    const answer = await json(response);
    expect(response.status).toBe(200);
    expect(answer.data).toEqual({ reference: expect.stringMatching(CONTACT_REFERENCE) });
    const reference = answer.data.reference as string;
    expect(await row(reference)).toMatchObject({
      shop_id: "DE",
      language: "de",
      topic: "delivery",
      order_number: "DE-12345",
      message: "Wann kommt meine Lieferung?\nIch bin ab 14 Uhr zu Hause.",
      name: "Erika Muster",
      email: address,
      phone: "+49 30 1234567",
      visitor_id: null,
      created_at: NOW,
    });

    const mails = await mailsAfter(h.db, before);
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.language, mail.shop_id])).toEqual([
      ["contact-confirmation", address, "de", "DE"],
      ["contact-notification", "service@bodenhaus.example", "de", "DE"],
    ]);
    const [confirmation, notification] = mails.map((mail) =>
      composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production"),
    );
    expect(confirmation!.replyTo).toBeUndefined();
    expect(confirmation!.subject).toBe(`Ihre Nachricht ${reference} an Bodenhaus Deutschland`);
    for (const line of ["Hallo Erika Muster,", "Thema: Lieferung", "Bestellnummer: DE-12345", "Wann kommt meine Lieferung?\nIch bin ab 14 Uhr zu Hause."]) {
      expect(confirmation!.text).toContain(line);
    }
    expect(confirmation!.text).toContain("über das Kontaktformular von Bodenhaus Deutschland");
    expect(notification!.replyTo).toBe(address);
    expect(notification!.subject).toBe(`Kontaktformular ${reference} (Lieferung): Erika Muster`);
    for (const line of [`Referenz: ${reference}`, "Sprache des Absenders: Deutsch (de)", `E-Mail: ${address}`, "Telefon: +49 30 1234567"]) {
      expect(notification!.text).toContain(line);
    }
  });

  test("in the page's language: a French message in CH mails the sender in French and the shop in German", async () => {
    const db = shopDb(h.env, "CH");
    const before = await lastMailId(db);
    const reference = await sent(contactBody({ topic: "advice", phone: "", orderNumber: null, message: "Quel parquet pour une salle de bain ?" }), {
      shop: "CH",
      language: "fr",
    });
    expect(await row(reference, "CH")).toMatchObject({ shop_id: "CH", language: "fr", topic: "advice", order_number: null, phone: null });
    const mails = await mailsAfter(db, before);
    expect(mails.map((mail) => [mail.template, mail.language])).toEqual([
      ["contact-confirmation", "fr"],
      ["contact-notification", "de"],
    ]);
    const [confirmation, notification] = mails.map((mail) =>
      composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production"),
    );
    expect(confirmation!.text).toContain("Sujet : Conseil produit");
    expect(confirmation!.text).not.toContain("Numéro de commande");
    expect(notification!.text).toContain("Sprache des Absenders: Französisch (fr)");
    expect(notification!.text).not.toContain("Telefon:");
  });

  test("an HTML message is kept as text and escaped in the mails", async () => {
    const before = await lastMailId(h.db);
    const message = '<script>alert("x")</script> & <b>fett</b>';
    const reference = await sent(contactBody({ message }));
    expect((await row(reference))!.message).toBe(message);
    const [confirmation] = (await mailsAfter(h.db, before)).map((mail) =>
      composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production"),
    );
    expect(confirmation!.html).not.toContain("<script>");
    expect(confirmation!.html).toContain("&lt;script&gt;");
  });
});

describe("idempotency", () => {
  test("a repeat with the same key gets the first answer and writes nothing more", async () => {
    const address = "203.0.113.90";
    const body = contactBody();
    const first = await sendContact(body, { idempotencyKey: "contact-repeat-1", ip: address });
    expect(first.status).toBe(200);
    const reference = (await json(first)).data.reference as string;
    const before = await counts(h.db);
    const again = await sendContact(body, { idempotencyKey: "contact-repeat-1", ip: address });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json(again)).data).toEqual({ reference });
    expect(await counts(h.db)).toEqual(before);
  });
});

describe("the captcha fails closed", () => {
  test.each<[string, () => Promise<string | null>]>([
    ["missing", async () => null],
    ["garbage", async () => "bm90IGEgc29sdXRpb24="],
    ["for another form", () => h.captchaToken("inquiry")],
    ["of another shop", () => h.captchaToken("contact", "CH")],
  ])("a token that is %s is refused with 403 captcha_failed", async (_, token) => {
    await refused(contactBody(), 403, "captcha_failed", { captcha: await token() });
  });
});

describe("rate limits", () => {
  test("per e-mail address and shop: the sixth message within the hour is refused (429, Retry-After)", async () => {
    const address = email();
    for (let i = 0; i < 5; i++) await sent(contactBody({ email: address }));
    const { response } = await refused(contactBody({ email: address.toUpperCase() }), 429, "rate_limited");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another shop counts on its own.
    await sent(contactBody({ email: address }), { shop: "AT" });
  });

  test("per client address: the eleventh message within the hour is refused", async () => {
    for (let i = 0; i < 10; i++) await sent(contactBody(), { ip: "2001:db8:18:1::7" });
    await refused(contactBody(), 429, "rate_limited", { ip: "2001:db8:18:1::8" });
  });
});

describe("bad and hostile input writes nothing and mails nothing", () => {
  test.each<[string, Record<string, unknown>, string, string]>([
    ["a name with a web address", { name: "Visit https://spam.example" }, "name", "name_contains_url"],
    ["an oversized message", { message: "x".repeat(5001) }, "message", "too_long"],
    ["an empty message", { message: "  \n " }, "message", "required"],
    ["a message with control characters", { message: "Hallo\u0000Welt" }, "message", "invalid_characters"],
    ["a name with a bidi override", { name: "Erika \u202eMuster" }, "name", "invalid_characters"],
    ["a malformed e-mail address", { email: "not-an-address" }, "email", "invalid"],
    ["a phone number of letters", { phone: "call me" }, "phone", "invalid_phone"],
    ["an order number over 40 characters", { orderNumber: "D".repeat(41) }, "orderNumber", "invalid_order_number"],
    ["an unknown topic", { topic: "complaint" }, "topic", "invalid"],
    ["an unknown field", { admin: true }, "", "invalid"],
    ["a number as the name", { name: 42 }, "name", "invalid"],
  ])("%s", async (_, extra, field, code) => {
    const { error } = await refused(contactBody(extra), 422, code);
    if (field) expect(error.field).toBe(field);
  });

  test("a body that is not JSON", async () => {
    const before = await counts(h.db);
    const response = await h.fetch("POST", "/apiv2/contact", {
      raw: "topic=other&message=hi",
      headers: { "content-type": "application/x-www-form-urlencoded", [CAPTCHA_HEADER]: await h.captchaToken("contact"), "cf-connecting-ip": ip() },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await counts(h.db)).toEqual(before);
  });
});

describe("the back office's list", () => {
  test("service and ops read the newest first, by shop and by search; others may not", async () => {
    const tokens = await staffLogins(h.env, h.db, () => new Date(NOW));
    const call = staffCaller(h.env, () => new Date(NOW));
    h.setNow("2026-11-18T08:30:00.000Z");
    let reference: string;
    try {
      reference = await sent(contactBody({ name: "Zora Zuletzt", email: "zora@example.com" }));
    } finally {
      h.setNow(NOW);
    }
    const get = (query: string, role: "service" | "ops" | "merchandiser" | null = "service") =>
      call("GET", `/admin/api/contact-messages${query}`, { token: role ? tokens[role] : null });
    expect((await get("", null)).status).toBe(401);
    expect((await get("", "merchandiser")).status).toBe(403);
    expect((await get("", "ops")).status).toBe(200);
    const all = (await json(await get(""))).data as StaffContactMessageList;
    expect(all.messages[0]).toMatchObject({ reference, name: "Zora Zuletzt", shop: "DE", topic: "delivery" });
    const found = (await json(await get("?q=zora%40"))).data as StaffContactMessageList;
    expect(found.messages.map((message) => message.reference)).toEqual([reference]);
    const wildcard = (await json(await get("?q=%25"))).data as StaffContactMessageList;
    expect(wildcard.messages).toEqual([]);
    const ch = (await json(await get("?shop=ch"))).data as StaffContactMessageList;
    expect(ch.messages.every((message) => message.shop === "CH")).toBe(true);
    expect(ch.messages.length).toBeGreaterThan(0);
    expect((await get("?shop=XX")).status).toBe(422);
  });
});
