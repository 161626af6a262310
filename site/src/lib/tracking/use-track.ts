import React from "react";
import type { EcommerceEvent } from "@domain/tracking";
import { trackEcommerce } from "./data-layer";
import { selectItem, viewItemList, type ItemInput, type ItemList } from "./ecommerce";

/** Pushes the event once per `key` after the page rendered in the browser (a product, a list page). */
export function useTrackOnce(key: string, build: () => EcommerceEvent | null): void {
  const latest = React.useRef(build);
  latest.current = build;
  React.useEffect(() => {
    trackEcommerce(latest.current());
  }, [key]);
}

/** What a list's tracking needs of each product card, in the order the page shows them. */
export interface ListedProduct {
  sku: string;
  title: string;
  card: { manufacturer: string | null; price: { packagePrice: number } | null };
}

const listItem = (product: ListedProduct, category: string): ItemInput => ({
  sku: product.sku,
  name: product.title,
  unitPrice: product.card.price?.packagePrice ?? null,
  quantity: 1,
  brand: product.card.manufacturer,
  category,
});

/**
 * GA4 view_item_list of a list page once it shows, and select_item when a product card's link is
 * followed: a click handler for the list's container (capture phase), which finds the card among
 * the container's `.product-card` articles, so the cards themselves stay as they are.
 */
export function useListTracking(list: ItemList, products: ListedProduct[]): (event: React.MouseEvent<HTMLElement>) => void {
  const skus = products.map((product) => product.sku).join(",");
  useTrackOnce(`${list.id}:${skus}`, () =>
    viewItemList(
      list,
      products.map((product) => listItem(product, list.name)),
    ),
  );
  return React.useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      const target = event.target instanceof Element ? event.target : null;
      const card = target?.closest(".product-card");
      if (!card || !target?.closest("a")) return;
      const index = [...event.currentTarget.querySelectorAll(".product-card")].indexOf(card);
      const product = products[index];
      if (product) trackEcommerce(selectItem(list, listItem(product, list.name), index));
    },
    [list, products],
  );
}

const TRACKED_ORDERS_KEY = "bh_tracked_orders";

/** True the first time an order number is seen in this browser (a reload of the success page does not count the purchase again). */
export function firstSightOfOrder(number: string, storage: Pick<Storage, "getItem" | "setItem"> | null): boolean {
  try {
    const seen = (storage?.getItem(TRACKED_ORDERS_KEY) ?? "").split(",").filter(Boolean);
    if (seen.includes(number)) return false;
    storage?.setItem(TRACKED_ORDERS_KEY, [...seen.slice(-19), number].join(","));
    return true;
  } catch {
    return true;
  }
}
