/** Forms of the sample checkout (react-hook-form + yup): step 1 e-mail, step 2 the shipping address. */
import * as yup from "yup";

export interface FormTexts {
  required: string;
  email: string;
  phone: string;
  zip: string;
}

export const ENGLISH_TEXTS: FormTexts = {
  required: "This field is required",
  email: "Please enter a valid e-mail address.",
  phone: "The entered phone number is invalid.",
  zip: "Please enter a valid postcode.",
};

export function emailSchema(texts: FormTexts) {
  return yup.object({ email: yup.string().trim().required(texts.required).email(texts.email).max(254) });
}

export function addressSchema(texts: FormTexts, countries: string[]) {
  return yup.object({
    firstname: yup.string().trim().required(texts.required).max(80),
    lastname: yup.string().trim().required(texts.required).max(80),
    company: yup.string().trim().max(120).default(""),
    street: yup.string().trim().required(texts.required).max(160),
    zip: yup.string().trim().required(texts.required).matches(/^[A-Za-z0-9 -]{3,10}$/, texts.zip),
    city: yup.string().trim().required(texts.required).max(80),
    countryCode: yup.string().required(texts.required).oneOf(countries, texts.required),
    phone: yup.string().trim().max(40).matches(/^[0-9 +()/-]*$/, texts.phone).default(""),
  });
}

export type EmailForm = yup.InferType<ReturnType<typeof emailSchema>>;
export type AddressForm = yup.InferType<ReturnType<typeof addressSchema>>;

/** SPEC 5: a sample address needs a house number; without one the visitor confirms first. */
export function hasHouseNumber(street: string): boolean {
  return /\d/.test(street);
}

export type StepState = "inactive" | "active" | "complete";

/** Sample modal steps are inactive, active or complete (SPEC 4). */
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
