/**
 * The checkout page's and the success page's live calls: the checkout quote for the
 * address and choices in the form (GET /apiv2/checkout/quote), placing the order, the
 * placed order, another payment try, and what the shop offers the forms (address
 * suggestions, the visitor's customer type). Same-origin fetches through
 * ../commerce/api.ts (the edge adds the visitor's token).
 */
import type { EnvironmentAnswer } from "@domain/api/shop";
import React from "react";
import useSWR from "swr";
import { isCalendarDate } from "@domain/calendar-date";
import type { CheckoutQuote, DeliveryModeCode } from "@domain/checkout";
import type { PaymentRetryAnswer, PlacedOrder, VisitorOrderView } from "@domain/api/orders";
import { apiCall, fetchData, type ApiResult } from "@site/api/client";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
export { newIdempotencyKey } from "@site/lib/idempotency";

export const CHECKOUT_PATHS = {
  quote: "/apiv2/checkout/quote",
  order: "/apiv2/checkout/order",
  orderByNumber: (number: string) => `/apiv2/checkout/order/${encodeURIComponent(number)}`,
  retryPayment: (number: string) => `/apiv2/checkout/order/${encodeURIComponent(number)}/payment`,
  environment: "/apiv2/environment",
  customerType: "/apiv2/isBusiness",
} as const;

export interface CheckoutQuoteRequest {
  /** The delivery country of the form (the shipping address's, else the billing address's). */
  country: string | null;
  postcode: string | null;
  mode: DeliveryModeCode;
  desiredDate: string | null;
  payment: string | null;
  /** The billing address's VAT ID and country: under the reverse charge the quote is net (docs/decisions/0075). */
  vatId?: string | null;
  billingCountry?: string | null;
}

/**
 * The quote's path: the country and postcode when they look like one, a date only with a requested date, the payment method when chosen,
 * the billing country and VAT ID when a VAT ID is filled in (the shop API decides the reverse charge).
 */
export function checkoutQuoteKey(request: CheckoutQuoteRequest): string {
  const query = new URLSearchParams();
  if (request.country && /^[a-z]{2}$/.test(request.country)) query.set("country", request.country);
  const postcode = request.postcode?.trim() ?? "";
  if (/^[A-Za-z0-9 -]{3,10}$/.test(postcode)) query.set("postcode", postcode);
  query.set("mode", request.mode);
  if (request.mode === "requested_date" && request.desiredDate && isCalendarDate(request.desiredDate)) query.set("desiredDate", request.desiredDate);
  if (request.payment) query.set("payment", request.payment);
  const vatId = request.vatId?.trim() ?? "";
  if (vatId && vatId.length <= 40 && request.billingCountry && /^[a-z]{2}$/.test(request.billingCountry)) {
    query.set("billingCountry", request.billingCountry);
    query.set("vatId", vatId);
  }
  return `${CHECKOUT_PATHS.quote}?${query.toString()}`;
}

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export function useCheckoutQuote(request: CheckoutQuoteRequest) {
  const key = checkoutQuoteKey(request);
  const result = useSWR<CheckoutQuote>(key, fetchData, { ...quiet, keepPreviousData: true });
  return { ...result, key };
}

/** The placed order; asked again every `refreshMs` while that is set (an online payment being confirmed). */
export function useOrder(number: string | null, refreshMs = 0) {
  return useSWR<VisitorOrderView>(number ? CHECKOUT_PATHS.orderByNumber(number) : null, fetchData, { ...quiet, refreshInterval: refreshMs });
}

/** Whether the shop's address forms can offer suggestions (false until known, and when the call fails). */
export function useAddressLookupAvailable(): boolean {
  const { data } = useSWR<EnvironmentAnswer>(CHECKOUT_PATHS.environment, fetchData, quiet);
  return data?.environment.addressLookup === true;
}

/** Private or business (the VAT ID field shows for business customers). */
export function useCustomerType(): "private" | "business" {
  const { data } = useSWR<string>(CHECKOUT_PATHS.customerType, fetchData, quiet);
  return data === "business" ? "business" : "private";
}

export function placeOrderCall(body: unknown, idempotencyKey: string): Promise<ApiResult<PlacedOrder>> {
  return apiCall<PlacedOrder>("POST", CHECKOUT_PATHS.order, body, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function retryPaymentCall(number: string, idempotencyKey: string, paymentMethod?: string): Promise<ApiResult<PaymentRetryAnswer>> {
  return apiCall<PaymentRetryAnswer>("POST", CHECKOUT_PATHS.retryPayment(number), paymentMethod ? { paymentMethod } : {}, {
    [IDEMPOTENCY_HEADER]: idempotencyKey,
  });
}

/** The value, once it stopped changing for `ms` (the quote follows a typed postcode without a call per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
