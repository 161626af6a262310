import {
  inStorefrontOrder,
  instantTransferSchemes,
  offeredPaymentMethods,
  offersPaymentMethod,
  PAYMENT_MARKS,
  PAYMENT_METHOD_ORDER,
  PAYMENT_METHODS,
  paymentMarks,
  type PaymentSettings,
} from "./payment-methods";

type Provider = { provider: string; methods: readonly string[] };
const OFFLINE_ONLY: PaymentSettings<Provider> = { paymentMethods: ["prepayment", "invoice", "cash_on_delivery"], paymentProviders: [] };
const codes = (shop: PaymentSettings<Provider>, usable?: (provider: Provider) => boolean) => offeredPaymentMethods(shop, usable).map((method) => method.code);

test("offline methods as the shop lists them, in its order", () => {
  expect(offeredPaymentMethods(OFFLINE_ONLY)).toEqual([
    { code: "prepayment", kind: "offline" },
    { code: "invoice", kind: "offline" },
    { code: "cash_on_delivery", kind: "offline" },
  ]);
  expect(codes({ paymentMethods: ["invoice", "prepayment"], paymentProviders: [] })).toEqual(["invoice", "prepayment"]);
});

test("an online method the shop lists is offered only when a provider takes it", () => {
  const listed: PaymentSettings<Provider> = { paymentMethods: ["paypal", "prepayment", "card", "klarna"], paymentProviders: [] };
  expect(codes(listed)).toEqual(["prepayment"]);
  const withProvider = { ...listed, paymentProviders: [{ provider: "mollie", methods: ["paypal", "card"] }] };
  expect(offeredPaymentMethods(withProvider)).toEqual([
    { code: "paypal", kind: "online" },
    { code: "prepayment", kind: "offline" },
    { code: "card", kind: "online" },
  ]);
  expect(offersPaymentMethod(withProvider, "klarna")).toBe(false);
});

test("a provider's method the shop does not list, or an unknown method, is not offered", () => {
  const shop = { paymentMethods: ["prepayment"] as const, paymentProviders: [{ provider: "mollie", methods: ["paypal"] }] };
  expect(codes(shop)).toEqual(["prepayment"]);
  expect(offersPaymentMethod(shop, "paypal")).toBe(false);
  expect(offersPaymentMethod(shop, "bitcoin")).toBe(false);
  expect(offersPaymentMethod(shop, "")).toBe(false);
});

test("with a usability check, the first provider taking a method decides", () => {
  const shop: PaymentSettings<Provider> = {
    paymentMethods: ["prepayment", "paypal", "card"],
    paymentProviders: [
      { provider: "broken", methods: ["paypal"] },
      { provider: "working", methods: ["paypal", "card"] },
    ],
  };
  const usable = (provider: Provider) => provider.provider === "working";
  expect(codes(shop, usable)).toEqual(["prepayment", "card"]);
  expect(codes(shop, () => false)).toEqual(["prepayment"]);
  // offline methods need no provider, usable or not
  expect(codes(OFFLINE_ONLY, () => false)).toEqual(["prepayment", "invoice", "cash_on_delivery"]);
});

test("the storefront's order of payment methods: PayPal, card, Klarna, SEPA, instant transfer, Amazon Pay, prepayment, invoice, instalment purchase, cash on delivery, TWINT", () => {
  expect([...PAYMENT_METHOD_ORDER].sort()).toEqual([...PAYMENT_METHODS].sort());
  expect(inStorefrontOrder(["invoice", "instalment", "cash_on_delivery"])).toBe(true);
  expect(inStorefrontOrder(["instalment", "invoice"])).toBe(false);
  expect(inStorefrontOrder(["paypal", "card", "prepayment", "cash_on_delivery", "twint"])).toBe(true);
  expect(inStorefrontOrder(["prepayment", "paypal"])).toBe(false);
  expect(inStorefrontOrder(["twint", "invoice"])).toBe(false);
  expect(inStorefrontOrder([])).toBe(true);
});

test("the marks of each method: card is Visa and Mastercard, instant transfer the delivery countries' schemes, instalment purchase Klarna's", () => {
  expect(paymentMarks("card", ["de"])).toEqual(["visa", "mastercard"]);
  expect(paymentMarks("instalment", ["de"])).toEqual(["klarna"]);
  expect(paymentMarks("instant_transfer", ["nl"])).toEqual(["ideal"]);
  expect(paymentMarks("instant_transfer", ["at"])).toEqual(["eps"]);
  expect(paymentMarks("instant_transfer", ["de", "be", "nl", "at", "be"])).toEqual(["bancontact", "ideal", "eps"]);
  expect(paymentMarks("instant_transfer", ["de", "ch"])).toEqual([]);
  expect(paymentMarks("cash_on_delivery", [])).toEqual(["cash_on_delivery"]);
  // every method's marks are marks the storefront draws
  for (const method of PAYMENT_METHODS) for (const mark of paymentMarks(method, ["nl", "at", "be"])) expect(PAYMENT_MARKS).toContain(mark);
  // a hostile country code is no scheme
  expect(instantTransferSchemes(["__proto__", "constructor", "toString"])).toEqual([]);
});
