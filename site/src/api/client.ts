/**
 * Typed client of the live commerce calls: plain fetch on the same origin
 * with `credentials: 'same-origin'` (the edge adds the bearer token from its HttpOnly
 * cookie and keeps a new one the shop API hands it; no script here ever sees the token,
 * docs/decisions/0029). A call succeeds only with HTTP 200 and data.
 * On the Swiss shop the language segment leads the API path (/fr/apiv2/...).
 */
import { errorItemsOf, isSuccess, type ReceivedEnvelope } from "@domain/api/envelope";
import type { ApiErrorItem } from "@domain/api/errors";
import { whileLoading } from "@site/lib/loading-indicator";

export type { ApiErrorItem };
export { isSuccess };

export interface ApiResult<T> {
  ok: boolean;
  status: number;
  data: T | null;
  errors: ApiErrorItem[];
}

const URL_LANGUAGES = ["de", "fr", "it"];

/** The API path for the current page: `/fr/apiv2/...` under a language prefix, else the path itself. */
export function apiUrl(path: string, pathname = typeof window === "undefined" ? "/" : window.location.pathname): string {
  const first = pathname.split("/")[1] ?? "";
  return URL_LANGUAGES.includes(first) ? `/${first}${path}` : path;
}

/** `headers`: extra request headers (the captcha token of a form submit). */
export async function apiCall<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResult<T>> {
  try {
    const init: RequestInit = { method, credentials: "same-origin", headers: { accept: "application/json", ...headers } };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: "application/json", "content-type": "application/json", ...headers };
    }
    // A write is a request the visitor made: the full-screen indicator shows while it runs.
    const response = await (method === "GET" ? fetch(apiUrl(path), init) : whileLoading(() => fetch(apiUrl(path), init)));
    const json = (await response.json().catch(() => null)) as ReceivedEnvelope<T> | null;
    const data = json?.data ?? null;
    return { ok: isSuccess(response.status, data), status: response.status, data, errors: errorItemsOf(json) };
  } catch {
    return { ok: false, status: 0, data: null, errors: [] };
  }
}

/** swr fetcher: resolves with data on success, rejects otherwise. */
export async function fetchData<T>(path: string): Promise<T> {
  const result = await apiCall<T>("GET", path);
  if (!result.ok) throw Object.assign(new Error(result.errors[0]?.message ?? "request failed"), { status: result.status, errors: result.errors });
  return result.data as T;
}

// Shapes of the responses the storefront reads.
export type { Cart, CartItem } from "@domain/api/cart";
export type { SampleCart } from "@domain/api/samples";

export type { RelatedProduct } from "@domain/api/catalogue";

export const PATHS = {
  cart: "/apiv2/cart/",
  delivery: (sku: string, country: string, quantity: number, postcode?: string) =>
    `/apiv1/product/byId/${encodeURIComponent(sku)}/delivery/byCountryCode/${encodeURIComponent(country)}/quantity/${Math.max(1, Math.floor(quantity) || 1)}${postcode ? `?postcode=${encodeURIComponent(postcode)}` : ""}`,
  shippingCountry: "/apiv2/shipping/costs/country",
  shippingZone: (code: string) => `/apiv2/shipping/costs/country?code=${encodeURIComponent(code)}`,
  currentCountry: "/apiv2/shipping/costs/current-country",
  sampleCart: "/apiv2/sample/product/cart",
  sampleAdd: "/apiv2/sample/product/cart/add",
  sampleRemove: "/apiv2/sample/product/cart/remove",
  sampleFinish: "/apiv2/sample/product/cart/finish",
  samplesToday: "/apiv2/sample/product/count/day",
  related: (sku: string) => `/apiv2/catalog/product/${encodeURIComponent(sku)}/related`,
} as const;
