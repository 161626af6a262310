import { parseDecimalText } from "./decimal-text";
import { formatQuantity } from "./money";

describe("a decimal number typed by a shopper", () => {
  test("empty is none; a comma or a point is the decimal separator; group separators are ignored", () => {
    expect(parseDecimalText("")).toBeNull();
    expect(parseDecimalText("  ")).toBeNull();
    expect(parseDecimalText("25")).toBe(25);
    expect(parseDecimalText("25,5")).toBe(25.5);
    expect(parseDecimalText("25.5")).toBe(25.5);
    expect(parseDecimalText("1.234,5")).toBe(1234.5);
    expect(parseDecimalText("1,234.5")).toBe(1234.5);
    expect(parseDecimalText("1 234,5")).toBe(1234.5);
    expect(parseDecimalText("1’234.5")).toBe(1234.5);
  });

  test("reads back what the page wrote in every shop format", () => {
    for (const [currency, language] of [
      ["EUR", "de"],
      ["EUR", "at"],
      ["EUR", "fr"],
      ["EUR", "it"],
      ["EUR", "nl"],
      ["EUR", "en"],
      ["CHF", "de"],
      ["CHF", "fr"],
      ["CHF", "it"],
    ])
      for (const value of [2.98, 25, 1234.5, 21997.8])
        expect([currency, language, parseDecimalText(formatQuantity(value, language!))]).toEqual([currency, language, value]);
  });

  test("anything else is NaN: signs, exponents, radix prefixes, units, a second separator, Infinity, other scripts' digits", () => {
    for (const text of ["abc", "-3", "+3", "1e9", "1e3", "12,5,1", "0x10", "Infinity", "NaN", "12 m²", "٣", "2,,5", ",", "."])
      expect([text, parseDecimalText(text)]).toEqual([text, Number.NaN]);
  });
});
