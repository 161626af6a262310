import type { ReturnsTexts } from "@domain/returns-forms";
import { blockedReasonOf, initialEntries, limitOf, selectedItems, validateSelection, wholeOrderEntries } from "./selection";
import { rmaLine, rmaOrder } from "@tests/kit/returns-screens";

const texts = {
  selectAtLeastOne: "Please select at least one product",
  maxValue: "The value must not be higher than {maxValue}",
  quantity: "Please enter a whole number of at least 1.",
  lineNotReturnable: "This product cannot be returned.",
  unknownLine: "unknown line",
  duplicateLine: "duplicate line",
  required: "required",
} as ReturnsTexts;

const order = rmaOrder();

test("the bound of a line: returnable for a return, also beyond the window for a defect, the most of both before a reason is chosen", () => {
  const [fresh, late, undelivered] = order.lines;
  expect(limitOf(fresh!, "")).toBe(3);
  expect(limitOf(late!, "OVER_ORDER")).toBe(0);
  expect(limitOf(late!, "DEFECTIVE")).toBe(2);
  expect(limitOf(late!, "")).toBe(2);
  expect(limitOf(undelivered!, "DEFECTIVE")).toBe(0);
  // A negative or fractional figure never widens the bound; an unknown reason counts as none chosen.
  expect(limitOf(rmaLine({ returnable: -1, complaintable: -1 }), "")).toBe(0);
  expect(limitOf(rmaLine({ returnable: 2.7, complaintable: 2.7 }), "OVER_ORDER")).toBe(2);
  expect(limitOf(late!, "NOT_A_REASON")).toBe(2);
});

test("a blocked line says why; a line the API gives no reason for is judged by its figures", () => {
  expect(blockedReasonOf(order.lines[1]!, "OTHER")).toBe("window_closed");
  expect(blockedReasonOf(order.lines[1]!, "DEFECTIVE")).toBeNull();
  expect(blockedReasonOf(order.lines[2]!, "DEFECTIVE")).toBe("not_delivered");
  expect(blockedReasonOf(rmaLine({ delivered: 2, returned: 2, returnable: 0, complaintable: 0, blockedReason: null }), "")).toBe("already_returned");
  expect(blockedReasonOf(rmaLine({ delivered: 0, returnable: 0, complaintable: 0, blockedReason: null }), "")).toBe("not_delivered");
});

test("at least one product, each amount from 1 to the bound, only digits, no line that allows nothing", () => {
  expect(validateSelection(texts, order, initialEntries(order), "")).toEqual({ general: "Please select at least one product", lines: {} });
  const entries = {
    1: { selected: true, quantity: "4" },
    2: { selected: true, quantity: "1" },
    4: { selected: true, quantity: "1e1" },
  };
  expect(validateSelection(texts, order, entries, "OVER_ORDER")).toEqual({
    general: null,
    lines: { 1: "The value must not be higher than 3", 2: "This product cannot be returned.", 4: "Please enter a whole number of at least 1." },
  });
  expect(validateSelection(texts, order, { 1: { selected: true, quantity: " " } }, "").lines).toEqual({ 1: "Please enter a whole number of at least 1." });
  expect(validateSelection(texts, order, { 1: { selected: true, quantity: "-1" } }, "").lines).toEqual({ 1: "Please enter a whole number of at least 1." });
  expect(validateSelection(texts, order, { 1: { selected: true, quantity: "3" } }, "")).toEqual({ general: null, lines: {} });
  // The whole order of an order with nothing to return is no selection either.
  const nothing = rmaOrder({ lines: [order.lines[2]!] });
  expect(validateSelection(texts, nothing, {}, "", true).general).toBe("Please select at least one product");
});

test("the whole order: every choosable line in full; the request names exactly the chosen lines", () => {
  expect(selectedItems(texts, order, wholeOrderEntries(order, "OVER_ORDER"), "OVER_ORDER", true)).toEqual([
    { lineNo: 1, quantity: 3 },
    { lineNo: 4, quantity: 5 },
  ]);
  expect(selectedItems(texts, order, wholeOrderEntries(order, "DEFECTIVE"), "DEFECTIVE", true)).toEqual([
    { lineNo: 1, quantity: 3 },
    { lineNo: 2, quantity: 2 },
    { lineNo: 4, quantity: 5 },
  ]);
  expect(selectedItems(texts, order, { 4: { selected: true, quantity: "2" } }, "OTHER")).toEqual([{ lineNo: 4, quantity: 2 }]);
  // Nothing valid, nothing sent.
  expect(selectedItems(texts, order, { 4: { selected: true, quantity: "9" } }, "OTHER")).toEqual([]);
});
