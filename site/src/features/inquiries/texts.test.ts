import { readFileSync } from "node:fs";
import { join } from "node:path";
import { INQUIRY_FORM_CODES, INQUIRY_QUESTION_IDS, INQUIRY_TYPES } from "@domain/inquiry";
import { OFFER_STATES } from "@domain/offers";
import { fieldRefusals, offerErrorKey, parseQuantity, quantityText, submitErrorKey } from "./texts";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
const texts = (language: string) =>
  JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", language, "inquiries-ui.json"), "utf8")) as Record<string, unknown>;
const lookUp = (tree: Record<string, unknown>, key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), tree);

test("every refusal the shop API can answer has words in all six languages", () => {
  const keys = new Set<string>();
  for (const code of [...Object.values(INQUIRY_FORM_CODES), "required", "invalid"]) {
    for (const field of ["message", "quantity", "countryCode", "name", "email", "phone"]) {
      for (const refusal of fieldRefusals([{ message: "x", code, field }])) keys.add(refusal.key);
    }
  }
  for (const code of ["inquiries_unavailable", "product_not_found", "rate_limited", "captcha_failed", "captcha_missing", "invalid", "internal"]) {
    for (const status of [400, 403, 404, 422, 429, 500, 0]) keys.add(submitErrorKey({ status, errors: [{ message: "x", code }] }));
  }
  for (const code of ["offer_not_found", "offer_expired", "offer_declined", "offer_accepted", "rate_limited", "other"]) {
    for (const status of [404, 409, 429, 500, 0]) keys.add(offerErrorKey({ status, errors: [{ message: "x", code }] }));
  }
  for (const type of INQUIRY_TYPES) keys.add(`inquiryTitles.${type}`).add(`inquiryForm.intro.${type}`);
  for (const id of INQUIRY_QUESTION_IDS) keys.add(`inquiryForm.questions.${id}`);
  for (const state of OFFER_STATES) keys.add(`offerView.states.${state}`);
  expect(keys.size).toBeGreaterThan(30);
  for (const language of LANGUAGES) {
    const tree = texts(language);
    const missing = [...keys].filter((key) => typeof lookUp(tree, key) !== "string" || lookUp(tree, key) === "");
    expect([language, missing]).toEqual([language, []]);
  }
});

test("the unavailable message is the product page's toast, word for word, in every language", () => {
  for (const language of LANGUAGES) {
    const toast = lookUp(
      JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", language, "translation.json"), "utf8")),
      "product.inquiriesUnavailable",
    );
    expect([language, lookUp(texts(language), "inquiryForm.errors.unavailable")]).toEqual([language, toast]);
  }
  expect(lookUp(texts("de"), "inquiryForm.errors.unavailable")).toBe("Leider sind Anfragen derzeit nicht verfügbar");
});

test("the quantity field: either decimal separator, thousands of the other kind, empty is none, anything else is no number", () => {
  expect(parseQuantity("")).toBeNull();
  expect(parseQuantity("  ")).toBeNull();
  expect(parseQuantity("12")).toBe(12);
  expect(parseQuantity("12,5")).toBe(12.5);
  expect(parseQuantity("12.5")).toBe(12.5);
  expect(parseQuantity("1.234,5")).toBe(1234.5);
  expect(parseQuantity("1,234.5")).toBe(1234.5);
  expect(parseQuantity("1 234,5")).toBe(1234.5);
  for (const text of ["abc", "-3", "1e3", "12,5,1", "0x10", "Infinity", "12 m²"]) expect([text, parseQuantity(text)]).toEqual([text, Number.NaN]);
  expect(quantityText(6.75, "de")).toBe("6,75");
  expect(quantityText(6.75, "en")).toBe("6.75");
  expect(quantityText(2.333333, "fr")).toBe("2,33");
  expect(quantityText(0, "de")).toBe("");
  expect(quantityText(null, "de")).toBe("");
});
