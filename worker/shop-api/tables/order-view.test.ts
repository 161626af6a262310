import { money } from "@domain/money";
import { taxLabel, unitLabel } from "@worker/lib/labels";
import { orderView } from "./order-view";
import type { OrderLineRow, OrderRow } from "./orders";

const BANK = { holder: "Bodenhaus GmbH", bank: "Testbank", iban: "DE02120300000000202051", bic: "BYLADEM1001" };
const ADDRESS = { firstname: "Anna", lastname: "Berger", street: "Oranienstr. 1", postcode: "10969", city: "Berlin", countryCode: "de" };

function order(extra: Partial<OrderRow> = {}): OrderRow {
  return {
    id: "o1",
    order_number: "DE-100001",
    shop_id: "DE",
    language: "de",
    visitor_id: "v1",
    email: "anna@kunden.example",
    billing_address: JSON.stringify(ADDRESS),
    shipping_address: JSON.stringify(ADDRESS),
    delivery_mode: "standard",
    desired_date: null,
    payment_method: "prepayment",
    currency: "EUR",
    goods_total: 123456,
    discount_total: 2469,
    shipping_total: 0,
    tax_total: 19317,
    grand_total: 120987,
    delivery_summary: JSON.stringify({ date: "2026-12-01", latestDate: "2026-12-03" }),
    state: "placed",
    placed_at: "2026-11-28T10:00:00.000Z",
    confirmed_at: null,
    shipped_at: null,
    delivered_at: null,
    cancelled_at: null,
    created_at: "2026-11-28T10:00:00.000Z",
    version: 0,
    change_claim: null,
    ...extra,
  };
}

const line: OrderLineRow = {
  order_id: "o1",
  line_no: 1,
  sku: "OAK-1",
  kind: "product",
  name: "Eiche Landhausdiele",
  options: JSON.stringify({ surface: "oiled" }),
  quantity: 3,
  unit: "SQM",
  package_content: 2.2,
  package_price: 41152,
  line_total: 123456,
  tax_rate: 19,
  shipped_qty: 0,
  delivered_qty: 0,
  shipped_at: null,
  delivered_at: null,
  cancelled_at: null,
};

describe("the one order view", () => {
  it("shows the order's snapshot in its own currency and language", () => {
    const view = orderView(order(), [line], { taxRate: 19, bankAccount: BANK });
    expect(view.orderNumber).toBe("DE-100001");
    expect(view.billingAddress).toEqual(ADDRESS);
    expect(view.delivery).toEqual({ date: "2026-12-01", latestDate: "2026-12-03" });
    expect(view.totals.grandTotal).toEqual(money(120987, "EUR", "de"));
    expect(view.totals.tax).toEqual({ isIncluded: true, amount: money(19317, "EUR", "de"), label: taxLabel(19, "de") });
    expect(view.totals.voucher).toBeNull();
    expect(view.lines[0]).toMatchObject({ line: 1, options: { surface: "oiled" }, unit: { code: "SQM", label: unitLabel("SQM", "de") } });
    expect(view.paymentState).toBeNull();
  });

  it("words money and labels in the reader's language when asked (the account's page language)", () => {
    const view = orderView(order(), [line], { taxRate: 19, bankAccount: null, language: "en" });
    expect(view.totals.grandTotal.formattedWithCurrency).toBe(money(120987, "EUR", "en").formattedWithCurrency);
    expect(view.totals.grandTotal.formattedWithCurrency).not.toBe(money(120987, "EUR", "de").formattedWithCurrency);
    expect(view.totals.tax.label).toBe(taxLabel(19, "en"));
    expect(view.lines[0]!.unit.label).toBe(unitLabel("SQM", "en"));
  });

  it("gives payment instructions only for a prepayment to a known account, with the order number as reference", () => {
    expect(orderView(order(), [line], { taxRate: 19, bankAccount: BANK }).paymentInstructions).toEqual({
      bankAccount: BANK,
      reference: "DE-100001",
      amount: money(120987, "EUR", "de"),
    });
    expect(orderView(order(), [line], { taxRate: 19, bankAccount: null }).paymentInstructions).toBeNull();
    expect(orderView(order({ payment_method: "invoice" }), [line], { taxRate: 19, bankAccount: BANK }).paymentInstructions).toBeNull();
  });

  it("shows a redeemed voucher with the part used and an online payment's state", () => {
    const view = orderView({ ...order({ voucher_code: "WELCOME10", voucher_total: 1000 }), payment_state: "paid" }, [line], { taxRate: 19, bankAccount: null });
    expect(view.totals.voucher).toEqual({ code: "WELCOME10", amount: money(1000, "EUR", "de") });
    expect(view.paymentState).toBe("paid");
  });

  it("shows no address, delivery or options where the stored JSON is broken or hostile, instead of failing", () => {
    const view = orderView(order({ billing_address: "{not json", shipping_address: "", delivery_summary: "<script>" }), [{ ...line, options: "[{" }], {
      taxRate: 19,
      bankAccount: null,
    });
    expect(view.billingAddress).toBeNull();
    expect(view.shippingAddress).toBeNull();
    expect(view.delivery).toBeNull();
    expect(view.lines[0]!.options).toEqual({});
  });
});
