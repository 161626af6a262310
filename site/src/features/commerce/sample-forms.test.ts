import { addressSchema, emailSchema, ENGLISH_TEXTS, hasHouseNumber, stepStates, timeLeft, toCustomerAddress } from "./sample-forms";

const address = { firstname: "Erika", lastname: "Muster", company: "", street: "Hauptstraße 5", zip: "10115", city: "Berlin", countryCode: "de", phone: "" };

test("step 1: e-mail required and in e-mail format", async () => {
  const schema = emailSchema(ENGLISH_TEXTS);
  await expect(schema.validate({ email: "" })).rejects.toThrow("This field is required");
  await expect(schema.validate({ email: "erika" })).rejects.toThrow("Please enter a valid e-mail address.");
  await expect(schema.validate({ email: "erika@example.com" })).resolves.toEqual({ email: "erika@example.com" });
});

test("step 2: required address fields, country among the shop's, phone format", async () => {
  const schema = addressSchema(ENGLISH_TEXTS, ["de", "at"]);
  await expect(schema.validate(address)).resolves.toMatchObject({ city: "Berlin" });
  await expect(schema.validate({ ...address, lastname: " " })).rejects.toThrow("This field is required");
  await expect(schema.validate({ ...address, countryCode: "us" })).rejects.toThrow("This field is required");
  await expect(schema.validate({ ...address, phone: "call me" })).rejects.toThrow("The entered phone number is invalid.");
  const errors = await schema.validate({}, { abortEarly: false }).catch((error: { errors: string[] }) => error.errors);
  expect(errors).toHaveLength(6);
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
  expect(toCustomerAddress(address)).toEqual({ firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", countryCode: "de" });
});
