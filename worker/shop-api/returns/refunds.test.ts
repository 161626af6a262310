/**
 * The refund of a complaint, return or withdrawal moved to `refunded` (refunds.ts) through the
 * real route table, staff sessions, a real local D1 and the local Stripe stand-in: what was paid
 * for the packages back goes back at the provider once, a whole-order withdrawal with the
 * shipping; a provider that is down leaves the case refunded with its refund failed in the
 * history, and staff's retry refunds once; an order paid offline waits for staff's transfer,
 * which the ledger holds once; the customer's status mail says the amount once the money went back.
 */
import { composeMail } from "../core/mail/templates";
import type { StaffRole } from "../core/staff-auth";
import { useStaffRefunds } from "@tests/kit/staff-refunds";
import type { StaffCaller } from "@tests/kit/staff-session";
import type { TestStripeStandIn } from "@tests/kit/stripe-stand-in";
import { createReturnsHarness, daysBefore, json, lookedUp, NOW, placeOrder, type OrderPlan, type ReturnsHarness } from "@tests/kit/returns";

let h: ReturnsHarness;
let stripe: TestStripeStandIn;
let call: StaffCaller;
let tokens: Record<StaffRole, string>;
useStaffRefunds(createReturnsHarness, (setup) => ({ h, stripe, call, tokens } = setup), { now: () => new Date(NOW), timeout: 120_000 });

const pay = (url: string) => stripe.choose(url.split("/").pop()!, "succeed");

/** An order delivered six days ago, paid with `method` (at the stand-in when online). */
async function delivered(lines: [string, number][], paymentMethod = "card", extra: Partial<OrderPlan> = {}) {
  const order = await placeOrder(h, {
    lines,
    paymentMethod,
    pay,
    deliveries: lines.map(([, quantity], index) => ({ line: index + 1, quantity, at: daysBefore(6) })),
    ...extra,
  });
  const row = (await h.db
    .prepare("SELECT id, goods_total, discount_total, shipping_total, grand_total, payment_state FROM orders WHERE order_number = ?")
    .bind(order.number)
    .first<{ id: string; goods_total: number; discount_total: number; shipping_total: number; grand_total: number; payment_state: string | null }>())!;
  const totals = (await h.db.prepare("SELECT line_total FROM order_lines WHERE order_id = ? ORDER BY line_no").bind(row.id).all<{ line_total: number }>())
    .results;
  return { ...order, ...row, lineTotals: totals.map((line) => line.line_total) };
}

async function complain(order: { number: string; email: string; token: string }, items: { lineNo: number; quantity: number }[]): Promise<string> {
  const lookup = await lookedUp(h, order);
  const response = await h.fetch("POST", "/apiv2/rma", {
    token: lookup.visitor,
    body: { lookupToken: lookup.lookupToken, orderNumber: order.number, items, reason: "DEFECTIVE", message: "Kratzer" },
    headers: { "idempotency-key": `k-${Math.random()}` },
  });
  const answer = await json(response);
  if (response.status !== 200) throw new Error(JSON.stringify(answer.errors));
  return answer.data.rmaId as string;
}

const setStatus = (id: string, status: string, note = "") => call("POST", `/admin/api/returns/${id}/status`, { token: tokens.service, body: { status, note } });
const settle = (id: string, role: StaffRole = "service") => call("POST", `/admin/api/returns/${id}/refund`, { token: tokens[role], body: {} });

async function refunded(id: string, note = "") {
  for (const status of ["received", "accepted"]) expect((await setStatus(id, status)).status).toBe(200);
  const answer = await setStatus(id, "refunded", note);
  expect(answer.status).toBe(200);
  return (await json(answer)).data as { history: { status: string; refund?: { state: string; amount: { amount: number } } }[] };
}

const refundInHistory = (detail: { history: { status: string; refund?: { state: string; amount: { amount: number } } }[] }) =>
  detail.history.filter((entry) => entry.refund).map((entry) => [entry.status, entry.refund!.state, entry.refund!.amount.amount]);

const ledger = async (orderId: string) =>
  (
    await h.db
      .prepare("SELECT provider, kind, amount, state FROM payment_ledger WHERE order_id = ? ORDER BY kind, amount")
      .bind(orderId)
      .all<{ provider: string; kind: string; amount: number; state: string }>()
  ).results.map((row) => [row.provider, row.kind, row.amount]);

const refundedMails = async (id: string) =>
  (
    await h.db.prepare("SELECT params FROM mail_outbox WHERE template = 'rma-status' AND params LIKE ? ORDER BY id").bind(`%${id}%`).all<{ params: string }>()
  ).results
    .map((row) => JSON.parse(row.params) as { status: string; refunded?: string })
    .filter((params) => params.status === "refunded");

describe("a complaint about an order paid by card, moved to refunded", () => {
  test("refunds the packages back at the provider once; the history and the customer's mail say the amount", async () => {
    const order = await delivered([
      ["FLOOR-1", 3],
      ["NOEXP-1", 2],
    ]);
    expect(order.payment_state).toBe("paid");
    const rmaId = await complain(order, [{ lineNo: 1, quantity: 1 }]);
    const share = Math.round(order.lineTotals[0]! / 3);
    const detail = await refunded(rmaId, "Wir erstatten das beschädigte Paket.");
    expect(refundInHistory(detail)).toEqual([["refunded", "refunded", share]]);
    expect(await ledger(order.id)).toEqual([
      ["stripe", "charge", order.grand_total],
      ["stripe", "refund", share],
    ]);
    const mails = await refundedMails(rmaId);
    expect(mails).toHaveLength(1);
    const text = composeMail({ shopId: "DE", language: "de", template: "rma-status", params: mails[0]! }, "development").text;
    expect(text).toContain(`Erstatteter Betrag: ${(share / 100).toFixed(2).replace(".", ",")}\u00a0€`);
    expect(text).toContain("Wir erstatten das beschädigte Paket.");
    // Nothing left open: settling again is refused, no second refund.
    const again = await settle(rmaId);
    expect(again.status).toBe(409);
    expect((await json(again)).errors[0]?.code).toBe("refund_not_open");
    expect(await ledger(order.id)).toHaveLength(2);
  });

  test("the provider down: the case is refunded, its refund failed, no mail, nothing in the ledger; the retry refunds once", async () => {
    const order = await delivered([["FLOOR-1", 2]]);
    const rmaId = await complain(order, [{ lineNo: 1, quantity: 2 }]);
    stripe.down = true;
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const detail = await refunded(rmaId);
    warn.mockRestore();
    expect(refundInHistory(detail)).toEqual([["refunded", "failed", order.lineTotals[0]]]);
    expect(await ledger(order.id)).toEqual([["stripe", "charge", order.grand_total]]);
    expect(await refundedMails(rmaId)).toEqual([]);

    stripe.down = false;
    const [first, second] = await Promise.all([settle(rmaId), settle(rmaId, "ops")]);
    // Two at once: one refund at the provider whichever of them runs it (the refund's key), the other may find nothing open.
    expect([first.status, second.status]).toContain(200);
    expect([first.status, second.status].every((status) => status === 200 || status === 409)).toBe(true);
    expect([...stripe.refunds.values()].filter((refund) => refund.amount === order.lineTotals[0] && refund.created)).not.toHaveLength(0);
    const after = (await json(await call("GET", `/admin/api/returns/${rmaId}`, { token: tokens.service }))).data;
    expect(refundInHistory(after)).toEqual([["refunded", "refunded", order.lineTotals[0]]]);
    expect(await ledger(order.id)).toEqual([
      ["stripe", "charge", order.grand_total],
      ["stripe", "refund", order.lineTotals[0]],
    ]);
    expect(await refundedMails(rmaId)).toHaveLength(1);
    expect((await settle(rmaId)).status).toBe(409);
  });

  test("a merchandiser may not settle a refund", async () => {
    expect((await settle("R-0000000000", "merchandiser")).status).toBe(403);
    expect((await settle("R-0000000000")).status).toBe(404);
  });
});

test("a withdrawal of the whole order paid by card refunds the goods and the standard delivery cost", async () => {
  const order = await delivered([
    ["FLOOR-1", 1],
    ["NOEXP-1", 1],
  ]);
  const lookup = await lookedUp(h, order);
  const answer = await h.fetch("POST", "/apiv2/rma/withdrawal", {
    token: lookup.visitor,
    body: { lookupToken: lookup.lookupToken, orderNumber: order.number, confirm: true },
  });
  const rmaId = (await json(answer)).data.withdrawal.rmaId as string;
  expect(order.shipping_total).toBeGreaterThan(0);
  const detail = await refunded(rmaId);
  expect(refundInHistory(detail)).toEqual([["refunded", "refunded", order.grand_total]]);
  expect(await ledger(order.id)).toEqual([
    ["stripe", "charge", order.grand_total],
    ["stripe", "refund", order.grand_total],
  ]);
  const mail = (await refundedMails(rmaId))[0]!;
  expect(composeMail({ shopId: "DE", language: "de", template: "rma-status", params: mail }, "development").subject).toBe(
    `Ihr Widerruf der Bestellung ${order.number}: Erstattet`,
  );
});

test("an order paid by prepayment: the amount less the discount's share waits for staff's transfer, which the ledger holds once", async () => {
  const order = await delivered([["FLOOR-1", 2]], "prepayment");
  expect(order.discount_total).toBeGreaterThan(0);
  const rmaId = await complain(order, [{ lineNo: 1, quantity: 1 }]);
  const share = Math.round(order.lineTotals[0]! / 2);
  const amount = share - Math.round((order.discount_total * share) / order.goods_total);
  const refunds = stripe.refunds.size;
  const detail = await refunded(rmaId);
  expect(refundInHistory(detail)).toEqual([["refunded", "transfer", amount]]);
  expect(stripe.refunds.size).toBe(refunds);
  expect(await ledger(order.id)).toEqual([]);
  expect(await refundedMails(rmaId)).toEqual([]);

  const [first, second] = await Promise.all([settle(rmaId), settle(rmaId)]);
  expect([first.status, second.status]).toContain(200);
  expect([first.status, second.status].every((status) => status === 200 || status === 409)).toBe(true);
  expect(await ledger(order.id)).toEqual([["bank_transfer", "refund", amount]]);
  expect(refundInHistory((await json(first.status === 200 ? first : second)).data)).toEqual([["refunded", "refunded", amount]]);
  expect((await refundedMails(rmaId)).map((mail) => mail.refunded)).toEqual([`${(amount / 100).toFixed(2).replace(".", ",")}\u00a0€`]);
  expect((await settle(rmaId)).status).toBe(409);
});

test("a complaint replaced, not refunded, refunds nothing", async () => {
  const order = await delivered([["FLOOR-1", 1]]);
  const rmaId = await complain(order, [{ lineNo: 1, quantity: 1 }]);
  for (const status of ["received", "accepted", "replaced"]) expect((await setStatus(rmaId, status)).status).toBe(200);
  expect(await ledger(order.id)).toEqual([["stripe", "charge", order.grand_total]]);
  expect((await settle(rmaId)).status).toBe(409);
});
