import React from "react";
import { useI18next, useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../lib/page-data";
import { inquiryPath, slugPath } from "@domain/routes";
import { accountPaths, routingOf } from "../features/account/paths";
import { inquiriesEnabled } from "../features/inquiries/availability";
import { lazyOnIdle } from "../lib/lazy";
import { imageSrc } from "../lib/media";
import { showToast } from "../lib/toast-store";
import { useVisibilityTracking } from "../lib/tracking/use-visibility";
import { SearchForm } from "../features/search/SearchForm";
import "../features/commerce/commerce.css";
import "../features/account/account.css";
import "../features/inquiries/inquiries.css";

/**
 * Mount points for the live features of other parts of the shop. Each renders the
 * static fallback that is in the HTML before the page hydrates; the owners replace
 * the bodies with the real components:
 *  - AddToCartSlot, DeliveryBoxSlot, SampleButtonSlot, MiniCartCounterSlot,
 *    SampleCartSlot, SamplesCounterSlot: live commerce (site/src/features/commerce)
 *  - SearchFormSlot: search (site/src/features/search)
 *  - ProjectCounterSlot, AccountLinkSlot, ProjectMenuSlot: the customer account
 *    (site/src/features/account)
 *  - InquiryButtonsSlot: inquiries and offer requests (site/src/features/inquiries)
 * Keep the props as they are; the pages pass nothing else (the product page also gives
 * AddToCartSlot its check before an add, `beforeAdd`).
 *
 * The live components (and swr) are not part of the first load: they are in the static
 * HTML (rendered at build time) and hydrate when the browser is idle or at the first
 * interaction (site/src/lib/lazy.ts, docs/decisions/0011). The memo keeps a re-render of
 * the page from forcing them to their fallback before that.
 */
export interface ProductSlotProps {
  sku: string;
  product: ProductData;
  language: string;
}

const AddToCart = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.AddToCart));
const ListAddToCart = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.ListAddToCart));
const MiniCartCounter = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.MiniCartCounter));
const DeliveryBox = lazyOnIdle(() => import("../features/commerce/DeliveryBox").then((module) => module.DeliveryBox));
const SampleCartEntry = lazyOnIdle(() => import("../features/commerce/SampleCartEntry").then((module) => module.SampleCartEntry));
const SampleButton = lazyOnIdle(() => import("../features/commerce/Samples").then((module) => module.SampleButton));
const SamplesCounter = lazyOnIdle(() => import("../features/commerce/Samples").then((module) => module.SamplesCounter));
const ProjectCounter = lazyOnIdle(() => import("../features/account/HeaderAccount").then((module) => module.ProjectCounter));
const HeaderAccount = lazyOnIdle(() => import("../features/account/HeaderAccount").then((module) => module.HeaderAccount));
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

/** Add-to-cart on a list card (opens the small cart modal); only for products that can be bought. */
export const ListAddToCartSlot = React.memo(function ListAddToCartSlot({
  sku,
  title,
  salable,
  language,
}: {
  sku: string;
  title: string;
  salable: boolean;
  language: string;
}) {
  if (!salable) return null;
  return (
    <React.Suspense fallback={<PendingButton className="button add-to-cart" label="product.addToCart" />}>
      <ListAddToCart sku={sku} title={title} salable={salable} language={language} />
    </React.Suspense>
  );
});

/** Delivery box: static delivery time (standard and express) until the live delivery dates load. */
export const DeliveryBoxSlot = React.memo(function DeliveryBoxSlot({ sku, product, language }: ProductSlotProps) {
  return (
    <React.Suspense fallback={null}>
      <DeliveryBox sku={sku} product={product} language={language} />
    </React.Suspense>
  );
});

/** Free sample button (only where the product offers samples). */
export const SampleButtonSlot = React.memo(function SampleButtonSlot({ sku, product, language }: ProductSlotProps) {
  return (
    <React.Suspense fallback={product.samples.active ? <PendingButton className="button secondary" label="product.orderSample" /> : null}>
      <SampleButton sku={sku} product={product} language={language} />
    </React.Suspense>
  );
});

/** Mini-cart counter in the header: a link to the cart page (`href`, domain/routes.ts cartPath) showing 0 until the live count loads. */
export const MiniCartCounterSlot = React.memo(function MiniCartCounterSlot({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <React.Suspense
      fallback={
        <a className="header-counter" href={href} data-slot="mini-cart" rel="nofollow">
          <span className="counter-label">{t("header.cart")}</span>
        </a>
      }
    >
      <MiniCartCounter href={href} />
    </React.Suspense>
  );
});

/** The header's sample cart entry (opens the sample cart panel on any page); a disabled stand-in until its code loads. */
export const SampleCartSlot = React.memo(function SampleCartSlot() {
  const { t } = useTranslation("commerce");
  return (
    <React.Suspense
      fallback={
        <button type="button" className="header-counter" data-slot="sample-cart" disabled>
          <span className="counter-label">{t("samples.headerLabel")}</span>
        </button>
      }
    >
      <SampleCartEntry />
    </React.Suspense>
  );
});

/** Samples ordered today (home): a static statement until the live counter loads. */
export const SamplesCounterSlot = React.memo(function SamplesCounterSlot() {
  return (
    <React.Suspense fallback={null}>
      <SamplesCounter />
    </React.Suspense>
  );
});

/** A disabled stand-in for a live button while its code loads. */
function PendingButton({ className, label }: { className: string; label: "product.addToCart" | "product.orderSample" }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={className} disabled>
      {t(label)}
    </button>
  );
}

/**
 * The header search: a plain GET form to the search page; focusing it loads the search
 * overlay on demand (site/src/features/search).
 */
export function SearchFormSlot({ action, resultsAction }: { action: string; resultsAction?: string }) {
  return <SearchForm action={action} resultsAction={resultsAction} />;
}

/** True once React has hydrated the page (buttons that need JavaScript stay disabled before). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The account's paths in the page's language (a routed shop, CH, puts the language first). */
function usePagePaths() {
  const { language, routed } = useI18next();
  return React.useMemo(() => accountPaths(routingOf({ language, routed }), language), [language, routed]);
}

/** Project counter in the header (cart and project counters): the real number (this browser's for a guest, the account's when signed in), linking to my projects. */
export const ProjectCounterSlot = React.memo(function ProjectCounterSlot() {
  const { t } = useTranslation();
  const paths = usePagePaths();
  return (
    <React.Suspense
      fallback={
        <a className="header-counter" href={paths.projects} data-slot="project-counter" rel="nofollow">
          <span className="counter-label">{t("header.projects")}</span>
        </a>
      }
    >
      <ProjectCounter href={paths.projects} />
    </React.Suspense>
  );
});

/** The header's account entry: login and sign-up links, or (signed in) the account with the first name. */
export const AccountLinkSlot = React.memo(function AccountLinkSlot() {
  const paths = usePagePaths();
  return (
    <React.Suspense fallback={null}>
      <HeaderAccount paths={paths} />
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
export function InquiryButtonsSlot({ sku, product, language, quantity }: ProductSlotProps & { quantity?: number }) {
  const { t } = useTranslation();
  const { t: ti } = useTranslation("inquiries-ui");
  const { routed } = useI18next();
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState<"product" | "offer" | null>(null);
  useVisibilityTracking("askModal", open === "product");
  useVisibilityTracking("productInquiryModal", open === "offer");
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
