/**
 * What the storefront reports to the tag manager (docs/decisions/0050), shared by the
 * pages (site/src/lib/tracking/) and the tests: the GA4 e-commerce events, the spec's own event
 * shape (category, action, label, value, extra data and a frontend type) and the
 * interface toggles whose visibility is reported. Types and constants only: the zod
 * schemas that check them live in domain/tracking-schemas.ts, outside the pages' bundle.
 */

/** GA4 accepts at most 200 items per event; longer lists are cut. */
export const MAX_EVENT_ITEMS = 200;

/** The frontend type every spec event names (the storefront of this project, not the legacy one). */
export const FRONTEND_TYPE = "gatsby";

export const ECOMMERCE_EVENTS = [
  "view_item_list",
  "select_item",
  "view_item",
  "add_to_cart",
  "remove_from_cart",
  "begin_checkout",
  "add_shipping_info",
  "add_payment_info",
  "purchase",
] as const;
export type EcommerceEventName = (typeof ECOMMERCE_EVENTS)[number];

/** A GA4 item: price is the decimal price of one unit (one package) in the event's currency. */
export interface TrackedItem {
  item_id: string;
  item_name: string;
  price: number;
  quantity: number;
  index?: number;
  item_brand?: string;
  item_category?: string;
  item_list_id?: string;
  item_list_name?: string;
}

export interface EcommerceData {
  currency?: string;
  value?: number;
  items: TrackedItem[];
  item_list_id?: string;
  item_list_name?: string;
  transaction_id?: string;
  tax?: number;
  shipping?: number;
  coupon?: string;
  shipping_tier?: string;
  payment_type?: string;
}

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: EcommerceData;
}

/** The interface toggles (all of them are reported when they open or close). */
export const INTERFACE_TOGGLES = [
  "cartModal",
  "navigation",
  "search",
  "countrySelection",
  "filterSidebar",
  "footer",
  "descriptionSidebar",
  "technicalDataSidebar",
  "tutorialSidebar",
  "terraceConfiguratorModal",
  "sampleCart",
  "sampleThankYou",
  "diyPanel",
  "videoPlatformModal",
  "productInquiryModal",
  "askModal",
  "productMarkDialog",
  "shippingGroup",
  "productConfigurator",
  "deliveryLoading",
  "relatedProductsScroll",
  "mobileMenu",
  "stickyHeader",
  "hoveredWorld",
  "tab",
] as const;
export type InterfaceToggle = (typeof INTERFACE_TOGGLES)[number];

/** The spec's event: category, action, label, value, extra data, frontend type. */
export interface InteractionEvent {
  event: "interaction";
  category: string;
  action: string;
  label: string | null;
  value: number | null;
  extraData: Record<string, string | number | boolean | null> | null;
  frontendType: typeof FRONTEND_TYPE;
}

/** Minor units (cents, Rappen) to the decimal amount GA4 reads; both shop currencies have two decimals. */
export function decimalAmount(minor: number): number {
  return Math.round(minor) / 100;
}
