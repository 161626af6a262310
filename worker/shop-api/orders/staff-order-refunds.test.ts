/**
 * The refund of a staff cancellation (core/payments/refund.ts; docs/decisions/0062, 0066) through
 * the real route table, staff sessions, a real local D1 and the local Stripe stand-in: an order
 * paid by card gives back what was cancelled at the provider once (the ledger's refund row once),
 * never more than was charged; an offline payment asks no provider; a provider that is down keeps
 * the cancellation and says in the history that the refund failed, writing nothing to the ledger.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import type { LooseJson } from "@tests/kit/loose-json";
import { ADDRESS } from "@tests/kit/returns";
import { useStaffRefunds } from "@tests/kit/staff-refunds";
import type { StaffCaller } from "@tests/kit/staff-session";
import type { TestStripeStandIn } from "@tests/kit/stripe-stand-in";
import type { ApiContext } from "../core/context";
import { refundPayment } from "../core/payments/refund";
import type { StaffRole } from "../core/staff-auth";

let h: Harness;
let stripe: TestStripeStandIn;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
useStaffRefunds(createHarness, (setup) => ({ h, stripe, call, tokens } = setup));

type Body = { data: LooseJson["data"]; errors: { code?: string }[] };

/** Places an order of these lines with the method; paid at the stand-in when it is online. */
async function placed(lines: [string, number][], method = "card"): Promise<string> {
  let token: string | undefined;
  for (const [sku, quantity] of lines) {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity }, token });
    expect(added.status).toBe(200);
    token ??= added.token;
  }
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: method, acceptTerms: true },
    token,
  });
  expect(order.body.errors).toEqual([]);
  const url = order.body.data.payment?.redirectUrl as string | undefined;
  if (url) await stripe.choose(url.split("/").pop()!, "succeed");
  return order.body.data.orderNumber as string;
}

async function cancel(number: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await call("POST", `/admin/api/orders/${number}/cancel`, { token: tokens.service, body, headers });
  return { status: response.status, body: (await response.json()) as Body };
}

const orderOf = async (number: string) =>
  (await h.db
    .prepare("SELECT id, state, version, payment_state, grand_total FROM orders WHERE order_number = ?")
    .bind(number)
    .first<{ id: string; state: string; version: number; payment_state: string | null; grand_total: number }>())!;
const lineTotals = async (number: string) =>
  (
    await h.db
      .prepare("SELECT line_total FROM order_lines WHERE order_id = (SELECT id FROM orders WHERE order_number = ?) ORDER BY line_no")
      .bind(number)
      .all<{ line_total: number }>()
  ).results.map((row) => row.line_total);
const ledgerOf = async (number: string) =>
  (
    await h.db
      .prepare(
        "SELECT l.kind, l.amount, l.state, l.provider_ref FROM payment_ledger l JOIN orders o ON o.id = l.order_id WHERE o.order_number = ? ORDER BY l.kind, l.amount",
      )
      .bind(number)
      .all<{ kind: string; amount: number; state: string; provider_ref: string }>()
  ).results;
/** The stand-in's refunds of the order's payment (its charge in the ledger). */
const refundsAtStripe = async (number: string) => {
  const charge = (await ledgerOf(number)).find((row) => row.kind === "charge");
  return [...stripe.refunds.values()].filter((refund) => charge && refund.payment_intent === charge.provider_ref).map((refund) => refund.amount);
};
const refundsInHistory = (body: Body) =>
  (body.data.history as { type: string; refund?: { state: string; amount: { amount: number } } }[])
    .filter((entry) => entry.refund)
    .map((entry) => [entry.type, entry.refund!.state, entry.refund!.amount.amount]);

describe("a staff cancellation of an order paid by card", () => {
  test("refunds the grand total at the provider once: one ledger row, the history says refunded", async () => {
    const number = await placed([["FLOOR-1", 2]]);
    const order = await orderOf(number);
    expect(order.payment_state).toBe("paid");
    const answer = await cancel(number, { version: order.version });
    expect(answer.status).toBe(200);
    expect(await refundsAtStripe(number)).toEqual([order.grand_total]);
    expect((await ledgerOf(number)).map((row) => [row.kind, row.amount, row.state])).toEqual([
      ["charge", order.grand_total, "succeeded"],
      ["refund", order.grand_total, "succeeded"],
    ]);
    expect(refundsInHistory(answer.body)).toEqual([["cancelled", "refunded", order.grand_total]]);
  });

  test("a cancelled line refunds the line's share; cancelling the rest refunds only what is left of the charge", async () => {
    const number = await placed([
      ["FLOOR-1", 1],
      ["NOEXP-1", 2],
    ]);
    const order = await orderOf(number);
    const [first] = await lineTotals(number);
    const lines = await cancel(number, { version: order.version, lines: [1] });
    expect(lines.status).toBe(200);
    expect(await refundsAtStripe(number)).toEqual([first]);
    expect(refundsInHistory(lines.body)).toEqual([["lines_cancelled", "refunded", first]]);

    const rest = await cancel(number, { version: (await orderOf(number)).version });
    expect(rest.status).toBe(200);
    expect(await refundsAtStripe(number)).toEqual([first, order.grand_total - first!]);
    const refunds = (await ledgerOf(number)).filter((row) => row.kind === "refund").map((row) => row.amount);
    expect(refunds.reduce((sum, amount) => sum + amount, 0)).toBe(order.grand_total);
    expect(refunds).toHaveLength(2);
  });

  test("the same cancel request replayed (same idempotency key, or the same body again) makes one refund", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const { version, grand_total } = await orderOf(number);
    const headers = { "idempotency-key": `cancel-${number}` };
    expect((await cancel(number, { version }, headers)).status).toBe(200);
    expect((await cancel(number, { version }, headers)).status).toBe(200);
    const again = await cancel(number, { version });
    expect(again.status).toBe(409);
    expect(await refundsAtStripe(number)).toEqual([grand_total]);
    expect((await ledgerOf(number)).filter((row) => row.kind === "refund")).toHaveLength(1);
  });

  test("a retry of the same cancellation's refund (its ledger row lost meanwhile) refunds nothing twice at the provider", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const order = await orderOf(number);
    const request = new Request("https://api.example/admin/api/orders/x/cancel", { method: "POST" });
    const ctx: ApiContext = { request, url: new URL(request.url), env: h.env, db: h.db, now: new Date(), waitUntil: () => undefined, meta: {}, headers: {} };
    const refund = {
      shopId: "DE",
      orderId: order.id,
      orderNumber: number,
      provider: "stripe",
      amount: order.grand_total,
      currency: "EUR",
      cause: "order",
    };
    const refunded = { state: "refunded", amount: order.grand_total, currency: "EUR", cause: "order" };
    expect(await refundPayment(ctx, refund)).toEqual(refunded);
    await h.db.prepare("DELETE FROM payment_ledger WHERE order_id = ? AND kind = 'refund'").bind(order.id).run();
    expect(await refundPayment(ctx, refund)).toEqual(refunded);
    expect(await refundsAtStripe(number)).toEqual([order.grand_total]);
    expect((await ledgerOf(number)).map((row) => [row.kind, row.amount])).toEqual([
      ["charge", order.grand_total],
      ["refund", order.grand_total],
    ]);
    // Refunded in full: nothing is left to give back, the provider is not asked again.
    expect(await refundPayment(ctx, { ...refund, cause: "lines-1" })).toBeNull();
    expect(await refundsAtStripe(number)).toEqual([order.grand_total]);
  });

  test("a provider that is down: the cancellation stands, the refund is reported failed, nothing written to the ledger", async () => {
    const number = await placed([["FLOOR-1", 1]]);
    const { version, grand_total } = await orderOf(number);
    stripe.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const answer = await cancel(number, { version });
    warn.mockRestore();
    expect(answer.status).toBe(200);
    expect(answer.body.data.state).toBe("cancelled");
    expect((await orderOf(number)).state).toBe("cancelled");
    expect(refundsInHistory(answer.body)).toEqual([["cancelled", "failed", grand_total]]);
    expect(await refundsAtStripe(number)).toEqual([]);
    expect((await ledgerOf(number)).map((row) => row.kind)).toEqual(["charge"]);
  });
});

test("an order paid by invoice (offline) asks no provider for a refund", async () => {
  const number = await placed([["FLOOR-1", 1]], "invoice");
  const refunds = stripe.refunds.size;
  const answer = await cancel(number, { version: (await orderOf(number)).version });
  expect(answer.status).toBe(200);
  expect(stripe.refunds.size).toBe(refunds);
  expect(await ledgerOf(number)).toEqual([]);
  expect(refundsInHistory(answer.body)).toEqual([]);
});
