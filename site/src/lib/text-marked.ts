/**
 * The "product text marked" dialog ("Text-selection marking: title, sku,
 * ean"): when a visitor selects part of the product's title, item number or EAN
 * (typically to copy it and compare prices), the shop offers help once per session.
 */
export interface MarkableProduct {
  title: string;
  sku: string;
  ean: string | null;
}

export const TEXT_MARKED_SESSION_KEY = "bh_text_marked_shown";
/** Shorter selections (a letter, a double click on a short word) are ignored. */
export const TEXT_MARKED_MIN_LENGTH = 3;

const normalise = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

export function shouldShowTextMarkedDialog(selection: string, product: MarkableProduct, alreadyShown: boolean): boolean {
  if (alreadyShown) return false;
  const selected = normalise(selection);
  if (selected.length < TEXT_MARKED_MIN_LENGTH) return false;
  return [product.title, product.sku, product.ean ?? ""].some((field) => field !== "" && normalise(field).includes(selected));
}
