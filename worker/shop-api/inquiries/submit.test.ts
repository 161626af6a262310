/**
 * POST /apiv2/inquiry through the real route table against a real local D1: what an inquiry
 * stores and mails (the customer's confirmation in their language, the shop's notification to
 * its service address with Reply-To the customer), the signed-in customer, idempotent repeats,
 * and every refusal (inquiries off, the captcha failing closed, the rate limits, bad and
 * hostile input, unknown products), each of which writes nothing and mails nothing.
 */
import { shopDb } from "@tests/kit/d1";
import { INQUIRY_NUMBER } from "@domain/inquiry";
import { composeMail } from "../core/mail/templates";
import { insertInquiry } from "../tables/inquiries";
import { newInquiryNumber } from "./numbers";
import { isTakenNumber } from "./submit";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";
import {
  createInquiryHarness,
  inquiryBody,
  inquiryCounts,
  inquiryRow,
  json,
  sendInquiry,
  sentInquiry,
  signUp,
  type InquiryHarness,
  type SendOptions,
} from "@tests/kit/inquiries";

let h: InquiryHarness;

beforeAll(async () => {
  h = await createInquiryHarness();
});
afterAll(() => h.dispose());

let emails = 0;
/** An address of its own per test, so the per-address limit of one test never meets another's. */
const email = () => `kunde${++emails}@example.com`;

/** Sends an inquiry that must be refused with `status` and `code`, and checks nothing was written or mailed. */
async function refused(body: unknown, status: number, code: string, options: SendOptions = {}) {
  const before = await inquiryCounts(h.db);
  const response = await sendInquiry(h, body, options);
  const answer = await json(response);
  expect({ status: response.status, codes: answer.errors.map((e) => e.code) }).toEqual({ status, codes: expect.arrayContaining([code]) });
  expect(await inquiryCounts(h.db)).toEqual(before);
  return { answer, response, error: answer.errors.filter((e) => e.code === code).pop()! };
}

describe("an inquiry that is taken", () => {
  test("is stored, answered with its number, and mails the customer and the shop (DE)", async () => {
    const before = await lastMailId(h.db);
    const address = email();
    const response = await sendInquiry(h, inquiryBody({ email: ` ${address.toUpperCase()} `, quantity: 12.5 }));
    const answer = await json(response);
    expect(response.status).toBe(200);
    expect(answer.data).toEqual({ inquiryId: expect.stringMatching(INQUIRY_NUMBER), type: "bulk" });
    const id = answer.data.inquiryId as string;

    expect(await inquiryRow(h.db, id)).toMatchObject({
      type: "bulk",
      shop_id: "DE",
      language: "de",
      sku: "FLOOR-1",
      product_name: "Produkt FLOOR-1",
      message: "Wir statten ein Hotel mit 60 Zimmern aus.\nBitte um ein Angebot für 800 m².",
      name: "Erika Muster",
      email: address,
      phone: "+49 30 1234567",
      country: "de",
      quantity: 12.5,
      unit: "SQM",
      answers: JSON.stringify({ isBusiness: true, isCommercialProject: true }),
      state: "open",
      visitor_id: null,
      customer_id: null,
      created_at: "2026-11-18T08:00:00.000Z",
      closed_at: null,
    });

    const mails = await mailsAfter(h.db, before);
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.language, mail.shop_id])).toEqual([
      ["inquiry-confirmation", address, "de", "DE"],
      ["inquiry-notification", "service@bodenhaus.example", "de", "DE"],
    ]);
    const [confirmation, notification] = mails.map((mail) =>
      composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production"),
    );
    expect(confirmation!.from).toBe("Bodenhaus <service@bodenhaus.example>");
    expect(confirmation!.replyTo).toBeUndefined();
    expect(confirmation!.subject).toBe(`Ihre Großabnehmeranfrage ${id} bei Bodenhaus Deutschland`);
    expect(confirmation!.text).toContain("Hallo Erika Muster,");
    expect(confirmation!.text).toContain("Produkt: Produkt FLOOR-1 (Art.-Nr. FLOOR-1)");
    expect(confirmation!.text).toContain("Menge: 12,5 m²");
    expect(confirmation!.text).toContain("Ich frage als Unternehmen an: Ja");
    expect(confirmation!.text).toContain("Wir statten ein Hotel mit 60 Zimmern aus.\nBitte um ein Angebot für 800 m².");
    expect(confirmation!.text).toContain("weil bei Bodenhaus Deutschland eine Anfrage mit dieser Adresse gestellt wurde");

    expect(notification!.from).toBe("Bodenhaus <service@bodenhaus.example>");
    expect(notification!.replyTo).toBe(address);
    expect(notification!.subject).toBe(`Neue Anfrage ${id} (Großabnehmeranfrage): Produkt FLOOR-1`);
    for (const line of [
      `Nummer: ${id}`,
      "Art: Großabnehmeranfrage",
      "Menge: 12,5 m²",
      "Sprache des Kunden: Deutsch (de)",
      "Name: Erika Muster",
      `E-Mail: ${address}`,
      "Telefon: +49 30 1234567",
      "Land: Deutschland",
      "Angemeldet mit Kundenkonto: Nein",
      "- Es handelt sich um ein gewerbliches Projekt: Ja",
    ]) {
      expect(notification!.text).toContain(line);
    }
  });

  test("in the customer's language: a French question in CH mails them in French and the shop in German", async () => {
    const db = shopDb(h.env, "CH");
    const before = await lastMailId(db);
    const address = email();
    const id = await sentInquiry(
      h,
      inquiryBody({ type: "product", email: address, countryCode: "CH", quantity: undefined, phone: "", answers: { alreadyCustomer: false } }),
      { shop: "CH", language: "fr" },
    );
    const row = await inquiryRow(db, id);
    expect(row).toMatchObject({ shop_id: "CH", language: "fr", country: "ch", quantity: null, unit: null, phone: null, product_name: "Produkt FLOOR-1" });
    const mails = await mailsAfter(db, before);
    expect(mails.map((mail) => [mail.template, mail.recipient, mail.language])).toEqual([
      ["inquiry-confirmation", address, "fr"],
      ["inquiry-notification", "service@bodenhaus.example.ch", "de"],
    ]);
    const [confirmation, notification] = mails.map((mail) =>
      composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production"),
    );
    expect(confirmation!.from).toBe("Bodenhaus <service@bodenhaus.example.ch>");
    expect(confirmation!.subject).toBe(`Votre question sur le produit ${id} chez Bodenhaus Schweiz`);
    expect(confirmation!.text).toContain("J’ai déjà acheté ce produit : Non");
    expect(confirmation!.text).not.toContain("Quantité");
    expect(notification!.text).toContain("Sprache des Kunden: Französisch (fr)");
    expect(notification!.text).toContain("Land: Schweiz");
    expect(notification!.text).not.toContain("Telefon");
  });

  test("in English at COM, with the product's English name", async () => {
    const db = shopDb(h.env, "COM");
    const before = await lastMailId(db);
    const id = await sentInquiry(h, inquiryBody({ type: "offer", email: email(), answers: { needsInstallation: true } }), { shop: "COM" });
    expect(await inquiryRow(db, id)).toMatchObject({ type: "offer", language: "en", product_name: "Product FLOOR-1" });
    const [confirmation] = await mailsAfter(db, before);
    const rendered = composeMail(
      { shopId: confirmation!.shop_id, language: confirmation!.language, template: confirmation!.template, params: confirmation!.params },
      "production",
    );
    expect(rendered.subject).toBe(`Your offer request ${id} at Bodenhaus International`);
    expect(rendered.text).toContain("Quantity: 800 m²");
    expect(rendered.text).toContain("I would also like the installation done: Yes");
  });

  test("from a signed-in customer: stored with the customer, and the shop is told", async () => {
    const customer = await signUp(h, "konto@example.com");
    const before = await lastMailId(h.db);
    const id = await sentInquiry(h, inquiryBody({ email: customer.email }), { headers: customer.headers });
    expect((await inquiryRow(h.db, id))!.customer_id).toBe(customer.id);
    const notification = (await mailsAfter(h.db, before)).find((mail) => mail.template === "inquiry-notification")!;
    expect(notification.params.account).toBe("Ja");
  });

  test("a visitor's inquiry keeps the visitor (its token's hash, never the token)", async () => {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 } });
    const id = await sentInquiry(h, inquiryBody({ email: email() }), { token: added.token });
    const row = await inquiryRow(h.db, id);
    expect(row!.visitor_id).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.visitor_id).not.toBe(added.token);
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM visitors WHERE id = ?").bind(row!.visitor_id).first<{ n: number }>()).toEqual({ n: 1 });
  });

  test("an HTML message is kept as text and escaped in the mails", async () => {
    const before = await lastMailId(h.db);
    const message = `<script>alert("x")</script>\n<b>fett</b> & "Zitat"`;
    const id = await sentInquiry(h, inquiryBody({ email: email(), message }));
    expect((await inquiryRow(h.db, id))!.message).toBe(message);
    for (const mail of await mailsAfter(h.db, before)) {
      const rendered = composeMail({ shopId: mail.shop_id, language: mail.language, template: mail.template, params: mail.params }, "production");
      expect(rendered.html).not.toContain("<script>");
      expect(rendered.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>&lt;b&gt;fett&lt;/b&gt; &amp;");
    }
  });
});

describe("idempotency", () => {
  test("a repeat with the same key gets the first answer and writes nothing more", async () => {
    // A guest without a visitor token is the same caller by its client address.
    const ip = "203.0.113.76";
    const body = inquiryBody({ email: email() });
    const first = await sendInquiry(h, body, { idempotencyKey: "inquiry-repeat-1", ip });
    expect(first.status).toBe(200);
    const id = (await json(first)).data.inquiryId as string;
    const before = await inquiryCounts(h.db);
    const again = await sendInquiry(h, body, { idempotencyKey: "inquiry-repeat-1", ip });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await json(again)).data).toEqual({ inquiryId: id, type: "bulk" });
    expect(await inquiryCounts(h.db)).toEqual(before);
  });

  test("the same key with another inquiry is refused", async () => {
    const ip = "203.0.113.77";
    await sentInquiry(h, inquiryBody({ email: email() }), { idempotencyKey: "inquiry-repeat-2", ip });
    await refused(inquiryBody({ email: email(), message: "Etwas anderes" }), 422, "idempotency_key_reused", { idempotencyKey: "inquiry-repeat-2", ip });
  });
});

describe("the captcha fails closed", () => {
  test.each<[string, () => Promise<string | null>]>([
    ["missing", async () => null],
    ["empty", async () => ""],
    ["garbage", async () => "bm90IGEgc29sdXRpb24="],
    ["for another form", () => h.captchaToken("rma_lookup")],
    ["of another shop", () => h.captchaToken("inquiry", "CH")],
  ])("a token that is %s is refused with 403 captcha_failed", async (_, token) => {
    const { error } = await refused(inquiryBody({ email: email() }), 403, "captcha_failed", { captcha: await token() });
    expect(error.message).toBe("Something went wrong. Try again.");
  });

  test("a solved token passes once: used again it is refused", async () => {
    const token = await h.captchaToken("inquiry");
    await sentInquiry(h, inquiryBody({ email: email() }), { captcha: token });
    await refused(inquiryBody({ email: email() }), 403, "captcha_failed", { captcha: token });
  });
});

describe("rate limits", () => {
  test("per e-mail address and shop: the sixth inquiry within the hour is refused (429, Retry-After)", async () => {
    const address = email();
    for (let i = 0; i < 5; i++) await sentInquiry(h, inquiryBody({ email: address }));
    const { response } = await refused(inquiryBody({ email: address.toUpperCase() }), 429, "rate_limited");
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another shop counts on its own.
    await sentInquiry(h, inquiryBody({ email: address, countryCode: "ch" }), { shop: "CH" });
    // The next hour the address may ask again.
    h.setNow("2026-11-18T09:00:00.000Z");
    try {
      await sentInquiry(h, inquiryBody({ email: address }));
    } finally {
      h.setNow("2026-11-18T08:00:00.000Z");
    }
  });

  test("per client address: the eleventh inquiry within the hour is refused", async () => {
    const ip = "2001:db8:15:1::7";
    for (let i = 0; i < 10; i++) await sentInquiry(h, inquiryBody({ email: email() }), { ip });
    // The same /64 network counts as the same client.
    await refused(inquiryBody({ email: email() }), 429, "rate_limited", { ip: "2001:db8:15:1::8" });
  });
});

describe("bad and hostile input writes nothing and mails nothing", () => {
  test.each(["Visit https://spam.example", "cheap-floors.com", "www.spam.example", "Erika erika@spam.example"])(
    "a name with a web address (%s)",
    async (name) => {
      const { error } = await refused(inquiryBody({ email: email(), name }), 422, "name_contains_url");
      expect(error).toMatchObject({ field: "name", message: "Names must not contain web addresses." });
    },
  );

  test("an oversized message", async () => {
    const { error } = await refused(inquiryBody({ email: email(), message: "x".repeat(5001) }), 422, "too_long");
    expect(error).toEqual({ field: "message", code: "too_long", message: "Please enter at most 5000 characters.", params: { max: 5000 } });
  });

  test("an oversized name", async () => {
    const { error } = await refused(inquiryBody({ email: email(), name: "N".repeat(121) }), 422, "too_long");
    expect(error).toMatchObject({ field: "name", params: { max: 120 } });
  });

  test("a body larger than the API takes", async () => {
    await refused(inquiryBody({ email: email(), message: "x".repeat(70_000) }), 413, "body_too_large");
  });

  test("control and invisible characters", async () => {
    await refused(inquiryBody({ email: email(), message: "Hallo\u0007" }), 422, "invalid_characters");
    await refused(inquiryBody({ email: email(), name: "Erika\u202eMuster" }), 422, "invalid_characters");
  });

  test("an unknown product", async () => {
    const { error } = await refused(inquiryBody({ email: email(), sku: "NO-SUCH-SKU" }), 404, "product_not_found");
    expect(error).toMatchObject({ field: "sku", message: "The requested product does not exist." });
  });

  test("a product this shop does not sell", async () => {
    await refused(inquiryBody({ email: email(), sku: "DEONLY-1", countryCode: "ch" }), 404, "product_not_found", { shop: "CH" });
  });

  test("a shop with inquiries switched off", async () => {
    const { error } = await refused(inquiryBody({ email: email() }), 403, "inquiries_unavailable", { shop: "BRAND" });
    expect(error.message).toBe("Inquiries are currently not available.");
  });

  test("a shop with inquiries switched off refuses before it looks at the body or the captcha", async () => {
    await refused({ nonsense: true }, 403, "inquiries_unavailable", { shop: "BRAND", captcha: null });
  });

  test("a country the shop does not deliver to, and one that is none", async () => {
    expect((await refused(inquiryBody({ email: email(), countryCode: "fr" }), 422, "country_not_deliverable")).error.field).toBe("countryCode");
    expect((await refused(inquiryBody({ email: email(), countryCode: "xx1" }), 422, "invalid_country")).error.field).toBe("countryCode");
  });

  test("answers to a question of another type", async () => {
    const { error } = await refused(inquiryBody({ email: email(), type: "product", answers: { isBusiness: true } }), 422, "unknown_question");
    expect(error.field).toBe("answers.isBusiness");
    await refused(inquiryBody({ email: email(), type: "bulk", answers: { needsInstallation: true } }), 422, "unknown_question");
  });

  test("quantities out of range, and as text", async () => {
    for (const quantity of [0, -5, 100_001]) await refused(inquiryBody({ email: email(), quantity }), 422, "invalid_quantity");
    await refused(inquiryBody({ email: email(), quantity: "800" }), 422, "invalid");
  });

  test("a bad e-mail, a bad phone number, an unknown type, unknown and missing fields", async () => {
    await refused(inquiryBody({ email: "erika" }), 422, "invalid");
    await refused(inquiryBody({ email: email(), phone: "call me" }), 422, "invalid_phone");
    await refused(inquiryBody({ email: email(), type: "complaint" }), 422, "invalid");
    await refused(inquiryBody({ email: email(), customer_id: "C-1" }), 422, "invalid");
    const { answer } = await refused({ type: "bulk", sku: "FLOOR-1" }, 422, "missing");
    expect(answer.errors.filter((e) => e.code === "required").map((e) => e.field)).toEqual(["message", "name", "email", "countryCode"]);
  });

  test("malformed JSON", async () => {
    const before = await inquiryCounts(h.db);
    const response = await h.fetch("POST", "/apiv2/inquiry", {
      raw: "{not json",
      headers: { "content-type": "application/json", "x-captcha-token": await h.captchaToken("inquiry") },
    });
    expect(response.status).toBe(400);
    expect((await json(response)).errors[0]!.code).toBe("malformed_json");
    expect(await inquiryCounts(h.db)).toEqual(before);
  });

  test("an unknown shop", async () => {
    const response = await h.fetch("POST", "/apiv2/inquiry", { shop: "XX", body: inquiryBody() });
    expect(response.status).toBe(404);
  });
});

test("inquiry numbers: Q- and 10 characters of Crockford's base32 from 50 random bits", () => {
  expect(newInquiryNumber((bytes) => bytes.fill(0))).toBe("Q-0000000000");
  expect(newInquiryNumber((bytes) => bytes.fill(255))).toBe("Q-ZZZZZZZZZZ");
  const seen = new Set(Array.from({ length: 500 }, () => newInquiryNumber()));
  expect(seen.size).toBe(500);
  for (const id of seen) expect(id).toMatch(INQUIRY_NUMBER);
});

test("a taken inquiry number fails the batch with an error the handler recognises (it draws a new number), and writes nothing", async () => {
  const id = await sentInquiry(h, inquiryBody({ email: email() }));
  const before = await inquiryCounts(h.db);
  const row = {
    id,
    type: "product" as const,
    shopId: "DE",
    language: "de",
    sku: "FLOOR-1",
    productName: "Produkt FLOOR-1",
    message: "Noch eine Frage",
    name: "Hans Huber",
    email: "hans@example.com",
    phone: null,
    country: "de",
    quantity: null,
    unit: null,
    answers: {},
    visitorId: null,
    customerId: null,
    now: new Date(),
  };
  const other = { ...row, id: newInquiryNumber() };
  const error = await h.db.batch([insertInquiry(other).prepare(h.db), insertInquiry(row).prepare(h.db)]).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isTakenNumber(error)).toBe(true);
  expect(isTakenNumber(new Error("UNIQUE constraint failed: mail_outbox.dedupe_key"))).toBe(false);
  expect(await inquiryCounts(h.db)).toEqual(before);
});
