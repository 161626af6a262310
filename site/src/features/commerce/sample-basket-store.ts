import { panelStore } from "../../lib/panel-store";

/**
 * The sample cart panel, opened by the header's sample cart entry (which shows it), the
 * product page's sample button after adding and its alert's "open the sample cart". `sku`
 * is the sample just added (the panel suggests a product related to it), null when the
 * panel was opened without one.
 */
export const sampleBasket = panelStore<{ sku: string | null }>();

/** Opens the sample cart panel; without a sku it keeps the one it was last opened with. */
export function openSampleBasket(sku: string | null = null): void {
  sampleBasket.open({ sku: sku ?? sampleBasket.current()?.sku ?? null });
}
