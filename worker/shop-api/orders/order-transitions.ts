/**
 * The orders' state machine: every change of an order, the ERP's events
 * (order-events.ts) and staff's changes in the back office (staff-order-changes.ts), goes
 * through here. One table says which change each state allows; one function says why a
 * change cannot apply to the order as it is (the callers word it for their clients); one
 * function writes it.
 *
 * - confirm: only from `placed`. ship, deliver: per line, never more than ordered (shipped) or
 *   shipped (delivered), never on a cancelled line; the order becomes `shipped` when every line
 *   that stands is shipped in full, `delivered` when every one is delivered in full.
 * - cancel (the whole order), cancel_lines, change_address: only while nothing has shipped; a
 *   cancellation gives the stock of the lines it cancels back; an order whose every line is
 *   cancelled is cancelled.
 * - note, refund (staff give money back: orders/staff-refunds.ts): in every state.
 *
 * Writing (transitionStatements): the first statement is the guarding UPDATE of the order: it
 * raises the order's version and sets the change's random claim only when every rule holds
 * over the current rows, the event id is new and, for staff, the version is the one the change
 * was made on. The history row and every effect follow in the same batch and apply only where
 * the order carries that claim, so a refused, stale or repeated change writes nothing.
 */
import { joinSql, sql, type SqlFragment } from "@worker/lib/sql";
import type { OrderHistoryType, OrderLineRow, OrderRow, OrderState } from "../tables/orders";

export type OrderChangeKind = "confirm" | "ship" | "deliver" | "cancel" | "cancel_lines" | "change_address" | "note" | "refund";

export type OrderChange =
  | { kind: "confirm" | "cancel" | "note" | "refund" }
  | { kind: "ship" | "deliver"; quantities: ReadonlyMap<number, number> }
  | { kind: "cancel_lines"; lines: readonly number[] }
  | { kind: "change_address"; address: string };

/** The changes each state allows. */
export const ALLOWED_CHANGES: Readonly<Record<OrderState, readonly OrderChangeKind[]>> = {
  placed: ["confirm", "ship", "deliver", "cancel", "cancel_lines", "change_address", "note", "refund"],
  confirmed: ["ship", "deliver", "cancel", "cancel_lines", "change_address", "note", "refund"],
  shipped: ["deliver", "note", "refund"],
  delivered: ["note", "refund"],
  cancelled: ["note", "refund"],
};

/** The history row's type of each change. */
export const HISTORY_TYPE: Readonly<Record<OrderChangeKind, OrderHistoryType>> = {
  confirm: "confirmed",
  ship: "shipped",
  deliver: "delivered",
  cancel: "cancelled",
  cancel_lines: "lines_cancelled",
  change_address: "address_changed",
  note: "note",
  refund: "refunded",
};

/** Changes that only apply while nothing of the order has shipped. */
const BEFORE_SHIPPING: readonly OrderChangeKind[] = ["cancel", "cancel_lines", "change_address"];

/** Why a change cannot apply: the state does not allow it, goods have shipped, a line is shipped or cancelled, a quantity is impossible. */
export type OrderChangeRefusal =
  { reason: "state"; state: OrderState } | { reason: "goods_shipped" } | { reason: "line_shipped" | "line_cancelled" | "quantity"; line: number };

export const changeAllowedIn = (state: OrderState, kind: OrderChangeKind): boolean => ALLOWED_CHANGES[state].includes(kind);

/** Why the change cannot apply to the order and its lines as they are now, or null (lines the change names must exist: the callers check). */
export function changeRefusal(order: Pick<OrderRow, "state">, lines: readonly OrderLineRow[], change: OrderChange): OrderChangeRefusal | null {
  if (!changeAllowedIn(order.state, change.kind)) return { reason: "state", state: order.state };
  if (change.kind === "cancel_lines") {
    for (const number of change.lines) {
      const line = lines.find((each) => each.line_no === number);
      if (line?.cancelled_at) return { reason: "line_cancelled", line: number };
      if (line && line.shipped_qty > 0) return { reason: "line_shipped", line: number };
    }
  } else if (BEFORE_SHIPPING.includes(change.kind) && lines.some((line) => line.shipped_qty > 0)) return { reason: "goods_shipped" };
  if (change.kind === "ship" || change.kind === "deliver") {
    for (const line of lines) {
      const quantity = change.quantities.get(line.line_no) ?? 0;
      if (quantity === 0) continue;
      const impossible =
        change.kind === "ship" ? line.cancelled_at !== null || line.shipped_qty + quantity > line.quantity : line.delivered_qty + quantity > line.shipped_qty;
      if (impossible) return { reason: "quantity", line: line.line_no };
    }
  }
  return null;
}

const statesAllowing = (kind: OrderChangeKind): SqlFragment =>
  joinSql(
    (Object.keys(ALLOWED_CHANGES) as OrderState[]).filter((state) => changeAllowedIn(state, kind)).map((state) => sql`${state}`),
    ", ",
  );

/** The change's rules over the current rows, as the guarding UPDATE's condition (changeRefusal's rules in SQL). */
function rulesOf(orderId: string, change: OrderChange): SqlFragment[] {
  const line = (number: number, condition: SqlFragment) =>
    sql`EXISTS (SELECT 1 FROM order_lines WHERE order_id = ${orderId} AND line_no = ${number} AND ${condition})`;
  const rules = [sql`state IN (${statesAllowing(change.kind)})`];
  switch (change.kind) {
    case "ship":
      for (const [number, quantity] of change.quantities) rules.push(line(number, sql`cancelled_at IS NULL AND shipped_qty + ${quantity} <= quantity`));
      break;
    case "deliver":
      for (const [number, quantity] of change.quantities) rules.push(line(number, sql`delivered_qty + ${quantity} <= shipped_qty`));
      break;
    case "cancel_lines":
      for (const number of change.lines) rules.push(line(number, sql`cancelled_at IS NULL AND shipped_qty = 0`));
      break;
    case "cancel":
    case "change_address":
      rules.push(sql`NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = ${orderId} AND shipped_qty > 0)`);
      break;
    case "confirm":
    case "note":
    case "refund":
      break;
  }
  return rules;
}

export interface Transition {
  order: Pick<OrderRow, "id">;
  change: OrderChange;
  /** The history row's id: the ERP's event id, or a random id of a staff change. */
  eventId: string;
  /** The event or change as received (JSON), kept in the history row. */
  body: string;
  /** Random per attempt. */
  claim: string;
  /** When it happened (the ERP's time; for staff the shop API's clock). */
  time: Date;
  now: Date;
  /** A staff change: who made it and the version of the order it was made on. */
  staff?: { id: string; name: string; version: number };
}

/** The condition every statement after the guard carries: this attempt won the order. */
export const claimHolds = (orderId: string, claim: string): SqlFragment => sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND change_claim = ${claim})`;

/** Order state updates that follow line changes: shipped when every standing line is, delivered likewise, cancelled when no line stands. */
function settleState(orderId: string, holds: SqlFragment, time: string): SqlFragment[] {
  const standing = sql`order_lines WHERE order_id = ${orderId} AND cancelled_at IS NULL`;
  return [
    sql`UPDATE orders SET state = 'cancelled', cancelled_at = ${time} WHERE id = ${orderId} AND ${holds} AND NOT EXISTS (SELECT 1 FROM ${standing})`,
    sql`UPDATE orders SET state = 'shipped', shipped_at = ${time}
      WHERE id = ${orderId} AND ${holds} AND state IN ('placed', 'confirmed') AND NOT EXISTS (SELECT 1 FROM ${standing} AND shipped_qty < quantity)`,
    sql`UPDATE orders SET state = 'delivered', delivered_at = ${time}
      WHERE id = ${orderId} AND ${holds} AND state = 'shipped' AND NOT EXISTS (SELECT 1 FROM ${standing} AND delivered_qty < quantity)`,
  ];
}

/** Gives the stock of the order's standing product lines back (only `lines` when given). */
function stockBack(orderId: string, holds: SqlFragment, lines?: readonly number[]): SqlFragment {
  const which = lines
    ? sql`AND line_no IN (${joinSql(
        lines.map((line) => sql`${line}`),
        ", ",
      )})`
    : sql``;
  const cancelled = sql`order_lines WHERE order_id = ${orderId} AND kind = 'product' AND cancelled_at IS NULL ${which}`;
  return sql`UPDATE products SET stock_qty = stock_qty + (SELECT SUM(quantity) FROM ${cancelled} AND sku = products.sku)
    WHERE sku IN (SELECT sku FROM ${cancelled}) AND ${holds}`;
}

/** The batch of one change: the guarding UPDATE, the history row, the effects (mails the caller adds with `when: claimHolds(...)`). */
export function transitionStatements(transition: Transition): SqlFragment[] {
  const { order, change, claim } = transition;
  const time = transition.time.toISOString();
  const holds = claimHolds(order.id, claim);
  const version = transition.staff ? sql`AND version = ${transition.staff.version}` : sql``;
  const statements: SqlFragment[] = [
    sql`UPDATE orders SET version = version + 1, change_claim = ${claim}
      WHERE id = ${order.id} ${version} AND ${joinSql(rulesOf(order.id, change), " AND ")}
        AND NOT EXISTS (SELECT 1 FROM order_events WHERE id = ${transition.eventId})`,
    sql`INSERT INTO order_events (id, order_id, type, occurred_at, body, claim, recorded_at, staff_id, staff_name)
      SELECT ${transition.eventId}, ${order.id}, ${HISTORY_TYPE[change.kind]}, ${time}, ${transition.body}, ${claim}, ${transition.now.toISOString()},
        ${transition.staff?.id ?? null}, ${transition.staff?.name ?? null}
      WHERE ${holds}`,
  ];
  switch (change.kind) {
    case "confirm":
      statements.push(sql`UPDATE orders SET state = 'confirmed', confirmed_at = ${time} WHERE id = ${order.id} AND ${holds}`);
      break;
    case "ship":
      for (const [line, quantity] of change.quantities)
        statements.push(
          sql`UPDATE order_lines SET shipped_qty = shipped_qty + ${quantity}, shipped_at = ${time} WHERE order_id = ${order.id} AND line_no = ${line} AND ${holds}`,
        );
      statements.push(...settleState(order.id, holds, time));
      break;
    case "deliver":
      for (const [line, quantity] of change.quantities)
        statements.push(
          sql`UPDATE order_lines SET delivered_qty = delivered_qty + ${quantity}, delivered_at = ${time} WHERE order_id = ${order.id} AND line_no = ${line} AND ${holds}`,
        );
      statements.push(...settleState(order.id, holds, time));
      break;
    case "cancel":
      statements.push(
        stockBack(order.id, holds),
        sql`UPDATE order_lines SET cancelled_at = ${time} WHERE order_id = ${order.id} AND cancelled_at IS NULL AND ${holds}`,
        sql`UPDATE orders SET state = 'cancelled', cancelled_at = ${time} WHERE id = ${order.id} AND ${holds}`,
      );
      break;
    case "cancel_lines":
      statements.push(
        stockBack(order.id, holds, change.lines),
        sql`UPDATE order_lines SET cancelled_at = ${time}
          WHERE order_id = ${order.id} AND line_no IN (${joinSql(
            change.lines.map((line) => sql`${line}`),
            ", ",
          )}) AND ${holds}`,
        ...settleState(order.id, holds, time),
      );
      break;
    case "change_address":
      statements.push(sql`UPDATE orders SET shipping_address = ${change.address} WHERE id = ${order.id} AND ${holds}`);
      break;
    case "note":
    case "refund":
      break;
  }
  return statements;
}
