/**
 * Finding the order to return from, through the real route table against a real local D1:
 * the options, the order lookup (one identical answer for every wrong field, normalised
 * e-mail and postcodes, the exact limits, the captcha), the signed link of the confirmation
 * mail and a signed-in customer's order.
 */
import { shopDb } from "@tests/kit/d1";
import { CUSTOMER_SESSION_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { composeMail } from "../core/mail/templates";
import { mailLinks } from "../core/mail/links";
import { returnsLinkSignature } from "../core/returns-link";
import {
  ADDRESS,
  createReturnsHarness,
  DAY_MS,
  daysBefore,
  json,
  LINK_SECRET,
  lookedUp,
  lookupBody,
  NOW,
  logIn,
  placeOrder,
  sessionHeaders,
  signUp,
  type PlacedOrder,
  type ReturnsHarness,
  type TestCustomer,
} from "@tests/kit/returns";

let h: ReturnsHarness;
let order: PlacedOrder;
let nlOrder: PlacedOrder;

beforeAll(async () => {
  h = await createReturnsHarness();
  order = await placeOrder(h, {
    lines: [
      ["FLOOR-1", 3],
      ["NOEXP-1", 2],
    ],
    email: "Erika.Muster@Example.com",
    deliveries: [{ line: 1, quantity: 3, at: daysBefore(10) }],
  });
  nlOrder = await placeOrder(h, {
    lines: [["FLOOR-1", 1]],
    email: "jan@example.nl",
    billingAddress: { ...ADDRESS, firstname: "Jan", lastname: "Jansen", street: "Kerkstraat 1", postcode: "1234 AB", city: "Amsterdam", countryCode: "nl" },
  });
});
afterAll(() => h.dispose());

/** A client address of its own per test, so the per-address limit of one test does not reach into another. */
let ipCounter = 0;
const ip = () => `203.0.113.${++ipCounter}`;

describe("GET /apiv2/rma/options", () => {
  test("the complaint reasons (the remedies not among them) and the three proposals, with ids and labels in the request's language", async () => {
    const de = await json(await h.fetch("GET", "/apiv2/rma/options"));
    expect(de.data.reasons.map((r: { value: string }) => r.value)).toEqual([
      "DEFECTIVE",
      "OVER_ORDER",
      "INCORRECTLY_ORDERED",
      "DELIVERED_INCORRECTLY",
      "REVOCATION",
      "OTHER",
    ]);
    expect(de.data.reasons[0]).toEqual({ id: 4, value: "DEFECTIVE", label: "Ware defekt oder beschädigt" });
    expect(de.data.proposals).toEqual([
      { id: 1, value: "NEW_PRODUCT", label: "Ersatzlieferung" },
      { id: 2, value: "DISCOUNT", label: "Preisnachlass (ich behalte die Ware)" },
      { id: 3, value: "MONEY_BACK", label: "Rückerstattung des Kaufpreises" },
    ]);
    const fr = await json(await h.fetch("GET", "/apiv2/rma/options", { shop: "CH", language: "fr" }));
    expect(fr.data.reasons[0].label).toBe("Marchandise défectueuse ou endommagée");
    const labels = new Set<string>();
    for (const [shop, language] of [
      ["DE", "de"],
      ["AT", "at"],
      ["COM", "en"],
      ["FR", "fr"],
      ["IT", "it"],
      ["NL", "nl"],
    ]) {
      const answer = await json(await h.fetch("GET", "/apiv2/rma/options", { shop, language }));
      for (const option of [...answer.data.reasons, ...answer.data.proposals]) expect(option.label).not.toMatch(/^returns\./);
      labels.add(answer.data.reasons[5].label);
    }
    expect(labels.size).toBe(5); // Austrian German says it as German does
  });
});

describe("POST /apiv2/rma/lookup", () => {
  test("the order with its lines: what may be returned, until when, and why not", async () => {
    const response = await h.lookup(lookupBody(order), { ip: ip() });
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data.lookupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expiresAt).toBe(new Date(Date.parse(NOW) + 60 * 60 * 1000).toISOString());
    expect(body.data.order).toEqual({
      orderNumber: order.number,
      placedAt: daysBefore(20),
      shop: "DE",
      isConsumerEu: true,
      withdrawal: null,
      lines: [
        {
          lineNo: 1,
          sku: "FLOOR-1",
          name: "Produkt FLOOR-1",
          image: { src: "/images/floor-1.jpg", alt: "Produkt FLOOR-1" },
          ordered: 3,
          delivered: 3,
          returned: 0,
          returnable: 3,
          complaintable: 3,
          returnableUntil: new Date(Date.parse(daysBefore(10)) + 30 * 24 * 60 * 60 * 1000).toISOString(),
          blockedReason: null,
        },
        {
          lineNo: 2,
          sku: "NOEXP-1",
          name: "Produkt NOEXP-1",
          image: null,
          ordered: 2,
          delivered: 0,
          returned: 0,
          returnable: 0,
          complaintable: 0,
          returnableUntil: null,
          blockedReason: "not_delivered",
        },
      ],
    });
    // a visitor was created for the lookup; the token is stored hashed only
    expect(response.headers.get(VISITOR_TOKEN_HEADER)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await h.db.prepare("SELECT token_hash FROM rma_lookup_tokens").all<{ token_hash: string }>();
    expect(JSON.stringify(stored.results)).not.toContain(body.data.lookupToken);
  });

  test("e-mail in any case and with spaces, the number without its shop, the postcode as people write it", async () => {
    const variants = [
      { orderIncrementId: ` ${order.number.toLowerCase()} `, orderEmail: " ERIKA.muster@example.COM ", postalCode: " 10115" },
      { orderIncrementId: order.number.split("-")[1]!, orderEmail: "erika.muster@example.com", postalCode: "D-10115" },
      { orderIncrementId: nlOrder.number, orderEmail: "jan@example.nl", postalCode: "1234AB" },
      { orderIncrementId: nlOrder.number, orderEmail: "jan@example.nl", postalCode: "1234 ab" },
      { orderIncrementId: nlOrder.number, orderEmail: "jan@example.nl", postalCode: "NL-1234 AB" },
    ];
    for (const body of variants) {
      const response = await h.lookup(body, { ip: ip() });
      expect({ body, status: response.status }).toEqual({ body, status: 200 });
    }
  });

  test("the number of the order's invoice finds the order as its number does; another shop's, an unknown or a wrong one does not", async () => {
    const shipped = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "rechnung@example.com", deliveries: [{ line: 1, quantity: 1, at: daysBefore(5) }] });
    const invoice = await h.db
      .prepare("SELECT i.number FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.order_number = ? AND i.kind = 'invoice'")
      .bind(shipped.number)
      .first<{ number: string }>();
    expect(invoice?.number).toMatch(/^RE-DE-2026-\d{6}$/);
    const found = await h.lookup(lookupBody(shipped, { orderIncrementId: ` ${invoice!.number.toLowerCase()} ` }), { ip: ip() });
    expect(found.status).toBe(200);
    expect((await json(found)).data.order.orderNumber).toBe(shipped.number);
    for (const wrong of [invoice!.number.replace("RE-DE", "RE-CH"), "RE-DE-2026-999999", invoice!.number.replace(/^RE/, "GS")])
      expect({ wrong, status: (await h.lookup(lookupBody(shipped, { orderIncrementId: wrong }), { ip: ip() })).status }).toEqual({ wrong, status: 404 });
    expect((await h.lookup(lookupBody(shipped, { orderIncrementId: invoice!.number, postalCode: "10117" }), { ip: ip() })).status).toBe(404);
  });

  test("whichever field is wrong, the same answer byte for byte: status, headers and body", async () => {
    const wrong = [
      lookupBody(order, { orderIncrementId: "DE-999999" }),
      lookupBody(order, { orderEmail: "someone.else@example.com" }),
      lookupBody(order, { postalCode: "10117" }),
      lookupBody(order, { orderIncrementId: nlOrder.number }), // a real order, another customer's
      lookupBody(nlOrder, { postalCode: "1234 AC" }),
      { orderIncrementId: "CH-100001", orderEmail: order.email, postalCode: "10115" }, // another shop's number
      { orderIncrementId: "DE-999999", orderEmail: "nobody@example.com", postalCode: "99999" },
    ];
    const answers: string[] = [];
    for (const body of wrong) {
      const response = await h.lookup(body, { ip: ip() });
      const headers = [...response.headers.entries()].filter(([name]) => name !== "date");
      answers.push(JSON.stringify({ status: response.status, headers, body: await response.text() }));
    }
    expect(new Set(answers).size).toBe(1);
    const first = JSON.parse(answers[0]!) as { status: number; body: string };
    expect(first.status).toBe(404);
    expect(JSON.parse(first.body)).toEqual({
      status: 404,
      data: null,
      errors: [
        {
          message: "We could not find an order with this order or invoice number, e-mail address and postal code. Please check your input and try again.",
          code: "order_not_found",
        },
      ],
      meta: {},
    });
    expect(
      (await h.db
        .prepare("SELECT COUNT(*) AS n FROM rma_lookup_tokens WHERE order_id IN (SELECT id FROM orders WHERE order_number = ?)")
        .bind(order.number)
        .first<{ n: number }>())!.n,
    ).toBeGreaterThan(0);
  });

  test("malformed fields are 422 naming the field, whatever the order; nothing is counted", async () => {
    const response = await h.lookup({ orderIncrementId: "DE-1; DROP TABLE orders", orderEmail: "not-an-email", postalCode: "<script>" }, { ip: ip() });
    const body = await json(response);
    expect(response.status).toBe(422);
    expect(body.errors.slice(1).map((e) => [e.field, e.code])).toEqual([
      ["orderIncrementId", "invalid"],
      ["orderEmail", "invalid"],
      ["postalCode", "invalid"],
    ]);
    const missing = await json(await h.lookup({}, { ip: ip() }));
    expect(missing.errors[0]).toMatchObject({ code: "missing" });
  });

  test("without a valid captcha: 403, nothing counted or written", async () => {
    const before = await h.db.prepare("SELECT COUNT(*) AS n FROM rate_limit_counters").first<{ n: number }>();
    for (const captcha of [null, "forged"]) {
      const response = await h.lookup(lookupBody(order), { ip: ip(), captcha });
      expect(response.status).toBe(403);
      expect((await json(response)).errors[0]).toMatchObject({ code: "captcha_failed" });
    }
    expect(await h.db.prepare("SELECT COUNT(*) AS n FROM rate_limit_counters").first<{ n: number }>()).toEqual(before);
  });

  test("5 failed lookups of an order number in 15 minutes: the 6th is refused even when right; successes do not count", async () => {
    h.setNow("2026-11-18T09:00:00.000Z");
    const target = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "limit@example.com" }, "2026-11-18T09:00:00.000Z");
    const right = lookupBody(target);
    const wrong = lookupBody(target, { postalCode: "99999" });
    for (let i = 0; i < 3; i++) expect((await h.lookup(right, { ip: ip() })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await h.lookup(wrong, { ip: ip() })).status).toBe(404);
    const limited = await h.lookup(right, { ip: ip() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("900");
    expect((await json(limited)).errors[0]).toMatchObject({ code: "rate_limited" });
    // another order is not affected; the next window starts at zero
    expect((await h.lookup(lookupBody(order), { ip: ip() })).status).toBe(200);
    h.setNow("2026-11-18T09:15:00.000Z");
    expect((await h.lookup(right, { ip: ip() })).status).toBe(200);
    h.setNow(NOW);
  });

  test("concurrent wrong guesses cannot pass the limit: of 12 at once, 5 are compared, 7 refused", async () => {
    h.setNow("2026-11-18T10:00:00.000Z");
    const target = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "race@example.com" }, "2026-11-18T10:00:00.000Z");
    const tokens = await Promise.all(Array.from({ length: 12 }, () => h.captchaToken("rma_lookup")));
    const statuses = await Promise.all(
      tokens.map((captcha) => h.lookup(lookupBody(target, { postalCode: "00000" }), { ip: ip(), captcha }).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 404)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    h.setNow(NOW);
  });

  test("20 failed lookups from one address in 15 minutes, whatever the numbers: then 429 for that address only", async () => {
    h.setNow("2026-11-18T11:00:00.000Z");
    const address = "198.51.100.77";
    for (let i = 0; i < 20; i++) {
      const response = await h.lookup(lookupBody(order, { orderIncrementId: `DE-${200000 + i}` }), { ip: address });
      expect(response.status).toBe(404);
    }
    expect((await h.lookup(lookupBody(order), { ip: address })).status).toBe(429);
    expect((await h.lookup(lookupBody(order), { ip: "198.51.100.78" })).status).toBe(200);
    h.setNow(NOW);
  });
});

describe("the signed link of the order confirmation", () => {
  const link = (body: unknown, shop = "DE") => h.fetch("POST", "/apiv2/rma/link", { body, shop });

  test("the confirmation mail carries it; it opens the order like a lookup, without anything typed", async () => {
    const row = await h.db
      .prepare("SELECT * FROM mail_outbox WHERE template = 'order-confirmation' AND params LIKE ?")
      .bind(`%${order.number}%`)
      .first<{ shop_id: string; language: string; template: string; params: string; recipient: string }>();
    const toRender = { shopId: row!.shop_id, language: row!.language, template: row!.template, params: JSON.parse(row!.params) as unknown };
    const links = await mailLinks(toRender, row!.recipient, h.env, "development");
    const sig = await returnsLinkSignature(LINK_SECRET, "DE", order.number, order.email);
    expect(links.returns).toBe(`http://de.localhost:8787/returns/?order=${order.number}&sig=${sig}`);
    const mail = composeMail(toRender, "development", { signed: links });
    expect(mail.text).toContain(`Rückgabe oder Reklamation starten:\n${links.returns}`);
    expect(mail.html).toContain(`<a href="${links.returns!.replace(/&/g, "&amp;")}"`);
    // without the secret the mail goes without the link
    expect(await mailLinks(toRender, row!.recipient, {}, "development")).toEqual({});
    expect(composeMail(toRender, "development").text).not.toContain("/returns/");

    const response = await link({ order: order.number, sig });
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data.lookupToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.order.orderNumber).toBe(order.number);
    expect(response.headers.get(VISITOR_TOKEN_HEADER)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("the Swiss shop's French link carries its language prefix", async () => {
    const swiss = await placeOrder(h, {
      shop: "CH",
      language: "fr",
      lines: [["FLOOR-1", 1]],
      email: "elodie@example.ch",
      billingAddress: { ...ADDRESS, postcode: "1204", city: "Genève", countryCode: "ch" },
    });
    const row = await shopDb(h.env, "CH")
      .prepare("SELECT * FROM mail_outbox WHERE template = 'order-confirmation' AND params LIKE ?")
      .bind(`%${swiss.number}%`)
      .first<{ shop_id: string; language: string; template: string; params: string; recipient: string }>();
    const links = await mailLinks(
      { shopId: "CH", language: "fr", template: "order-confirmation", params: JSON.parse(row!.params) as unknown },
      row!.recipient,
      h.env,
      "production",
    );
    expect(links.returns).toMatch(new RegExp(`^https://[^/]+/fr/returns/\\?order=${swiss.number}&sig=[A-Za-z0-9_-]{22}$`));
  });

  test("a changed signature, another order's, another shop's or no secret: refused", async () => {
    const sig = await returnsLinkSignature(LINK_SECRET, "DE", order.number, order.email);
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const others = await returnsLinkSignature(LINK_SECRET, "DE", nlOrder.number, nlOrder.email);
    for (const body of [
      { order: order.number, sig: flipped },
      { order: order.number, sig: others },
      { order: nlOrder.number, sig },
      { order: "DE-999999", sig },
    ]) {
      const response = await link(body);
      expect({ body, status: response.status }).toEqual({ body, status: 404 });
      expect((await json(response)).errors[0]).toMatchObject({ code: "link_invalid" });
    }
    expect((await link({ order: order.number, sig }, "COM")).status).toBe(404);
    expect((await link({ order: order.number, sig: "short" })).status).toBe(422);
    expect(
      (await link({ order: order.number, sig: await returnsLinkSignature("another-secret-of-enough-length-0123456789", "DE", order.number, order.email) }))
        .status,
    ).toBe(404);
    const secret = h.env.RMA_LINK_SECRET;
    h.env.RMA_LINK_SECRET = "short";
    expect((await link({ order: order.number, sig })).status).toBe(503);
    h.env.RMA_LINK_SECRET = secret;
  });
});

describe("GET /apiv2/rma/orders/:number (signed-in customer)", () => {
  /** Erika's account (her guest order is linked at verification) and Jan's, whose order is the NL one. */
  let erika: TestCustomer;
  beforeAll(async () => {
    erika = await signUp(h, "erika.muster@example.com");
    await signUp(h, "jan@example.nl");
  });

  test("the customer's own order, without anything typed", async () => {
    const response = await h.fetch("GET", `/apiv2/rma/orders/${order.number}`, { headers: erika.headers });
    const body = await json(response);
    expect(response.status).toBe(200);
    expect(body.data).toMatchObject({ lookupToken: null, expiresAt: null, order: { orderNumber: order.number, lines: [{ lineNo: 1 }, { lineNo: 2 }] } });
  });

  test("another customer's order answers as an unknown one; without a session 401", async () => {
    const other = await h.fetch("GET", `/apiv2/rma/orders/${nlOrder.number}`, { headers: erika.headers });
    expect(other.status).toBe(404);
    expect((await json(other)).errors[0]).toMatchObject({ code: "order_not_found" });
    expect((await h.fetch("GET", `/apiv2/rma/orders/DE-999999`, { headers: erika.headers })).status).toBe(404);
    expect((await h.fetch("GET", `/apiv2/rma/orders/..%2F..%2Fadmin`, { headers: erika.headers })).status).toBe(404);
    const anonymous = await h.fetch("GET", `/apiv2/rma/orders/${order.number}`);
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).errors[0]).toMatchObject({ code: "not_signed_in" });
  });

  test("a revoked, idle or expired session is not signed in: 401 not_signed_in, and the answer deletes the cookie", async () => {
    const path = `/apiv2/rma/orders/${order.number}`;
    const notSignedIn = async (session: string, options: { shop?: string } = {}) => {
      const response = await h.fetch("GET", path, { ...options, headers: sessionHeaders(session) });
      expect(response.status).toBe(401);
      expect((await json(response)).errors[0]).toMatchObject({ code: "not_signed_in" });
      expect(response.headers.get(CUSTOMER_SESSION_HEADER)).toBe("");
    };
    const at = (days: number) => new Date(Date.parse(NOW) + days * DAY_MS).toISOString();
    try {
      // revoked: logged out
      const loggedOut = await logIn(h, erika);
      expect((await h.fetch("GET", path, { headers: sessionHeaders(loggedOut) })).status).toBe(200);
      expect((await h.fetch("POST", "/apiv2/customer/logout", { headers: sessionHeaders(loggedOut) })).status).toBe(200);
      await notSignedIn(loggedOut);
      // idle: unused for more than 30 days
      const idle = await logIn(h, erika);
      h.setNow(at(31));
      await notSignedIn(idle);
      // expired: used every 20 days, but 90 days after the sign-in it ends
      h.setNow(NOW);
      const used = await logIn(h, erika);
      for (const day of [20, 40, 60, 80]) {
        h.setNow(at(day));
        expect((await h.fetch("GET", path, { headers: sessionHeaders(used) })).status).toBe(200);
      }
      h.setNow(at(90));
      await notSignedIn(used);
      // not a session at all, and a live session of another shop
      h.setNow(NOW);
      await notSignedIn("x".repeat(43));
      await notSignedIn(erika.session, { shop: "AT" });
    } finally {
      h.setNow(NOW);
    }
  });

  test("a guest order with the customer's address placed after the verification is theirs once a sign-in linked it", async () => {
    const later = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "ERIKA.MUSTER@example.com" });
    const unlinked = await h.fetch("GET", `/apiv2/rma/orders/${later.number}`, { headers: erika.headers });
    expect(unlinked.status).toBe(404);
    expect((await json(unlinked)).errors[0]).toMatchObject({ code: "order_not_found" });
    const session = await logIn(h, erika);
    expect((await h.fetch("GET", `/apiv2/rma/orders/${later.number}`, { headers: sessionHeaders(session) })).status).toBe(200);
    // the link is the account's: the earlier session of the same customer sees it too
    expect((await h.fetch("GET", `/apiv2/rma/orders/${later.number}`, { headers: erika.headers })).status).toBe(200);
  });
});

test("lookedUp helper: a lookup made by an existing visitor keeps that visitor", async () => {
  const first = await lookedUp(h, order);
  const again = await lookedUp(h, order, { token: first.visitor });
  expect(again.visitor).toBe(first.visitor);
  expect(again.lookupToken).not.toBe(first.lookupToken);
});
