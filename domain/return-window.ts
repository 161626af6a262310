/**
 * The right of return (docs/decisions/0038): per order line, 30 days from that line's
 * delivery, for the packages delivered and not yet in a complaint that was not rejected. A
 * defect is a warranty claim without the window: it may name what was delivered and not
 * returned. Free samples are not returned.
 *
 * The one rule behind what the returns form offers per line (worker/shop-api/returns,
 * `RmaOrderLine`) and whether the customer's order offers to start a return
 * (worker/shop-api/customers, `CustomerOrderView.returnable`).
 */

/** Right of return 30 days, counted per order line from its delivery. */
export const RETURN_WINDOW_DAYS = 30;
export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export const BLOCKED_REASONS = ["not_delivered", "already_returned", "window_closed"] as const;
export type BlockedReason = (typeof BLOCKED_REASONS)[number];

/** An order line as the rule sees it. */
export interface LineDelivery {
  /** Packages delivered. */
  delivered: number;
  /** Packages already in a complaint that was not rejected. */
  returned: number;
  /** When the line was delivered (its last delivery); null before. */
  deliveredAt: string | null;
}

export interface LineReturnState {
  /** What may be returned now: delivered - returned while the line's window is open, else 0. */
  returnable: number;
  /** What a defect complaint may name: delivered - returned, whatever the window. */
  complaintable: number;
  /** The end of the line's window; null before the line was delivered. */
  returnableUntil: string | null;
  /** Why nothing can be returned now (null while returnable > 0). */
  blockedReason: BlockedReason | null;
}

/** What the line allows at `now`. */
export function lineReturnState(line: LineDelivery, now: Date): LineReturnState {
  const left = Math.max(0, line.delivered - line.returned);
  const until = line.deliveredAt ? new Date(Date.parse(line.deliveredAt) + RETURN_WINDOW_MS) : null;
  const open = until !== null && now.getTime() <= until.getTime();
  return {
    returnable: open ? left : 0,
    complaintable: left,
    returnableUntil: until ? until.toISOString() : null,
    blockedReason: line.delivered === 0 ? "not_delivered" : left === 0 ? "already_returned" : !open ? "window_closed" : null,
  };
}

/** True when a return of the order can be started at `now`: one of its product lines has packages returnable. */
export function hasReturnableLine(lines: readonly (LineDelivery & { kind: string })[], now: Date): boolean {
  return lines.some((line) => line.kind === "product" && lineReturnState(line, now).returnable > 0);
}
