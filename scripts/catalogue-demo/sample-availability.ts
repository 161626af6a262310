/**
 * The ERP's word on a product's samples, for the demo (docs/decisions/0072, docs/development.md):
 * the ERP sends a product's record when its sample availability changes, and the catalogue import
 * takes it into the live data at once, while pages built before keep offering the sample until the
 * builder publishes the product's page again. Beside the demo's import files lie two such updates of
 * one product that offers samples: one withdrawing its samples, one offering them again. Imported
 * with `npm run import` while the product's page is open, the page's sample button answers with the
 * notice that the sample availability has changed.
 */
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";

/** The folder beside the import files that holds the ERP's updates. */
export const ERP_FOLDER = "erp";

export interface SampleAvailabilityUpdates {
  sku: string;
  /** The product's German title (the page a newcomer opens). */
  title: string;
  /** The product as the ERP sends it when it no longer sends samples of it. */
  withdrawn: CatalogueDocument;
  /** The product as the ERP sends it when it sends samples again (as the demo made it). */
  restored: CatalogueDocument;
}

/** The updates for the catalogue's first simple product that offers samples; null when none does. */
export function sampleAvailabilityUpdates(documents: CatalogueDocument[]): SampleAvailabilityUpdates | null {
  const product = documents.flatMap((document) => document.products ?? []).find((candidate) => candidate.type === "simple" && candidate.samples?.active);
  if (!product) return null;
  const withSamples = (active: boolean): CatalogueDocument => ({ products: [{ ...product, samples: { ...product.samples, active } }] });
  return { sku: product.sku, title: product.content.de?.title ?? product.sku, withdrawn: withSamples(false), restored: withSamples(true) };
}
