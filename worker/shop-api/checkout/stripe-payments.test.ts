/**
 * Online payment through Stripe (core/payments/stripe.ts, checkout/payments.ts; docs/decisions/0066)
 * against the local Stripe stand-in (scripts/lib/stripe-stand-in.ts): the real route table, a real
 * local D1, Stripe's own client and signatures. The shopper's choices on the stand-in's page are
 * made as its buttons make them; its webhooks reach the shop API's callback route.
 */
import { createHmac } from "node:crypto";
import { createHarness, type Harness } from "@tests/kit/commerce";
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, type TestStripeStandIn, useStripeStandIn } from "@tests/kit/stripe-stand-in";
import { stripeSignature } from "@scripts/lib/stripe-stand-in";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { shopById } from "../core/shop";
import { stripeAdapter, stripeConfigProblems, stripeMethodTypes } from "../core/payments/stripe";

let h: Harness;
let stripe: TestStripeStandIn;
useStripeStandIn(createHarness, (setup) => ({ h, stripe } = setup));
beforeEach(() => {
  stripe.down = false;
  stripe.answers.length = 0;
});

const CALLBACK = "/apiv2/checkout/payment/stripe/callback";
const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const SKU = "FLOOR-1";

async function cart(quantity = 2): Promise<string> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: SKU, quantity } });
  expect(added.status).toBe(200);
  return added.token!;
}

async function place(method = "card", extra: Record<string, unknown> = {}) {
  const token = await cart();
  const placed = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: method, acceptTerms: true, ...extra },
    token,
  });
  return { ...placed, visitor: token };
}

async function placed(method = "card") {
  const answer = await place(method);
  expect(answer.status).toBe(200);
  const number = answer.body.data.orderNumber as string;
  const url = answer.body.data.payment.redirectUrl as string | null;
  return { number, url, sessionId: url ? url.split("/").pop()! : null, visitor: answer.visitor };
}

interface OrderRow {
  id: string;
  payment_state: string | null;
  payment_reference: string | null;
  payment_attempt: number;
  stock_held: number;
  grand_total: number;
  state: string;
}
const orderOf = async (number: string) => (await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(number).first<OrderRow>())!;
const ledgerOf = async (number: string) =>
  (
    await h.db
      .prepare(
        "SELECT l.kind, l.amount, l.currency, l.state, l.provider_ref FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ? ORDER BY l.kind",
      )
      .bind(number)
      .all<{ kind: string; amount: number; currency: string; state: string; provider_ref: string }>()
  ).results;
const stock = async () => (await h.db.prepare("SELECT stock_qty FROM products WHERE sku = ?").bind(SKU).first<{ stock_qty: number }>())!.stock_qty;
const view = async (number: string, visitor: string) => (await h.call("GET", `/apiv2/checkout/order/${number}`, { token: visitor })).body.data;
const webhook = (body: string, signature: string) =>
  h.call("POST", CALLBACK, { raw: body, headers: { "content-type": "application/json", "stripe-signature": signature } });

describe("the Stripe adapter opens a Checkout Session", () => {
  test("for the order's grand total and currency, the shop's method types, the shop and order as metadata; paid on the webhook", async () => {
    const before = await stock();
    const { number, url, sessionId } = await placed("card");
    expect(url).toBe(`${stripe.origin}/pay/${sessionId}`);
    const order = await orderOf(number);
    const session = stripe.sessions.get(sessionId!)!;
    expect(session).toMatchObject({
      amount_total: order.grand_total,
      currency: "eur",
      payment_method_types: ["card"],
      metadata: { shop: "DE", order: number },
      client_reference_id: number,
      customer_email: "erika@example.com",
    });
    expect(session.success_url).toMatch(new RegExp(`/apiv2/checkout/payment/stripe/return\\?order=${number}$`));
    expect(order).toMatchObject({ payment_state: "pending", payment_reference: sessionId, payment_attempt: 1, stock_held: 1 });
    expect(await stock()).toBe(before - 2);

    expect(await stripe.choose(sessionId!, "succeed")).toBe(session.success_url);
    expect(stripe.answers).toEqual([{ status: 200, data: expect.objectContaining({ orderNumber: number, paymentState: "paid", applied: true, recorded: 1 }) }]);
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect(await ledgerOf(number)).toEqual([
      { kind: "charge", amount: order.grand_total, currency: "EUR", state: "succeeded", provider_ref: session.payment_intent },
    ]);
    expect(await stock()).toBe(before - 2);
  });

  test("a repeated start of the same attempt opens no second session (idempotency key: shop, order, attempt)", async () => {
    const { number } = await placed("card");
    const order = await orderOf(number);
    const provider = stripeAdapter(
      shopById("DE")!.paymentProviders[0]!,
      { apiKey: STAND_IN_SECRET_KEY, webhookSecret: STAND_IN_WEBHOOK_SECRET },
      shopById("DE")!,
      h.env,
    );
    const request = {
      shopId: "DE",
      orderNumber: number,
      method: "card" as const,
      amount: order.grand_total,
      currency: "EUR",
      email: "erika@example.com",
      language: "de",
      attempt: 5,
      description: `Bodenhaus ${number}`,
      returnUrl: "http://de.localhost:8797/apiv2/checkout/payment/stripe/return?order=x",
      callbackUrl: "http://de.localhost:8797/apiv2/checkout/payment/stripe/callback",
    };
    const sessions = stripe.sessions.size;
    const first = await provider.start(request);
    expect(await provider.start(request)).toEqual(first);
    expect(stripe.sessions.size).toBe(sessions + 1);
    expect((await provider.start({ ...request, attempt: 6 })).reference).not.toBe(first.reference);
    // The same key with other parameters (another amount) is refused by Stripe, never a second payment.
    await expect(provider.start({ ...request, amount: request.amount + 1 })).rejects.toThrow(/same parameters/);
    expect(stripe.sessions.size).toBe(sessions + 2);
  });

  test("the config check refuses a Stripe method without a local scheme or in another currency, naming the field", () => {
    const shops = ["DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"].map((id) => shopById(id)!);
    expect(stripeConfigProblems(shops)).toEqual([]);
    const stripe = (methods: ("instant_transfer" | "twint" | "sepa" | "card")[]) => [{ provider: "stripe", methods, secrets: {} }];
    expect(
      stripeConfigProblems([
        { ...shopById("FR")!, paymentProviders: stripe(["card", "instant_transfer"]) },
        { ...shopById("DE")!, paymentProviders: stripe(["twint"]) },
        { ...shopById("CH")!, paymentProviders: stripe(["sepa"]) },
      ]),
    ).toEqual([
      "shops[0].paymentProviders[0].methods[1]: Stripe has no instant_transfer for the countries FR delivers to",
      "shops[1].paymentProviders[0].methods[0]: Stripe takes twint only in CHF, not EUR",
      "shops[2].paymentProviders[0].methods[0]: Stripe takes sepa_debit only in EUR, not CHF",
    ]);
  });

  test("instant bank transfer is the local scheme of the shop's countries; every configured Stripe method has a type", () => {
    expect(stripeMethodTypes("instant_transfer", shopById("NL")!)).toEqual(["ideal"]);
    expect(stripeMethodTypes("instant_transfer", shopById("AT")!)).toEqual(["eps"]);
    expect(stripeMethodTypes("instant_transfer", shopById("COM")!)).toEqual(expect.arrayContaining(["ideal", "bancontact"]));
    expect(stripeMethodTypes("twint", shopById("CH")!)).toEqual(["twint"]);
    for (const id of ["DE", "CH", "AT", "FR", "IT", "NL", "COM", "BRAND"]) {
      const shop = shopById(id)!;
      for (const method of shop.paymentProviders.find((provider) => provider.provider === "stripe")?.methods ?? [])
        expect([id, method, stripeMethodTypes(method, shop).length > 0]).toEqual([id, method, true]);
    }
  });
});

describe("what the client may not choose", () => {
  test.each([
    ["an amount", { amount: 1 }],
    ["a currency", { currency: "USD" }],
  ])("%s sent with the order is refused, nothing placed", async (_name, extra) => {
    const sessions = stripe.sessions.size;
    const { status } = await place("card", extra);
    expect(status).toBe(422);
    expect(stripe.sessions.size).toBe(sessions);
  });

  test("a method the shop does not offer is refused (TWINT in DE)", async () => {
    const { status, body } = await place("twint");
    expect(status).toBe(422);
    expect(body.errors.find((error) => error.field === "paymentMethod")?.code).toBe("payment_method_unavailable");
  });
});

describe("outcomes on the stand-in's page", () => {
  test("declined: the payment stays pending with its page open; another try closes it and pays on the same order", async () => {
    const { number, sessionId, visitor } = await placed("card");
    expect(await stripe.choose(sessionId!, "decline")).toBe(`/pay/${sessionId}?declined=1`);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    // PayPal is PayPal's own in DE (not configured here: its secrets are unset).
    expect(await view(number, visitor)).toMatchObject({
      paymentState: "pending",
      paymentProgress: "open",
      paymentAlternatives: ["klarna", "sepa", "amazon_pay", "instalment"],
    });

    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    const second = (retry.body.data.payment.redirectUrl as string).split("/").pop()!;
    expect(second).not.toBe(sessionId);
    // The first session was expired; its webhook does not cancel the new try.
    expect(stripe.sessions.get(sessionId!)!.status).toBe("expired");
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: second, payment_attempt: 2, stock_held: 1 });
    await stripe.choose(second, "challenge");
    await stripe.choose(second, "challenge_pass");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    expect(await ledgerOf(number)).toHaveLength(1);
    // Paid: no further try.
    expect((await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor })).status).toBe(409);
  });

  test("another try may take another online method of the same total, never an offline one or one that changes the total", async () => {
    const { number, sessionId, visitor } = await placed("card");
    await stripe.choose(sessionId!, "decline");
    const prepayment = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor, body: { paymentMethod: "prepayment" } });
    expect(prepayment.status).toBe(422);
    const klarna = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor, body: { paymentMethod: "klarna" } });
    expect(klarna.status).toBe(200);
    const session = stripe.sessions.get((klarna.body.data.payment.redirectUrl as string).split("/").pop()!)!;
    expect(session.payment_method_types).toEqual(["klarna"]);
    expect(await view(number, visitor)).toMatchObject({ paymentMethod: "klarna", paymentState: "pending" });
    // Another visitor cannot.
    expect((await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: await cart() })).status).toBe(404);
  });

  test("pending (SEPA) then paid: processing until the debit succeeds, one ledger row", async () => {
    const { number, sessionId, visitor } = await placed("sepa");
    expect(stripe.sessions.get(sessionId!)!.payment_method_types).toEqual(["sepa_debit"]);
    await stripe.choose(sessionId!, "pending");
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    expect(await view(number, visitor)).toMatchObject({ paymentState: "pending", paymentProgress: "processing" });
    expect((await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor })).status).toBe(409);
    await stripe.choose(sessionId!, "settle_paid");
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid", stock_held: 1 });
    expect((await ledgerOf(number)).map((row) => row.kind)).toEqual(["charge"]);
  });

  test("pending then failed: the payment fails and the stock goes back; another try takes it again", async () => {
    const before = await stock();
    const { number, sessionId, visitor } = await placed("sepa");
    await stripe.choose(sessionId!, "pending");
    await stripe.choose(sessionId!, "settle_failed");
    expect(await orderOf(number)).toMatchObject({ payment_state: "failed", stock_held: 0 });
    expect(await stock()).toBe(before);
    expect(await ledgerOf(number)).toEqual([]);
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", stock_held: 1, payment_attempt: 2 });
    expect(await stock()).toBe(before - 2);
  });

  test("expired: the payment is cancelled and the stock released, once", async () => {
    const before = await stock();
    const { number, sessionId } = await placed("card");
    expect(await stripe.choose(sessionId!, "expire")).toBe(stripe.sessions.get(sessionId!)!.cancel_url);
    expect(await orderOf(number)).toMatchObject({ payment_state: "cancelled", stock_held: 0 });
    expect(await stock()).toBe(before);
    const expired = stripe.events.at(-1)!;
    expect((await webhook(expired.body, expired.headers["stripe-signature"]!)).body.data).toMatchObject({ replayed: true, applied: false });
    expect(await stock()).toBe(before);
  });
});

describe("the webhook is the source of truth", () => {
  test("a repeated webhook and events out of order change nothing twice: one ledger row", async () => {
    const { number, sessionId } = await placed("sepa");
    await stripe.choose(sessionId!, "pending");
    await stripe.choose(sessionId!, "settle_paid");
    const [completed, succeeded] = stripe.events.slice(-2);
    // Stripe sends again, and in another order: the pending `completed` after the success.
    for (const event of [succeeded!, completed!, succeeded!]) {
      const answer = await webhook(event.body, stripeSignature(event.body, STAND_IN_WEBHOOK_SECRET));
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ applied: false, recorded: 0 });
    }
    expect(await orderOf(number)).toMatchObject({ payment_state: "paid" });
    expect(await ledgerOf(number)).toHaveLength(1);
  });

  test("forged, stale or foreign-account signatures are refused and change nothing", async () => {
    const { number, sessionId } = await placed("card");
    const session = { ...stripe.sessions.get(sessionId!)!, status: "complete", payment_status: "paid", payment_intent: "pi_forged" };
    const event = {
      id: "evt_forged",
      object: "event",
      api_version: "2026-10-28.endive",
      created: 1,
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: null,
      type: "checkout.session.completed",
    };
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const hex = (secret: string, t: number) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    const refused = [
      stripeSignature(body, "whsec_another_account_0123456789"),
      stripeSignature(body, STAND_IN_WEBHOOK_SECRET, now - 10 * 60),
      `t=${now},v1=${hex(STAND_IN_WEBHOOK_SECRET, now).replace(/^./, (c) => (c === "0" ? "1" : "0"))}`,
      `t=${now}`,
      "",
    ];
    for (const signature of refused) {
      const answer = await webhook(body, signature);
      expect([signature, answer.status, answer.body.errors[0]?.code]).toEqual([signature, 401, "payment_callback_refused"]);
    }
    // Signed right, but another (connected) account's event.
    const foreign = JSON.stringify({ ...event, account: "acct_foreign" });
    expect((await webhook(foreign, stripeSignature(foreign, STAND_IN_WEBHOOK_SECRET))).status).toBe(401);
    // A changed body under a good signature.
    expect((await webhook(body.replace("pi_forged", "pi_forgeX"), stripeSignature(body, STAND_IN_WEBHOOK_SECRET))).status).toBe(401);
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
    expect(await ledgerOf(number)).toEqual([]);
  });

  test("another shop's payment is not this shop's: ignored, nothing changed", async () => {
    const { number, sessionId } = await placed("card");
    const session = {
      ...stripe.sessions.get(sessionId!)!,
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_other",
      metadata: { shop: "CH", order: number },
    };
    const body = JSON.stringify({
      id: "evt_other",
      object: "event",
      created: 1,
      data: { object: session },
      livemode: false,
      type: "checkout.session.completed",
    });
    const answer = await webhook(body, stripeSignature(body, STAND_IN_WEBHOOK_SECRET));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ orderNumber: null, applied: false, recorded: 0 });
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending" });
  });

  test("a success that arrives after the order was cancelled is refunded by itself, once", async () => {
    const { number, sessionId } = await placed("card");
    await h.db.prepare("UPDATE orders SET state = 'cancelled', cancelled_at = ? WHERE order_number = ?").bind("2026-11-18T08:30:00Z", number).run();
    await stripe.choose(sessionId!, "succeed");
    const order = await orderOf(number);
    const ledger = await ledgerOf(number);
    expect(ledger.map((row) => [row.kind, row.amount, row.state])).toEqual([
      ["charge", order.grand_total, "succeeded"],
      ["refund", order.grand_total, "succeeded"],
    ]);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === ledger[0]!.provider_ref)).toHaveLength(1);
    // Stripe's charge.refunded for the same refund, and the success again: nothing more.
    const refunded = stripe.events.find((event) => event.event.type === "charge.refunded" && event.body.includes(ledger[0]!.provider_ref))!;
    expect(refunded).toBeDefined();
    const completed = stripe.events.find((event) => event.event.type === "checkout.session.completed" && event.body.includes(sessionId!))!;
    for (const event of [refunded, completed]) await webhook(event.body, stripeSignature(event.body, STAND_IN_WEBHOOK_SECRET));
    expect(await ledgerOf(number)).toHaveLength(2);
    expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === ledger[0]!.provider_ref)).toHaveLength(1);
  });

  test("a chargeback is written to the ledger once, to the order of this shop that was charged", async () => {
    const { number, sessionId } = await placed("card");
    await stripe.choose(sessionId!, "succeed");
    const paymentIntent = stripe.sessions.get(sessionId!)!.payment_intent as string;
    const dispute = {
      id: "dp_test_1",
      object: "dispute",
      amount: 500,
      currency: "eur",
      payment_intent: paymentIntent,
      status: "needs_response",
      charge: "ch_1",
    };
    const body = JSON.stringify({ id: "evt_dispute", object: "event", created: 1, data: { object: dispute }, livemode: false, type: "charge.dispute.created" });
    for (const expected of [1, 0]) {
      const answer = await webhook(body, stripeSignature(body, STAND_IN_WEBHOOK_SECRET));
      expect(answer.body.data).toMatchObject({ recorded: expected });
    }
    // The same event at another shop's endpoint finds no charge of that shop.
    const elsewhere = await h.call("POST", CALLBACK, {
      raw: body,
      shop: "AT",
      headers: { "stripe-signature": stripeSignature(body, STAND_IN_WEBHOOK_SECRET) },
    });
    expect(elsewhere.body.data).toMatchObject({ recorded: 0 });
    expect((await ledgerOf(number)).map((row) => [row.kind, row.amount, row.state])).toEqual([
      ["charge", (await orderOf(number)).grand_total, "succeeded"],
      ["chargeback", 500, "needs_response"],
    ]);
  });
});

describe("a refund Stripe reports pending first", () => {
  const creditNotes = async (number: string) =>
    (
      await h.db
        .prepare(
          "SELECT i.refund_ref, i.gross_total FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.order_number = ? AND i.kind = 'credit_note' ORDER BY i.number",
        )
        .bind(number)
        .all<{ refund_ref: string; gross_total: number }>()
    ).results;
  const refundEvent = (type: string, paymentIntent: string, id: string, status: string) =>
    JSON.stringify({
      id: `evt_${id}_${status}`,
      object: "event",
      created: 1,
      data: { object: { id, object: "refund", amount: 700, currency: "eur", payment_intent: paymentIntent, status } },
      livemode: false,
      type,
    });
  const report = async (body: string) => (await webhook(body, stripeSignature(body, STAND_IN_WEBHOOK_SECRET))).body.data;

  test("gets its credit note once when a later report says it succeeded; replays and a late pending report change nothing", async () => {
    const { number, sessionId } = await placed("card");
    await stripe.choose(sessionId!, "succeed");
    const paymentIntent = stripe.sessions.get(sessionId!)!.payment_intent as string;
    expect(await report(refundEvent("refund.created", paymentIntent, "re_late_1", "pending"))).toMatchObject({ recorded: 1 });
    expect(await report(refundEvent("charge.refund.updated", paymentIntent, "re_late_1", "pending"))).toMatchObject({ recorded: 0 });
    expect(await creditNotes(number)).toEqual([]);
    expect((await ledgerOf(number)).find((row) => row.kind === "refund")).toMatchObject({ amount: 700, state: "pending" });
    expect(await report(refundEvent("refund.updated", paymentIntent, "re_late_1", "succeeded"))).toMatchObject({ recorded: 1 });
    for (const type of ["refund.updated", "charge.refund.updated"]) await report(refundEvent(type, paymentIntent, "re_late_1", "succeeded"));
    await report(refundEvent("refund.updated", paymentIntent, "re_late_1", "pending"));
    expect(await creditNotes(number)).toEqual([{ refund_ref: "re_late_1", gross_total: 700 }]);
    expect((await ledgerOf(number)).find((row) => row.kind === "refund")).toMatchObject({ amount: 700, state: "succeeded" });
  });

  test("a pending refund that fails gets no credit note, nor does a forged success after it", async () => {
    const { number, sessionId } = await placed("card");
    await stripe.choose(sessionId!, "succeed");
    const paymentIntent = stripe.sessions.get(sessionId!)!.payment_intent as string;
    await report(refundEvent("refund.created", paymentIntent, "re_late_2", "pending"));
    await report(refundEvent("refund.failed", paymentIntent, "re_late_2", "failed"));
    await report(refundEvent("refund.updated", paymentIntent, "re_late_2", "succeeded"));
    expect(await creditNotes(number)).toEqual([]);
    expect((await ledgerOf(number)).find((row) => row.kind === "refund")).toMatchObject({ amount: 700, state: "failed" });
  });
});

describe("a provider that is down at order time", () => {
  test("leaves the order placed and pending without a page; another try later opens it; the page words it in every language", async () => {
    stripe.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const { number, url, visitor } = await placed("card");
    warn.mockRestore();
    expect(url).toBeNull();
    expect(await orderOf(number)).toMatchObject({ payment_state: "pending", payment_reference: null, stock_held: 1 });
    expect(await view(number, visitor)).toMatchObject({ paymentState: "pending", paymentProgress: "not_started" });
    stripe.down = false;
    const retry = await h.call("POST", `/apiv2/checkout/order/${number}/payment`, { token: visitor });
    expect(retry.status).toBe(200);
    expect(retry.body.data.payment.redirectUrl).toMatch(new RegExp(`^${stripe.origin}/pay/cs_test_`));
    for (const language of ["de", "at", "en", "fr", "it", "nl"]) {
      const texts = JSON.parse(readFileSync(join(__dirname, "../../../locales", language, "checkout.json"), "utf8")) as {
        checkout: { success: { progress: Record<string, string> } };
      };
      expect([language, Object.keys(texts.checkout.success.progress).sort()]).toEqual([language, ["not_started", "open", "processing"]]);
    }
  });
});
