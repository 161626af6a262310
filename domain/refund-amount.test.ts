import { refundable, refundAmount, standardShipping } from "./refund-amount";

/** Two lines: 3 packages at 50.00 (150.00) and 1 at 50.00; goods 200.00. */
const LINES = [
  { lineTotal: 15000, quantity: 3 },
  { lineTotal: 5000, quantity: 1 },
];
const back = (...quantities: number[]) => LINES.map((line, index) => ({ ...line, back: quantities[index] ?? 0 }));
const PLAIN = { goods: 20000, discount: 0, voucher: 0 };

describe("refundAmount", () => {
  test("what was paid for the packages back: quantity back times the line's price", () => {
    expect(refundAmount(PLAIN, back(1, 0))).toBe(5000);
    expect(refundAmount(PLAIN, back(2, 1))).toBe(15000);
    expect(refundAmount(PLAIN, back(3, 1))).toBe(20000);
    expect(refundAmount(PLAIN, back(0, 0))).toBe(0);
  });

  test("the prepayment discount (2 %) is taken off pro rata", () => {
    // 2 % of 200.00 = 4.00 off the order; one package of 50.00 is a quarter of the goods: 1.00 less
    expect(refundAmount({ ...PLAIN, discount: 400 }, back(1, 0))).toBe(4900);
    expect(refundAmount({ ...PLAIN, discount: 400 }, back(3, 1))).toBe(19600);
  });

  test("a voucher's share is taken off pro rata over the order's lines, with the discount", () => {
    // 10.00 voucher + 4.00 discount on 200.00 of goods: 7 % of every package's price
    expect(refundAmount({ goods: 20000, discount: 400, voucher: 1000 }, back(0, 1))).toBe(4650);
    // every line in full: exactly what the goods cost less both
    expect(refundAmount({ goods: 20000, discount: 400, voucher: 1000 }, back(3, 1))).toBe(18600);
  });

  test("partial returns of a line that does not divide evenly round to a whole minor unit", () => {
    const odd = [{ lineTotal: 1000, quantity: 3, back: 1 }];
    expect(refundAmount({ goods: 1000, discount: 0, voucher: 0 }, odd)).toBe(333);
    expect(refundAmount({ goods: 1000, discount: 20, voucher: 0 }, odd)).toBe(326);
  });

  test("shipping is added as the caller says (a whole-order withdrawal: the standard delivery cost)", () => {
    expect(refundAmount(PLAIN, back(3, 1), 590)).toBe(20590);
    expect(refundAmount(PLAIN, back(0, 0), 590)).toBe(590);
  });

  test("hostile quantities never refund more than the line or less than nothing", () => {
    expect(refundAmount(PLAIN, back(99, 5))).toBe(20000);
    expect(refundAmount(PLAIN, back(-3, -1))).toBe(0);
    expect(refundAmount(PLAIN, back(0, 0), -500)).toBe(0);
    expect(refundAmount({ goods: 0, discount: 0, voucher: 0 }, [{ lineTotal: 0, quantity: 0, back: 1 }])).toBe(0);
  });
});

describe("standardShipping", () => {
  test("the express fee stays with the customer who chose express", () => {
    expect(standardShipping(6490, 1000)).toBe(5490);
    expect(standardShipping(590, null)).toBe(590);
    expect(standardShipping(590, undefined)).toBe(590);
    expect(standardShipping(500, 1000)).toBe(0);
  });
});

describe("refundable", () => {
  test("never more than what was paid less what went back; an over-refund leaves nothing", () => {
    expect(refundable(20000, 0)).toBe(20000);
    expect(refundable(20000, 4900)).toBe(15100);
    expect(refundable(20000, 20000)).toBe(0);
    expect(refundable(20000, 25000)).toBe(0);
  });
});
