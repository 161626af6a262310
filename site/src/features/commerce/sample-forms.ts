/**
 * Forms of the sample checkout (react-hook-form + zod): step 1 e-mail, step 2 the shipping
 * address. The fields follow the rules the shop API applies (domain/contact-fields.ts), so
 * the form refuses what the API would refuse, with the visitor's language.
 */
import { z } from "zod";
import { addressFields, emailField, type ContactTexts } from "@domain/contact-fields";

export { hasHouseNumber } from "@domain/contact-fields";

export type FormTexts = ContactTexts;

export const ENGLISH_TEXTS: FormTexts = {
  required: "This field is required",
  email: "Please enter a valid e-mail address.",
  phone: "The entered phone number is invalid.",
  zip: "Please enter a valid postcode.",
  characters: "This field contains characters that are not allowed.",
};

export function emailSchema(texts: FormTexts) {
  return z.object({ email: emailField(texts) });
}

/** The address, its country among the shop's delivery countries. */
export function addressSchema(texts: FormTexts, countries: string[]) {
  return z.object({
    ...addressFields(texts),
    countryCode: z.string({ required_error: texts.required }).refine((code) => countries.includes(code), texts.required),
  });
}

/** What the forms hold (strings as typed) and what they give once valid (normalised). */
export type EmailInput = z.input<ReturnType<typeof emailSchema>>;
export type EmailForm = z.output<ReturnType<typeof emailSchema>>;
export type AddressInput = z.input<ReturnType<typeof addressSchema>>;
export type AddressForm = z.output<ReturnType<typeof addressSchema>>;

export type StepState = "inactive" | "active" | "complete";

/** Sample modal steps are inactive, active or complete. */
export function stepStates(current: 1 | 2 | 3, finished: boolean): [StepState, StepState, StepState] {
  return [1, 2, 3].map((step) => (finished || step < current ? "complete" : step === current ? "active" : "inactive")) as [StepState, StepState, StepState];
}

/** Time left until an expiration date, as whole hours and minutes (never negative). */
export { timeLeft } from "./time-left";

/** The address the API takes: empty optional fields left out. */
export function toCustomerAddress(form: AddressForm) {
  const { company, phone, ...rest } = form;
  return { ...rest, ...(company ? { company } : {}), ...(phone ? { phone } : {}) };
}
