import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Layout } from "../components/Layout";
import { PageHead } from "../components/PageHead";
import { SamplesCounterSlot } from "../components/slots";
import { NewsletterSlot } from "../features/newsletter/NewsletterSlot";
import { headTranslate } from "../lib/head-translate";
import { cardsInOrder, type BaseContext, type ChromeData, type CardNode } from "../lib/page-data";
import { cmsKey } from "../lib/shop-content";
import type { LibraryVideo } from "../features/videos/VideoList";
import { IMAGE_SIZES } from "../components/ResponsiveImage";
import type { TopCategory, WorldTile } from "../features/home/CategoryTiles";
import type { WorldChild } from "../features/home/WorldsSection";
import { ProbesInfo } from "../features/home/ProbesInfo";
import { SAMPLE_SLOT_COUNT } from "@domain/samples";
import { searchPath, searchResultsPath } from "@domain/routes";
// Home blocks and the campaign's start (docs/decisions/0048).
import { campaignWide } from "../features/campaign/CampaignNavigationBanner";
import { CampaignStartBanner } from "../features/campaign/CampaignStartBanner";
import { HeadBanner } from "../features/home/HeadBanner";
import { SearchBlock } from "../features/home/SearchBlock";
import { withShopData } from "../lib/with-shop-data";
import { hydrateOnIdle, hydrateWhenVisible } from "../lib/lazy";

interface HomeData extends ChromeData {
  topCategories: { nodes: TopCategory[] };
  worldNodes: { nodes: WorldTile[] };
  worldChildren: { nodes: WorldChild[] };
  products: { nodes: CardNode[] };
  manufacturers: { nodes: { manufacturerId: string; name: string; path: string }[] };
  seoLinks: { nodes: { position: number; label: string; url: string }[] };
}

type Context = BaseContext & {
  popularSkus: string[];
  facts: { products: number; manufacturers: number; reviewCount: number; rating: number };
  videos: LibraryVideo[];
};

const USPS = ["samples", "advice", "delivery", "returns"] as const;

// Below the first screen: in the static HTML, loaded and hydrated when they come near the viewport (lib/lazy.ts).
const ProductGrid = hydrateWhenVisible(() => import("../components/ProductCard").then((module) => module.ProductGrid));
const TopCategories = hydrateWhenVisible(() => import("../features/home/CategoryTiles").then((module) => module.TopCategories));
const WorldCarousel = hydrateWhenVisible(() => import("../features/home/CategoryTiles").then((module) => module.WorldCarousel));
const WorldsSection = hydrateWhenVisible(() => import("../features/home/WorldsSection").then((module) => module.WorldsSection));
const ChipSection = hydrateWhenVisible(() => import("../components/ChipSection").then((module) => module.ChipSection));
const AboutGrid = hydrateWhenVisible(() => import("../features/home/AboutGrid").then((module) => module.AboutGrid));
const Founder = hydrateWhenVisible(() => import("../features/home/Founder").then((module) => module.Founder));
const VideoList = hydrateWhenVisible(() => import("../features/videos/VideoList").then((module) => module.VideoList));
// The live rating is read once the browser is idle, wherever the block is.
const ReviewsBlockSlot = hydrateOnIdle(() => import("../features/reviews/ReviewsBlockSlot").then((module) => module.ReviewsBlockSlot));

/** Home: top categories, popular products, samples counter, about with facts, the newsletter's voucher, videos, USPs, worlds, manufacturers, reviews. */
function HomePage({ data, pageContext }: PageProps<HomeData, Context>) {
  const { t } = useTranslation();
  const { facts } = pageContext;
  const videoLibrary = data.cmsLinks.nodes.find((page) => page.pageType === "VIDEOLIB");
  const about = data.cmsLinks.nodes.find((page) => cmsKey(page.identifier) === "about");
  const popular = React.useMemo(() => cardsInOrder(pageContext.popularSkus, data.products.nodes), [pageContext.popularSkus, data.products.nodes]);
  const manufacturerChips = React.useMemo(
    () => data.manufacturers.nodes.map((manufacturer) => ({ key: manufacturer.manufacturerId, to: manufacturer.path, label: manufacturer.name })),
    [data.manufacturers.nodes],
  );
  const seoChips = React.useMemo(
    () => data.seoLinks.nodes.map((link) => ({ key: String(link.position), to: link.url, label: link.label })),
    [data.seoLinks.nodes],
  );
  const rating = React.useMemo(
    () => (facts.reviewCount > 0 ? { ratingValue: facts.rating, maxValue: 5, totalReviewCount: facts.reviewCount } : null),
    [facts.reviewCount, facts.rating],
  );
  return (
    <Layout chrome={data} context={pageContext}>
      <HeadBanner blocks={data.blocks.nodes} />
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{t("home.title")}</h1>
        <p>{t("home.intro")}</p>
      </section>
      <CampaignStartBanner campaign={data.campaign?.data} />
      <SearchBlock
        action={searchPath(data.shopInfo, pageContext.language)}
        resultsAction={searchResultsPath(data.shopInfo, pageContext.language)}
        topics={data.seoLinks.nodes.slice(0, 6)}
      />

      <section aria-labelledby="usps" className="section">
        <h2 id="usps" className="visually-hidden">
          {t("home.uspTitle")}
        </h2>
        <ul className="usps">
          {USPS.map((usp) => (
            <li key={usp}>
              <strong>{t(`usp.${usp}Title`)}</strong>
              <span>{t(`usp.${usp}Text`)}</span>
            </li>
          ))}
        </ul>
      </section>

      {data.topCategories.nodes.length > 0 ? <TopCategories categories={data.topCategories.nodes} /> : null}

      <section aria-labelledby="popular" className="section">
        <h2 id="popular">{t("home.popularProducts")}</h2>
        <ProductGrid products={popular} currency={data.shopInfo.currency} />
      </section>

      <ProbesInfo counter={<SamplesCounterSlot />} />

      <WorldCarousel worlds={data.worldNodes.nodes} />

      <section aria-labelledby="about" className="section about">
        <div>
          <h2 id="about">{t("home.aboutTitle")}</h2>
          <p>{t("home.aboutText")}</p>
          {about ? <Link to={about.path}>{t("home.aboutMore")}</Link> : null}
        </div>
        <dl className="facts">
          <div>
            <dt>{t("home.factProducts")}</dt>
            <dd>{facts.products}</dd>
          </div>
          <div>
            <dt>{t("home.factManufacturers")}</dt>
            <dd>{facts.manufacturers}</dd>
          </div>
          <div>
            <dt>{t("home.factYears")}</dt>
            <dd>20+</dd>
          </div>
          <div>
            <dt>{t("home.factSamples")}</dt>
            <dd>{SAMPLE_SLOT_COUNT}</dd>
          </div>
        </dl>
      </section>

      <AboutGrid pages={data.cmsLinks.nodes} />

      <Founder blocks={data.blocks.nodes} />

      <div className="section">
        <NewsletterSlot placement="home" currency={data.shopInfo.currency} language={pageContext.language} />
      </div>

      {videoLibrary ? (
        <section aria-labelledby="videos" className="section promo">
          <h2 id="videos">{t("home.videosTitle")}</h2>
          <p>{t("home.videosText")}</p>
          {pageContext.videos.length > 0 ? (
            <div className="scroller" tabIndex={0} aria-label={t("home.videosTitle")}>
              <VideoList videos={pageContext.videos} carousel />
            </div>
          ) : null}
          <Link to={videoLibrary.path} className="button secondary">
            {t("home.videosLink")}
          </Link>
        </section>
      ) : null}

      {manufacturerChips.length > 0 ? <ChipSection id="manufacturers" title={t("home.manufacturers")} chips={manufacturerChips} /> : null}

      <section aria-labelledby="reviews" className="section reviews" data-testid="home-reviews">
        <h2 id="reviews">{t("home.reviewsTitle")}</h2>
        <ReviewsBlockSlot initial={rating} language={pageContext.language} />
      </section>

      <WorldsSection worlds={data.worldNodes.nodes} categories={data.worldChildren.nodes} />

      {seoChips.length > 0 ? <ChipSection id="seo-links" title={t("home.seoLinks")} chips={seoChips} /> : null}
    </Layout>
  );
}

function ShopHead({ data, pageContext }: HeadProps<HomeData, Context>) {
  const title = headTranslate(data.locales, "home.title");
  const start = data.campaign?.data?.start;
  return (
    <PageHead
      title={title}
      description={headTranslate(data.locales, "home.intro")}
      context={pageContext}
      chrome={data}
      lcpImage={start?.isActive ? { src: start.imageMobile, wide: campaignWide(start.imageDesktop), sizes: IMAGE_SIZES.banner } : null}
    />
  );
}

export const query = graphql`
  query HomePage($language: String!, $popularSkus: [String!]!) {
    topCategories: allShopTopCategory(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        categoryId
        name
        path
        description
        image
      }
    }
    worldNodes: allShopCategory(filter: { language: { eq: $language }, isWorld: { eq: true } }, sort: { position: ASC }) {
      nodes {
        categoryId
        name
        path
        data
      }
    }
    worldChildren: allShopCategory(filter: { language: { eq: $language }, isWorld: { eq: false }, parentId: { ne: null } }, sort: { position: ASC }) {
      nodes {
        categoryId
        parentId
        name
        path
      }
    }
    products: shopProducts(language: $language, skus: $popularSkus) {
      nodes {
        card
      }
    }
    manufacturers: allShopManufacturer(filter: { language: { eq: $language } }, sort: { name: ASC }, limit: 24) {
      nodes {
        manufacturerId
        name
        path
      }
    }
    seoLinks: allShopSeoLink(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        position
        label
        url
      }
    }
  }
`;

export default withShopData(HomePage);
export const Head = withShopData(ShopHead);
