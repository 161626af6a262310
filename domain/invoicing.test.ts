import {
  customerDocumentPath,
  DOCUMENT_NUMBER,
  documentAmounts,
  documentNumber,
  documentYear,
  INVOICE_MOMENT,
  invoiceDueAt,
  isBusinessBuyer,
  isReverseCharge,
  momentOfState,
  orderItems,
  reverseChargeAmounts,
  signedDocumentPath,
} from "./invoicing";
import { PAYMENT_METHODS } from "./payment-methods";

test("the method's rule: online payments when paid, prepayment when confirmed (or shipped), invoice and cash on delivery when shipped", () => {
  expect(INVOICE_MOMENT).toEqual(
    Object.fromEntries(
      PAYMENT_METHODS.map((method) => [method, ["invoice", "cash_on_delivery"].includes(method) ? "shipped" : method === "prepayment" ? "confirmed" : "paid"]),
    ),
  );
  expect(invoiceDueAt("card", "paid")).toBe(true);
  expect(invoiceDueAt("card", "shipped")).toBe(false);
  expect(invoiceDueAt("prepayment", "paid")).toBe(false);
  expect(invoiceDueAt("prepayment", "confirmed")).toBe(true);
  expect(invoiceDueAt("prepayment", "shipped")).toBe(true);
  expect(invoiceDueAt("invoice", "confirmed")).toBe(false);
  expect(invoiceDueAt("cash_on_delivery", "shipped")).toBe(true);
  expect(invoiceDueAt("bitcoin", "paid")).toBe(false);
  expect(["placed", "confirmed", "shipped", "delivered", "cancelled"].map(momentOfState)).toEqual([null, "confirmed", "shipped", "shipped", null]);
});

test("one number format in every language: series, shop, year, six digits at least", () => {
  expect(documentNumber("invoice", "DE", 2026, 123)).toBe("RE-DE-2026-000123");
  expect(documentNumber("credit_note", "BRAND", 2027, 4)).toBe("GS-BRAND-2027-000004");
  expect(documentNumber("invoice", "CH", 2026, 1234567)).toBe("RE-CH-2026-1234567");
  for (const number of ["RE-DE-2026-000123", "GS-BRAND-2027-000004", "RE-CH-2026-1234567"]) expect(DOCUMENT_NUMBER.test(number)).toBe(true);
  for (const number of ["DE-100001", "re-DE-2026-000123", "XX-DE-2026-000123", "RE-DE-26-000123", "RE-DE-2026-123", "RE-DE-2026-000123 "])
    expect(DOCUMENT_NUMBER.test(number)).toBe(false);
});

test("the year is the shop's (Europe/Berlin): New Year's Eve 23:00 UTC is already next year", () => {
  expect(documentYear(new Date("2026-12-31T22:59:59Z"), "Europe/Berlin")).toBe(2026);
  expect(documentYear(new Date("2026-12-31T23:00:00Z"), "Europe/Berlin")).toBe(2027);
  expect(documentYear(new Date("2027-06-30T22:30:00Z"), "Europe/Berlin")).toBe(2027);
});

test("reverse charge: an EU business with a VAT ID of its own EU country, other than the seller's, delivered there, from an EU seller", () => {
  expect(isReverseCharge("de", { countryCode: "nl", vatId: "NL123456789B01" }, "nl")).toBe(true);
  expect(isReverseCharge("de", { countryCode: "GR", vatId: "EL123456789" }, "gr")).toBe(true);
  expect(isReverseCharge("de", { countryCode: "at", vatId: " ATU12345678 " }, "AT")).toBe(true);
  expect(isReverseCharge("de", { countryCode: "fr", vatId: "FR12345678901" }, "be")).toBe(true);
  expect(isReverseCharge("de", { countryCode: "fr", vatId: "FR12345678901" }, "de")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "fr", vatId: "FR12345678901" }, "ch")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "de", vatId: "DE123456789" }, "nl")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "nl", vatId: "" }, "nl")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "nl" }, "nl")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "nl", vatId: "BE0123456789" }, "nl")).toBe(false);
  expect(isReverseCharge("de", { countryCode: "ch", vatId: "CHE123456789" }, "ch")).toBe(false);
  expect(isReverseCharge("ch", { countryCode: "de", vatId: "DE123456789" }, "de")).toBe(false);
});

test("an order under the reverse charge costs each item's net as the invoice states it: lines, shipping, discount and voucher", () => {
  const order = {
    lines: [
      { total: 11900, taxRate: 19 },
      { total: 1070, taxRate: 7 },
      { total: 1001, taxRate: 19 },
    ],
    shipping: 595,
    shippingTaxRate: 19,
    discount: 259,
    voucher: 1000,
  };
  const net = reverseChargeAmounts(order);
  const { items } = orderItems(order);
  expect(net.grand).toBe(documentAmounts(items, true).gross);
  expect(net.goods - net.discount - net.voucher + net.shipping).toBe(net.grand);
  expect(net.lines.reduce((sum, line) => sum + line, 0)).toBe(net.goods);
  expect(net).toMatchObject({ lines: [10000, 1000, 841], shipping: 500 });
  expect(reverseChargeAmounts({ lines: [], shipping: 0, shippingTaxRate: 19, discount: 0, voucher: 0 })).toEqual({
    lines: [],
    goods: 0,
    discount: 0,
    voucher: 0,
    shipping: 0,
    grand: 0,
  });
});

test("business customers: a company or a VAT ID", () => {
  expect(isBusinessBuyer({ companyName: "Muster GmbH" })).toBe(true);
  expect(isBusinessBuyer({ vatId: "DE123456789" })).toBe(true);
  expect(isBusinessBuyer({ companyName: " ", vatId: "" })).toBe(false);
  expect(isBusinessBuyer({})).toBe(false);
});

describe("amounts", () => {
  test("per rate the net is the rounded gross without tax; the items' nets add up to it exactly; gross is what was charged", () => {
    // Many small items whose rounded nets would not add up on their own.
    const items = Array.from({ length: 7 }, () => ({ gross: 1001, taxRate: 19, role: "line" as const }));
    const amounts = documentAmounts([...items, { gross: 590, taxRate: 19, role: "charge" }, { gross: 333, taxRate: 19, role: "allowance" }], false);
    const gross = 7 * 1001 + 590 - 333;
    expect(amounts.gross).toBe(gross);
    expect(amounts.breakdown).toEqual([{ taxRate: 19, taxable: Math.round(gross / 1.19), tax: gross - Math.round(gross / 1.19) }]);
    expect(amounts.lineNet - amounts.allowances + amounts.charges).toBe(amounts.net);
    expect(amounts.net).toBe(amounts.breakdown[0]!.taxable);
    expect(Math.abs(amounts.breakdown[0]!.tax - Math.round((amounts.net * 19) / 100))).toBeLessThanOrEqual(1);
  });

  test("two rates: one breakdown each, highest first; shipping alone at its rate still adds up", () => {
    const amounts = documentAmounts(
      [
        { gross: 11900, taxRate: 19, role: "line" },
        { gross: 1070, taxRate: 7, role: "line" },
        { gross: 499, taxRate: 8.1, role: "charge" },
      ],
      false,
    );
    expect(amounts.breakdown).toEqual([
      { taxRate: 19, taxable: 10000, tax: 1900 },
      { taxRate: 8.1, taxable: 462, tax: 37 },
      { taxRate: 7, taxable: 1000, tax: 70 },
    ]);
    expect(amounts.charges).toBe(462);
    expect(amounts.gross).toBe(11900 + 1070 + 499);
  });

  test("the reverse charge bills the nets at 0 %", () => {
    const amounts = documentAmounts([{ gross: 11900, taxRate: 19, role: "line" }], true);
    expect(amounts).toMatchObject({ net: 10000, tax: 0, gross: 10000, reverseCharge: true, breakdown: [{ taxRate: 0, taxable: 10000, tax: 0 }] });
    expect(amounts.items.map((item) => item.taxRate)).toEqual([0]);
  });
});

test("download paths escape what they name", () => {
  expect(customerDocumentPath("DE-100001", "RE-DE-2026-000001")).toBe("/apiv2/customer/orders/DE-100001/documents/RE-DE-2026-000001");
  expect(customerDocumentPath("DE-100001", "RE-DE-2026-000001", "xrechnung")).toBe(
    "/apiv2/customer/orders/DE-100001/documents/RE-DE-2026-000001?format=xrechnung",
  );
  expect(signedDocumentPath("DE/1", "RE?x", "a&b")).toBe("/apiv2/orders/DE%2F1/documents/RE%3Fx?sig=a%26b");
});
