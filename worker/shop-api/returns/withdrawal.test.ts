/**
 * POST /apiv2/rma/withdrawal through the real route table against a real local D1: offered
 * only for consumer orders of the EU shops delivered into the EU/EEA and within the period,
 * recorded once with its case for staff and an immediate confirmation mail.
 */
import { shopDb } from "@tests/kit/d1";
import { lastMailId, mailsAfter } from "@tests/kit/outbox";
import { composeMail } from "../core/mail/templates";
import {
  ADDRESS,
  createReturnsHarness,
  daysBefore,
  json,
  lookedUp,
  NOW,
  placeOrder,
  returnsCounts,
  signUp,
  EVENTS_TOKEN,
  type OrderPlan,
  type ReturnsHarness,
} from "@tests/kit/returns";

let h: ReturnsHarness;

beforeAll(async () => {
  h = await createReturnsHarness();
});
afterAll(() => h.dispose());

const withdraw = (body: Record<string, unknown>, visitor?: string, options: { shop?: string; language?: string; headers?: Record<string, string> } = {}) =>
  h.fetch("POST", "/apiv2/rma/withdrawal", { body, token: visitor, ...options });

/** Places the order, looks it up and asks to withdraw; the answer and the view the lookup gave. */
async function tryWithdraw(plan: OrderPlan, postalCode?: string) {
  const order = await placeOrder(h, plan);
  const lookup = await lookedUp(h, order, { shop: plan.shop, postalCode });
  const response = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true }, lookup.visitor, {
    shop: plan.shop,
    language: plan.language,
  });
  return { order, lookup, response, body: await json(response) };
}

describe("offered", () => {
  test("an EU consumer order: recorded, its case opened for staff, the confirmation mail at once; the order shows it", async () => {
    const before = await returnsCounts(h.db);
    const { order, lookup, response, body } = await tryWithdraw({
      lines: [
        ["FLOOR-1", 3],
        ["NOEXP-1", 2],
      ],
      deliveries: [{ line: 1, quantity: 3, at: daysBefore(5) }],
    });
    expect(lookup.order.isConsumerEu).toBe(true);
    expect(lookup.order.withdrawal).toBeNull();
    expect(response.status).toBe(200);
    expect(body.data).toEqual({ withdrawal: { requestedAt: NOW, rmaId: expect.stringMatching(/^R-[0-9A-HJKMNP-TV-Z]{10}$/) } });
    const rmaId = body.data.withdrawal.rmaId as string;
    const after = await returnsCounts(h.db);
    expect(after.order_withdrawals - before.order_withdrawals).toBe(1);
    expect(after.rmas - before.rmas).toBe(1);
    expect(after.mail_outbox - before.mail_outbox).toBe(1 + 1); // the order's confirmation and the withdrawal's
    const rma = await h.db.prepare("SELECT kind, reason, whole_order, status FROM rmas WHERE id = ?").bind(rmaId).first();
    expect(rma).toEqual({ kind: "withdrawal", reason: "REVOCATION", whole_order: 1, status: "submitted" });
    const lines = await h.db.prepare("SELECT line_no, quantity FROM rma_lines WHERE rma_id = ? ORDER BY line_no").bind(rmaId).all();
    expect(lines.results).toEqual([
      { line_no: 1, quantity: 3 },
      { line_no: 2, quantity: 2 },
    ]);

    const mail = await h.db
      .prepare("SELECT * FROM mail_outbox WHERE template = 'withdrawal-confirmation' ORDER BY id DESC LIMIT 1")
      .first<{ params: string; recipient: string; language: string; shop_id: string }>();
    expect(mail).toMatchObject({ recipient: order.email, language: "de", shop_id: "DE" });
    const rendered = composeMail({ shopId: "DE", language: "de", template: "withdrawal-confirmation", params: JSON.parse(mail!.params) }, "development");
    expect(rendered.subject).toBe(`Bestätigung Ihres Widerrufs der Bestellung ${order.number} bei Bodenhaus Deutschland`);
    expect(rendered.text).toContain(`über die Bestellung ${order.number} am 18. November 2026 um 09:00.`);
    expect(rendered.text).toContain("3 × Produkt FLOOR-1 (Art.-Nr. FLOOR-1)");
    expect(rendered.text).toContain(`Ihre Vorgangsnummer: ${rmaId}.`);

    // the order shows it; what is withdrawn is not returnable again
    const again = await lookedUp(h, order);
    expect(again.order.withdrawal).toEqual({ requestedAt: NOW });
    expect(again.order.lines[0]).toMatchObject({ returned: 3, returnable: 0, blockedReason: "already_returned" });
  });

  test("a second withdrawal of the same order answers the first, no second mail", async () => {
    const { order, lookup, body } = await tryWithdraw({ lines: [["FLOOR-1", 1]], email: "twice@example.com" });
    const before = await returnsCounts(h.db);
    h.setNow(new Date(Date.parse(NOW) + 60_000).toISOString());
    const second = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true }, lookup.visitor);
    h.setNow(NOW);
    expect(second.status).toBe(200);
    expect((await json(second)).data).toEqual(body.data);
    expect(await returnsCounts(h.db)).toEqual(before);
  });

  test("before anything was delivered; and from the COM shop into Germany", async () => {
    expect((await tryWithdraw({ lines: [["FLOOR-1", 1]], email: "early@example.com" })).response.status).toBe(200);
    const com = await tryWithdraw({ shop: "COM", language: "en", lines: [["FLOOR-1", 1]], email: "com@example.com" });
    expect(com.response.status).toBe(200);
    const mail = await shopDb(h.env, "COM")
      .prepare("SELECT params FROM mail_outbox WHERE template = 'withdrawal-confirmation' AND recipient = 'com@example.com'")
      .first<{ params: string }>();
    const rendered = composeMail({ shopId: "COM", language: "en", template: "withdrawal-confirmation", params: JSON.parse(mail!.params) }, "development");
    expect(rendered.subject).toContain(`Confirmation of your withdrawal from order ${com.order.number}`);
  });

  test("an order of a private customer's account, even with a company in its billing address", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "privat@example.com", billingAddress: { ...ADDRESS, companyName: "Muster GmbH" } });
    const customer = await signUp(h, "privat@example.com");
    const view = await json(await h.fetch("GET", `/apiv2/rma/orders/${order.number}`, { headers: customer.headers }));
    expect(view.data.order.isConsumerEu).toBe(true);
    expect((await withdraw({ orderNumber: order.number, confirm: true }, undefined, { headers: customer.headers })).status).toBe(200);
  });

  test("a signed-in customer withdraws from an order of theirs without a lookup", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "Kundin@Example.com" });
    const customer = await signUp(h, "kundin@example.com");
    const response = await withdraw({ orderNumber: order.number, confirm: true }, undefined, { headers: customer.headers });
    expect(response.status).toBe(200);
    expect(
      await h.db
        .prepare("SELECT via, customer_id FROM order_withdrawals WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)")
        .bind(order.number)
        .first(),
    ).toEqual({
      via: "session",
      customer_id: customer.id,
    });
  });
});

describe("not offered: 403 withdrawal_unavailable with the reason, nothing written", () => {
  async function refusedFor(plan: OrderPlan, reason: string, postalCode?: string) {
    // The counts of the order's shop's database (tests/kit/d1.ts shopDb).
    const db = shopDb(h.env, plan.shop ?? "DE");
    const before = await returnsCounts(db);
    const firstMail = await lastMailId(db);
    const { lookup, response, body } = await tryWithdraw(plan, postalCode);
    expect(response.status).toBe(403);
    expect(body.errors[0]).toMatchObject({ code: "withdrawal_unavailable", params: { reason } });
    expect(lookup.order.isConsumerEu).toBe(false);
    const after = await returnsCounts(db);
    // only the placed order's own mails (its confirmation, its invoice once shipped) and the lookup's token are new
    const ownMails = (await mailsAfter(db, firstMail)).filter((mail) => ["order-confirmation", "invoice-issued"].includes(mail.template)).length;
    expect({ ...after, mail_outbox: after.mail_outbox - ownMails, rma_lookup_tokens: after.rma_lookup_tokens - 1 }).toEqual(before);
  }

  test("a business order (a company or a VAT ID in the billing address)", async () => {
    await refusedFor({ lines: [["FLOOR-1", 1]], email: "firma@example.com", billingAddress: { ...ADDRESS, companyName: "Muster GmbH" } }, "business");
    await refusedFor({ lines: [["FLOOR-1", 1]], email: "ust@example.com", billingAddress: { ...ADDRESS, vatId: "DE123456789" } }, "business");
  });

  test("an order of a business customer's account, whatever its billing address; signed in or looked up", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "einkauf@bau.example" });
    const customer = await signUp(h, "einkauf@bau.example", { registration: { type: "business", companyName: "Muster Bau GmbH" } });
    expect(customer.type).toBe("business");
    const before = await returnsCounts(h.db);
    const signedIn = await withdraw({ orderNumber: order.number, confirm: true }, undefined, { headers: customer.headers });
    expect(signedIn.status).toBe(403);
    expect((await json(signedIn)).errors[0]).toMatchObject({ code: "withdrawal_unavailable", params: { reason: "business" } });
    const view = await json(await h.fetch("GET", `/apiv2/rma/orders/${order.number}`, { headers: customer.headers }));
    expect(view.data.order.isConsumerEu).toBe(false);
    const lookup = await lookedUp(h, order);
    expect(lookup.order.isConsumerEu).toBe(false);
    const lookedUpAnswer = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true }, lookup.visitor);
    expect(lookedUpAnswer.status).toBe(403);
    expect((await json(lookedUpAnswer)).errors[0]).toMatchObject({ params: { reason: "business" } });
    const after = await returnsCounts(h.db);
    expect({ ...after, rma_lookup_tokens: after.rma_lookup_tokens - 1 }).toEqual(before);
  });

  test("the Swiss shop; the German shop delivering to Switzerland; the COM shop delivering to the United Kingdom", async () => {
    await refusedFor(
      { shop: "CH", lines: [["FLOOR-1", 1]], email: "ch@example.ch", billingAddress: { ...ADDRESS, postcode: "8001", city: "Zürich", countryCode: "ch" } },
      "not_eu",
      "8001",
    );
    await refusedFor(
      { lines: [["FLOOR-1", 1]], email: "nach-ch@example.com", shippingAddress: { ...ADDRESS, postcode: "8001", city: "Zürich", countryCode: "ch" } },
      "not_eu",
    );
    await refusedFor(
      {
        shop: "COM",
        language: "en",
        lines: [["FLOOR-1", 1]],
        email: "uk@example.co.uk",
        billingAddress: { ...ADDRESS, street: "10 Downing Street", postcode: "SW1A 2AA", city: "London", countryCode: "gb" },
      },
      "not_eu",
      "SW1A 2AA",
    );
  });

  test("30 days after the order's last delivery", async () => {
    await refusedFor(
      {
        placedAt: daysBefore(40),
        lines: [["FLOOR-1", 2]],
        email: "spaet@example.com",
        deliveries: [{ line: 1, quantity: 2, at: daysBefore(31) }],
      },
      "period_over",
    );
  });

  test("a cancelled order", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "storniert@example.com" });
    const cancel = await h.call("POST", `/admin/orders/${order.number}/events`, {
      body: { eventId: `${order.number}-cancel`, type: "cancelled", time: daysBefore(1) },
      token: EVENTS_TOKEN,
    });
    expect(cancel.status).toBe(200);
    const lookup = await lookedUp(h, order);
    const response = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true }, lookup.visitor);
    expect(response.status).toBe(403);
    expect((await json(response)).errors[0]).toMatchObject({ params: { reason: "cancelled" } });
  });
});

describe("refused requests write nothing", () => {
  test("a session that was revoked (logout) withdraws nothing: 401 not_signed_in", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "abgemeldet@example.com" });
    const customer = await signUp(h, "abgemeldet@example.com");
    expect((await h.fetch("POST", "/apiv2/customer/logout", { headers: customer.headers })).status).toBe(200);
    const before = await returnsCounts(h.db);
    const response = await withdraw({ orderNumber: order.number, confirm: true }, undefined, { headers: customer.headers });
    expect(response.status).toBe(401);
    expect((await json(response)).errors[0]).toMatchObject({ code: "not_signed_in" });
    expect(await returnsCounts(h.db)).toEqual(before);
  });

  test("without the confirmation, with an expired token, another customer's order", async () => {
    const order = await placeOrder(h, { lines: [["FLOOR-1", 1]], email: "vorsicht@example.com" });
    const lookup = await lookedUp(h, order);
    const stranger = await signUp(h, "jemand@example.com");
    const before = await returnsCounts(h.db);
    const unconfirmed = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: false }, lookup.visitor);
    expect(unconfirmed.status).toBe(422);
    expect((await json(unconfirmed)).errors[1]).toMatchObject({ field: "confirm", message: "Please confirm that you want to withdraw from the contract." });
    h.setNow(new Date(Date.parse(NOW) + 2 * 60 * 60 * 1000).toISOString());
    const expired = await withdraw({ lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true }, lookup.visitor);
    h.setNow(NOW);
    expect(expired.status).toBe(401);
    const foreign = await withdraw({ orderNumber: order.number, confirm: true }, undefined, { headers: stranger.headers });
    expect(foreign.status).toBe(404);
    expect(await returnsCounts(h.db)).toEqual(before);
  });
});
