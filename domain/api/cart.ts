/**
 * The visitor's cart on the wire: `GET /apiv2/cart/`, `POST /apiv2/cart/` (a line added),
 * `PUT`/`DELETE /apiv2/cart/items/{id}`; money in `MoneyValue`s of the shop's currency.
 */
import type { MoneyValue } from "../money";

/** A line of the cart: a product's packages or a free sample. */
export interface CartItem {
  itemId: number;
  sku: string;
  kind: "product" | "sample";
  name: string;
  quantity: number;
  unit: { code: string; label: string };
  /** The product's pack content now: what the line's packages hold. */
  packageContent: number;
  /** The pack content the visitor chose the packages with, when the product's has changed since; else null (tables/carts.ts packageContentBefore). */
  packageContentBefore: number | null;
  options: Record<string, string>;
  image: string | null;
  isExpress: boolean;
  shippingGroup: "parcel" | "freight";
  isDecking: boolean;
  /** The product ships free (a cart of only such items pays no standard shipping at home). */
  isFreeShipping: boolean;
  deliveryDaysMin: number;
  deliveryDaysMax: number;
  price: MoneyValue;
  rowTotal: MoneyValue;
  desiredDate: unknown;
  /** The offer the line was accepted from (its quantity cannot be changed), else null. */
  offerId: string | null;
  /** The configured set the line belongs to (a roof window with its components; commerce/configurators.ts), else null. */
  set: { id: string; sku: string; component: string } | null;
}

/** The visitor's cart (`GET /apiv2/cart/`, and the answer of every change to it). */
export interface Cart {
  items: CartItem[];
  miniCart: { itemCount: number; linkToCart: string };
  totals: {
    currency: string;
    goodsValue: MoneyValue;
    tax: { isIncluded: true; amount: MoneyValue; label: string };
    prepaymentDiscount: { percentage: number; amount: MoneyValue };
  };
}

/** The answer of adding lines: the cart and how many packages were added. */
export type CartAddAnswer = Cart & { addToCartCount: number };
