import { PREPAYMENT_DISCOUNT_PERCENT, prepaymentDiscount } from "./prepayment";

describe("prepayment discount", () => {
  test("is 2 percent of the goods value, rounded to a whole minor unit", () => {
    expect(PREPAYMENT_DISCOUNT_PERCENT).toBe(2);
    expect(prepaymentDiscount(12_345)).toBe(247);
    expect(prepaymentDiscount(9_000)).toBe(180);
    expect(prepaymentDiscount(24)).toBe(0);
    expect(prepaymentDiscount(25)).toBe(1);
    expect(prepaymentDiscount(0)).toBe(0);
  });
});
