/**
 * The customer account: what the `/apiv2/customer` calls answer, shared by the
 * shop API (worker/shop-api/customers/) and the account screens (site/src/features/account/).
 * Money is integer minor units in `MoneyValue`s (domain/money.ts); states and refusals are
 * codes the screens word from their locales.
 */
import type { MoneyValue } from "./money";

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

/** A named list of products with quantities for a building project. */
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
