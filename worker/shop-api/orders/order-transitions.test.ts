/**
 * The orders' state machine: which change each state allows (written out here by hand, so a
 * changed table fails), the line rules, and the same rules as the guarding UPDATE applies them
 * to real rows in D1: for every state and change, the batch applies exactly when the rules say
 * it may, and a refused change writes nothing.
 */
import { createHarness, type Harness } from "@tests/kit/commerce";
import type { OrderLineRow, OrderRow, OrderState } from "../tables/orders";
import { changeRefusal, transitionStatements, type OrderChange, type OrderChangeKind } from "./order-transitions";

const STATES: OrderState[] = ["placed", "confirmed", "shipped", "delivered", "cancelled"];
const KINDS: OrderChangeKind[] = ["confirm", "ship", "deliver", "cancel", "cancel_lines", "change_address", "note"];

/** What each state allows, by hand. */
const ALLOWED: Record<OrderState, OrderChangeKind[]> = {
  placed: ["confirm", "ship", "deliver", "cancel", "cancel_lines", "change_address", "note"],
  confirmed: ["ship", "deliver", "cancel", "cancel_lines", "change_address", "note"],
  shipped: ["deliver", "note"],
  delivered: ["note"],
  cancelled: ["note"],
};

const ADDRESS = JSON.stringify({ firstname: "Erika", lastname: "Muster", street: "Neue Straße 1", postcode: "10115", city: "Berlin", countryCode: "de" });

function changeOf(kind: OrderChangeKind): OrderChange {
  switch (kind) {
    case "ship":
    case "deliver":
      return { kind, quantities: new Map([[1, 1]]) };
    case "cancel_lines":
      return { kind, lines: [1] };
    case "change_address":
      return { kind, address: ADDRESS };
    default:
      return { kind };
  }
}

const line = (extra: Partial<OrderLineRow> = {}): OrderLineRow =>
  ({ line_no: 1, sku: "FLOOR-1", quantity: 2, shipped_qty: 0, delivered_qty: 0, cancelled_at: null, ...extra }) as OrderLineRow;

describe("the state table", () => {
  test.each(STATES.flatMap((state) => KINDS.map((kind) => [state, kind] as const)))("%s: %s", (state, kind) => {
    const refusal = changeRefusal({ state }, [line({ shipped_qty: 1 })], changeOf(kind));
    if (ALLOWED[state].includes(kind)) expect(refusal?.reason).not.toBe("state");
    else expect(refusal).toEqual({ reason: "state", state });
  });
});

describe("the line rules", () => {
  test("nothing shipped yet: cancel, cancel a line and change the address are allowed", () => {
    for (const kind of ["cancel", "cancel_lines", "change_address"] as const)
      expect(changeRefusal({ state: "confirmed" }, [line()], changeOf(kind))).toBeNull();
  });

  test("a package shipped: no cancellation of the order, of the shipped line or of the address", () => {
    const lines = [line({ shipped_qty: 1 }), line({ line_no: 2, sku: "NOEXP-1" })];
    expect(changeRefusal({ state: "confirmed" }, lines, { kind: "cancel" })).toEqual({ reason: "goods_shipped" });
    expect(changeRefusal({ state: "confirmed" }, lines, { kind: "change_address", address: ADDRESS })).toEqual({ reason: "goods_shipped" });
    expect(changeRefusal({ state: "confirmed" }, lines, { kind: "cancel_lines", lines: [1] })).toEqual({ reason: "line_shipped", line: 1 });
    // the line that has not shipped may still be cancelled
    expect(changeRefusal({ state: "confirmed" }, lines, { kind: "cancel_lines", lines: [2] })).toBeNull();
  });

  test("a cancelled line: not cancelled twice, never shipped", () => {
    const lines = [line({ cancelled_at: "2026-11-18T08:00:00Z" })];
    expect(changeRefusal({ state: "placed" }, lines, { kind: "cancel_lines", lines: [1] })).toEqual({ reason: "line_cancelled", line: 1 });
    expect(changeRefusal({ state: "placed" }, lines, changeOf("ship"))).toEqual({ reason: "quantity", line: 1 });
  });

  test("quantities: never more shipped than ordered, never more delivered than shipped", () => {
    expect(changeRefusal({ state: "placed" }, [line({ shipped_qty: 2 })], changeOf("ship"))).toEqual({ reason: "quantity", line: 1 });
    expect(changeRefusal({ state: "placed" }, [line({ shipped_qty: 1 })], changeOf("ship"))).toBeNull();
    expect(changeRefusal({ state: "placed" }, [line()], changeOf("deliver"))).toEqual({ reason: "quantity", line: 1 });
    expect(changeRefusal({ state: "confirmed" }, [line({ shipped_qty: 1, delivered_qty: 1 })], changeOf("deliver"))).toEqual({ reason: "quantity", line: 1 });
  });
});

describe("the guarding UPDATE on real rows", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    // Every case places an order of two packages: stock for all of them, also in DE's share with two databases.
    await h.db.prepare("UPDATE products SET stock_qty = 1000 WHERE sku = 'FLOOR-1'").run();
  });
  afterAll(() => h.dispose());

  /** A placed order of two packages of FLOOR-1, then put into `state` with rows that fit it (one package shipped where shipping is allowed). */
  async function orderIn(state: OrderState): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
    const added = await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 2 } });
    const placed = await h.call("POST", "/apiv2/checkout/order", {
      body: { email: "erika@example.com", billingAddress: JSON.parse(ADDRESS), deliveryMode: "standard", paymentMethod: "invoice", acceptTerms: true },
      token: added.token,
    });
    const number = placed.body.data.orderNumber as string;
    const shipped = { placed: 1, confirmed: 1, shipped: 2, delivered: 2, cancelled: 0 }[state];
    const delivered = state === "delivered" ? 2 : 0;
    await h.db.batch([
      h.db.prepare("UPDATE orders SET state = ? WHERE order_number = ?").bind(state, number),
      h.db
        .prepare("UPDATE order_lines SET shipped_qty = ?, delivered_qty = ? WHERE order_id = (SELECT id FROM orders WHERE order_number = ?)")
        .bind(shipped, delivered, number),
    ]);
    const order = (await h.db.prepare("SELECT * FROM orders WHERE order_number = ?").bind(number).first<OrderRow>())!;
    const lines = (await h.db.prepare("SELECT * FROM order_lines WHERE order_id = ?").bind(order.id).all<OrderLineRow>()).results;
    return { order, lines };
  }

  const snapshot = async (orderId: string) =>
    JSON.stringify(
      await h.db
        .batch([
          h.db.prepare("SELECT state, version, shipping_address FROM orders WHERE id = ?").bind(orderId),
          h.db.prepare("SELECT shipped_qty, delivered_qty, cancelled_at FROM order_lines WHERE order_id = ?").bind(orderId),
          h.db.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ?").bind(orderId),
          h.db.prepare("SELECT stock_qty FROM products WHERE sku = 'FLOOR-1'"),
        ])
        .then((results) => results.map((result) => result.results)),
    );

  test.each(STATES.flatMap((state) => KINDS.map((kind) => [state, kind] as const)))("%s: %s applies exactly when the rules allow it", async (state, kind) => {
    const { order, lines } = await orderIn(state);
    const change = changeOf(kind);
    const allowed = changeRefusal(order, lines, change) === null;
    const before = await snapshot(order.id);
    const claim = `claim-${state}-${kind}`;
    const now = new Date("2026-11-18T09:00:00Z");
    const statements = transitionStatements({ order, change, eventId: `E-${state}-${kind}`, body: "{}", claim, time: now, now });
    await h.db.batch(statements.map((statement) => statement.prepare(h.db)));
    const after = (await h.db.prepare("SELECT * FROM orders WHERE id = ?").bind(order.id).first<OrderRow>())!;
    if (!allowed) {
      expect(after.change_claim).toBeNull();
      expect(await snapshot(order.id)).toBe(before);
      return;
    }
    expect(after.change_claim).toBe(claim);
    expect(after.version).toBe(order.version + 1);
    const event = await h.db.prepare("SELECT type FROM order_events WHERE id = ?").bind(`E-${state}-${kind}`).first<{ type: string }>();
    expect(event).not.toBeNull();
  });

  test("a staff change made on an older version writes nothing", async () => {
    const { order } = await orderIn("placed");
    const before = await snapshot(order.id);
    const now = new Date("2026-11-18T09:00:00Z");
    const stale = transitionStatements({
      order,
      change: changeOf("note"),
      eventId: "E-stale",
      body: "{}",
      claim: "stale",
      time: now,
      now,
      staff: { id: "s1", name: "Sam", version: order.version + 1 },
    });
    await h.db.batch(stale.map((statement) => statement.prepare(h.db)));
    expect(await snapshot(order.id)).toBe(before);
  });
});
