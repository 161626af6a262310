import { containsUrl } from "./contains-url";
import type { ZodIssue } from "zod";
import {
  INQUIRY_LIMITS,
  INQUIRY_QUESTION_IDS,
  INQUIRY_QUESTIONS,
  INQUIRY_TYPES,
  inquiryFormSchema,
  inquiryPath,
  isInquiryQuantity,
  type InquiryFormTexts,
} from "./inquiry";

const texts: InquiryFormTexts = {
  required: "required",
  email: "email",
  phone: "phone",
  characters: "characters",
  tooLong: "at most {max}",
  nameContainsUrl: "nameContainsUrl",
  country: "country",
  countryNotDeliverable: "countryNotDeliverable",
  quantity: "quantity up to {max}",
  unknownQuestion: "unknownQuestion",
  invalid: "invalid",
};
const schema = inquiryFormSchema(texts, ["de", "at", "ch"]);
const body = (extra: Record<string, unknown> = {}) => ({
  type: "bulk",
  sku: "EICHE-123",
  message: "Wir planen ein Hotel mit 800 m².",
  name: "Erika Muster",
  email: "erika@example.com",
  countryCode: "de",
  ...extra,
});

/** The issues of a refused body, as path -> [message, code of a custom issue or zod's code]. */
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

test("a complete inquiry passes and comes out normalised", () => {
  const parsed = schema.parse(
    body({
      sku: " EICHE-123 ",
      message: "  Zeile 1\r\nZeile 2\rZeile 3  ",
      name: " Zoe\u0308 Muster ",
      email: " Erika@Example.COM ",
      phone: " +49 (30) 123-456 ",
      countryCode: " AT ",
      quantity: 12.345,
      answers: { isBusiness: true, needsDeliveryDate: false },
    }),
  );
  expect(parsed).toEqual({
    type: "bulk",
    sku: "EICHE-123",
    message: "Zeile 1\nZeile 2\nZeile 3",
    name: "Zoë Muster",
    email: "erika@example.com",
    phone: "+49 (30) 123-456",
    countryCode: "at",
    quantity: 12.35,
    answers: { isBusiness: true, needsDeliveryDate: false },
  });
});

test("optional fields may be absent, null or empty", () => {
  const parsed = schema.parse(body({ phone: "", quantity: null, answers: null }));
  expect(parsed.phone).toBeUndefined();
  expect(parsed.quantity).toBeUndefined();
  expect(parsed.answers).toEqual({});
  expect(schema.parse(body()).answers).toEqual({});
});

test("each type has 0 to 3 yes/no steps with unique ids", () => {
  for (const type of INQUIRY_TYPES) {
    const ids = INQUIRY_QUESTIONS[type].map((question) => question.id);
    expect(ids.length).toBeLessThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
  }
  expect(INQUIRY_QUESTION_IDS).toEqual(expect.arrayContaining(["isBusiness", "needsDeliveryDate"]));
  expect(new Set(INQUIRY_QUESTION_IDS).size).toBe(INQUIRY_QUESTION_IDS.length);
});

describe("refusals", () => {
  test("missing fields", () => {
    expect(issues({})).toMatchObject({
      type: ["invalid", "invalid_type"],
      sku: ["required", "invalid_type"],
      message: ["required", "invalid_type"],
      name: ["required", "invalid_type"],
      email: ["required", "invalid_type"],
      countryCode: ["required", "invalid_type"],
    });
  });

  test("blank texts are required", () => {
    expect(issues(body({ message: " \n ", name: "  ", countryCode: " " }))).toEqual({
      message: ["required", "required"],
      name: ["required", "required"],
      countryCode: ["required", "required"],
    });
  });

  test("an unknown type", () => {
    expect(issues(body({ type: "complaint" }))).toMatchObject({ type: ["invalid", "invalid_enum_value"] });
  });

  test("unknown fields", () => {
    expect(issues(body({ customerId: "C-1" }))).toMatchObject({ "": ["invalid", "unrecognized_keys"] });
  });

  test.each([
    "Visit https://spam.example",
    "HTTP://SPAM.EXAMPLE",
    "www.spam.example",
    "spam.com",
    "Cheap Floors shop.de",
    "best-deals . com",
    "spam [dot] com",
    "erika@example.com",
    "ｓｐａｍ．ｃｏｍ",
    "javascript:alert(1)",
  ])("a name with a web address (%s) is refused with name_contains_url", (name) => {
    expect(issues(body({ name }))).toEqual({ name: ["nameContainsUrl", "name_contains_url"] });
  });

  test.each(["Prof.Dr. Erika Muster", "Dipl.-Ing. Hans Müller", "J.R.R. Tolkien", "Anne-Marie O'Neil", "محمد", "Zoë d'Artagnan"])(
    "an ordinary name (%s) passes",
    (name) => {
      expect(containsUrl(name)).toBe(false);
      expect(issues(body({ name }))).toEqual({});
    },
  );

  test("too long texts are refused with too_long and the limit", () => {
    const result = schema.safeParse(body({ message: "x".repeat(INQUIRY_LIMITS.message + 1), name: "N".repeat(INQUIRY_LIMITS.name + 1) }));
    expect(result.success).toBe(false);
    const found = result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message, (issue as { params?: unknown }).params]);
    expect(found).toEqual([
      ["message", "at most 5000", { code: "too_long", max: 5000 }],
      ["name", "at most 120", { code: "too_long", max: 120 }],
    ]);
    expect(issues(body({ message: "x".repeat(INQUIRY_LIMITS.message), name: "N".repeat(INQUIRY_LIMITS.name) }))).toEqual({});
  });

  test("control and invisible characters", () => {
    expect(issues(body({ message: "Hallo\u0000", name: "Erika\u202eMuster" }))).toEqual({
      message: ["characters", "invalid_characters"],
      name: ["characters", "invalid_characters"],
    });
    expect(issues(body({ name: "<b>Erika</b>" }))).toEqual({ name: ["characters", "invalid_characters"] });
    expect(issues(body({ message: "Tab\there\nand a new line" }))).toEqual({});
  });

  test("e-mail", () => {
    expect(issues(body({ email: "erika" }))).toEqual({ email: ["email", "invalid_string"] });
    expect(issues(body({ email: `${"a".repeat(250)}@example.com` }))).toEqual({ email: ["email", "too_big"] });
  });

  test.each(["12345", "abc123456", "+49 30 1234567890123456", "1".repeat(41)])("phone %s is refused", (phone) => {
    expect(issues(body({ phone }))).toEqual({ phone: ["phone", "invalid_phone"] });
  });

  test("countries: format and the shop's delivery countries", () => {
    expect(issues(body({ countryCode: "deu" }))).toEqual({ countryCode: ["country", "invalid_country"] });
    expect(issues(body({ countryCode: "fr" }))).toEqual({ countryCode: ["countryNotDeliverable", "country_not_deliverable"] });
    expect(issues(body({ countryCode: 49 }))).toEqual({ countryCode: ["country", "invalid_type"] });
  });

  test.each([0, -1, 0.004, 100_000.01, Infinity])("quantity %p is refused", (quantity) => {
    expect(issues(body({ quantity }))).toEqual({ quantity: ["quantity up to 100000", "invalid_quantity"] });
  });

  test("quantity as text is refused", () => {
    expect(issues(body({ quantity: "12" }))).toEqual({ quantity: ["quantity up to 100000", "invalid_type"] });
  });

  test("answers only for the type's own questions, and only booleans", () => {
    expect(issues(body({ type: "product", answers: { isBusiness: true } }))).toEqual({ "answers.isBusiness": ["unknownQuestion", "unknown_question"] });
    expect(issues(body({ type: "bulk", answers: { needsInstallation: true } }))).toEqual({
      "answers.needsInstallation": ["unknownQuestion", "unknown_question"],
    });
    expect(issues(body({ type: "offer", answers: { needsInstallation: true, __proto__x: true } }))).toEqual({
      "answers.__proto__x": ["unknownQuestion", "unknown_question"],
    });
    expect(issues(body({ answers: { isBusiness: "yes" } }))).toEqual({ "answers.isBusiness": ["invalid", "invalid_type"] });
    expect(issues(body({ answers: [true] }))).toEqual({ answers: [expect.any(String), "invalid_type"] });
  });

  test("hostile answer keys: inherited names are refused, __proto__ never reaches the answers", () => {
    expect(issues(body({ answers: { constructor: true } }))).toEqual({ "answers.constructor": ["unknownQuestion", "unknown_question"] });
    expect(issues({ ...body(), answers: JSON.parse('{"__proto__": {"polluted": true}}') })).toEqual({ "answers.__proto__": ["invalid", "invalid_type"] });
    const parsed = schema.parse({ ...body(), answers: JSON.parse('{"__proto__": true, "isBusiness": true}') });
    expect(parsed.answers).toEqual({ isBusiness: true });
    expect(Object.getPrototypeOf(parsed.answers)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a sku with control characters or too long", () => {
    expect(issues(body({ sku: "A\u0000B" }))).toEqual({ sku: ["invalid", "invalid_sku"] });
    expect(issues(body({ sku: "A".repeat(65) }))).toEqual({ sku: ["invalid", "too_big"] });
  });
});

test("isInquiryQuantity", () => {
  expect([0.005, 0.01, 1, 12.345, 100_000, 100_000.004].every(isInquiryQuantity)).toBe(true);
  expect([0, 0.004, -0, Infinity, 100_000.005, 100_001].some(isInquiryQuantity)).toBe(false);
});

test("inquiryPath: the page per type, prefix and encoded sku", () => {
  expect(inquiryPath({ domainPrefixes: [] }, "de", "product", "EICHE-123")).toBe("/fragen-zum-produkt/EICHE-123");
  expect(inquiryPath({ domainPrefixes: ["de", "fr", "it"] }, "fr", "bulk", "A/B 1")).toBe("/fr/grossabnehmeranfrage/A%2FB%201");
});
