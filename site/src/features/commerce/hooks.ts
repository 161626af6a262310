/** swr hooks over the live commerce calls; keys are the API paths (shared cache between widgets). */
import useSWR, { mutate } from "swr";
import type { CurrentCountry, ProductDelivery, ShippingCountryChange, ShippingCountryRequest, ShippingZone } from "@domain/api/delivery";
import type { SampleContactRequest, SampleItemRequest } from "@domain/api/samples";
import { apiCall, fetchData, PATHS, type Cart, type RelatedProduct, type SampleCart } from "@site/api/client";
import { logFailure, productFetchFailure, SAMPLES_COUNTER_FAILED } from "@site/lib/client-log";

const quiet = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export function useCart() {
  return useSWR<Cart>(PATHS.cart, fetchData, quiet);
}

export function useCurrentCountry() {
  return useSWR<CurrentCountry>(PATHS.currentCountry, fetchData, quiet);
}

export function useDelivery(sku: string, country: string | null, quantity: number, postcode?: string) {
  return useSWR<ProductDelivery>(country ? PATHS.delivery(sku, country, quantity, postcode) : null, fetchData, { ...quiet, keepPreviousData: true });
}

export function useSampleCart() {
  return useSWR<SampleCart>(PATHS.sampleCart, fetchData, quiet);
}

/** The daily sample counter; a failure is logged and the counter keeps its fallback. */
export function useSamplesToday() {
  return useSWR<number>(PATHS.samplesToday, fetchData, { ...quiet, onError: (error) => logFailure(SAMPLES_COUNTER_FAILED, error) });
}

/** A product's related products; a failure rejects naming the product and is logged. */
export function useRelated(sku: string | null) {
  return useSWR<RelatedProduct[]>(
    sku ? PATHS.related(sku) : null,
    (path: string) =>
      fetchData<RelatedProduct[]>(path).catch((cause: unknown) => {
        throw productFetchFailure("related products", sku ?? "", cause);
      }),
    { ...quiet, onError: (error: Error) => logFailure(error.message) },
  );
}

/** Adds to the cart; on success the shared cart (mini-cart counter) takes the answer. */
export async function addToCart(sku: string, quantity: number) {
  const result = await apiCall<Cart>("POST", PATHS.cart, { sku, quantity });
  if (result.ok) await mutate(PATHS.cart, result.data, { revalidate: false });
  return result;
}

/** Announced after the shop API took a new shipping country: `{ code, zone }` (zone null when it could not be read). */
export const DELIVERY_COUNTRY_CHANGED = "bh:delivery-country-changed";
export interface DeliveryCountryChange {
  code: string;
  zone: ShippingZone | null;
}

/** The checkout quotes' API path (the cart and checkout pages key their quotes by it). */
const QUOTE_PATH = "/apiv2/checkout/quote";

/**
 * The shipping-country selection, from any chooser of any page (the header's, the product
 * page's delivery box, the cart page): the update is sent; on success the country becomes
 * current, the shipping zone is fetched, the delivery data and the checkout quotes of the page
 * are refreshed, and DELIVERY_COUNTRY_CHANGED tells the page's other widgets.
 */
export async function changeShippingCountry(code: string): Promise<{ ok: boolean; zone: ShippingZone | null }> {
  const request: ShippingCountryRequest = { country: code };
  const result = await apiCall<ShippingCountryChange>("PUT", PATHS.shippingCountry, request);
  if (!result.ok || !result.data) return { ok: false, zone: null };
  const { currentCountry, availableCountries } = result.data;
  await mutate<CurrentCountry>(PATHS.currentCountry, { ...currentCountry, availableCountries }, { revalidate: false });
  const zone = await apiCall<ShippingZone>("GET", PATHS.shippingZone(code));
  // A failed read of the zone's costs is only logged: the country is taken, the costs stay unnamed.
  if (!zone.ok) logFailure(`Failed to fetch shipping costs for ${code}`, zone.errors[0]?.message ?? `status ${zone.status}`);
  await mutate((key) => typeof key === "string" && (key.startsWith("/apiv1/product/byId/") || key.startsWith(QUOTE_PATH)));
  const change: DeliveryCountryChange = { code: currentCountry.code, zone: zone.ok ? zone.data : null };
  window.dispatchEvent(new CustomEvent<DeliveryCountryChange>(DELIVERY_COUNTRY_CHANGED, { detail: change }));
  return { ok: true, zone: change.zone };
}

/**
 * The text of a refused sample add: a full sample cart says so; a product whose samples are no
 * longer offered (the page was built while they were) gives the notice that the sample
 * availability has changed; anything else the generic failure.
 */
export function sampleAddRefusal(errors: { code?: string }[]): "samples.full" | "samples.availabilityChanged" | "samples.failed" {
  if (errors.some((error) => error.code === "sample_cart_full")) return "samples.full";
  if (errors.some((error) => error.code === "samples_unavailable")) return "samples.availabilityChanged";
  return "samples.failed";
}

/** A sample cart call: add or remove one sample, the order's contact, or the finish (an empty body). */
export async function sampleCall(path: string, body: SampleItemRequest | SampleContactRequest | Record<string, never>, headers?: Record<string, string>) {
  const result = await apiCall<SampleCart>("POST", path, body, headers);
  if (result.ok) await mutate(PATHS.sampleCart, result.data, { revalidate: false });
  return result;
}
