import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { EmptyLayout } from "../components/EmptyLayout";
import { Layout } from "../components/Layout";
import { ChipSection } from "../components/ChipSection";
import { NewsletterSlot } from "../features/newsletter/NewsletterSlot";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { ProductGrid } from "../components/ProductCard";
import { Pagination } from "../components/Pagination";
import { headTranslate } from "../lib/head-translate";
import { cardsInOrder, type BaseContext, type ChromeData, type ProductCardData, type CardNode } from "../lib/page-data";
import { contactPath, homePath } from "@domain/routes";
import { expressFeeTexts, STORAGE_MINIMUM_ORDER_VALUE } from "@domain/checkout";
import { formatMoney } from "@domain/money";
import { VideoList } from "../features/videos/VideoList";
import { inquiriesEnabled } from "../features/inquiries/availability";
import { cmsKey, cmsPageOfType, SERVICE_KEYS, type CmsKey } from "../lib/shop-content";
import type { Campaign } from "@domain/campaign";
import { CampaignHub } from "../features/campaign/CampaignHub";
import { withShopData } from "../lib/with-shop-data";
import { ChatChannel } from "../features/chat/ChatChannel";
import { chatSettings } from "../features/chat/settings";

export interface CmsPageData extends ChromeData {
  page: {
    title: string;
    path: string;
    data: {
      contentHeading: string;
      content: string;
      metaTitle: string | null;
      metaDescription: string | null;
      robots: string;
      sidebar: CmsSection | null;
      repeaters: CmsSection[];
      worldId: string | null;
      newsletter: boolean;
    };
  };
  offers: { nodes: CardNode[] };
  /** The manufacturers the page names that have a page in the language (the terrace landing page queries none). */
  manufacturers?: { nodes: { manufacturerId: string; name: string; path: string }[] };
}

/** A titled piece of a CMS page: its sidebar, or one of the sections after its content. */
interface CmsSection {
  title: string;
  content: string;
}

export type Context = BaseContext & {
  identifier: string;
  pageType: string;
  manufacturerIds: string[];
  offerSkus: string[];
  videos: { title: string; url: string; poster: string | null; productTitle: string; productPath: string }[];
  listing: { page: number; pageCount: number; pageLinks: string[] } | null;
  /** The configurator landing page: the terrace planner of its language (null where the language sells no decking). */
  plannerPath?: string | null;
};

/**
 * CMS pages by page type: legal and service pages (the service centre with
 * its tabs and accordions), the voucher thank-you page, the video library (12 per page),
 * the chat page with three numbered steps (leading to the live chat or the contact form), the sales campaign page, the configurator
 * landing page, the guide magazine: its index (MAGAZINE) lists its guide pages (GUIDE), each guide the others; the merchandiser's
 * own landing pages (CUSTOM, without breadcrumbs) and pages of content only (EMPTY, in the empty layout: no header, menu or footer).
 */
function CmsPage(props: PageProps<CmsPageData, Context>) {
  return <CmsPageView data={props.data} pageContext={props.pageContext} />;
}

/**
 * A CMS page with its body by page type; `body` replaces it (the terrace planner's landing page
 * brings its own, site/src/features/terrace/LandingTemplate.tsx, so its code is in no other page).
 */
export function CmsPageView({ data, pageContext, body: given }: { data: CmsPageData; pageContext: Context; body?: React.ReactNode }) {
  const { t } = useTranslation();
  const { page } = data;
  const key = cmsKey(pageContext.identifier);
  const magazine = cmsPageOfType(data.cmsLinks.nodes, "MAGAZINE");
  const guides = data.cmsLinks.nodes.filter((node) => node.pageType === "GUIDE");
  const crumbs = [
    { label: t("nav.home"), link: homePath(data.shopInfo, pageContext.language) },
    ...(pageContext.pageType === "GUIDE" && magazine ? [{ label: magazine.title, link: magazine.path }] : []),
    { label: page.title, link: page.path },
  ];
  const heading = page.data.contentHeading || page.title;
  let body: React.ReactNode;
  switch (pageContext.pageType) {
    case "VIDEOLIB":
      body = <VideoLibrary context={pageContext} />;
      break;
    case "MAGAZINE":
      body = <GuideList guides={guides} titleKey="magazine.guides" />;
      break;
    case "GUIDE":
      body = (
        <>
          <GuideList guides={guides.filter((guide) => guide.path !== page.path)} titleKey="magazine.moreGuides" />
          {magazine ? (
            <p>
              <Link to={magazine.path} data-testid="magazine-back">
                {t("magazine.back", { magazine: magazine.title })}
              </Link>
            </p>
          ) : null}
        </>
      );
      break;
    case "CHAT":
      body = <ChatSteps contactHref={contactPath(data.shopInfo, pageContext.language)} />;
      break;
    case "SALES":
      body = (
        <SalesCampaign
          offers={cardsInOrder(pageContext.offerSkus, data.offers.nodes)}
          currency={data.shopInfo.currency}
          campaign={hubCampaign(data, pageContext.identifier)}
        />
      );
      break;
    default:
      body = key && SERVICE_KEYS.includes(key) ? <ServiceCentre current={key} data={data} language={pageContext.language} /> : null;
  }
  const content = (
    <>
      {/* A page of the merchandiser's own (CUSTOM) or of content only (EMPTY) goes without breadcrumbs. */}
      {pageContext.pageType === "CUSTOM" || pageContext.pageType === "EMPTY" ? null : <Breadcrumbs items={crumbs} />}
      <h1>{heading}</h1>
      {key && SERVICE_KEYS.includes(key) ? <ServiceTabs current={key} data={data} /> : null}
      {page.data.sidebar ? (
        <div className="cms-with-sidebar">
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.data.content }} />
          <aside className="cms-sidebar" aria-labelledby="cms-sidebar-title" data-testid="cms-sidebar">
            <h2 id="cms-sidebar-title">{page.data.sidebar.title}</h2>
            <div className="prose" dangerouslySetInnerHTML={{ __html: page.data.sidebar.content }} />
          </aside>
        </div>
      ) : (
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.data.content }} />
      )}
      {page.data.repeaters.map((section, index) => (
        <section key={index} className="section" aria-labelledby={`cms-section-${index}`} data-testid="cms-repeater">
          <h2 id={`cms-section-${index}`}>{section.title}</h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: section.content }} />
        </section>
      ))}
      {data.manufacturers ? (
        <ChipSection
          id="cms-manufacturers"
          title={t("nav.manufacturers")}
          chips={data.manufacturers.nodes.map((manufacturer) => ({ key: manufacturer.manufacturerId, to: manufacturer.path, label: manufacturer.name }))}
        />
      ) : null}
      {page.data.newsletter ? <NewsletterSlot placement="page" currency={data.shopInfo.currency} language={pageContext.language} /> : null}
      {key === "voucher-thanks" ? (
        <p>
          <Link className="button" to={homePath(data.shopInfo, pageContext.language)}>
            {t("voucher.continue")}
          </Link>
        </p>
      ) : null}
      {given ?? body}
    </>
  );
  if (pageContext.pageType === "EMPTY") return <EmptyLayout chrome={data}>{content}</EmptyLayout>;
  return (
    <Layout chrome={data} context={pageContext} activeWorldId={page.data.worldId}>
      {content}
    </Layout>
  );
}

function ServiceTabs({ current, data }: { current: CmsKey; data: CmsPageData }) {
  const { t } = useTranslation();
  const pages = SERVICE_KEYS.map((key) => ({ key, page: data.cmsLinks.nodes.find((node) => cmsKey(node.identifier) === key) })).filter((entry) => entry.page);
  return (
    <nav className="service-tabs" aria-label={t("service.tabs")}>
      <ul>
        {pages.map(({ key, page }) => (
          <li key={key}>
            <Link to={page!.path} aria-current={key === current ? "page" : undefined} className={key === current ? "chip active" : "chip"}>
              {page!.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Frequently asked questions of the service topic as accordions. A question about a rule the
 * shop does not have is left out: the offer button only where the shop takes inquiries, express
 * only where it offers express, the German islands only where it delivers to Germany. Amounts
 * in the answers are the shop's, in its currency.
 */
function ServiceCentre({ current, data, language }: { current: CmsKey; data: CmsPageData; language: string }) {
  const { t } = useTranslation();
  const express = expressFeeTexts(data.shopInfo, language);
  const applies: Partial<Record<string, boolean>> = {
    "ordering.2": inquiriesEnabled(),
    "shipping.2": express !== null,
    "shipping.3": data.shopInfo.deliveryCountries.includes("de"),
  };
  const questions = [1, 2, 3].filter((number) => applies[`${current}.${number}`] ?? true);
  const values = { ...express, value: formatMoney(STORAGE_MINIMUM_ORDER_VALUE, data.shopInfo.currency, language) };
  return (
    <section aria-labelledby="faq" className="section">
      <h2 id="faq">{t("service.faq")}</h2>
      <div className="drawers">
        {questions.map((number) => (
          <details key={number} className="drawer">
            <summary>{t(`faq.${current}.q${number}`)}</summary>
            <p>{t(`faq.${current}.a${number}`, values)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** The guide magazine's pages (page type GUIDE) of the language: the magazine's index, and "more guides" under a guide. */
function GuideList({ guides, titleKey }: { guides: { title: string; path: string }[]; titleKey: "magazine.guides" | "magazine.moreGuides" }) {
  const { t } = useTranslation();
  if (guides.length === 0) return null;
  return (
    <section aria-labelledby="guide-list" className="section">
      <h2 id="guide-list">{t(titleKey)}</h2>
      <ul className="guide-list" data-testid="guide-list">
        {guides.map((guide) => (
          <li key={guide.path}>
            <Link to={guide.path}>{guide.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VideoLibrary({ context }: { context: Context }) {
  const { t } = useTranslation();
  if (context.videos.length === 0) return <p>{t("videos.none")}</p>;
  return (
    <section aria-labelledby="video-list" className="section">
      <h2 id="video-list">{t("videos.title", { page: context.listing?.page ?? 1, count: context.listing?.pageCount ?? 1 })}</h2>
      <VideoList videos={context.videos} />
      {context.listing ? <Pagination page={context.listing.page} pageLinks={context.listing.pageLinks} /> : null}
    </section>
  );
}

/**
 * The chat page's three numbered steps: where the shop has a chat provider they lead to its live
 * chat (started by the visitor, features/chat) with the contact form as the other way; otherwise
 * to the contact form (written advice by e-mail). The phone hours close it.
 */
function ChatSteps({ contactHref }: { contactHref: string }) {
  const { t } = useTranslation();
  const chat = chatSettings();
  const step = (number: number, part: "Title" | "Text") => t(chat ? `chat.live.step${number}${part}` : `chat.step${number}${part}`);
  return (
    <section aria-labelledby="chat-steps" className="section">
      <h2 id="chat-steps">{t("chat.stepsTitle")}</h2>
      <ol className="steps">
        {[1, 2, 3].map((number) => (
          <li key={number}>
            <strong>{step(number, "Title")}</strong>
            <span>{step(number, "Text")}</span>
          </li>
        ))}
      </ol>
      {chat ? <ChatChannel settings={chat} /> : null}
      <p>
        {chat ? `${t("chat.live.orEmail")} ` : null}
        <Link to={contactHref} className={chat ? undefined : "button"} data-testid="chat-contact-link">
          {t("chat.contactLink")}
        </Link>
      </p>
      <p className="muted">{t("chat.hours")}</p>
    </section>
  );
}

/** The running campaign whose hub is shown on this SALES page (docs/decisions/0048), or null. */
function hubCampaign(data: CmsPageData, identifier: string): Campaign | null {
  const campaign = data.campaign?.data;
  return campaign && campaign.hub.identifier === identifier ? campaign : null;
}

/**
 * The sales page (page type SALES): the running campaign's hub (name,
 * description, coupon, big image, two sliders; features/campaign) when its hub names this page,
 * else a general sale banner; then the shop's current reductions and clearance items.
 */
function SalesCampaign({ offers, currency, campaign }: { offers: ProductCardData[]; currency: string; campaign: Campaign | null }) {
  const { t } = useTranslation();
  const reduced = offers.filter((offer) => (offer.card.price?.savingsPercentage ?? 0) > 0);
  const clearance = offers.filter((offer) => offer.card.clearance && !reduced.includes(offer));
  return (
    <>
      {campaign ? (
        <CampaignHub campaign={campaign} />
      ) : (
        <div className="campaign-banner">
          <p className="campaign-name">{t("sale.banner")}</p>
          <p>{t("sale.bannerText")}</p>
        </div>
      )}
      {reduced.length > 0 ? (
        <section aria-labelledby="sale-reduced" className="section">
          <h2 id="sale-reduced">{t("sale.reduced")}</h2>
          <ProductGrid products={reduced} currency={currency} />
        </section>
      ) : null}
      {clearance.length > 0 ? (
        <section aria-labelledby="sale-clearance" className="section">
          <h2 id="sale-clearance">{t("sale.clearance")}</h2>
          <ProductGrid products={clearance} currency={currency} />
        </section>
      ) : null}
      {offers.length === 0 ? <p>{t("sale.none")}</p> : null}
    </>
  );
}

function ShopHead({ data, pageContext }: HeadProps<CmsPageData, Context>) {
  const { page } = data;
  const crumbs = [
    { label: headTranslate(data.locales, "nav.home"), link: homePath(data.shopInfo, pageContext.language) },
    { label: page.title, link: page.path },
  ];
  const number = pageContext.listing?.page ?? 1;
  const title = page.data.metaTitle ?? page.title;
  return (
    <PageHead
      title={number > 1 ? `${title} – ${headTranslate(data.locales, "pagination.page")} ${number}` : title}
      description={page.data.metaDescription}
      context={pageContext}
      chrome={data}
      jsonLd={[breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
    />
  );
}

export const query = graphql`
  query CmsPage($language: String!, $identifier: String!, $offerSkus: [String!]!, $manufacturerIds: [String!]!) {
    page: shopCmsPage(identifier: { eq: $identifier }, language: { eq: $language }) {
      title
      path
      data
    }
    offers: shopProducts(language: $language, skus: $offerSkus) {
      nodes {
        card
      }
    }
    manufacturers: allShopManufacturer(filter: { language: { eq: $language }, manufacturerId: { in: $manufacturerIds } }, sort: { name: ASC }) {
      nodes {
        manufacturerId
        name
        path
      }
    }
  }
`;

export default withShopData(CmsPage);
export const Head = withShopData(ShopHead);
