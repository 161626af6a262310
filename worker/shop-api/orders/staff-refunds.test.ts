/**
 * Staff's refunds of an order (staff-refunds.ts) and the order's payments view through the real
 * route table, staff sessions, a real local D1 and the local Stripe stand-in: who may, a partial
 * refund at the provider with its reason, the reason required, more than is left refused with the
 * amount named, two refunds at once (one wins), a failed refund retried once, and an order paid
 * offline recorded as a bank transfer once.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import type { LooseJson } from "@tests/kit/loose-json";
import { ADDRESS } from "@tests/kit/returns";
import { useStaffRefunds } from "@tests/kit/staff-refunds";
import type { StaffCaller } from "@tests/kit/staff-session";
import type { TestStripeStandIn } from "@tests/kit/stripe-stand-in";
import type { StaffRole } from "../core/staff-auth";

let h: Harness;
let stripe: TestStripeStandIn;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
useStaffRefunds(createHarness, (setup) => ({ h, stripe, call, tokens } = setup));

type Body = { data: LooseJson["data"]; errors: { code?: string; field?: string; message?: string; params?: Record<string, unknown> }[] };

async function placed(method = "card"): Promise<string> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 } });
  expect(added.status).toBe(200);
  const order = await h.call("POST", "/apiv2/checkout/order", {
    body: { email: "erika@example.com", billingAddress: ADDRESS, deliveryMode: "standard", paymentMethod: method, acceptTerms: true },
    token: added.token,
  });
  expect(order.body.errors).toEqual([]);
  const url = order.body.data.payment?.redirectUrl as string | undefined;
  if (url) await stripe.choose(url.split("/").pop()!, "succeed");
  return order.body.data.orderNumber as string;
}

async function view(number: string, role: StaffRole = "service") {
  const response = await call("GET", `/admin/api/orders/${number}`, { token: tokens[role] });
  return { status: response.status, body: (await response.json()) as Body };
}

async function refund(number: string, body: unknown, role: StaffRole = "service", headers: Record<string, string> = {}) {
  const response = await call("POST", `/admin/api/orders/${number}/refund`, { token: tokens[role], body, headers });
  return { status: response.status, body: (await response.json()) as Body };
}

type Payments = {
  online: boolean;
  movements: { kind: string; provider: string; providerRef: string; amount: { amount: number }; state: string }[];
  paid: { amount: number };
  refunded: { amount: number };
  refundable: { amount: number };
};
const paymentsOf = (body: Body) => body.data.payments as Payments;
const refundsInHistory = (body: Body) =>
  (body.data.history as { type: string; note?: string; refund?: { state: string; amount: { amount: number } } }[])
    .filter((entry) => entry.type === "refunded")
    .map((entry) => [entry.note ?? null, entry.refund?.state ?? null, entry.refund?.amount.amount ?? null]);

test("the order's payments: the charge from the ledger, what is refundable; only service and ops see them", async () => {
  const number = await placed();
  const { status, body } = await view(number);
  expect(status).toBe(200);
  const payments = paymentsOf(body);
  const total = body.data.totals.grandTotal.amount as number;
  expect(payments).toMatchObject({ online: true, paid: { amount: total }, refunded: { amount: 0 }, refundable: { amount: total } });
  expect(payments.movements.map((row) => [row.kind, row.provider, row.amount.amount, row.state])).toEqual([["charge", "stripe", total, "succeeded"]]);
  expect(payments.movements[0]!.providerRef).toMatch(/^pi_/);
  expect((await view(number, "merchandiser")).status).toBe(403);
  expect((await refund(number, { version: body.data.version, amount: 100, reason: "Kulanz" }, "merchandiser")).status).toBe(403);
});

test("a partial refund with its reason goes back at the provider once; the rest stays refundable", async () => {
  const number = await placed();
  const before = (await view(number)).body;
  const total = before.data.totals.grandTotal.amount as number;
  const headers = { "idempotency-key": `refund-${number}` };
  const answer = await refund(number, { version: before.data.version, amount: 1234, reason: "Kratzer an einer Diele" }, "service", headers);
  expect(answer.status).toBe(200);
  expect(refundsInHistory(answer.body)).toEqual([["Kratzer an einer Diele", "refunded", 1234]]);
  expect(paymentsOf(answer.body)).toMatchObject({ refunded: { amount: 1234 }, refundable: { amount: total - 1234 } });
  expect(paymentsOf(answer.body).movements.map((row) => [row.kind, row.amount.amount])).toEqual([
    ["charge", total],
    ["refund", 1234],
  ]);
  // The same request replayed: answered from its key, no second refund.
  expect((await refund(number, { version: before.data.version, amount: 1234, reason: "Kratzer an einer Diele" }, "service", headers)).status).toBe(200);
  expect([...stripe.refunds.values()].filter((each) => each.amount === 1234)).toHaveLength(1);
});

test("the reason is required, the amount a positive whole number, unknown fields refused", async () => {
  const number = await placed();
  const { version } = (await view(number)).body.data as { version: number };
  for (const body of [
    { version, amount: 100 },
    { version, amount: 100, reason: "   " },
    { version, amount: 0, reason: "x" },
    { version, amount: 1.5, reason: "x" },
    { version, amount: "100", reason: "x" },
    { version, amount: 100, reason: "a\u0000b" },
    { version, amount: 100, reason: "x", extra: 1 },
    { version, retry: "staff-x", amount: 100 },
    { version },
  ]) {
    const answer = await refund(number, body);
    expect({ body, status: answer.status }).toEqual({ body, status: 422 });
  }
  const missing = await refund(number, { version, amount: 100 });
  expect(missing.body.errors.find((error) => error.field === "reason")?.message).toBe("Please give the reason for the refund.");
  expect(paymentsOf((await view(number)).body).refunded.amount).toBe(0);
});

test("more than is left to refund is refused, naming what is left; a refunded order has nothing left", async () => {
  const number = await placed();
  const { data } = (await view(number)).body;
  const total = data.totals.grandTotal.amount as number;
  const over = await refund(number, { version: data.version, amount: total + 1, reason: "zu viel" });
  expect(over.status).toBe(422);
  expect(over.body.errors[0]).toMatchObject({ code: "refund_too_high", field: "amount", params: { refundable: total } });
  expect(over.body.errors[0]!.message).toContain(data.totals.grandTotal.formattedWithCurrency);
  const all = await refund(number, { version: data.version, amount: total, reason: "alles" });
  expect(all.status).toBe(200);
  const nothing = await refund(number, { version: all.body.data.version, amount: 1, reason: "noch mehr" });
  expect(nothing.status).toBe(409);
  expect(nothing.body.errors[0]!.code).toBe("nothing_to_refund");
});

test("two staff refunding at once on the same version: one wins, one refund", async () => {
  const number = await placed();
  const { version } = (await view(number)).body.data as { version: number };
  const answers = await Promise.all([
    refund(number, { version, amount: 500, reason: "erste" }, "service"),
    refund(number, { version, amount: 700, reason: "zweite" }, "ops"),
  ]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  expect(answers.find((answer) => answer.status === 409)!.body.errors[0]!.code).toBe("order_changed");
  const payments = paymentsOf((await view(number)).body);
  expect(payments.movements.filter((row) => row.kind === "refund")).toHaveLength(1);
});

test("a refund that failed at the provider is retried once: the same amount, one refund", async () => {
  const number = await placed();
  const { version } = (await view(number)).body.data as { version: number };
  stripe.down = true;
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const failed = await refund(number, { version, amount: 800, reason: "Teillieferung" });
  warn.mockRestore();
  expect(failed.status).toBe(200);
  expect(refundsInHistory(failed.body)).toEqual([["Teillieferung", "failed", 800]]);
  expect(paymentsOf(failed.body).movements.map((row) => row.kind)).toEqual(["charge"]);
  const eventId = (failed.body.data.history as { type: string; eventId: string }[]).find((entry) => entry.type === "refunded")!.eventId;

  stripe.down = false;
  const retried = await refund(number, { version: failed.body.data.version, retry: eventId });
  expect(retried.status).toBe(200);
  expect(refundsInHistory(retried.body)).toEqual([
    ["Teillieferung", "refunded", 800],
    [null, "refunded", 800],
  ]);
  expect(
    paymentsOf(retried.body)
      .movements.map((row) => [row.kind, row.amount.amount])
      .slice(1),
  ).toEqual([["refund", 800]]);
  const again = await refund(number, { version: retried.body.data.version, retry: eventId });
  expect(again.status).toBe(409);
  expect(again.body.errors[0]!.code).toBe("refund_not_failed");
  expect((await refund(number, { version: retried.body.data.version, retry: "staff-unknown" })).status).toBe(409);
});

test("an order paid by invoice: staff's refund is the transfer they made, in the ledger once as bank_transfer", async () => {
  const number = await placed("invoice");
  const { data } = (await view(number)).body;
  const total = data.totals.grandTotal.amount as number;
  expect(paymentsOf((await view(number)).body)).toMatchObject({ online: false, paid: { amount: total }, refundable: { amount: total } });
  const answer = await refund(number, { version: data.version, amount: 2500, reason: "Rücküberweisung" });
  expect(answer.status).toBe(200);
  expect(refundsInHistory(answer.body)).toEqual([["Rücküberweisung", "refunded", 2500]]);
  expect(paymentsOf(answer.body).movements.map((row) => [row.kind, row.provider, row.amount.amount, row.state])).toEqual([
    ["refund", "bank_transfer", 2500, "succeeded"],
  ]);
  expect(paymentsOf(answer.body).refundable.amount).toBe(total - 2500);
});
