/**
 * The cart page's live data: the checkout quote (GET /apiv2/checkout/quote, swr keyed by its
 * path and query) and the line changes (PUT / DELETE /apiv2/cart/items/{itemId}). A change
 * refreshes the shared cart (the mini cart) with its answer and every quote; so does a new
 * delivery country (the existing PUT /apiv2/shipping/costs/country). The cart's voucher
 * (POST / DELETE /apiv2/cart/voucher) answers the quote for the page's request, which
 * becomes the page's quote at once; the other quotes are fetched again.
 */
import useSWR, { mutate } from "swr";
import type { CheckoutQuote, DeliveryModeCode } from "@domain/checkout";
import { apiCall, fetchData, PATHS, type ApiResult, type Cart } from "@site/api/client";
import { changeShippingCountry } from "../commerce/hooks";

export const QUOTE_PATH = "/apiv2/checkout/quote";
export const VOUCHER_PATH = "/apiv2/cart/voucher";
export const cartItemPath = (itemId: number) => `/apiv2/cart/items/${encodeURIComponent(String(itemId))}`;

export interface QuoteRequest {
  mode: DeliveryModeCode;
  desiredDate?: string | null;
  /** A German postcode (islands); sent only when it is one (5 digits). */
  postcode?: string | null;
  payment?: string | null;
}

/** The quote's path for a request: the mode always, a date only with a requested date, a postcode only when complete. */
export function quoteKey(request: QuoteRequest): string {
  const query = new URLSearchParams({ mode: request.mode });
  if (request.mode === "requested_date" && request.desiredDate) query.set("desiredDate", request.desiredDate);
  if (request.postcode && /^\d{5}$/.test(request.postcode)) query.set("postcode", request.postcode);
  if (request.payment) query.set("payment", request.payment);
  return `${QUOTE_PATH}?${query.toString()}`;
}

export function useQuote(request: QuoteRequest) {
  return useSWR<CheckoutQuote>(quoteKey(request), fetchData, { keepPreviousData: true, shouldRetryOnError: false, revalidateOnFocus: true });
}

/** Fetches every quote again (after the cart or the delivery country changed). */
export function revalidateQuotes(): Promise<unknown> {
  return mutate((key) => typeof key === "string" && key.startsWith(QUOTE_PATH));
}

async function afterLineChange(result: ApiResult<Cart>): Promise<ApiResult<Cart>> {
  if (result.ok) await mutate(PATHS.cart, result.data, { revalidate: false });
  // Refused or not: the quote shows the cart as it now is.
  await revalidateQuotes();
  return result;
}

/** A line's new quantity (packages). */
export async function changeLineQuantity(itemId: number, quantity: number): Promise<ApiResult<Cart>> {
  return afterLineChange(await apiCall<Cart>("PUT", cartItemPath(itemId), { quantity }));
}

/** Removes a line (a product's or a sample's). */
export async function removeLine(itemId: number): Promise<ApiResult<Cart>> {
  return afterLineChange(await apiCall<Cart>("DELETE", cartItemPath(itemId)));
}

/** The shipping-country selection from the cart page: the update is sent, then the quotes are fetched again. */
export async function changeDeliveryCountry(code: string): Promise<boolean> {
  const { ok } = await changeShippingCountry(code);
  if (ok) await revalidateQuotes();
  return ok;
}

/** The voucher call for the page's quote request: the quote's query goes along, its answer is that quote. */
async function voucherChange(request: QuoteRequest, method: "POST" | "DELETE", body?: { code: string }): Promise<ApiResult<CheckoutQuote>> {
  const key = quoteKey(request);
  const result = await apiCall<CheckoutQuote>(method, `${VOUCHER_PATH}${key.slice(QUOTE_PATH.length)}`, body);
  if (result.ok) await mutate(key, result.data, { revalidate: false });
  await mutate((other) => typeof other === "string" && other.startsWith(QUOTE_PATH) && (other !== key || !result.ok));
  return result;
}

/** Applies a voucher code to the cart (as typed: the shop API normalises it). */
export function applyVoucher(code: string, request: QuoteRequest): Promise<ApiResult<CheckoutQuote>> {
  return voucherChange(request, "POST", { code });
}

/** Takes the voucher off the cart. */
export function removeVoucher(request: QuoteRequest): Promise<ApiResult<CheckoutQuote>> {
  return voucherChange(request, "DELETE");
}
