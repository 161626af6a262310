import React from "react";
import { navigate } from "gatsby";
import type { VariantChoice } from "./configuration";
import type { ProductData } from "./page-data";
import { unpackProduct, type PackedProduct } from "./product-page";
import { pageDataUrl } from "./page-data-url";

/**
 * A chosen variant's data, read from the variant's own page (docs/decisions/0055): every
 * variant of a family has its product page, and that page's `page-data.json` holds the
 * variant's whole data, so the product page carries of its siblings only what the options
 * are matched on (lib/configuration.ts VariantChoice). A variant is loaded once per visit,
 * when its option is pointed at, focused or chosen.
 */

type Fetch = (url: string) => Promise<Pick<Response, "ok" | "status" | "json">>;

const loads = new Map<string, Promise<PackedProduct>>();

/** The variant's page is gone since this page was built (its page data answers 404 or 410): the variant was removed or is no longer sold. */
export class VariantPageGone extends Error {}

/** The product data of the page at `path` as its page data carries it (once per path; a failed load is tried again next time). */
export function loadVariantPage(path: string, get: Fetch = (url) => fetch(url)): Promise<PackedProduct> {
  const known = loads.get(path);
  if (known) return known;
  const load = get(pageDataUrl(path)).then(async (response) => {
    if (response.status === 404 || response.status === 410) throw new VariantPageGone(`the page data of ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`the page data of ${path} answered ${response.status}`);
    const json = (await response.json()) as { result?: { data?: { product?: { data?: PackedProduct } } } };
    const product = json.result?.data?.product?.data;
    if (!product?.sku) throw new Error(`the page data of ${path} has no product`);
    return product;
  });
  loads.set(path, load);
  load.catch(() => loads.delete(path));
  return load;
}

/** Starts loading a variant ahead of its choice (an option pointed at or focused); failures show when it is chosen. */
export function prefetchVariantPage(path: string): void {
  loadVariantPage(path).catch(() => undefined);
}

/** The chosen variant as the page knows it: its data once loaded, or that it is no longer there (its page is gone). */
export interface ChosenVariant {
  product: ProductData | null;
  unavailable: boolean;
}

/**
 * The data of the chosen variant (its prices in the page's language); no product while it
 * loads and when the page's own product is chosen. A variant whose page is gone since this
 * page was built is unavailable (the page says so and does not add it); if its data cannot
 * be loaded otherwise (offline), the shopper is taken to the variant's page.
 */
export function useVariantPage(choice: VariantChoice | undefined, ownSku: string, language: string): ChosenVariant {
  const [loaded, setLoaded] = React.useState<ProductData | null>(null);
  const [gone, setGone] = React.useState<string | null>(null);
  const path = choice && choice.sku !== ownSku ? choice.path : null;
  React.useEffect(() => {
    if (!path) return;
    let current = true;
    loadVariantPage(path).then(
      (product) => current && setLoaded(unpackProduct(product, language)),
      (error: unknown) => current && (error instanceof VariantPageGone ? setGone(path) : void navigate(path)),
    );
    return () => {
      current = false;
    };
  }, [path, language]);
  return { product: path && loaded?.sku === choice?.sku ? loaded : null, unavailable: path !== null && gone === path };
}
