import { panelStore } from "@site/lib/panel-store";

/**
 * The sample cart panel, opened by the header's sample cart entry (which shows it), the
 * product page's sample button after adding and its alert's "open the sample cart". `sku`
 * is the sample just added (the panel suggests a product related to it), null when the
 * panel was opened without one.
 */
export const sampleCartPanel = panelStore<{ sku: string | null }>();

/** Opens the sample cart panel; without a sku it keeps the one it was last opened with. */
export function openSampleCart(sku: string | null = null): void {
  sampleCartPanel.open({ sku: sku ?? sampleCartPanel.current()?.sku ?? null });
}
