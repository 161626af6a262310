/**
 * Sample orders placed the way a shopper places them (add samples, give the address, finish
 * through the shop API of the harness), for the tests of the back office's views.
 */
import type { Harness } from "./commerce";

export interface PlacedOrder {
  referenceCode: string;
  token: string;
}

export interface OrderInput {
  shop?: string;
  email: string;
  skus?: string[];
  address?: Partial<{ firstname: string; lastname: string; company: string; street: string; zip: string; city: string; countryCode: string }>;
  /** false: the cart is left open (contact given, never finished). */
  finish?: boolean;
}

let counter = 0;

/** Places an order; each gets an address of its own, so the daily caps per address do not interfere. */
export async function placeSampleOrder(h: Harness, input: OrderInput): Promise<PlacedOrder> {
  counter += 1;
  const shop = input.shop ?? "DE";
  const skus = input.skus ?? ["S-1", "S-2"];
  let token: string | undefined;
  for (const sku of skus) {
    const added = await h.call("POST", "/apiv2/sample/product/cart/add", { body: { sku }, token, shop });
    if (added.status !== 200) throw new Error(`add ${sku}: ${added.status} ${JSON.stringify(added.body.errors)}`);
    token ??= added.token;
  }
  const address = {
    firstname: "Erika",
    lastname: `Muster${counter}`,
    street: `Hauptstraße ${counter}`,
    zip: shop === "CH" ? "8001" : "10115",
    city: shop === "CH" ? "Zürich" : "Berlin",
    countryCode: shop === "CH" ? "ch" : "de",
    ...input.address,
  };
  const saved = await h.call("POST", "/apiv2/sample/product/cart", { body: { email: input.email, customerAddress: address }, token, shop });
  if (saved.status !== 200) throw new Error(`contact: ${saved.status} ${JSON.stringify(saved.body.errors)}`);
  const referenceCode = saved.body.data.cart.referenceCode as string;
  if (input.finish !== false) {
    const finished = await h.call("POST", "/apiv2/sample/product/cart/finish", { token, shop });
    if (finished.status !== 200) throw new Error(`finish: ${finished.status} ${JSON.stringify(finished.body.errors)}`);
  }
  return { referenceCode, token: token as string };
}
