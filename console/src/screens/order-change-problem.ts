/**
 * A refused change of an order (worker/shop-api/orders/staff-order-changes.ts, staff-refunds.ts)
 * in the staff member's language: the refusal's code and params (domain/back-office/orders.ts
 * StaffOrderRefusalCode, domain/api/payments.ts RefundRefusalCode) pick the text, the order's
 * state in the console's words; any other problem reads as the console's other screens show it.
 */
import { REFUND_REFUSAL_CODES, type RefundRefusalCode } from "@domain/api/payments";
import { ORDER_STATES, type StaffOrderRefusalCode, type StaffOrderState } from "@domain/back-office/orders";
import { ApiError } from "../api";
import { problemText } from "../components/format";
import { t, type TextKey } from "../texts";

const CHANGE_TEXTS: Record<string, TextKey> = {
  cancel: "orders.refused.cancel",
  cancel_lines: "orders.refused.cancel_lines",
  ship: "orders.refused.ship",
  change_address: "orders.refused.change_address",
};

const CODE_TEXTS: Record<Exclude<StaffOrderRefusalCode, "change_not_allowed">, TextKey> = {
  goods_shipped: "orders.refused.goods_shipped",
  line_shipped: "orders.refused.line_shipped",
  line_cancelled: "orders.refused.line_cancelled",
  nothing_to_ship: "orders.refused.nothing_to_ship",
  order_changed: "orders.refused.order_changed",
};

/** The code of a refused change, when the problem is one. */
export function refusalCodeOf(problem: unknown): StaffOrderRefusalCode | null {
  const code = problem instanceof ApiError && problem.status === 409 ? problem.errors[0]?.code : undefined;
  return code === "change_not_allowed" || (code !== undefined && Object.hasOwn(CODE_TEXTS, code)) ? (code as StaffOrderRefusalCode) : null;
}

const REFUND_TEXTS: Record<RefundRefusalCode, TextKey> = {
  refund_too_high: "orders.refund.tooHigh",
  nothing_to_refund: "orders.refused.nothing_to_refund",
  refund_not_failed: "orders.refused.refund_not_failed",
};

/** A refused refund (over the refundable: the amount the shop API names, in the order's currency), or null. */
function refundProblem(problem: unknown): string | null {
  if (!(problem instanceof ApiError)) return null;
  const refusal = problem.errors.find((error) => (REFUND_REFUSAL_CODES as readonly string[]).includes(error.code ?? ""));
  if (!refusal) return null;
  return t(REFUND_TEXTS[refusal.code as RefundRefusalCode], { amount: String(refusal.params?.formatted ?? "") });
}

export function orderChangeProblem(problem: unknown): string {
  const refund = refundProblem(problem);
  if (refund) return refund;
  const code = refusalCodeOf(problem);
  if (!code || !(problem instanceof ApiError)) return problemText(problem);
  const params = problem.errors[0]?.params ?? {};
  if (code === "change_not_allowed") {
    const known = (ORDER_STATES as readonly string[]).includes(String(params.state));
    const state = known ? t(`orders.state.${params.state as StaffOrderState}`) : String(params.state ?? "");
    return t(CHANGE_TEXTS[String(params.change)] ?? "orders.refused.change", { state });
  }
  return t(CODE_TEXTS[code], { line: typeof params.line === "number" ? params.line : "" });
}
