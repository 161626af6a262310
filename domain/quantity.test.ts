import { isQuantity, MAX_QUANTITY, quantityFromText } from "./quantity";

test.each(["1", "16", "0016", "9999"])("%s is a quantity", (text) => {
  expect(quantityFromText(text)).toBe(Number(text));
});

test.each(["1e3", " 5", "5 ", "+5", "-0", "-5", "0x10", "0b1", "0o7", "\u0663", "\uff15", "5.0", "1,5", "Infinity", "NaN", "0", "0000", "", "10000", "5\n"])(
  "%j is not a quantity",
  (text) => {
    expect(quantityFromText(text)).toBeNull();
  },
);

test("a JSON quantity is an integer from 1 to the maximum", () => {
  expect([1, 16, MAX_QUANTITY].every(isQuantity)).toBe(true);
  expect([0, -0, -1, 1.5, MAX_QUANTITY + 1, Number.NaN, Number.POSITIVE_INFINITY].some(isQuantity)).toBe(false);
});
