import { priceDisplay } from "./price";

const price = (current: number, reference: number, savings: number) => ({
  packagePrice: current,
  referencePrice: reference,
  savingsPercentage: savings,
});

describe("price display", () => {
  test("a reference above the current price is struck through with the percent", () => {
    expect(priceDisplay(price(800, 1000, 20))).toEqual({ reduced: true, percent: 20 });
  });
  test("an equal or lower reference (no reduction, or a raise) shows nothing struck through", () => {
    expect(priceDisplay(price(1000, 1000, 0))).toEqual({ reduced: false, percent: 0 });
    expect(priceDisplay(price(2500, 2000, 0))).toEqual({ reduced: false, percent: 0 });
  });
  test("no price", () => {
    expect(priceDisplay(null)).toEqual({ reduced: false, percent: 0 });
  });
});
