import type { ZodTypeAny } from "zod";
import atCommerce from "@locales/at/commerce.json";
import deCommerce from "@locales/de/commerce.json";
import enCommerce from "@locales/en/commerce.json";
import frCommerce from "@locales/fr/commerce.json";
import itCommerce from "@locales/it/commerce.json";
import nlCommerce from "@locales/nl/commerce.json";
import { addressSchema, emailSchema, ENGLISH_TEXTS, hasHouseNumber, stepStates, timeLeft, toCustomerAddress } from "./sample-forms";

/** A schema's verdict as the form sees it: the valid values, or an error with every message (the first as its message). */
async function validate(schema: ZodTypeAny, value: unknown): Promise<unknown> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => issue.message);
  throw Object.assign(new Error(errors[0]), { errors });
}

const address = { firstname: "Erika", lastname: "Muster", company: "", street: "Hauptstraße 5", zip: "10115", city: "Berlin", countryCode: "de", phone: "" };

test("step 1: e-mail required and in e-mail format", async () => {
  const schema = emailSchema(ENGLISH_TEXTS);
  await expect(validate(schema, { email: "" })).rejects.toThrow("This field is required");
  await expect(validate(schema, { email: "erika" })).rejects.toThrow("Please enter a valid e-mail address.");
  await expect(validate(schema, { email: "erika@example.com" })).resolves.toEqual({ email: "erika@example.com" });
});

test("step 2: required address fields, country among the shop's, phone format", async () => {
  const schema = addressSchema(ENGLISH_TEXTS, ["de", "at"]);
  await expect(validate(schema, address)).resolves.toMatchObject({ city: "Berlin" });
  await expect(validate(schema, { ...address, lastname: " " })).rejects.toThrow("This field is required");
  await expect(validate(schema, { ...address, countryCode: "us" })).rejects.toThrow("This field is required");
  await expect(validate(schema, { ...address, phone: "call me" })).rejects.toThrow("The entered phone number is invalid.");
  const errors = await validate(schema, {}).catch((error: { errors: string[] }) => error.errors);
  expect(errors).toHaveLength(6);
});

test("step 2 refuses markup, control and bidi characters as the shop API does, in the visitor's language", async () => {
  const texts = { ...ENGLISH_TEXTS, characters: "Bitte nur Buchstaben, Ziffern und Satzzeichen." };
  const schema = addressSchema(texts, ["de"]);
  for (const field of ["firstname", "lastname", "company", "street", "city"]) {
    for (const value of ["<img src=x onerror=alert(1)>", "Re\u0000v\u001b[31mi\u202eewer", "Berlin\u2066x\u2069", "Haupt\tstraße 5"]) {
      await expect(validate(schema, { ...address, [field]: value })).rejects.toThrow(texts.characters);
    }
  }
  await expect(validate(schema, { ...address, zip: "10115\u202e" })).rejects.toThrow("Please enter a valid postcode.");
  await expect(validate(schema, { ...address, phone: "+49 30\u200f 1234" })).rejects.toThrow("The entered phone number is invalid.");
  await expect(validate(emailSchema(texts), { email: "erika@example.com\u202e" })).rejects.toThrow("Please enter a valid e-mail address.");
});

test("step 2 gives the address NFC-normalised and trimmed, as the shop API stores it", async () => {
  const schema = addressSchema(ENGLISH_TEXTS, ["de"]);
  await expect(validate(schema, { ...address, firstname: " Zoe\u0308 ", city: "\u0141o\u0301dz\u0301 " })).resolves.toMatchObject({
    firstname: "Zo\u00eb",
    city: "\u0141\u00f3d\u017a",
  });
});

test("every language has the form's messages, and the phone message is not the phone label", () => {
  for (const [language, texts] of Object.entries({ at: atCommerce, de: deCommerce, en: enCommerce, fr: frCommerce, it: itCommerce, nl: nlCommerce })) {
    const form: Record<string, string> = texts.samples.form;
    for (const key of ["required", "email", "phoneInvalid", "zip", "characters"]) expect([language, key, typeof form[key]]).toEqual([language, key, "string"]);
    expect(form.phoneInvalid).not.toBe(form.phone);
  }
});

test("house number check", () => {
  expect(hasHouseNumber("Hauptstraße 5")).toBe(true);
  expect(hasHouseNumber("Am Markt 12a")).toBe(true);
  expect(hasHouseNumber("Hauptstraße")).toBe(false);
});

test("steps are inactive, active or complete", () => {
  expect(stepStates(1, false)).toEqual(["active", "inactive", "inactive"]);
  expect(stepStates(2, false)).toEqual(["complete", "active", "inactive"]);
  expect(stepStates(3, false)).toEqual(["complete", "complete", "active"]);
  expect(stepStates(3, true)).toEqual(["complete", "complete", "complete"]);
});

test("time left of the sample cart", () => {
  expect(timeLeft("2026-11-20T08:00:00Z", Date.parse("2026-11-18T08:00:00Z"))).toEqual({ hours: 48, minutes: 0 });
  expect(timeLeft("2026-11-18T09:30:00Z", Date.parse("2026-11-18T08:00:30Z"))).toEqual({ hours: 1, minutes: 29 });
  expect(timeLeft("2026-11-18T08:00:00Z", Date.parse("2026-11-19T08:00:00Z"))).toEqual({ hours: 0, minutes: 0 });
});

test("optional fields are left out of the address sent", () => {
  expect(toCustomerAddress(address)).toEqual({
    firstname: "Erika",
    lastname: "Muster",
    street: "Hauptstraße 5",
    zip: "10115",
    city: "Berlin",
    countryCode: "de",
  });
});
