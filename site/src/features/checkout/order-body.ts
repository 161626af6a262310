/**
 * The checkout form's values and the order body they make (domain/checkout-form.ts): the
 * form keeps every field as typed (strings, the "different shipping address" switch); the
 * body leaves out what does not apply (empty company and VAT ID, the shipping address
 * unless it differs, the desired date unless delivery is on a requested date), and is
 * validated with the shop API's own schema, so the field errors match the server's paths
 * (`billingAddress.postcode`, ...).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { DeliveryModeCode } from "@domain/checkout";
import type { orderFormSchema, OrderForm, OrderFormInput } from "@domain/checkout-form";
import type { DeliveryChoice } from "./delivery-choice";

export interface AddressValues {
  firstname: string;
  lastname: string;
  companyName: string;
  vatId: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

export interface CheckoutFormValues {
  email: string;
  billingAddress: AddressValues;
  differentShipping: boolean;
  shippingAddress: AddressValues;
  deliveryMode: DeliveryModeCode;
  desiredDate: string;
  paymentMethod: string;
  acceptTerms: boolean;
}

export type AddressKey = "billingAddress" | "shippingAddress";

export const emptyAddress = (countryCode = ""): AddressValues => ({
  firstname: "",
  lastname: "",
  companyName: "",
  vatId: "",
  street: "",
  postcode: "",
  city: "",
  countryCode,
});

/** A fresh form: the delivery choice of the cart page, the visitor's delivery country in both addresses. */
export function initialValues(choice: DeliveryChoice, countryCode: string): CheckoutFormValues {
  return {
    email: "",
    billingAddress: emptyAddress(countryCode),
    differentShipping: false,
    shippingAddress: emptyAddress(countryCode),
    deliveryMode: choice.mode,
    desiredDate: choice.desiredDate ?? "",
    paymentMethod: "",
    acceptTerms: false,
  };
}

function addressBody(address: AddressValues) {
  const { companyName, vatId, ...rest } = address;
  return { ...rest, ...(companyName.trim() ? { companyName } : {}), ...(vatId.trim() ? { vatId } : {}) };
}

/** The order body of the form's values (not yet validated). */
export function toOrderBody(values: CheckoutFormValues): OrderFormInput {
  return {
    email: values.email,
    billingAddress: addressBody(values.billingAddress),
    ...(values.differentShipping ? { shippingAddress: addressBody(values.shippingAddress) } : {}),
    deliveryMode: values.deliveryMode,
    ...(values.deliveryMode === "requested_date" && values.desiredDate ? { desiredDate: values.desiredDate } : {}),
    paymentMethod: values.paymentMethod,
    acceptTerms: values.acceptTerms,
  };
}

/** Where the order goes: the shipping address when it differs, else the billing address (the quote is priced for it). */
export function shipToOf(values: Pick<CheckoutFormValues, "differentShipping" | "billingAddress" | "shippingAddress">): { country: string; postcode: string } {
  const address = values.differentShipping ? values.shippingAddress : values.billingAddress;
  return { country: address.countryCode, postcode: address.postcode };
}

/** react-hook-form's resolver: the form's values made into the order body, checked by the shared schema; valid: the normalised body. */
export function orderResolver(schema: ReturnType<typeof orderFormSchema>): Resolver<CheckoutFormValues, unknown, OrderForm> {
  const resolve = zodResolver(schema);
  return async (values, context, options) => {
    const result = await resolve(toOrderBody(values), context, options as never);
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: result.errors as FieldErrors<CheckoutFormValues> }
      : { values: result.values as OrderForm, errors: {} };
  };
}
