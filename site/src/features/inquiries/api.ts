/**
 * The inquiry and offer screens' calls to the shop API, through the commerce client
 * (same origin, the Swiss language segment, success only with 200 and data):
 *
 *   POST /apiv2/inquiry                 the form (X-Captcha-Token, action `inquiry`; Idempotency-Key)
 *   GET  /apiv2/search?query={sku}      the product the inquiry page names (see findProduct)
 *   GET  /apiv2/customer/offers         my offers (signed in)
 *   GET  /apiv2/offer/:id?sig=          one offer by the signed link of the offer mail
 *   POST /apiv2/offer/:id/accept|decline
 */
import { CAPTCHA_HEADER } from "@site/lib/captcha";
import { apiCall, type ApiResult } from "@site/api/client";
import { imageSrc } from "@site/lib/media";
import type { InquiryAnswer, InquiryForm } from "@domain/inquiry";
import type { OfferActionRequest, OfferAnswer } from "@domain/api/offers";
import type { OfferAccepted } from "@domain/offers";
import type { ProductResult, SearchData } from "@domain/search-api";
import { IDEMPOTENCY_HEADER } from "@site/lib/idempotency";
export { newIdempotencyKey } from "@site/lib/idempotency";

export const INQUIRY_PATHS = {
  submit: "/apiv2/inquiry",
  search: (sku: string) => `/apiv2/search?query=${encodeURIComponent(sku)}&limit=10&log=false`,
  currentCountry: "/apiv2/shipping/costs/current-country",
  customerOffers: "/apiv2/customer/offers",
  offer: (id: string, sig: string | null) => `/apiv2/offer/${encodeURIComponent(id)}${sig ? `?sig=${encodeURIComponent(sig)}` : ""}`,
  accept: (id: string) => `/apiv2/offer/${encodeURIComponent(id)}/accept`,
  decline: (id: string) => `/apiv2/offer/${encodeURIComponent(id)}/decline`,
} as const;

/** The captcha action of the inquiry form (the shop API checks the same). */
export const INQUIRY_CAPTCHA_ACTION = "inquiry";
/** What the form shows of the product asked about. */
export interface InquiryProduct {
  sku: string;
  name: string;
  /** The sales unit the quantity is asked in (m², pieces, ...); null when not known. */
  unit: { code: string; label: string } | null;
  image: { src: string; alt: string } | null;
  /** The product page (the thank-you's back-to-product link); null when not known. */
  link: string | null;
}

export function submitInquiry(body: InquiryForm, captchaToken: string, idempotencyKey: string): Promise<ApiResult<InquiryAnswer>> {
  return apiCall<InquiryAnswer>("POST", INQUIRY_PATHS.submit, body, { [CAPTCHA_HEADER]: captchaToken, [IDEMPOTENCY_HEADER]: idempotencyKey });
}

/**
 * The product of an inquiry page's sku. The shop API has no public read of one product by sku
 * (the pages are built from GraphQL, which needs the build's token; the cart, the samples and
 * the delivery calls take a sku but answer no name, unit or image), so this asks the search,
 * which ranks an exact sku first and answers name, image, sales unit and link, without counting
 * the query in the search report (`log=false`). null when nothing in this shop has that sku.
 */
export async function findProduct(sku: string): Promise<InquiryProduct | null> {
  const result = await apiCall<SearchData>("GET", INQUIRY_PATHS.search(sku));
  if (!result.ok || !result.data) return null;
  const products = result.data.searchResults.filter((group) => group.type === "products").flatMap((group) => group.results) as ProductResult[];
  const found = products.find((item) => item.sku === sku) ?? products.find((item) => item.sku.toUpperCase() === sku.toUpperCase());
  if (!found) return null;
  return {
    sku: found.sku,
    name: found.name,
    unit: found.unitPrice ? { code: found.unitPrice.unit, label: found.unitPrice.unitLabel } : null,
    image: found.image ? { src: imageSrc(found.image.url), alt: found.image.alt || found.name } : null,
    link: found.link || null,
  };
}

export function fetchOffer(id: string, sig: string | null): Promise<ApiResult<OfferAnswer>> {
  return apiCall<OfferAnswer>("GET", INQUIRY_PATHS.offer(id, sig));
}

/** The body of accept and decline: `sig`, the signed link's signature (a guest); a signed-in owner sends none. */
const offerAction = (sig: string | null): OfferActionRequest => (sig ? { sig } : {});

export function acceptOffer(id: string, sig: string | null, idempotencyKey: string): Promise<ApiResult<OfferAccepted>> {
  return apiCall<OfferAccepted>("POST", INQUIRY_PATHS.accept(id), offerAction(sig), { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function declineOffer(id: string, sig: string | null, idempotencyKey: string): Promise<ApiResult<OfferAnswer>> {
  return apiCall<OfferAnswer>("POST", INQUIRY_PATHS.decline(id), offerAction(sig), { [IDEMPOTENCY_HEADER]: idempotencyKey });
}
