/**
 * The checkout page's side of the order contract against the real shop API on a real local
 * D1: the body the page makes from its form (order-body.ts, validated with the shared
 * schema in the visitor's language) is what POST /apiv2/checkout/order takes, and every
 * refusal the API answers lands at a field the form has, or at a summary line, or above
 * the form, worded by its code (never the API's English message).
 */
import type { TFunction } from "i18next";
import { addressesWithoutHouseNumber, orderFormSchema } from "@domain/checkout-form";
import type { ApiErrorItem } from "@site/api/client";
import { sortErrors, orderFormTexts } from "@site/features/checkout/order-texts";
import { initialValues, orderResolver, type CheckoutFormValues } from "@site/features/checkout/order-body";
import { createHarness, giveAccount, type Harness } from "../kit/commerce";

const t = ((key: string, params?: Record<string, unknown>) =>
  params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;
const DE_COUNTRIES = ["de", "at", "nl", "ch"];
const schema = orderFormSchema(orderFormTexts(t), DE_COUNTRIES);
const resolve = (values: CheckoutFormValues) => orderResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.dispose());

async function cartWith(sku: string, quantity: number): Promise<string> {
  const added = await h.call("POST", "/apiv2/cart/", { body: { sku, quantity } });
  expect(added.status).toBe(200);
  return added.token!;
}

function form(extra: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  const values = initialValues({ mode: "standard", desiredDate: null }, "de");
  return {
    ...values,
    email: " Erika@Example.com ",
    billingAddress: {
      ...values.billingAddress,
      firstname: "Zoe\u0308",
      lastname: "Muster",
      companyName: "Muster GmbH",
      vatId: "de 123 456 789",
      street: "Hauptstraße 5",
      postcode: "10115",
      city: "Berlin",
    },
    paymentMethod: "prepayment",
    acceptTerms: true,
    ...extra,
  };
}

async function place(values: CheckoutFormValues, token: string | undefined, extra: Record<string, unknown> = {}) {
  const { values: body, errors } = await resolve(values);
  expect(errors).toEqual({});
  return h.call("POST", "/apiv2/checkout/order", { body: { ...body, ...extra }, token });
}

const FORM_FIELDS = new Set([
  "email",
  "deliveryMode",
  "desiredDate",
  "paymentMethod",
  "acceptTerms",
  ...["billingAddress", "shippingAddress"].flatMap((address) =>
    ["firstname", "lastname", "companyName", "vatId", "street", "postcode", "city", "countryCode"].map((field) => `${address}.${field}`),
  ),
]);

test("the body the page makes is the order the shop API places, normalised alike", async () => {
  const token = await cartWith("FLOOR-1", 2);
  const { status, body } = await place(form(), token);
  expect(body.errors).toEqual([]);
  expect(status).toBe(200);
  expect(body.data).toMatchObject({
    email: "Erika@Example.com",
    billingAddress: { firstname: "Zoë", companyName: "Muster GmbH", vatId: "DE123456789", countryCode: "de" },
    shippingAddress: { city: "Berlin" },
    paymentMethod: "prepayment",
  });
});

test("a street without a house number: the page asks, the shop API takes it", async () => {
  const values = form();
  values.billingAddress.street = "Am Markt";
  const { values: body } = await resolve(values);
  expect(addressesWithoutHouseNumber(body as never)).toEqual(["billingAddress"]);
  expect((await place(values, await cartWith("FLOOR-1", 1))).status).toBe(200);
});

test("a different shipping address and a requested date go through", async () => {
  const values = form({ differentShipping: true, deliveryMode: "requested_date", desiredDate: "2026-12-01" });
  values.shippingAddress = {
    ...values.billingAddress,
    companyName: "",
    vatId: "",
    street: "Kerkstraat 1",
    postcode: "1011 AB",
    city: "Amsterdam",
    countryCode: "nl",
  };
  const { status, body } = await place(values, await cartWith("FLOOR-1", 1));
  expect(status).toBe(200);
  expect(body.data).toMatchObject({ deliveryMode: "requested_date", desiredDate: "2026-12-01", shippingAddress: { countryCode: "nl" } });
});

describe("the API's refusals land where the page shows them, in its words", () => {
  async function refusal(values: CheckoutFormValues, token: string, extra: Record<string, unknown> = {}) {
    const { status, body } = await place(values, token, extra);
    expect(status).toBeGreaterThanOrEqual(400);
    const sorted = sortErrors(t, body.errors as ApiErrorItem[], "de", values.differentShipping);
    for (const [field] of sorted.fields) expect(FORM_FIELDS.has(field)).toBe(true);
    for (const text of [...sorted.fields.map(([, text]) => text), ...sorted.lines.values(), ...sorted.general]) expect(text).toMatch(/^checkout\./);
    return sorted;
  }

  test("express for an item that cannot go express: at the delivery mode, with the reason", async () => {
    const sorted = await refusal(form({ deliveryMode: "express" }), await cartWith("NOEXP-1", 1));
    expect(sorted.fields).toEqual([["deliveryMode", "checkout.reasons.items"]]);
  });

  test("express abroad without a separate shipping address: at the delivery mode; a country the shop does not deliver to never leaves the page", async () => {
    const values = form({ deliveryMode: "express" });
    // A VAT ID must fit the billing country: the German one goes with the German address.
    values.billingAddress = { ...values.billingAddress, vatId: "", countryCode: "nl", postcode: "1011 AB" };
    expect((await refusal(values, await cartWith("FLOOR-1", 1))).fields).toEqual([["deliveryMode", "checkout.reasons.country"]]);
    const abroad = form();
    abroad.billingAddress.countryCode = "us";
    expect((await resolve(abroad)).errors).toMatchObject({ billingAddress: { countryCode: { message: "checkout.errors.country_not_deliverable" } } });
  });

  test("a requested date before the earliest delivery: at the date, the earliest written in the page's way", async () => {
    const sorted = await refusal(form({ deliveryMode: "requested_date", desiredDate: "2026-11-19" }), await cartWith("FLOOR-1", 1));
    expect(sorted.fields).toEqual([["desiredDate", 'checkout.errors.desired_date_too_early {"earliest":"20.11.2026"}']]);
  });

  test("storage on call: without an account, below the order value", async () => {
    expect((await refusal(form({ deliveryMode: "on_call_storage" }), await cartWith("FLOOR-1", 1))).fields).toEqual([
      ["deliveryMode", "checkout.errors.storage_account_required"],
    ]);
    const token = await cartWith("FLOOR-1", 1);
    await giveAccount(h.db, token);
    const [[field, text]] = (await refusal(form({ deliveryMode: "on_call_storage" }), token)).fields as [[string, string]];
    expect(field).toBe("deliveryMode");
    expect(text).toBe('checkout.errors.storage_minimum_order_value {"value":"1.200,00\u00a0€"}');
  });

  test("an online method without a provider: at the payment method", async () => {
    expect((await refusal(form({ paymentMethod: "paypal" }), await cartWith("FLOOR-1", 1))).fields).toEqual([
      ["paymentMethod", "checkout.errors.payment_method_unavailable"],
    ]);
  });

  test("a line below its minimum order quantity: at the line", async () => {
    const token = await cartWith("FREIGHT-1", 2);
    await h.db.prepare("UPDATE products SET min_order_qty = 6.6 WHERE sku = 'FREIGHT-1'").run();
    try {
      const sorted = await refusal(form(), token);
      expect([...sorted.lines]).toEqual([[0, 'checkout.errors.minimum_order_quantity {"sku":"FREIGHT-1","value":"6,6","unit":"m²"}']]);
    } finally {
      await h.db.prepare("UPDATE products SET min_order_qty = 4.4 WHERE sku = 'FREIGHT-1'").run();
    }
  });

  test("a total that changed: above the form, with the new values for the page to show", async () => {
    const token = await cartWith("FLOOR-1", 1);
    const { status, body } = await place(form(), token, { expectedTotal: 1 });
    expect(status).toBe(409);
    expect(body.errors[0]).toMatchObject({ code: "price_changed", field: "expectedTotal", params: { expectedTotal: 1, grandTotal: expect.any(Number) } });
    // the page shows these values formatted (checkout.priceChanged) and refreshes the summary
    expect(sortErrors(t, body.errors as ApiErrorItem[], "de", false)).toMatchObject({
      fields: [],
      general: [expect.stringMatching(/^checkout\.errors\.price_changed /)],
    });
  });

  test("no cart at all: above the form", async () => {
    const { body } = await place(form(), undefined);
    expect(sortErrors(t, body.errors as ApiErrorItem[], "de", false).general).toEqual(["checkout.errors.cart_empty"]);
  });
});
