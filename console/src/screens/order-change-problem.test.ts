/** A refused order change in the staff member's language: by its code, with the order's state in the console's words. */
import { ApiError } from "../api";
import { t } from "../texts";
import { orderChangeProblem, refusalCodeOf } from "./order-change-problem";

const refusal = (code: string, params: Record<string, string | number> = {}, status = 409) =>
  new ApiError(status, [{ message: "English API text", code, params }]);

test.each([
  ["cancel", "shipped", "This order is shipped: it can no longer be cancelled."],
  ["cancel_lines", "delivered", "This order is delivered: its lines can no longer be cancelled."],
  ["ship", "cancelled", "This order is cancelled: it cannot be marked as shipped."],
  ["change_address", "shipped", "This order is shipped: its delivery address can no longer be changed."],
  ["something_new", "shipped", "This order is shipped: this change is not possible."],
])("a change (%s) its state (%s) does not allow", (change, state, text) => {
  expect(orderChangeProblem(refusal("change_not_allowed", { change, state }))).toBe(text);
});

test("the state in the console's language, not the API's", () => {
  expect(t("orders.refused.cancel", { state: t("orders.state.shipped", {}, "de") }, "de")).toBe(
    "Diese Bestellung ist versendet: Sie kann nicht mehr storniert werden.",
  );
});

test("line and concurrency refusals", () => {
  expect(orderChangeProblem(refusal("line_shipped", { line: 2 }))).toBe("Line 2 has already been shipped: it cannot be cancelled.");
  expect(orderChangeProblem(refusal("line_cancelled", { line: 1 }))).toBe("Line 1 is already cancelled.");
  expect(orderChangeProblem(refusal("order_changed"))).toMatch(/^Someone else changed this order in the meantime\./);
  expect(refusalCodeOf(refusal("order_changed"))).toBe("order_changed");
});

test("anything else reads as the API words it; an unknown state is shown as it came", () => {
  expect(refusalCodeOf(refusal("invalid", {}, 422))).toBeNull();
  expect(orderChangeProblem(refusal("something_else"))).toBe("English API text");
  expect(orderChangeProblem(refusal("change_not_allowed", { change: "ship", state: "<lost>" }))).toBe("This order is <lost>: it cannot be marked as shipped.");
  expect(orderChangeProblem(new Error("network"))).toBe("network");
});

test("refused refunds in the console's language: over the refundable names the amount the shop API says", () => {
  expect(orderChangeProblem(refusal("refund_too_high", { refundable: 4990, formatted: "49,90\u00a0€" }, 422))).toBe("At most 49,90\u00a0€ can be refunded.");
  expect(orderChangeProblem(refusal("nothing_to_refund"))).toBe("Nothing of this order is left to refund.");
  expect(orderChangeProblem(refusal("refund_not_failed"))).toBe("This refund did not fail: there is nothing to retry.");
  expect(t("orders.refund.tooHigh", { amount: "49,90\u00a0€" }, "de")).toBe("Es können höchstens 49,90\u00a0€ erstattet werden.");
});
