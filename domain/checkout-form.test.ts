import type { ZodIssue } from "zod";
import { addressesWithoutHouseNumber, orderFormSchema, type OrderFormTexts } from "./checkout-form";

const texts: OrderFormTexts = {
  required: "required",
  email: "email",
  phone: "phone",
  zip: "zip",
  characters: "characters",
  vatId: "vatId",
  country: "country",
  countryNotDeliverable: "countryNotDeliverable",
  deliveryMode: "deliveryMode",
  paymentMethod: "paymentMethod",
  acceptTerms: "acceptTerms",
  date: "date",
  desiredDateNotAllowed: "desiredDateNotAllowed",
};
const schema = orderFormSchema(texts, ["de", "at", "ch"]);
const ADDRESS = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };
const body = (extra: Record<string, unknown> = {}) => ({
  email: "erika@example.com",
  billingAddress: ADDRESS,
  deliveryMode: "standard",
  paymentMethod: "prepayment",
  acceptTerms: true,
  ...extra,
});
const withBilling = (extra: Record<string, unknown>) => body({ billingAddress: { ...ADDRESS, ...extra } });

/** The issues of a refused body, as path -> [message, code of a custom issue]. */
function issues(input: unknown): Record<string, [string, string | undefined]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue: ZodIssue) => [
      issue.path.join("."),
      [issue.message, issue.code === "custom" ? (issue.params?.code as string | undefined) : issue.code],
    ]),
  );
}

test("a complete order passes and comes out normalised", () => {
  const parsed = schema.parse(
    body({
      email: "  erika@example.com ",
      billingAddress: { ...ADDRESS, firstname: " Zoe\u0308 ", companyName: "Muster & Söhne", vatId: "de 123 456 789", countryCode: " DE " },
      shippingAddress: { ...ADDRESS, countryCode: "at", postcode: "1010", city: "Wien" },
      expectedTotal: 9400,
    }),
  );
  expect(parsed.email).toBe("erika@example.com");
  expect(parsed.billingAddress).toMatchObject({ firstname: "Zoë", vatId: "DE123456789", countryCode: "de" });
  expect(parsed.shippingAddress?.countryCode).toBe("at");
  expect(parsed.expectedTotal).toBe(9400);
});

describe("VAT ID: the format of the billing address's country", () => {
  test.each([
    ["de", "DE123456789"],
    ["de", "de 123 456 789"],
    ["at", "ATU12345678"],
    ["at", "atu 1234 5678"],
    ["ch", "CHE-123.456.789 MWST"],
    ["de", ""],
  ])("%s %s is accepted", (countryCode, vatId) => {
    expect(issues(withBilling({ countryCode, vatId }))).toEqual({});
  });
  test("stored upper case, without spaces, dots and hyphens", () => {
    expect(schema.parse(withBilling({ countryCode: "ch", vatId: " che-123.456.789 mwst" })).billingAddress.vatId).toBe("CHE123456789MWST");
  });
  test.each([
    ["digits only", "123456789"],
    ["another country's prefix", "FR12345678901"],
    ["Austria's without its U", "AT12345678"],
    ["too short", "DE1"],
    ["too long", `DE${"1".repeat(14)}`],
    ["markup", "<DE123456789>"],
    ["SQL", "DE123'; DROP TABLE orders;--"],
    ["a regular expression", "DE.*"],
    ["far too long", "DE".padEnd(200, "1")],
  ])("%s is refused with its message", (_name, vatId) => {
    expect(issues(withBilling({ vatId }))).toEqual({ "billingAddress.vatId": ["vatId", vatId.length > 40 ? "too_big" : "invalid_vat_id"] });
  });
  test("a shipping address's VAT ID follows its own country", () => {
    expect(issues(body({ shippingAddress: { ...ADDRESS, countryCode: "at", vatId: "DE123456789" } }))).toEqual({
      "shippingAddress.vatId": ["vatId", "invalid_vat_id"],
    });
  });
});

describe("house number (confirmed, not refused)", () => {
  test("a street without a number passes the schema", () => {
    expect(issues(withBilling({ street: "Hauptstraße" }))).toEqual({});
  });
  test("the addresses whose street has no number are named", () => {
    expect(addressesWithoutHouseNumber({ billingAddress: { ...ADDRESS }, shippingAddress: undefined })).toEqual([]);
    const parsed = schema.parse(body({ billingAddress: { ...ADDRESS, street: "Hauptstraße" }, shippingAddress: { ...ADDRESS, street: "Am Markt" } }));
    expect(addressesWithoutHouseNumber(parsed)).toEqual(["billingAddress", "shippingAddress"]);
    expect(addressesWithoutHouseNumber({ billingAddress: { ...ADDRESS, street: "Am Markt" }, shippingAddress: { ...ADDRESS, street: "Ringstr. 3a" } })).toEqual(
      ["billingAddress"],
    );
  });
});

describe("countries: only the shop's delivery countries", () => {
  test("a country the shop does not deliver to, on either address", () => {
    expect(issues(withBilling({ countryCode: "us" }))).toEqual({ "billingAddress.countryCode": ["countryNotDeliverable", "country_not_deliverable"] });
    expect(issues(body({ shippingAddress: { ...ADDRESS, countryCode: "fr" } }))).toEqual({
      "shippingAddress.countryCode": ["countryNotDeliverable", "country_not_deliverable"],
    });
  });
  test.each(["", "d", "deu", "1a", "d\u0000"])("no country code (%j)", (countryCode) => {
    expect(issues(withBilling({ countryCode }))).toEqual({ "billingAddress.countryCode": ["country", "invalid_country"] });
  });
  test("another shop's list decides for that shop", () => {
    const swiss = orderFormSchema(texts, ["ch", "li"]);
    expect(swiss.safeParse(body()).success).toBe(false);
    expect(swiss.safeParse(withBilling({ countryCode: "li", postcode: "9490" })).success).toBe(true);
  });
});

describe("terms and the right of withdrawal", () => {
  test("must be accepted", () => {
    expect(issues(body({ acceptTerms: false }))).toEqual({ acceptTerms: ["acceptTerms", "terms_not_accepted"] });
    expect(issues(body({ acceptTerms: "true" }))).toEqual({ acceptTerms: ["acceptTerms", "invalid_type"] });
    expect(issues(body({ acceptTerms: undefined }))).toEqual({ acceptTerms: ["required", "invalid_type"] });
  });
});

describe("desired date only with delivery on a requested date", () => {
  test("required with requested_date, a real calendar date", () => {
    expect(issues(body({ deliveryMode: "requested_date", desiredDate: "2026-12-01" }))).toEqual({});
    expect(issues(body({ deliveryMode: "requested_date" }))).toEqual({ desiredDate: ["required", "invalid_type"] });
    expect(issues(body({ deliveryMode: "requested_date", desiredDate: "2026-02-30" }))).toEqual({ desiredDate: ["date", "invalid_date"] });
    expect(issues(body({ deliveryMode: "requested_date", desiredDate: "01.12.2026" }))).toEqual({ desiredDate: ["date", "invalid_date"] });
    expect(issues(body({ deliveryMode: "requested_date", desiredDate: "2026-12-01T00:00" })).desiredDate?.[0]).toBe("date");
  });
  test.each(["standard", "express", "on_call_storage"])("refused with %s", (deliveryMode) => {
    expect(issues(body({ deliveryMode, desiredDate: "2026-12-01" }))).toEqual({ desiredDate: ["desiredDateNotAllowed", "desired_date_not_allowed"] });
    expect(issues(body({ deliveryMode }))).toEqual({});
  });
  test("an unknown delivery mode", () => {
    expect(issues(body({ deliveryMode: "drone" }))).toEqual({ deliveryMode: ["deliveryMode", "invalid_enum_value"] });
  });
});

describe("payment method and expected total", () => {
  test("a payment method is required; the shop API checks it against the shop's list", () => {
    expect(issues(body({ paymentMethod: "" }))).toEqual({ paymentMethod: ["paymentMethod", "too_small"] });
    expect(issues(body({ paymentMethod: undefined }))).toEqual({ paymentMethod: ["required", "invalid_type"] });
    expect(issues(body({ paymentMethod: "x".repeat(41) }))).toEqual({ paymentMethod: ["paymentMethod", "too_big"] });
  });
  test.each([-1, 1.5, "9400", 1e13])("expected total %j is refused", (expectedTotal) => {
    expect(Object.keys(issues(body({ expectedTotal })))).toEqual(["expectedTotal"]);
  });
});

describe("hostile and malformed input", () => {
  test.each([
    ["markup in a name", { firstname: "<script>alert(1)</script>" }, "billingAddress.firstname"],
    ["markup in the company", { companyName: "<b>ACME</b>" }, "billingAddress.companyName"],
    ["a bidi override in the street", { street: "Haupt\u202estraße 5" }, "billingAddress.street"],
    ["a line break in the city", { city: "Berlin\nX-Header: 1" }, "billingAddress.city"],
    ["a NUL in the last name", { lastname: "Mu\u0000ster" }, "billingAddress.lastname"],
    ["a zero-width space in the first name", { firstname: "Eri\u200bka" }, "billingAddress.firstname"],
  ])("%s", (_name, extra, path) => {
    expect(issues(withBilling(extra))).toEqual({ [path]: ["characters", "invalid_characters"] });
  });
  test("SQL and script text in a postcode is refused by its format", () => {
    expect(issues(withBilling({ postcode: "' OR 1=1 --" }))).toEqual({ "billingAddress.postcode": ["zip", "invalid_string"] });
  });
  test("oversized fields", () => {
    expect(Object.keys(issues(withBilling({ street: "a".repeat(161) })))).toEqual(["billingAddress.street"]);
    expect(Object.keys(issues(body({ email: `${"a".repeat(250)}@example.com` })))).toEqual(["email"]);
  });
  test("unknown fields are refused, at the top and in an address", () => {
    expect(schema.safeParse(body({ admin: true })).success).toBe(false);
    expect(schema.safeParse(withBilling({ phone: "123" })).success).toBe(false);
    expect(schema.safeParse({ ...body(), __proto__: { acceptTerms: true } }).success).toBe(true);
  });
  test("wrong types", () => {
    expect(schema.safeParse(body({ billingAddress: "Hauptstraße 5, Berlin" })).success).toBe(false);
    expect(schema.safeParse(withBilling({ postcode: 10115 })).success).toBe(false);
    expect(schema.safeParse(body({ email: ["erika@example.com"] })).success).toBe(false);
    expect(schema.safeParse(null).success).toBe(false);
  });
  test("scripts of other languages are names like any other", () => {
    expect(issues(withBilling({ firstname: "Αθηνά", lastname: "محمد", city: "Zürich" }))).toEqual({});
  });
});
