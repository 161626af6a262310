import { orderFormSchema, type OrderFormTexts } from "@domain/checkout-form";
import { initialValues, orderResolver, shipToOf, toOrderBody, type CheckoutFormValues } from "./order-body";

const texts = Object.fromEntries(
  [
    "required",
    "email",
    "phone",
    "zip",
    "characters",
    "vatId",
    "country",
    "countryNotDeliverable",
    "deliveryMode",
    "paymentMethod",
    "acceptTerms",
    "date",
    "desiredDateNotAllowed",
  ].map((key) => [key, `msg:${key}`]),
) as unknown as OrderFormTexts;
const schema = orderFormSchema(texts, ["de", "at"]);

const filled = (extra: Partial<CheckoutFormValues> = {}): CheckoutFormValues => {
  const values = initialValues({ mode: "standard", desiredDate: null }, "de");
  return {
    ...values,
    email: "erika@example.com",
    billingAddress: { ...values.billingAddress, firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin" },
    shippingAddress: {
      ...values.shippingAddress,
      firstname: "Max",
      lastname: "Muster",
      street: "Ringstraße 1",
      postcode: "1010",
      city: "Wien",
      countryCode: "at",
    },
    paymentMethod: "prepayment",
    acceptTerms: true,
    ...extra,
  };
};

describe("the order body of the form", () => {
  test("empty company and VAT ID, the hidden shipping address and a date without its mode stay out", () => {
    expect(toOrderBody(filled({ desiredDate: "2026-12-01" }))).toEqual({
      email: "erika@example.com",
      billingAddress: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
      deliveryMode: "standard",
      paymentMethod: "prepayment",
      acceptTerms: true,
    });
  });
  test("a different shipping address, a company with a VAT ID and a requested date go in", () => {
    const values = filled({ differentShipping: true, deliveryMode: "requested_date", desiredDate: "2026-12-01" });
    values.billingAddress.companyName = "Muster GmbH";
    values.billingAddress.vatId = "DE 123 456 789";
    const body = toOrderBody(values);
    expect(body.shippingAddress).toMatchObject({ city: "Wien", countryCode: "at" });
    expect(body.billingAddress).toMatchObject({ companyName: "Muster GmbH", vatId: "DE 123 456 789" });
    expect(body.desiredDate).toBe("2026-12-01");
  });
  test("the quote is priced for where the order goes", () => {
    expect(shipToOf(filled())).toEqual({ country: "de", postcode: "10115" });
    expect(shipToOf(filled({ differentShipping: true }))).toEqual({ country: "at", postcode: "1010" });
  });
});

describe("validation with the shop API's schema", () => {
  const resolve = (values: CheckoutFormValues) => orderResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  test("errors land at the same paths the shop API names", async () => {
    const values = filled({ email: "erika(at)example", acceptTerms: false, deliveryMode: "requested_date", desiredDate: "" });
    values.billingAddress.postcode = "1";
    values.billingAddress.firstname = "<b>Erika</b>";
    const { errors } = await resolve(values);
    expect(errors).toMatchObject({
      email: { message: "msg:email" },
      acceptTerms: { message: "msg:acceptTerms" },
      billingAddress: { postcode: { message: "msg:zip" }, firstname: { message: "msg:characters" } },
    });
  });
  test("the hidden shipping address is not checked; shown, it is", async () => {
    const values = filled();
    values.shippingAddress.postcode = "";
    expect((await resolve(values)).errors).toEqual({});
    expect((await resolve({ ...values, differentShipping: true })).errors).toMatchObject({ shippingAddress: { postcode: { message: "msg:required" } } });
  });
  test("a valid form gives the normalised body", async () => {
    const values = filled({ email: " erika@example.com " });
    values.billingAddress.countryCode = "DE";
    const { values: body, errors } = await resolve(values);
    expect(errors).toEqual({});
    expect(body).toMatchObject({ email: "erika@example.com", billingAddress: { countryCode: "de" } });
  });
  test("a country the shop does not deliver to", async () => {
    const values = filled();
    values.billingAddress.countryCode = "fr";
    expect((await resolve(values)).errors).toMatchObject({ billingAddress: { countryCode: { message: "msg:countryNotDeliverable" } } });
  });
});
