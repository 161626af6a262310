/**
 * The checkout's order form: the body of `POST /apiv2/checkout/order`
 * (docs/decisions/0035-orders.md), validated with the same schema by the shop API (texts
 * = its English messages) and by the checkout page before it sends (texts = the visitor's
 * language), so both refuse alike. Addresses use the storefront's field names and the contact-field
 * rules of domain/contact-fields.ts (NFC, trimmed, plain text, no markup).
 *
 * Refusals that are not a contact field's own carry a code in `params.code` (the shop API
 * answers it as the field error's `code`; the page translates by it).
 *
 * zod is loaded with this module: import it only from code that loads on demand (the
 * checkout page) or runs on the server.
 */
import { z } from "zod";
import { isCalendarDate } from "./calendar-date";
import { DELIVERY_MODES } from "./checkout";
import { addressFields, emailField, hasHouseNumber, type ContactTexts } from "./contact-fields";
import { isVatIdOf, normalizeVatId } from "./vat-id";

/** The messages of the order form, in the language of whoever reads them. */
export interface OrderFormTexts extends ContactTexts {
  /** A VAT ID that does not fit its address's country (domain/vat-id.ts). */
  vatId: string;
  /** No country, or not a country code. */
  country: string;
  /** A country the shop does not deliver to. */
  countryNotDeliverable: string;
  deliveryMode: string;
  paymentMethod: string;
  acceptTerms: string;
  /** A desired date that is not a calendar date (YYYY-MM-DD). */
  date: string;
  /** A desired date with a delivery mode other than requested_date. */
  desiredDateNotAllowed: string;
}

/** The codes of the form's own refusals (besides `required`, `invalid` and the contact fields' `invalid_characters`). */
export const ORDER_FORM_CODES = {
  vatId: "invalid_vat_id",
  country: "invalid_country",
  countryNotDeliverable: "country_not_deliverable",
  deliveryMode: "invalid_delivery_mode",
  paymentMethod: "payment_method_unknown",
  acceptTerms: "terms_not_accepted",
  date: "invalid_date",
  desiredDateNotAllowed: "desired_date_not_allowed",
} as const;

const COUNTRY = /^[a-z]{2}$/;

/**
 * An address, its country among `countries` (the shop's delivery countries); a VAT ID, when
 * given, in the format of the address's country (its two-letter prefix and pattern, domain/vat-id.ts).
 */
export function orderAddressSchema(texts: OrderFormTexts, countries: readonly string[]) {
  const contact = addressFields(texts);
  return z
    .object({
      firstname: contact.firstname,
      lastname: contact.lastname,
      companyName: contact.company,
      vatId: z.string().max(40, texts.vatId).transform(normalizeVatId).optional(),
      street: contact.street,
      postcode: contact.zip,
      city: contact.city,
      countryCode: z
        .string({ required_error: texts.required })
        .transform((code) => code.trim().toLowerCase())
        .superRefine((code, ctx) => {
          if (!COUNTRY.test(code)) ctx.addIssue({ code: "custom", message: texts.country, params: { code: ORDER_FORM_CODES.country } });
          else if (!countries.includes(code))
            ctx.addIssue({ code: "custom", message: texts.countryNotDeliverable, params: { code: ORDER_FORM_CODES.countryNotDeliverable } });
        }),
    })
    .strict()
    .superRefine((address, ctx) => {
      if (address.vatId && !isVatIdOf(address.vatId, address.countryCode))
        ctx.addIssue({ code: "custom", path: ["vatId"], message: texts.vatId, params: { code: ORDER_FORM_CODES.vatId } });
    });
}

/**
 * The order body. `desiredDate` belongs to delivery on a requested date only: required
 * there (a calendar date), refused with any other mode. The shop API checks the rest
 * against the cart (the date not before the earliest delivery, the mode's own rules, the
 * payment method among the shop's).
 */
export function orderFormSchema(texts: OrderFormTexts, countries: readonly string[]) {
  const address = orderAddressSchema(texts, countries);
  return z
    .object({
      email: emailField(texts),
      billingAddress: address,
      shippingAddress: address.optional(),
      deliveryMode: z.enum(DELIVERY_MODES, { errorMap: () => ({ message: texts.deliveryMode }) }),
      desiredDate: z.string().max(10, texts.date).optional(),
      paymentMethod: z.string({ required_error: texts.required }).min(1, texts.paymentMethod).max(40, texts.paymentMethod),
      acceptTerms: z
        .boolean({ required_error: texts.required, invalid_type_error: texts.acceptTerms })
        .refine((accepted) => accepted, { message: texts.acceptTerms, params: { code: ORDER_FORM_CODES.acceptTerms } }),
      /** The grand total the visitor was shown (minor units); a different total is refused as price_changed. */
      expectedTotal: z.number().int().min(0).max(1e12).optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      if (body.deliveryMode === "requested_date") {
        if (body.desiredDate === undefined)
          ctx.addIssue({ code: "invalid_type", expected: "string", received: "undefined", path: ["desiredDate"], message: texts.required });
        else if (!isCalendarDate(body.desiredDate))
          ctx.addIssue({ code: "custom", path: ["desiredDate"], message: texts.date, params: { code: ORDER_FORM_CODES.date } });
      } else if (body.desiredDate !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["desiredDate"],
          message: texts.desiredDateNotAllowed,
          params: { code: ORDER_FORM_CODES.desiredDateNotAllowed },
        });
      }
    });
}

export type OrderFormInput = z.input<ReturnType<typeof orderFormSchema>>;
export type OrderForm = z.output<ReturnType<typeof orderFormSchema>>;
export type OrderAddress = z.output<ReturnType<typeof orderAddressSchema>>;

/**
 * The addresses of an order whose street has no house number (the visitor confirms
 * before the order goes out, as in the sample flow; the shop API does not refuse it).
 */
export function addressesWithoutHouseNumber(body: Pick<OrderForm, "billingAddress" | "shippingAddress">): ("billingAddress" | "shippingAddress")[] {
  const missing: ("billingAddress" | "shippingAddress")[] = [];
  if (!hasHouseNumber(body.billingAddress.street)) missing.push("billingAddress");
  if (body.shippingAddress && !hasHouseNumber(body.shippingAddress.street)) missing.push("shippingAddress");
  return missing;
}
