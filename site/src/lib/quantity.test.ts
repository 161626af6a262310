import { amountForPackages, calculateQuantity } from "./quantity";

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

  test("nothing entered means nothing to order", () => {
    for (const amount of [0, -3, Number.NaN]) {
      expect(calculateQuantity({ ...base, amount })).toMatchObject({ packages: 0, totalMinor: 0, finalAmount: 0 });
    }
  });

  test("package count back to an amount", () => {
    expect(amountForPackages(3, 2.2)).toBe(6.6);
    expect(amountForPackages(-1, 2.2)).toBe(0);
  });
});
