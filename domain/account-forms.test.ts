import type { ZodIssue } from "zod";
import { isVatIdOf, normalizeVatId } from "./vat-id";
import {
  ACCOUNT_FORM_CODES,
  callOffSchema,
  loginSchema,
  passwordChangeSchema,
  passwordProblem,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  profileSchema,
  projectItemSchema,
  projectMergeSchema,
  projectSchema,
  projectToCartSchema,
  registerSchema,
  type AccountFormTexts,
} from "./account-forms";

/** Each message is its own key, so a test sees which text a refusal took. */
const texts = new Proxy({} as AccountFormTexts, { get: (_target, key) => String(key) });
const COUNTRIES = ["de", "at", "ch", "nl", "gr", "fr", "gb", "li"];

const privateCustomer = {
  type: "private",
  firstName: "Erika",
  surname: "Muster",
  email: " Erika.Muster@Example.com ",
  street: "Hauptstraße 5",
  postcode: "10115",
  city: "Berlin",
  country: "DE",
  phone: "+49 30 1234567",
  password: "Parkett-Eiche-2026",
  confirmationPassword: "Parkett-Eiche-2026",
  acceptTerms: true,
};
const business = { ...privateCustomer, type: "business", companyName: "Muster Bau GmbH", vatId: "DE 123 456 789" };

/** The refusals as `path: code` (a custom issue's code, else the message key). */
const refusals = (issues: ZodIssue[]) =>
  issues.map((issue) => `${issue.path.join(".")}: ${issue.code === "custom" && issue.params?.code ? String(issue.params.code) : issue.message}`);

function refused(schema: { safeParse(input: unknown): { success: boolean; error?: { issues: ZodIssue[] } } }, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted: ${JSON.stringify(input)}`);
  return refusals(result.error!.issues);
}

describe("password rules", () => {
  test.each([
    ["ten characters of two kinds", "abcdefghi1", null],
    ["letters with spaces (spaces are another kind)", "eiche und ahorn", null],
    ["upper and lower case", "ParkettEiche", null],
    ["letters of a script without case and digits", "木地板木地板木地板9", null],
    ["nine characters", "abcdefgh1", "passwordTooShort"],
    ["ten characters counted as code points, not UTF-16 units", "👍👍👍👍👍12345", null],
    ["five emoji are five characters", "👍👍👍👍👍", "passwordTooShort"],
    ["only lower-case letters", "parkettboden", "passwordTooWeak"],
    ["only digits", "12345678901", "passwordTooWeak"],
    ["a tab", "Parkett\tEiche1", "passwordCharacters"],
    ["a NUL byte at the end", "Parkett-Eiche-2026\u0000", "passwordCharacters"],
    ["a C1 control", "Parkett\u0085Eiche1", "passwordCharacters"],
    ["257 characters", `a1${"b".repeat(255)}`, "passwordTooLong"],
    ["256 characters", `a1${"b".repeat(254)}`, null],
  ])("%s", (_name, password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  test("the e-mail address or its local part (4 characters and more) is not a password", () => {
    expect(passwordProblem("erika.muster@example.com", "Erika.Muster@example.com")).toBe("passwordContainsEmail");
    expect(passwordProblem("Erika.Muster-2026", "erika.muster@example.com")).toBe("passwordContainsEmail");
    expect(passwordProblem("ab-Parkett-2026", "ab@example.com")).toBeNull();
  });
});

describe("register", () => {
  const schema = registerSchema(texts, COUNTRIES);

  test("a private customer: normalised e-mail and country; company and VAT ID are dropped", () => {
    const parsed = schema.parse({ ...privateCustomer, companyName: "Ignored", vatId: "XX" });
    expect(parsed).toMatchObject({ type: "private", email: "Erika.Muster@Example.com", country: "de", companyName: null, vatId: null });
  });

  test("a business customer: company required, the VAT ID normalised and checked against the country", () => {
    expect(schema.parse(business)).toMatchObject({ type: "business", companyName: "Muster Bau GmbH", vatId: "DE123456789" });
    expect(schema.parse({ ...business, vatId: "" })).toMatchObject({ vatId: null });
    expect(schema.parse({ ...business, vatId: undefined })).toMatchObject({ vatId: null });
    expect(refused(schema, { ...business, companyName: " " })).toEqual(["companyName: required"]);
    expect(refused(schema, { ...business, companyName: undefined })).toEqual(["companyName: required"]);
    // an Austrian number with a German address, a German one one digit short
    expect(refused(schema, { ...business, vatId: "ATU12345678" })).toEqual([`vatId: ${ACCOUNT_FORM_CODES.vatId}`]);
    expect(refused(schema, { ...business, vatId: "DE12345678" })).toEqual([`vatId: ${ACCOUNT_FORM_CODES.vatId}`]);
    expect(schema.parse({ ...business, country: "at", vatId: "atu 12345678" })).toMatchObject({ vatId: "ATU12345678" });
    expect(schema.parse({ ...business, country: "ch", vatId: "CHE-123.456.789 MWST" })).toMatchObject({ vatId: "CHE123456789MWST" });
  });

  test("password rules, the e-mail in the password and a different confirmation", () => {
    expect(refused(schema, { ...privateCustomer, password: "short1A", confirmationPassword: "short1A" })).toEqual([
      `password: ${ACCOUNT_FORM_CODES.passwordTooShort}`,
    ]);
    expect(refused(schema, { ...privateCustomer, confirmationPassword: "Parkett-Eiche-2027" })).toEqual([
      `confirmationPassword: ${ACCOUNT_FORM_CODES.passwordMismatch}`,
    ]);
    expect(refused(schema, { ...privateCustomer, password: "erika.muster-2026", confirmationPassword: "erika.muster-2026" })).toEqual([
      `password: ${ACCOUNT_FORM_CODES.passwordContainsEmail}`,
    ]);
  });

  test("the terms must be accepted, the type must be known, the country one of the shop's", () => {
    expect(refused(schema, { ...privateCustomer, acceptTerms: false })).toEqual([`acceptTerms: ${ACCOUNT_FORM_CODES.acceptTerms}`]);
    expect(refused(schema, { ...privateCustomer, type: "staff" })).toEqual(["type: customerType"]);
    expect(refused(schema, { ...privateCustomer, country: "us" })).toEqual([`country: ${ACCOUNT_FORM_CODES.country}`]);
  });

  test("the street and house number: required, trimmed, plain text of at most 160 characters", () => {
    expect(schema.parse({ ...privateCustomer, street: "  Hauptstraße 5 " })).toMatchObject({ street: "Hauptstraße 5" });
    const { street: _omitted, ...withoutStreet } = privateCustomer;
    expect(refused(schema, withoutStreet)).toEqual(["street: required"]);
    expect(refused(schema, { ...privateCustomer, street: " " })).toEqual(["street: required"]);
    expect(refused(schema, { ...privateCustomer, street: "Hauptstraße 5<script>" })).toEqual(["street: invalid_characters"]);
    expect(refused(schema, { ...privateCustomer, street: "Haupt\u202estraße 5" })).toEqual(["street: invalid_characters"]);
    expect(refused(schema, { ...privateCustomer, street: "x".repeat(161) })).toHaveLength(1);
    expect(profileSchema(texts, COUNTRIES, "private").parse({ street: " Domstraße 1 " })).toEqual({ street: "Domstraße 1" });
  });

  test("hostile and malformed input: markup in names, bad phone and postcode, unknown fields, wrong types", () => {
    expect(refused(schema, { ...privateCustomer, firstName: "<script>" })).toEqual(["firstName: invalid_characters"]);
    expect(refused(schema, { ...privateCustomer, phone: "call me" })).toEqual(["phone: phone"]);
    expect(refused(schema, { ...privateCustomer, phone: "12" })).toEqual(["phone: phone"]);
    expect(refused(schema, { ...privateCustomer, postcode: "1" })).toEqual(["postcode: zip"]);
    expect(refused(schema, { ...privateCustomer, email: "not-an-address" })).toEqual(["email: email"]);
    expect(refused(schema, { ...privateCustomer, isAdmin: true })).toEqual([": Unrecognized key(s) in object: 'isAdmin'"]);
    expect(refused(schema, { ...privateCustomer, password: 12345678901 })).toContain("password: required");
    expect(refused(schema, { ...privateCustomer, firstName: undefined })).toEqual(["firstName: required"]);
  });
});

describe("login, reset and change", () => {
  test("login takes any password an account may have, but not an empty one", () => {
    expect(loginSchema(texts).parse({ email: "a@example.com", password: "x" })).toEqual({ email: "a@example.com", password: "x" });
    expect(refused(loginSchema(texts), { email: "a@example.com", password: "" })).toEqual(["password: required"]);
  });

  test("a reset request needs an e-mail address", () => {
    expect(refused(passwordResetRequestSchema(texts), { email: "" })).toContain("email: required");
  });

  test("a reset confirmation checks the new password and its confirmation", () => {
    const schema = passwordResetConfirmSchema(texts);
    expect(schema.parse({ token: "t", password: "Neues-Passwort-1", confirmationPassword: "Neues-Passwort-1" })).toBeTruthy();
    expect(refused(schema, { token: "t", password: "Neues-Passwort-1", confirmationPassword: "Neues-Passwort-2" })).toEqual([
      `confirmationPassword: ${ACCOUNT_FORM_CODES.passwordMismatch}`,
    ]);
    expect(refused(schema, { token: "", password: "Neues-Passwort-1", confirmationPassword: "Neues-Passwort-1" })).toEqual(["token: required"]);
  });

  test("a new password must differ from the current one", () => {
    const schema = passwordChangeSchema(texts);
    expect(refused(schema, { currentPassword: "Parkett-Eiche-2026", password: "Parkett-Eiche-2026", confirmationPassword: "Parkett-Eiche-2026" })).toEqual([
      `password: ${ACCOUNT_FORM_CODES.passwordUnchanged}`,
    ]);
  });
});

describe("profile", () => {
  test("a partial change; a private customer has no company or VAT ID", () => {
    expect(profileSchema(texts, COUNTRIES, "private").parse({ city: " Köln " })).toEqual({ city: "Köln" });
    expect(refused(profileSchema(texts, COUNTRIES, "private"), { vatId: "DE123456789" })).toEqual(["vatId: invalid_customer_type"]);
  });

  test("a business customer's VAT ID is checked against the new country, else the account's", () => {
    const schema = (country?: string) => profileSchema(texts, COUNTRIES, "business", country);
    expect(schema("de").parse({ vatId: "DE123456789" })).toEqual({ vatId: "DE123456789" });
    expect(refused(schema("de"), { vatId: "NL123456789B01" })).toEqual([`vatId: ${ACCOUNT_FORM_CODES.vatId}`]);
    expect(schema("de").parse({ country: "nl", vatId: "NL123456789B01" })).toEqual({ country: "nl", vatId: "NL123456789B01" });
    expect(schema("de").parse({ vatId: "" })).toEqual({ vatId: null });
    expect(refused(schema("de"), { companyName: "" })).toEqual(["companyName: required"]);
  });
});

describe("VAT IDs per country", () => {
  test.each([
    ["de", "DE123456789", true],
    ["at", "ATU12345678", true],
    ["at", "AT12345678", false],
    ["nl", "NL123456789B01", true],
    ["nl", "NL123456789", false],
    ["gr", "EL123456789", true],
    ["gr", "GR123456789", false],
    ["fr", "FRXX123456789", true],
    ["fr", "FRIO123456789", false],
    ["ch", "CHE123456789", true],
    ["ch", "CHE123456789TVA", true],
    ["gb", "GB123456789", true],
    ["li", "LI12345", true],
    ["xx", "XX12AB", true],
    ["xx", "YY12AB", false],
  ])("%s %s: %s", (country, vatId, ok) => {
    expect(isVatIdOf(vatId, country)).toBe(ok);
  });

  test("normalised: spaces, dots and hyphens go, letters become upper case", () => {
    expect(normalizeVatId(" che-123.456.789 mwst")).toBe("CHE123456789MWST");
  });
});

describe("call-off date", () => {
  test("a calendar date; with bounds a working day within them", () => {
    expect(callOffSchema(texts).parse({ desiredDate: "2027-02-20" })).toEqual({ desiredDate: "2027-02-20" });
    expect(refused(callOffSchema(texts), { desiredDate: "2027-02-30" })).toEqual([`desiredDate: ${ACCOUNT_FORM_CODES.date}`]);
    const bounded = callOffSchema(texts, { earliest: "2026-11-20", latest: "2027-03-01" });
    expect(bounded.parse({ desiredDate: "2026-11-23" })).toEqual({ desiredDate: "2026-11-23" });
    expect(refused(bounded, { desiredDate: "2026-11-21" })).toEqual([`desiredDate: ${ACCOUNT_FORM_CODES.dateNotWorkingDay}`]);
    expect(refused(bounded, { desiredDate: "2026-11-19" })).toEqual([`desiredDate: ${ACCOUNT_FORM_CODES.dateOutOfRange}`]);
    expect(refused(bounded, { desiredDate: "2027-03-02" })).toEqual([`desiredDate: ${ACCOUNT_FORM_CODES.dateOutOfRange}`]);
  });
});

describe("projects", () => {
  test("a name of plain text, 1 to 80 characters", () => {
    expect(projectSchema(texts).parse({ name: " Bad oben " })).toEqual({ name: "Bad oben" });
    expect(refused(projectSchema(texts), { name: "" })).toEqual(["name: required"]);
    expect(refused(projectSchema(texts), { name: "x".repeat(81) })).toEqual(["name: projectName"]);
    expect(refused(projectSchema(texts), { name: "<b>Bad</b>" })).toEqual(["name: invalid_characters"]);
  });

  test("items: a SKU and a whole quantity from 1 to 9999", () => {
    expect(projectItemSchema(texts).parse({ sku: "FLOOR-1", quantity: 3 })).toEqual({ sku: "FLOOR-1", quantity: 3 });
    for (const quantity of [0, 10_000, 1.5, -1, Number.MAX_SAFE_INTEGER + 2])
      expect(refused(projectItemSchema(texts), { sku: "FLOOR-1", quantity })).toEqual([`quantity: ${ACCOUNT_FORM_CODES.quantity}`]);
    expect(refused(projectItemSchema(texts), { sku: "FLOOR-1", quantity: "3" })).toEqual(["quantity: quantity"]);
    expect(refused(projectItemSchema(texts), { sku: "FLOOR-1", quantity: Number.NaN })).toEqual(["quantity: quantity"]);
    expect(refused(projectItemSchema(texts), { sku: "../etc", quantity: 1 })).toEqual(["sku: characters"]);
  });

  test("to-cart: all lines or a non-empty list of ids; merge: named projects with items", () => {
    expect(projectToCartSchema(texts).parse({})).toEqual({});
    expect(projectToCartSchema(texts).parse({ itemIds: [1, 2] })).toEqual({ itemIds: [1, 2] });
    expect(refused(projectToCartSchema(texts), { itemIds: [] })).toEqual(["itemIds: required"]);
    const merge = { projects: [{ name: "Terrasse", items: [{ sku: "DECK-1", quantity: 4 }] }] };
    expect(projectMergeSchema(texts).parse(merge)).toEqual(merge);
    expect(refused(projectMergeSchema(texts), { projects: [{ name: "", items: [] }] })).toEqual(["projects.0.name: required"]);
  });
});
