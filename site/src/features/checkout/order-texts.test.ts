import type { TFunction } from "i18next";
import { errorText, linkPieces, orderFormTexts, sortErrors } from "./order-texts";

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

describe("the API's refusals in the page's words, by code", () => {
  test.each([
    [{ message: "Please enter a valid postcode.", code: "invalid", field: "billingAddress.postcode" }, "checkout.errors.postcode"],
    [{ message: "Please enter a valid e-mail address.", code: "invalid", field: "email" }, "checkout.errors.email"],
    [{ message: "x", code: "invalid", field: "billingAddress.city" }, "checkout.errors.invalid"],
    [{ message: "This field is required", code: "required", field: "billingAddress.lastname" }, "checkout.errors.required"],
    [{ message: "x", code: "invalid_vat_id", field: "billingAddress.vatId" }, "checkout.errors.invalid_vat_id"],
    [{ message: "x", code: "payment_method_unavailable", field: "paymentMethod" }, "checkout.errors.payment_method_unavailable"],
    [
      { message: "x", code: "quantity_unavailable", field: "lines.0", params: { sku: "A", available: 2 } },
      'checkout.errors.quantity_unavailable {"sku":"A","available":2}',
    ],
    [{ message: "x", code: "express_unavailable", field: "deliveryMode", params: { reason: "island" } }, "checkout.reasons.island"],
    [{ message: "Something went wrong. Try again.", code: "general" }, "checkout.errors.general"],
    [{ message: "x", code: "some_new_code", field: "email" }, "checkout.errors.general"],
    [{ message: "x" }, "checkout.errors.general"],
  ])("%j -> %s", (error, expected) => {
    expect(errorText(t, error, "de")).toBe(expected);
  });

  test("dates in the parameters are written in the page's language, never the API's English message", () => {
    const error = {
      message: "The earliest possible delivery date is 2026-11-20.",
      code: "desired_date_too_early",
      field: "desiredDate",
      params: { earliest: "2026-11-20" },
    };
    expect(errorText(t, error, "de")).toBe('checkout.errors.desired_date_too_early {"earliest":"20.11.2026"}');
    expect(errorText(t, error, "fr")).toBe('checkout.errors.desired_date_too_early {"earliest":"20/11/2026"}');
    expect(errorText(t, { ...error, params: { earliest: "not a date" } }, "de")).toBe('checkout.errors.desired_date_too_early {"earliest":"not a date"}');
  });
});

describe("sorting a refusal by where it shows", () => {
  test("field errors at their field, line errors at their line, the rest above the form; the envelope's summary dropped", () => {
    const sorted = sortErrors(
      t,
      [
        { message: "The given data was invalid.", code: "invalid" },
        { message: "x", code: "invalid", field: "billingAddress.postcode" },
        { message: "x", code: "required", field: "shippingAddress.city" },
        { message: "x", code: "minimum_order_quantity", field: "lines.2", params: { value: "4,4", unit: "m²" } },
        { message: "x", code: "cart_changed", field: "cart" },
      ],
      "de",
      true,
    );
    expect(sorted.fields).toEqual([
      ["billingAddress.postcode", "checkout.errors.postcode"],
      ["shippingAddress.city", "checkout.errors.required"],
    ]);
    expect([...sorted.lines]).toEqual([[2, 'checkout.errors.minimum_order_quantity {"value":"4,4","unit":"m²"}']]);
    expect(sorted.general).toEqual(["checkout.errors.cart_changed"]);
  });

  test("without a separate shipping address, the shipping country's refusal shows at the billing country", () => {
    const errors = [
      { message: "The given data was invalid.", code: "invalid" },
      { message: "Delivery to this country is not possible.", code: "country_not_deliverable", field: "shippingAddress.countryCode" },
    ];
    expect(sortErrors(t, errors, "de", false).fields).toEqual([["billingAddress.countryCode", "checkout.errors.country_not_deliverable"]]);
    expect(sortErrors(t, errors, "de", true).fields).toEqual([["shippingAddress.countryCode", "checkout.errors.country_not_deliverable"]]);
  });

  test("a single error is kept; no error at all is the general text; a field the form does not have goes above it", () => {
    expect(sortErrors(t, [{ message: "x", code: "cart_empty", field: "cart" }], "de", false).general).toEqual(["checkout.errors.cart_empty"]);
    expect(sortErrors(t, [], "de", false).general).toEqual(["checkout.errors.general"]);
    expect(sortErrors(t, [{ message: "x", code: "invalid", field: "__proto__.admin" }], "de", false)).toMatchObject({
      fields: [],
      general: ["checkout.errors.invalid"],
    });
  });
});

test("the order form's messages come from the locales", () => {
  const texts = orderFormTexts(t);
  expect(texts.vatId).toBe("checkout.errors.invalid_vat_id");
  expect(texts.countryNotDeliverable).toBe("checkout.errors.country_not_deliverable");
  expect(texts.acceptTerms).toBe("checkout.errors.terms_not_accepted");
});

describe("links inside a text", () => {
  test("tagged parts become links to the given pages, plain text where the page is missing", () => {
    expect(
      linkPieces("I accept the <terms>terms</terms> and the <withdrawal>withdrawal policy</withdrawal>.", { terms: null, withdrawal: "/widerrufsrecht.html" }),
    ).toEqual([
      { text: "I accept the " },
      { text: "terms", tag: "terms", href: null },
      { text: " and the " },
      { text: "withdrawal policy", tag: "withdrawal", href: "/widerrufsrecht.html" },
      { text: "." },
    ]);
    expect(linkPieces("No links.", {})).toEqual([{ text: "No links." }]);
  });
});
