import { MAX_QUANTITY } from "@domain/quantity";
import { amountFromText, calculateQuantity, MAX_BLEND_PERCENT } from "./quantity";

const base = { packageContent: 2.2, blendPercent: 10, useBlend: true, minimumOrderQuantity: 0, packagePriceMinor: 5990 };

describe("quantity calculator", () => {
  test("adds the waste allowance and rounds up to whole packages", () => {
    const result = calculateQuantity({ ...base, amount: 20 });
    expect(result.blendAmount).toBe(2);
    expect(result.requiredAmount).toBe(22);
    expect(result.packages).toBe(10);
    expect(result.finalAmount).toBe(22);
    expect(result.totalMinor).toBe(59900);
  });

  test("without the allowance only the entered amount counts", () => {
    const result = calculateQuantity({ ...base, amount: 20, useBlend: false });
    expect(result.blendAmount).toBe(0);
    expect(result.packages).toBe(10); // 20 / 2.2 = 9.09 -> 10
    expect(calculateQuantity({ ...base, amount: 19.8, useBlend: false }).packages).toBe(9);
  });

  test("float noise does not add a package", () => {
    // 0.1 * 3 = 0.30000000000000004
    expect(calculateQuantity({ ...base, packageContent: 0.1, amount: 0.3, useBlend: false }).packages).toBe(3);
    expect(calculateQuantity({ ...base, packageContent: 1.29, amount: 3.87, useBlend: false }).packages).toBe(3);
  });

  test("the minimum order quantity raises the package count", () => {
    const result = calculateQuantity({ ...base, amount: 1, minimumOrderQuantity: 10 });
    expect(result.packages).toBe(5); // 10 / 2.2 -> 5 packages
    expect(result.raisedToMinimum).toBe(true);
  });

  test("nothing entered means nothing to order, and no problem to show", () => {
    expect(calculateQuantity({ ...base, amount: null })).toMatchObject({ packages: 0, totalMinor: 0, finalAmount: 0, problem: null });
  });

  test("0 and negative amounts give no packages and say the amount must be more than 0", () => {
    for (const amount of [0, -0, -3, -1e9])
      expect([amount, calculateQuantity({ ...base, amount })]).toMatchObject([amount, { packages: 0, totalMinor: 0, finalAmount: 0, problem: "notPositive" }]);
  });

  test("what is not a number gives no packages, never NaN", () => {
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const result = calculateQuantity({ ...base, amount });
      expect(result).toMatchObject({ packages: 0, totalMinor: 0, finalAmount: 0, blendAmount: 0, problem: "notANumber" });
      expect(Object.values(result).every((value) => typeof value !== "number" || Number.isFinite(value))).toBe(true);
    }
  });

  test("a tiny amount is one package", () => {
    expect(calculateQuantity({ ...base, amount: 0.0001 })).toMatchObject({ packages: 1, finalAmount: 2.2, problem: null });
  });

  test("at most what one cart line holds: above it no packages and the largest amount the calculator takes", () => {
    const huge = calculateQuantity({ ...base, amount: 1e9 });
    expect(huge).toMatchObject({ packages: 0, totalMinor: 0, problem: "tooLarge" });
    // 9999 packages of 2.2 m² = 21,997.8 m², with 10 % allowance at most 19,998 m² entered.
    expect(huge.maximumAmount).toBe(19998);
    expect(calculateQuantity({ ...base, amount: huge.maximumAmount })).toMatchObject({ packages: MAX_QUANTITY, problem: null });
    expect(calculateQuantity({ ...base, amount: huge.maximumAmount + 0.01 }).problem).toBe("tooLarge");
    expect(calculateQuantity({ ...base, amount: 21997.8, useBlend: false })).toMatchObject({ packages: MAX_QUANTITY, problem: null });
    expect(calculateQuantity({ ...base, amount: Number.MAX_VALUE }).problem).toBe("tooLarge");
  });

  test("a waste allowance that is negative, not a number or over 100 % counts as none", () => {
    for (const blendPercent of [-10, Number.NaN, Number.POSITIVE_INFINITY, MAX_BLEND_PERCENT + 1, 1e9]) {
      const result = calculateQuantity({ ...base, amount: 20, blendPercent });
      expect([blendPercent, result]).toMatchObject([blendPercent, { blendAmount: 0, requiredAmount: 20, packages: 10, problem: null }]);
    }
    expect(calculateQuantity({ ...base, amount: 20, blendPercent: MAX_BLEND_PERCENT })).toMatchObject({ blendAmount: 20, packages: 19 });
  });

  test("a product without a positive pack content is not calculated (no package of an invented size)", () => {
    for (const packageContent of [0, -2.2, Number.NaN])
      expect(calculateQuantity({ ...base, amount: 20, packageContent })).toMatchObject({ packages: 0, problem: "noPackageContent" });
  });

  test("packs x content is what the cart line holds: the pack content of the product that goes into the cart", () => {
    // 25 m² + 10 % of a variant with 2.98 m² a pack: 10 packs = 29.8 m² (with the family's 2.2 m² it would be 13).
    expect(calculateQuantity({ ...base, packageContent: 2.98, amount: 25 })).toMatchObject({ packages: 10, finalAmount: 29.8 });
  });
});

describe("the amount as typed", () => {
  test("a decimal number with either separator; empty is none", () => {
    expect(amountFromText("25")).toBe(25);
    expect(amountFromText(" 25,5 ")).toBe(25.5);
    expect(amountFromText("1’234.5")).toBe(1234.5);
    expect(amountFromText("")).toBeNull();
  });

  test("a leading minus is a negative amount (refused as not above 0); anything else not a number", () => {
    expect(amountFromText("-5")).toBe(-5);
    expect(amountFromText("\u22125,5")).toBe(-5.5);
    expect(calculateQuantity({ ...base, amount: amountFromText("-5") }).problem).toBe("notPositive");
    for (const text of ["-", "--5", "5-", "abc", "1e9", "Infinity", "0x10"])
      expect([text, calculateQuantity({ ...base, amount: amountFromText(text) }).problem]).toEqual([text, "notANumber"]);
  });
});
