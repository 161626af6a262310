import React from "react";
import { useI18next, useTranslation } from "gatsby-plugin-react-i18next";
import { inquiryPath, slugPath } from "@domain/routes";
import { routingOf } from "../features/account/paths";
import { inquiriesEnabled } from "../features/inquiries/availability";
import { lazyOnIdle } from "../lib/lazy";
import { imageSrc } from "../lib/media";
import { showToast } from "../lib/toast-store";
import { useInterfaceToggle } from "../lib/interface-toggle";
import { PendingButton, useHydrated, usePagePaths, type ProductSlotProps } from "./slots";

/**
 * The product page's mount points in its buy box (see slots.tsx): a module of their own, so
 * pages without a buy box do not load them.
 */
const AddToCart = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.AddToCart));
const DeliveryBox = lazyOnIdle(() => import("../features/commerce/DeliveryBox").then((module) => module.DeliveryBox));
const SampleButton = lazyOnIdle(() => import("../features/commerce/Samples").then((module) => module.SampleButton));
const ProjectMenu = lazyOnIdle(() => import("../features/account/ProjectMenu").then((module) => module.ProjectMenu));

/** Add-to-cart: inline on the product page, through a small cart modal on list cards (mode "modal"). */
export const AddToCartSlot = React.memo(function AddToCartSlot({
  sku,
  product,
  language,
  quantity,
  mode,
  beforeAdd,
}: ProductSlotProps & { quantity?: number; mode?: "inline" | "modal"; beforeAdd?: () => boolean }) {
  return (
    <React.Suspense fallback={<PendingButton className="button add-to-cart" label="product.addToCart" />}>
      <AddToCart sku={sku} product={product} language={language} quantity={quantity} mode={mode} beforeAdd={beforeAdd} />
    </React.Suspense>
  );
});

/**
 * Delivery box: static delivery time (standard and express) until the live delivery dates load. None for a product
 * that cannot be ordered (out of stock, or at its end of life): the page promises no delivery date for it.
 */
export const DeliveryBoxSlot = React.memo(function DeliveryBoxSlot({ sku, product, language }: ProductSlotProps) {
  if (product.isOutOfStock || product.reachedEOF) return null;
  return (
    <React.Suspense fallback={null}>
      <DeliveryBox sku={sku} product={product} language={language} />
    </React.Suspense>
  );
});

/** Free sample button (only where the product offers samples). */
export const SampleButtonSlot = React.memo(function SampleButtonSlot({ sku, product, language }: ProductSlotProps) {
  if (!product.samples.active) return null;
  return (
    <React.Suspense fallback={<PendingButton className="button secondary" label="product.orderSample" />}>
      <SampleButton sku={sku} product={product} language={language} />
    </React.Suspense>
  );
});

/** The product page's project menu (create new, add to project, manage), beside add-to-cart. */
export const ProjectMenuSlot = React.memo(function ProjectMenuSlot({ sku, product, language, quantity }: ProductSlotProps & { quantity: number }) {
  const { t } = useTranslation("account");
  const { routed } = useI18next();
  const routing = routingOf({ language, routed });
  const paths = usePagePaths();
  return (
    <React.Suspense
      fallback={
        <button type="button" className="button secondary" disabled>
          {t("account.projectMenu.button")}
        </button>
      }
    >
      <ProjectMenu sku={sku} name={product.content.title} link={slugPath(routing, language, product.slug)} quantity={quantity} projectsPath={paths.projects} />
    </React.Suspense>
  );
});

const InquiryModal = React.lazy(() => import(/* webpackChunkName: "inquiry-form" */ "../features/inquiries/InquiryModal"));

/**
 * The product page's inquiry buttons: the question about the product and the offer
 * request open the inquiry modal (its code loads at that click, docs/decisions/0011), and a link
 * leads to the bulk-buyer inquiry page. The quantity of the page's quantity calculator (packages)
 * goes into the form in the product's sales unit. A shop with inquiries switched off
 * (config/shops.json `inquiries.enabled`) keeps the toast 'Leider sind Anfragen derzeit nicht verfügbar'.
 */
export function InquiryButtonsSlot({ sku, product, language, quantity, countries }: ProductSlotProps & { quantity?: number; countries: readonly string[] }) {
  const { t } = useTranslation();
  const { t: ti } = useTranslation("inquiries-ui");
  const { routed } = useI18next();
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState<"product" | "offer" | null>(null);
  useInterfaceToggle("askModal", open === "product");
  useInterfaceToggle("productInquiryModal", open === "offer");
  const enabled = inquiriesEnabled();
  const routing = routingOf({ language, routed });
  const unavailable = () => showToast({ type: "warning", message: t("product.inquiriesUnavailable") });
  const image = product.media.find((media) => media.kind === "image");
  const amount = quantity && quantity > 0 ? Math.round(quantity * product.packageContent * 100) / 100 : null;
  return (
    <div className="inquiry-buttons" data-slot="inquiry-buttons" data-sku={sku}>
      <button type="button" className="button link" disabled={!hydrated} onClick={enabled ? () => setOpen("product") : unavailable} data-testid="ask-question">
        {t("product.askQuestion")}
      </button>
      <button type="button" className="button link" disabled={!hydrated} onClick={enabled ? () => setOpen("offer") : unavailable} data-testid="request-offer">
        {t("product.requestOffer")}
      </button>
      {enabled ? (
        <a className="button link" href={inquiryPath(routing, language, "bulk", sku)} rel="nofollow" data-testid="bulk-inquiry">
          {ti("inquiryForm.buttons.bulk")}
        </a>
      ) : null}
      {open ? (
        <React.Suspense fallback={null}>
          <InquiryModal
            type={open}
            language={language}
            quantity={amount}
            countries={countries}
            product={{
              sku,
              name: product.content.title,
              unit: product.unit,
              image: image ? { src: imageSrc(image.url), alt: image.alt || product.content.title } : null,
              link: slugPath(routing, language, product.slug),
            }}
            onClose={() => setOpen(null)}
          />
        </React.Suspense>
      ) : null}
    </div>
  );
}
