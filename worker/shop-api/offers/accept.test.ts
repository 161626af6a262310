/**
 * Accepting and declining offers, and what the cart and the checkout make of an offer's lines,
 * through the real route table against a real local D1 with a pinned clock: the lines land at
 * the offered quantity and price in place of the cart's lines of the same products, accepting
 * again never doubles them, their quantity is fixed, the price holds through the last day
 * (Berlin) and the day after the line blocks the checkout and the order is refused; accepting
 * after expiry, a declined offer, another customer's offer or a product sold out meanwhile is
 * refused with nothing written.
 */
import { VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";
import { ADDRESS, signUp, type TestCustomer } from "@tests/kit/returns";
import {
  createOffersHarness,
  insertOfferRequest,
  json,
  NOW,
  offerBody,
  offerCounts,
  offerRow,
  post,
  sendOffer,
  signatureOf,
  type OffersHarness,
} from "@tests/kit/offers";
import { runScheduledJobs } from "@tests/kit/shop-api";

let h: OffersHarness;
let erika: TestCustomer;
let otto: TestCustomer;
beforeAll(async () => {
  h = await createOffersHarness();
  erika = await signUp(h, "erika@example.com");
  otto = await signUp(h, "otto@example.com");
});
afterAll(() => h.dispose());
afterEach(() => h.setNow(NOW));

interface Made {
  inquiryId: string;
  offerId: string;
  sig: string;
}

/** An offer request of `email` answered with FLOOR-1 30 × 24.50 and NOEXP-1 2 × 15.00 unless told otherwise. */
async function offered(options: { email?: string; validUntil?: string; lines?: unknown[] } = {}): Promise<Made> {
  const email = options.email ?? "erika@example.com";
  const inquiryId = await insertOfferRequest(h.db, { email });
  const offerId = await sendOffer(
    h,
    inquiryId,
    offerBody({
      validUntil: options.validUntil ?? "2026-11-30",
      lines: options.lines ?? [
        { sku: "FLOOR-1", quantity: 30, packagePrice: 2450 },
        { sku: "NOEXP-1", quantity: 2, packagePrice: 1500 },
      ],
    }),
  );
  return { inquiryId, offerId, sig: await signatureOf(offerId, email) };
}

const accept = (offer: Made, options: { token?: string; sig?: string | null; headers?: Record<string, string> } = {}) =>
  post(h, `/apiv2/offer/${offer.offerId}/accept`, options.sig === null ? {} : { sig: options.sig ?? offer.sig }, {
    token: options.token,
    headers: options.headers,
  });
const decline = (offer: Made, options: { sig?: string | null } = {}) =>
  post(h, `/apiv2/offer/${offer.offerId}/decline`, options.sig === null ? {} : { sig: options.sig ?? offer.sig });

interface CartItem {
  itemId: number;
  sku: string;
  quantity: number;
  price: { amount: number };
  offerId: string | null;
}
async function cartOf(token: string): Promise<CartItem[]> {
  return (await json(await h.fetch("GET", "/apiv2/cart", { token }))).data.items as CartItem[];
}
const summary = (items: CartItem[]) => items.map((item) => [item.sku, item.quantity, item.price.amount, item.offerId]);

async function quoteOf(token: string) {
  const response = await h.fetch("GET", "/apiv2/checkout/quote", { token });
  expect(response.status).toBe(200);
  return (await json(response)).data;
}

/** A new visitor with these lines in the cart; its token. */
async function cartWith(lines: [string, number][]): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  return token!;
}

const orderBody = (extra: Record<string, unknown> = {}) => ({
  email: "erika@example.com",
  billingAddress: ADDRESS,
  deliveryMode: "standard",
  paymentMethod: "invoice",
  acceptTerms: true,
  ...extra,
});

describe("accepting", () => {
  test("puts every line into the cart at the offered quantity and price, in place of the cart's lines of the same product", async () => {
    const offer = await offered();
    const token = await cartWith([
      ["FLOOR-1", 3],
      ["LOW-1", 1],
    ]);
    const response = await accept(offer, { token });
    expect(response.status).toBe(200);
    const answer = (await json(response)).data;
    expect(answer.cartItemCount).toBe(3);
    expect(answer.offer).toMatchObject({ offerId: offer.offerId, state: "accepted", total: { amount: 76500 } });
    const items = await cartOf(token);
    expect(summary(items)).toEqual([
      ["LOW-1", 1, 1000, null],
      ["FLOOR-1", 30, 2450, offer.offerId],
      ["NOEXP-1", 2, 1500, offer.offerId],
    ]);
    expect(await offerRow(h.db, offer.inquiryId)).toMatchObject({ state: "accepted", accepted_at: NOW });

    const quote = await quoteOf(token);
    const floor = quote.lines.find((line: { sku: string }) => line.sku === "FLOOR-1");
    expect(floor).toMatchObject({
      offerId: offer.offerId,
      quantity: 30,
      packagePrice: { amount: 2450 },
      unitPrice: { amount: 1225 },
      rowTotal: { amount: 73500 },
      problem: null,
    });
    expect(quote.lines.find((line: { sku: string }) => line.sku === "LOW-1")).toMatchObject({ offerId: null, packagePrice: { amount: 1000 } });
    expect(quote.totals.goods.amount).toBe(73500 + 3000 + 1000);
    expect(quote.canCheckout).toBe(true);
  });

  test("a visitor without a cart gets one; the answer hands out the visitor token", async () => {
    const offer = await offered({ lines: [{ sku: "NOEXP-1", quantity: 1, packagePrice: 990 }] });
    const response = await accept(offer);
    expect(response.status).toBe(200);
    const token = response.headers.get(VISITOR_TOKEN_HEADER);
    expect(token).toBeTruthy();
    expect(summary(await cartOf(token!))).toEqual([["NOEXP-1", 1, 990, offer.offerId]]);
  });

  test("accepting again never doubles the lines and keeps the first acceptance's time; a repeated Idempotency-Key replays", async () => {
    const offer = await offered();
    const token = await cartWith([["LOW-1", 1]]);
    expect((await accept(offer, { token })).status).toBe(200);
    h.setNow("2026-11-19T10:00:00.000Z");
    const again = await accept(offer, { token });
    expect(again.status).toBe(200);
    expect((await json(again)).data.cartItemCount).toBe(3);
    expect(summary(await cartOf(token))).toEqual([
      ["LOW-1", 1, 1000, null],
      ["FLOOR-1", 30, 2450, offer.offerId],
      ["NOEXP-1", 2, 1500, offer.offerId],
    ]);
    expect((await offerRow(h.db, offer.inquiryId))!.accepted_at).toBe(NOW);

    const key = { "idempotency-key": "accept-once" };
    const first = await accept(offer, { token, headers: key });
    const replay = await accept(offer, { token, headers: key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await replay.text()).toBe(await first.text());
    expect((await cartOf(token)).length).toBe(3);
  });

  test("the signed-in owner accepts without the link; another customer, a wrong or missing signature: 404, nothing written", async () => {
    const offer = await offered();
    const before = await offerCounts(h.db);
    const refusals = [
      await accept(offer, { sig: null, headers: otto.headers }),
      await accept(offer, { sig: null }),
      await accept(offer, { sig: "AAAAAAAAAAAAAAAAAAAAAA" }),
      await accept(offer, { sig: await signatureOf(offer.offerId, "otto@example.com"), headers: otto.headers }),
      await decline(offer, { sig: "nonsense" }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(404);
      expect((await json(response)).errors).toEqual([{ message: "This offer could not be found.", code: "offer_not_found" }]);
    }
    expect(await offerCounts(h.db)).toEqual(before);
    expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("offered");

    const mine = await accept(offer, { sig: null, headers: erika.headers });
    expect(mine.status).toBe(200);
    expect((await json(mine)).data.offer.state).toBe("accepted");
  });

  test("a product sold out meanwhile: refused as the cart refuses it, nothing written, the offer stays offered", async () => {
    const offer = await offered({ lines: [{ sku: "LOW-1", quantity: 3, packagePrice: 800 }] });
    await h.db.prepare("UPDATE products SET stock_qty = 2 WHERE sku = 'LOW-1'").run();
    try {
      const before = await offerCounts(h.db);
      const response = await accept(offer);
      expect(response.status).toBe(422);
      expect((await json(response)).errors).toContainEqual(expect.objectContaining({ code: "quantity_unavailable" }));
      expect(await offerCounts(h.db)).toEqual(before);
      expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("offered");
    } finally {
      await h.db.prepare("UPDATE products SET stock_qty = 3 WHERE sku = 'LOW-1'").run();
    }
  });

  test("bad bodies", async () => {
    const offer = await offered();
    const before = await offerCounts(h.db);
    const raw = await h.fetch("POST", `/apiv2/offer/${offer.offerId}/accept`, { raw: "{", headers: { "content-type": "application/json" } });
    expect(raw.status).toBe(400);
    expect((await post(h, `/apiv2/offer/${offer.offerId}/accept`, { sig: offer.sig, quantity: 99 })).status).toBe(422);
    expect((await post(h, `/apiv2/offer/${offer.offerId}/accept`, { sig: 12345 })).status).toBe(422);
    expect((await post(h, `/apiv2/offer/${offer.offerId}/accept`, { sig: "x".repeat(201) })).status).toBe(422);
    expect(await offerCounts(h.db)).toEqual(before);
  });
});

describe("an offer's line in the cart", () => {
  test("keeps its quantity: changing it is 409 offer_line_fixed, adding the product again too; removing it is fine", async () => {
    const offer = await offered();
    const token = await cartWith([["LOW-1", 1]]);
    await accept(offer, { token });
    const floor = (await cartOf(token)).find((item) => item.sku === "FLOOR-1")!;

    const changed = await h.fetch("PUT", `/apiv2/cart/items/${floor.itemId}`, { token, body: { quantity: 31 } });
    expect(changed.status).toBe(409);
    expect((await json(changed)).errors[0]).toMatchObject({ code: "offer_line_fixed", field: "itemId" });
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token });
    expect(added.status).toBe(409);
    expect(added.body.errors[0]).toMatchObject({ code: "offer_line_fixed", field: "sku" });
    expect(summary(await cartOf(token))).toEqual([
      ["LOW-1", 1, 1000, null],
      ["FLOOR-1", 30, 2450, offer.offerId],
      ["NOEXP-1", 2, 1500, offer.offerId],
    ]);

    // The shop's own lines still change as ever.
    const low = (await cartOf(token)).find((item) => item.sku === "LOW-1")!;
    expect((await h.fetch("PUT", `/apiv2/cart/items/${low.itemId}`, { token, body: { quantity: 2 } })).status).toBe(200);

    const removed = await h.fetch("DELETE", `/apiv2/cart/items/${floor.itemId}`, { token });
    expect(removed.status).toBe(200);
    expect((await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1 }, token })).status).toBe(200);
    expect(summary(await cartOf(token))).toEqual([
      ["LOW-1", 2, 1000, null],
      ["NOEXP-1", 2, 1500, offer.offerId],
      ["FLOOR-1", 1, 2995, null],
    ]);
  });
});

describe("validity (Berlin time)", () => {
  test("valid through the last day, expired the day after: price, checkout, accepting, declining, ordering", async () => {
    const offer = await offered({ validUntil: "2026-11-20" });
    const token = await cartWith([["LOW-1", 1]]);
    expect((await accept(offer, { token })).status).toBe(200);

    // 23:59 in Berlin on the last day: still valid.
    h.setNow("2026-11-20T22:59:00.000Z");
    let quote = await quoteOf(token);
    expect(quote.lines.find((line: { sku: string }) => line.sku === "FLOOR-1")).toMatchObject({ packagePrice: { amount: 2450 }, problem: null });
    expect(quote.canCheckout).toBe(true);
    expect((await json(await h.fetch("GET", `/apiv2/offer/${offer.offerId}?sig=${offer.sig}`))).data.offer.state).toBe("accepted");
    expect((await accept(offer, { token })).status).toBe(200);

    // Midnight in Berlin: expired, whether or not the scheduled job ran.
    h.setNow("2026-11-20T23:00:00.000Z");
    expect((await json(await h.fetch("GET", `/apiv2/offer/${offer.offerId}?sig=${offer.sig}`))).data.offer.state).toBe("expired");
    quote = await quoteOf(token);
    const floor = quote.lines.find((line: { sku: string }) => line.sku === "FLOOR-1");
    expect(floor).toMatchObject({ offerId: offer.offerId, problem: { code: "offer_expired" }, packagePrice: { amount: 2995 } });
    expect(quote.lines.find((line: { sku: string }) => line.sku === "LOW-1").problem).toBeNull();
    expect(quote.canCheckout).toBe(false);
    expect(quote.problems).toContain("offer_expired");

    const before = await offerCounts(h.db);
    const acceptedAgain = await accept(offer, { token });
    expect(acceptedAgain.status).toBe(409);
    expect((await json(acceptedAgain)).errors[0]!.code).toBe("offer_expired");
    const byNewVisitor = await accept(offer);
    expect(byNewVisitor.status).toBe(409);
    expect(byNewVisitor.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
    const declined = await decline(offer);
    expect(declined.status).toBe(409);
    expect((await json(declined)).errors[0]!.code).toBe("offer_expired");
    const order = await h.fetch("POST", "/apiv2/checkout/order", { token, body: orderBody() });
    expect(order.status).toBe(409);
    expect((await json(order)).errors[0]).toMatchObject({ code: "offer_expired", field: "lines.1", params: { sku: "FLOOR-1" } });
    expect(await offerCounts(h.db)).toEqual(before);
    expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("accepted");

    // The scheduled job makes the stored state agree; the answers stay the same.
    await runScheduledJobs(h.env, new Date("2026-11-20T23:05:00.000Z"));
    expect(await offerRow(h.db, offer.inquiryId)).toMatchObject({ state: "expired", expired_at: "2026-11-20T23:05:00.000Z" });
    expect((await accept(offer, { token })).status).toBe(409);

    // The expired line can be removed, and the rest ordered.
    const expiredItems = (await cartOf(token)).filter((item) => item.offerId !== null);
    for (const item of expiredItems) expect((await h.fetch("DELETE", `/apiv2/cart/items/${item.itemId}`, { token })).status).toBe(200);
    expect((await quoteOf(token)).canCheckout).toBe(true);
  });

  test("the scheduled job leaves offers alone through their last day", async () => {
    const offer = await offered({ validUntil: "2026-11-19" });
    await runScheduledJobs(h.env, new Date("2026-11-19T22:59:00.000Z"));
    expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("offered");
    await runScheduledJobs(h.env, new Date("2026-11-19T23:00:00.000Z"));
    expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("expired");
  });

  test("an order on the last day charges the offered price, and the order keeps it", async () => {
    const offer = await offered({ validUntil: "2026-11-25" });
    const accepted = await accept(offer);
    const visitor = accepted.headers.get(VISITOR_TOKEN_HEADER)!;
    h.setNow("2026-11-25T20:00:00.000Z");
    const quote = await quoteOf(visitor);
    expect(quote.totals.goods.amount).toBe(73500 + 3000);
    const placed = await h.fetch("POST", "/apiv2/checkout/order", { token: visitor, body: orderBody({ expectedTotal: quote.expectedTotal }) });
    const answer = await json(placed);
    expect(answer.errors).toEqual([]);
    expect(placed.status).toBe(200);
    const lines = (
      await h.db
        .prepare(
          "SELECT l.sku, l.quantity, l.package_price, l.line_total FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ? ORDER BY l.line_no",
        )
        .bind(answer.data.orderNumber)
        .all()
    ).results;
    expect(lines).toEqual([
      { sku: "FLOOR-1", quantity: 30, package_price: 2450, line_total: 73500 },
      { sku: "NOEXP-1", quantity: 2, package_price: 1500, line_total: 3000 },
    ]);
    expect(await cartOf(visitor)).toEqual([]);
  });
});

describe("declining", () => {
  test("an offered offer becomes declined, once; then it cannot be accepted", async () => {
    const offer = await offered();
    const response = await decline(offer);
    expect(response.status).toBe(200);
    expect((await json(response)).data.offer.state).toBe("declined");
    expect(await offerRow(h.db, offer.inquiryId)).toMatchObject({ state: "declined", declined_at: NOW });
    h.setNow("2026-11-19T08:00:00.000Z");
    const again = await decline(offer);
    expect(again.status).toBe(200);
    expect((await offerRow(h.db, offer.inquiryId))!.declined_at).toBe(NOW);

    const before = await offerCounts(h.db);
    const accepted = await accept(offer);
    expect(accepted.status).toBe(409);
    expect((await json(accepted)).errors[0]!.code).toBe("offer_declined");
    expect(await offerCounts(h.db)).toEqual(before);
  });

  test("an accepted offer is not declined (its lines are in a cart: remove them there)", async () => {
    const offer = await offered({ lines: [{ sku: "NOEXP-1", quantity: 1, packagePrice: 990 }] });
    expect((await accept(offer)).status).toBe(200);
    const response = await decline(offer);
    expect(response.status).toBe(409);
    expect((await json(response)).errors[0]!.code).toBe("offer_accepted");
    expect((await offerRow(h.db, offer.inquiryId))!.state).toBe("accepted");
  });
});
