/**
 * The customer account (issue 13): what the `/apiv2/customer` calls answer, shared by the
 * shop API (worker/shop-api/customers/) and the account screens (site/src/features/account/).
 * Money is integer minor units in `MoneyValue`s (domain/money.ts); states and refusals are
 * codes the screens word from their locales.
 */
import type { MoneyValue } from "./money";
import type { OrderLineView } from "./order";

export type CustomerType = "private" | "business";

/** A customer as the account shows it (GET /apiv2/customer). */
export interface Customer {
  id: string;
  type: CustomerType;
  firstName: string;
  surname: string;
  email: string;
  companyName: string | null;
  vatId: string | null;
  /** Street and house number; null for an account registered before it was asked (until the customer enters it). */
  street: string | null;
  postcode: string;
  city: string;
  /** Lower-case ISO code. */
  country: string;
  phone: string;
  /** The e-mail address was confirmed (a signed-in customer always has). */
  verified: boolean;
}

export type OrderStateCode = "placed" | "confirmed" | "shipped" | "delivered" | "cancelled";
export type DeliveryModeName = "standard" | "requested_date" | "on_call_storage" | "express";

/**
 * Where stored goods are: `stored` (in the warehouse, no call-off yet), `called_off` (a
 * delivery date was asked for), `delivered` (the order shipped), `cancelled`.
 */
export type StorageStateCode = "stored" | "called_off" | "delivered" | "cancelled";

/** A call-off: `requested` is the open one, `replaced` one a later call-off took the place of, `shipped` the one the goods went out on. */
export interface CallOff {
  desiredDate: string;
  state: "requested" | "replaced" | "shipped" | "cancelled";
  requestedAt: string;
}

/** A line of "my orders" (GET /apiv2/customer/orders). */
export interface OrderSummary {
  number: string;
  placedAt: string;
  state: OrderStateCode;
  grandTotal: MoneyValue;
  /** Lines of the order (products and samples). */
  itemCount: number;
  deliveryMode: DeliveryModeName;
  /** Only for orders on call with storage. */
  storage?: { until: string; state: StorageStateCode };
}

/** A line of the customer's order: domain/order.ts, as the visitor who ordered and staff see it. */
export type CustomerOrderLine = OrderLineView;

export interface OrderAddress {
  firstname: string;
  lastname: string;
  companyName?: string;
  vatId?: string;
  street: string;
  postcode: string;
  city: string;
  countryCode: string;
}

/** The storage of an order on call (SPEC 1, 9): free until `storedUntil`; `callOff` says what a new call-off may ask for now. */
export interface OrderStorage {
  state: StorageStateCode;
  /** The last day of the free storage period. */
  storedUntil: string;
  freeMonths: number;
  callOffs: CallOff[];
  /** The dates a call-off may name today (working days), or null when none is possible (shipped, cancelled). */
  callOff: { earliest: string; latest: string } | null;
}

/** One order of the customer (GET /apiv2/customer/orders/{number}). */
export interface CustomerOrder {
  orderNumber: string;
  state: OrderStateCode;
  placedAt: string;
  confirmedAt: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  email: string;
  billingAddress: OrderAddress | null;
  shippingAddress: OrderAddress | null;
  deliveryMode: DeliveryModeName;
  desiredDate: string | null;
  paymentMethod: string;
  currency: string;
  lines: CustomerOrderLine[];
  totals: {
    goods: MoneyValue;
    prepaymentDiscount: MoneyValue;
    /** The voucher the order redeemed and the part of it used (issue 15); null without one. */
    voucher: { code: string; amount: MoneyValue } | null;
    shipping: MoneyValue;
    tax: { isIncluded: true; amount: MoneyValue; label: string };
    grandTotal: MoneyValue;
  };
  /** The order's states in time order, from placed on. */
  history: { state: OrderStateCode; at: string }[];
  storage: OrderStorage | null;
  /**
   * True while a return can be started: a product line has packages delivered, not yet in a
   * complaint, within 30 days of that line's delivery (SPEC 9; domain/return-window.ts, the
   * rule of the returns page). Defects can be reported there after the 30 days as well.
   */
  returnable: boolean;
  /** The returns page for this order, opened for the signed-in customer: `{prefix}/returns/?order=NUMBER`. */
  returnsLink: string;
}

export interface ProjectItem {
  itemId: number;
  sku: string;
  name: string;
  /** The product page in the request's language, or null when the shop does not list it (any more). */
  link: string | null;
  image: { src: string; alt: string } | null;
  quantity: number;
  unit: string;
  unitLabel: string;
  /** Null when the product has no price in the shop (any more). */
  packagePrice: MoneyValue | null;
  /** Listed, priced, not at its end of life and in stock: it can go into the cart. */
  available: boolean;
}

/** A named list of products with quantities for a building project (SPEC 2.2). */
export interface Project {
  id: number;
  name: string;
  updatedAt: string;
  items: ProjectItem[];
}

/** The screens of the account (domain/routes.ts accountPath). */
export const ACCOUNT_SCREENS = [
  "CreateAccount",
  "Login",
  "PasswordReset",
  "Verify",
  "OrderOverview",
  "Order",
  "Offers",
  "Profile",
  "Address",
  "Password",
] as const;
export type AccountScreen = (typeof ACCOUNT_SCREENS)[number];

/** Session lifetimes (docs/decisions/0037): a session ends this long after its last call, and this long after sign-in however active. */
export const CUSTOMER_SESSION_IDLE_DAYS = 30;
export const CUSTOMER_SESSION_LIFETIME_DAYS = 90;
/** Link lifetimes of the account's mails. */
export const VERIFY_TOKEN_HOURS = 24;
export const RESET_TOKEN_MINUTES = 30;
