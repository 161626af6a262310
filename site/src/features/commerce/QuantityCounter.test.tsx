import React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { clampQuantity, decrement, digitsOnly, increment, isAllowedKey, QuantityCounter } from "./QuantityCounter";

jest.mock("gatsby-plugin-react-i18next", () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

test("+1; -1 only while above 1; minimum 1", () => {
  expect(increment(1)).toBe(2);
  expect(decrement(2)).toBe(1);
  expect(decrement(1)).toBe(1);
  expect(clampQuantity(0)).toBe(1);
  expect(clampQuantity(-5)).toBe(1);
  expect(clampQuantity(Number.NaN)).toBe(1);
  expect(clampQuantity(123456)).toBe(9999);
  expect(clampQuantity(2.7)).toBe(2);
});

test("direct entry keeps digits only", () => {
  expect(digitsOnly("12a3")).toBe("123");
  expect(digitsOnly("-4")).toBe("4");
  expect(digitsOnly("007")).toBe("7");
  expect(digitsOnly("")).toBe("");
  expect(digitsOnly("123456")).toBe("1234");
});

test.each([
  ["5", {}, true],
  ["Backspace", {}, true],
  ["Delete", {}, true],
  ["Tab", {}, true],
  ["Escape", {}, true],
  ["Enter", {}, true],
  [",", {}, true],
  [".", {}, true],
  ["ArrowLeft", {}, true],
  ["ArrowRight", {}, true],
  ["a", { ctrlKey: true }, true],
  ["c", { metaKey: true }, true],
  ["x", { ctrlKey: true }, true],
  ["a", {}, false],
  ["e", {}, false],
  ["-", {}, false],
  ["+", {}, false],
  [" ", {}, false],
  ["v", { ctrlKey: true }, false],
])("key %s %o allowed: %s", (key, modifiers, allowed) => {
  expect(isAllowedKey({ key, ...modifiers })).toBe(allowed);
});

test("the minus button is disabled at 1", () => {
  const html = renderToStaticMarkup(<QuantityCounter value={1} onChange={() => undefined} />);
  expect(html).toMatch(/aria-label="quantity.decrease" disabled=""/);
  expect(html).toContain('value="1"');
  const two = renderToStaticMarkup(<QuantityCounter value={2} onChange={() => undefined} />);
  expect(two).not.toMatch(/aria-label="quantity.decrease" disabled=""/);
});

test("narrower bounds of a cart line: the minimum order quantity in packages and the stock left", () => {
  expect(increment(3, 2, 3)).toBe(3);
  expect(decrement(2, 2, 3)).toBe(2);
  expect(decrement(3, 2, 3)).toBe(2);
  // a line above the stock left comes down to it
  expect(decrement(5, 1, 3)).toBe(3);
  expect(clampQuantity(1, 2, 40)).toBe(2);
  expect(clampQuantity(Number.NaN, 2, 40)).toBe(2);
  expect(clampQuantity(99, 2, 40)).toBe(40);
  const atMinimum = renderToStaticMarkup(<QuantityCounter value={2} min={2} max={3} onChange={() => undefined} />);
  expect(atMinimum).toMatch(/aria-label="quantity.decrease" disabled=""/);
  expect(atMinimum).not.toMatch(/aria-label="quantity.increase" disabled=""/);
  const atStock = renderToStaticMarkup(<QuantityCounter value={3} min={2} max={3} onChange={() => undefined} />);
  expect(atStock).not.toMatch(/aria-label="quantity.decrease" disabled=""/);
  expect(atStock).toMatch(/aria-label="quantity.increase" disabled=""/);
});
