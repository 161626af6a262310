import React from "react";
import { Link } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { BaseContext, ChromeData, MenuCategory } from "../lib/page-data";
import { cartPath, homePath, manufacturerListPath, searchPath, searchResultsPath } from "@domain/routes";
import { cmsPageOfType, cmsPagesByKey, shopContent } from "../lib/shop-content";
import type { BannerLocation } from "@domain/environment-banners";
import { EnvironmentBanners } from "./EnvironmentBanners";
import { HeaderBanners } from "./HeaderBanners";
import { CampaignNavigationBanner } from "../features/campaign/CampaignNavigationBanner";
import { Consent } from "./Consent";
import { Toaster } from "./Toasts";
import { hydrateWhenVisible, lazyOnIdle } from "../lib/lazy";
import { useInterfaceToggle } from "../lib/interface-toggle";
import { AccountLinkSlot, MiniCartCounterSlot, ProjectCounterSlot, SampleCartSlot, SearchFormSlot } from "./slots";
import "../styles.css";

// Rendered into the static HTML; their code hydrates when the browser is idle (lib/lazy.ts).
const DeliveryCountryChooser = lazyOnIdle(() => import("./DeliveryCountryChooser").then((module) => module.DeliveryCountryChooser));
const LanguageChooser = lazyOnIdle(() => import("./LanguageChooser").then((module) => module.LanguageChooser));

// The footer is below the first screen: in the static HTML, loaded and hydrated when it comes near the viewport.
const SiteFooter = hydrateWhenVisible(() => import(/* webpackChunkName: "site-footer" */ "./SiteFooter").then((module) => module.SiteFooter));

// Each part that loads when idle is one element in a Suspense boundary of its own (lib/lazy.ts): a shop of one language has no language chooser.
const HeaderChoosers = React.memo(function HeaderChoosers({ chrome, context }: { chrome: ChromeData; context: BaseContext }) {
  return (
    <>
      {chrome.shopInfo.languages.length > 1 ? (
        <React.Suspense fallback={null}>
          <LanguageChooser chrome={chrome} context={context} />
        </React.Suspense>
      ) : null}
      <React.Suspense fallback={null}>
        <DeliveryCountryChooser options={chrome.countries} />
      </React.Suspense>
    </>
  );
});

/**
 * The chrome of every page: header banners, header with logo, search
 * form slot, language and delivery-country choosers, project, sample cart and cart counters, the
 * world selector with category menus (an off-canvas menu on phones), footer with the
 * newsletter sign-up, service, payment and carrier icons, legal links and the other country shops;
 * toasts and the cookie consent dialog.
 */
export function Layout({
  chrome,
  context,
  activeWorldId,
  bannerLocation,
  children,
}: {
  chrome: ChromeData;
  context: BaseContext;
  activeWorldId?: string | null;
  /** The page's location among the environment's banners (pdp, offer, cart, category): its banners open the content. */
  bannerLocation?: BannerLocation;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = context;
  const shop = chrome.shopInfo;
  const content = shopContent(shop.shopId);
  const [menuOpen, setMenuOpen] = React.useState(false);
  useInterfaceToggle("mobileMenu", menuOpen, { locksScroll: true });
  const worlds = chrome.menu.nodes.filter((node) => node.isWorld);
  const childrenOf = (id: string) => chrome.menu.nodes.filter((node) => node.parentId === id);
  const pagesByKey = cmsPagesByKey(chrome.cmsLinks.nodes);
  const magazine = cmsPageOfType(chrome.cmsLinks.nodes, "MAGAZINE");
  const videoLibrary = cmsPageOfType(chrome.cmsLinks.nodes, "VIDEOLIB");
  const sale = cmsPageOfType(chrome.cmsLinks.nodes, "SALES");

  React.useLayoutEffect(() => {
    if (!menuOpen) return undefined;
    const close = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [menuOpen]);

  return (
    <>
      <a className="skip-link" href="#content">
        {t("nav.skipToContent")}
      </a>
      {/* Early in the page, so the fixed dialog is parsed and painted with the header in the first paint, not after the footer. */}
      <Consent privacyPath={pagesByKey.get("privacy")?.path ?? null} />
      <HeaderBanners blocks={chrome.blocks.nodes} />
      <CampaignNavigationBanner campaign={chrome.campaign?.data} />
      <header className="site-header">
        <div className="container header-top">
          <button type="button" className="icon-button menu-toggle" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOpen(true)}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
            </svg>
            <span className="visually-hidden">{t("nav.openMenu")}</span>
          </button>
          <Link className="logo" to={homePath(shop, language)}>
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <path d="M4 26h24v2H4zM6 12l10-7 10 7v12H6zm4 2v8h12v-8l-6-4z" fill="currentColor" />
            </svg>
            <span>{shop.name}</span>
          </Link>
          <SearchFormSlot action={searchPath(shop, language)} resultsAction={searchResultsPath(shop, language)} />
          <div className="header-utility">
            <HeaderChoosers chrome={chrome} context={context} />
            <AccountLinkSlot />
          </div>
          <div className="header-tools">
            <ProjectCounterSlot />
            <SampleCartSlot />
            <MiniCartCounterSlot href={cartPath(shop, language)} />
          </div>
        </div>
        <nav id="main-menu" className={menuOpen ? "main-nav open" : "main-nav"} aria-label={t("nav.main")}>
          <div className="container">
            <div className="offcanvas-head">
              <span className="offcanvas-title">{t("nav.worlds")}</span>
              <button type="button" className="icon-button" onClick={() => setMenuOpen(false)}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="m6.4 5 5.6 5.6L17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" fill="currentColor" />
                </svg>
                <span className="visually-hidden">{t("nav.closeMenu")}</span>
              </button>
            </div>
            <WorldList worlds={worlds} childrenOf={childrenOf} activeWorldId={activeWorldId ?? null}>
              <li className="world-item">
                <Link to={manufacturerListPath(shop, language)}>{t("nav.manufacturers")}</Link>
              </li>
              {magazine && content.offCanvas.magazine ? (
                <li className="world-item">
                  <Link to={magazine.path} data-testid="magazine-link">
                    {magazine.title}
                  </Link>
                </li>
              ) : null}
              {videoLibrary && content.offCanvas.videoLibrary ? (
                <li className="world-item">
                  <Link to={videoLibrary.path}>{videoLibrary.title}</Link>
                </li>
              ) : null}
              {sale && content.offCanvas.sale ? (
                <li className="world-item sale-link">
                  <Link to={sale.path}>{sale.title}</Link>
                </li>
              ) : null}
            </WorldList>
          </div>
        </nav>
        {menuOpen ? <div className="offcanvas-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
      </header>
      <main id="content" className="container">
        {bannerLocation ? <EnvironmentBanners blocks={chrome.blocks.nodes} location={bannerLocation} /> : null}
        {children}
      </main>
      <SiteFooter shop={shop} language={language} cmsLinks={chrome.cmsLinks.nodes} alternates={context.alternates} />
      <Toaster />
    </>
  );
}

/**
 * The worlds of the navigation (and the links after them, `children`) as interface toggles:
 * 'hoveredWorld' is open while the pointer is on a world, 'navigation' while a world's menu of
 * categories is unfolded (by the pointer or the keyboard's focus, as the styles unfold it). The
 * state lives here, so a hover renders the list again, not the page.
 */
function WorldList({
  worlds,
  childrenOf,
  activeWorldId,
  children,
}: {
  worlds: MenuCategory[];
  childrenOf: (id: string) => MenuCategory[];
  activeWorldId: string | null;
  children: React.ReactNode;
}) {
  const [hoveredWorld, setHoveredWorld] = React.useState(false);
  const [flyouts, setFlyouts] = React.useState({ pointer: false, focus: false });
  useInterfaceToggle("hoveredWorld", hoveredWorld);
  useInterfaceToggle("navigation", flyouts.pointer || flyouts.focus);
  const flyout = React.useCallback(
    (by: "pointer" | "focus", open: boolean) => setFlyouts((current) => (current[by] === open ? current : { ...current, [by]: open })),
    [],
  );
  return (
    <ul className="world-list">
      {worlds.map((world) => (
        <WorldItem
          key={world.categoryId}
          world={world}
          subcategories={childrenOf(world.categoryId)}
          active={world.categoryId === activeWorldId}
          onHover={setHoveredWorld}
          onFlyout={flyout}
        />
      ))}
      {children}
    </ul>
  );
}

function WorldItem({
  world,
  subcategories,
  active,
  onHover,
  onFlyout,
}: {
  world: MenuCategory;
  subcategories: MenuCategory[];
  active: boolean;
  onHover: (hovered: boolean) => void;
  onFlyout: (by: "pointer" | "focus", open: boolean) => void;
}) {
  const flyout = subcategories.length > 0;
  return (
    <li
      className={flyout ? "world-item has-menu" : "world-item"}
      onPointerEnter={() => {
        onHover(true);
        if (flyout) onFlyout("pointer", true);
      }}
      onPointerLeave={() => {
        onHover(false);
        if (flyout) onFlyout("pointer", false);
      }}
      onFocus={flyout ? () => onFlyout("focus", true) : undefined}
      onBlur={flyout ? (event) => onFlyout("focus", event.currentTarget.contains(event.relatedTarget)) : undefined}
    >
      <Link to={world.path} aria-current={active ? "true" : undefined} className={active ? "active" : undefined}>
        {world.name}
      </Link>
      {subcategories.length > 0 ? (
        <ul className="submenu">
          {subcategories.map((category) => (
            <li key={category.categoryId}>
              <Link to={category.path}>{category.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
