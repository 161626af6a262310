import React from "react";
import { useI18next, useTranslation } from "gatsby-plugin-react-i18next";
import type { ProductData } from "../lib/page-data";
import { accountPaths, routingOf } from "../features/account/paths";
import { lazyOnIdle } from "../lib/lazy";
import { SearchForm } from "../features/search/SearchForm";
import "../features/commerce/commerce.css";
import "../features/account/account.css";
import "../features/inquiries/inquiries.css";

/**
 * Mount points for the live features of other parts of the shop (those of the product page's
 * buy box in product-slots.tsx, so other pages do not load them). Each renders the
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

const ListAddToCart = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.ListAddToCart));
const MiniCartCounter = lazyOnIdle(() => import("../features/commerce/AddToCart").then((module) => module.MiniCartCounter));
const SampleCartEntry = lazyOnIdle(() => import("../features/commerce/SampleCartEntry").then((module) => module.SampleCartEntry));
const SamplesCounter = lazyOnIdle(() => import("../features/commerce/Samples").then((module) => module.SamplesCounter));
const ProjectCounter = lazyOnIdle(() => import("../features/account/HeaderAccount").then((module) => module.ProjectCounter));
const HeaderAccount = lazyOnIdle(() => import("../features/account/HeaderAccount").then((module) => module.HeaderAccount));

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
export function PendingButton({ className, label }: { className: string; label: "product.addToCart" | "product.orderSample" }) {
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
export function usePagePaths() {
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
