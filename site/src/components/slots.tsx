import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../lib/page-data";
import { showToast } from "./Toasts";
import { SearchForm } from "../features/search/SearchForm";
import { AddToCart, MiniCartCounter } from "../features/commerce/AddToCart";
import { DeliveryBox } from "../features/commerce/DeliveryBox";
import { SampleButton, SamplesCounter } from "../features/commerce/Samples";
import "../features/commerce/commerce.css";

/**
 * Mount points for the live features of other parts of the shop. Each renders the
 * static fallback that is in the HTML before the page hydrates; the owners replace
 * the bodies with the real components:
 *  - AddToCartSlot, DeliveryBoxSlot, SampleButtonSlot, MiniCartCounterSlot,
 *    SamplesCounterSlot: live commerce (site/src/features/commerce)
 *  - SearchFormSlot: search (site/src/features/search)
 * Keep the props as they are; the pages pass nothing else.
 */
export interface ProductSlotProps {
  sku: string;
  product: ProductData;
  language: string;
}

/** Add-to-cart: inline on the product page, through a small cart modal on list cards (mode "modal"). */
export function AddToCartSlot({ sku, product, language, quantity, mode }: ProductSlotProps & { quantity?: number; mode?: "inline" | "modal" }) {
  return <AddToCart sku={sku} product={product} language={language} quantity={quantity} mode={mode} />;
}

/** Delivery box: static delivery time (standard and express) until the live delivery dates load. */
export function DeliveryBoxSlot({ sku, product, language }: ProductSlotProps) {
  return <DeliveryBox sku={sku} product={product} language={language} />;
}

/** Free sample button (only where the product offers samples). */
export function SampleButtonSlot({ sku, product, language }: ProductSlotProps) {
  return <SampleButton sku={sku} product={product} language={language} />;
}

/** Mini-cart counter in the header: a link to the cart showing 0 until the live count loads. */
export function MiniCartCounterSlot() {
  return <MiniCartCounter />;
}

/** Samples ordered today (home): a static statement until the live counter loads. */
export function SamplesCounterSlot() {
  return <SamplesCounter />;
}

/**
 * The header search: a plain GET form to the search page; focusing it loads the search
 * overlay on demand (site/src/features/search).
 */
export function SearchFormSlot({ action }: { action: string }) {
  return <SearchForm action={action} />;
}

/** True once React has hydrated the page (buttons that need JavaScript stay disabled before). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Project counter in the header (SPEC 2.2: cart and project counters); 0 until the live count loads. */
export function ProjectCounterSlot() {
  const { t } = useTranslation();
  return (
    <a className="header-counter" href="/customer/projects/" data-slot="project-counter" rel="nofollow">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M4 4h7l2 2h7v14H4zm2 4v10h12V8z" fill="currentColor" />
      </svg>
      <span className="counter-label">{t("header.projects")}</span>
      <span className="badge" aria-label={t("header.projectCount", { count: 0 })}>
        0
      </span>
    </a>
  );
}

/** Question about the product / offer (bulk-buyer) inquiry buttons; the inquiry feature wires them. */
export function InquiryButtonsSlot({ sku }: ProductSlotProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const unavailable = () => showToast({ type: "warning", message: t("product.inquiriesUnavailable") });
  return (
    <div className="inquiry-buttons" data-slot="inquiry-buttons" data-sku={sku}>
      <button type="button" className="button link" disabled={!hydrated} onClick={unavailable}>
        {t("product.askQuestion")}
      </button>
      <button type="button" className="button link" disabled={!hydrated} onClick={unavailable}>
        {t("product.requestOffer")}
      </button>
    </div>
  );
}
