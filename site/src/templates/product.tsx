import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { EnvironmentBanners } from "../components/EnvironmentBanners";
import { Layout } from "../components/Layout";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { Gallery } from "../components/product/Gallery";
import { IMAGE_SIZES } from "../components/ResponsiveImage";
import { PriceBox } from "../components/product/PriceBox";
import { QuantityCalculator } from "../components/product/QuantityCalculator";
import { Tabs, type TabDefinition } from "../components/product/Tabs";
import { TechnicalData } from "../components/product/TechnicalData";
import { Tutorials } from "../components/product/Tutorials";
import { AddToCartSlot, DeliveryBoxSlot, InquiryButtonsSlot, ProjectMenuSlot, SampleButtonSlot } from "../components/product-slots";
import { trailCrumbs, type TrailNode } from "../lib/breadcrumbs";
import { cardsInOrder, inOrder, type BaseContext, type ChromeData, type ProductData, type ProductPageNode, type CardNode } from "../lib/page-data";
import {
  addBlock,
  applyConfiguration,
  applyConfiguratorChoice,
  configurationOptions,
  type ConfigurableAttribute,
  type ConfiguratorChoice,
  type VariantChoice,
} from "../lib/configuration";
import { prefetchVariantPage, useVariantPage } from "../lib/variant-page";
import { unpackProduct } from "../lib/product-page";
import { ConfiguratorLauncher } from "../features/configurator/ConfiguratorLauncher";
import { valueEvent } from "../lib/tracking/ecommerce";
import { useTrackOnce } from "../lib/tracking/use-track";
import { formatQuantity } from "@domain/money";
import { manufacturerPath, slugPath } from "@domain/routes";
import { SAMPLE_LONG_DELIVERY_WEEKS } from "@domain/samples";
import { cmsKey } from "../lib/shop-content";
import { headTranslate } from "../lib/head-translate";
import { mediaHref } from "../lib/media";
import { DiyPanel } from "../features/videos/DiyPanel";
import { ratingText, Stars } from "../features/reviews/Stars";
import { withShopData } from "../lib/with-shop-data";
import { hydrateOnIdle, hydrateWhenVisible } from "../lib/lazy";

interface ProductPageData extends ChromeData {
  product: ProductPageNode;
  trailNodes: { nodes: TrailNode[] };
  family: { nodes: { sku: string; configurable: ConfigurableAttribute[] }[] };
  /** The family's variants: what their options are matched on; a chosen one's data is loaded from its page (lib/variant-page.ts). */
  variants: { nodes: VariantChoice[] };
  related: { nodes: CardNode[] };
  accessories: { nodes: CardNode[] };
  /** The cards of the product's and its variants' set members (the shown product's productSets pick theirs). */
  sets: { nodes: CardNode[] };
}

type Context = BaseContext & {
  sku: string;
  trail: string[];
  familySku: string;
  variantSkus: string[];
  crossSellSkus: string[];
  accessorySkus: string[];
  setSkus: string[];
};

// Below the first screen: in the static HTML, loaded and hydrated when they come near the viewport (lib/lazy.ts).
const ProductGrid = hydrateWhenVisible(() => import("../components/ProductCard").then((module) => module.ProductGrid));
const ProductReviews = hydrateWhenVisible(() => import("../features/reviews/ProductReviews").then((module) => module.ProductReviews));
// Native drawers (<details>) with links, and a watcher that renders nothing until a selection: neither needs code for the first screen.
const InfoDrawers = hydrateOnIdle(() => import("../components/product/InfoDrawers").then((module) => module.InfoDrawers));
const TextMarkedWatcher = hydrateOnIdle(() => import("../components/product/TextMarkedWatcher").then((module) => module.TextMarkedWatcher));

function ProductPage({ data, pageContext }: PageProps<ProductPageData, Context>) {
  const { t } = useTranslation();
  const { language } = pageContext;
  const page = data.product;
  const own = React.useMemo(() => unpackProduct(page.data, language), [page.data, language]);
  const family = data.family.nodes.find((node) => node.sku === pageContext.familySku);
  // The family's variants in the catalogue's order; a variant page's own product is one of them.
  const variants = inOrder(pageContext.variantSkus, data.variants.nodes);
  // Configurations (lib/configuration.ts): the options of the family's configurable
  // attribute, each realised by a variant. A variant page starts with itself chosen; the
  // configurable parent with its own data until an option is chosen.
  const options = configurationOptions(family?.configurable[0], variants);
  const variantPaths = new Map(variants.map((variant) => [variant.sku, variant.path]));
  const [selectedSku, setSelectedSku] = React.useState(page.data.sku);
  const chosen = useVariantPage(
    variants.find((variant) => variant.sku === selectedSku),
    page.data.sku,
    language,
  );
  // The product configurator's choice (features/configurator) replaces title, SKU, description and first image.
  const [configured, setConfigured] = React.useState<ConfiguratorChoice | null>(null);
  // A configurator's choice that is a variant of the family is chosen as its option is: the page then shows that variant's own
  // data (price, pack content, calculator), the data of the SKU that goes into the cart.
  const variantSkus = pageContext.variantSkus;
  const onConfiguratorChoice = React.useCallback(
    (choice: ConfiguratorChoice | null) => {
      setConfigured(choice);
      if (choice && variantSkus.includes(choice.sku)) setSelectedSku(choice.sku);
    },
    [variantSkus],
  );
  const variantShown = React.useMemo(() => applyConfiguration(own, chosen.product), [own, chosen.product]);
  const product = React.useMemo(() => applyConfiguratorChoice(variantShown, configured), [variantShown, configured]);
  const hasConfigurator = (own.type === "configurable" && (family?.configurable.length ?? 0) > 0) || own.roofWindowComponents.length > 0;
  const [packages, setPackages] = React.useState(1);
  // The calculator reports its first result right after hydration, while the live buttons that
  // take the quantity may still wait for their code (lib/lazy.ts): a transition lets them hydrate
  // first; an urgent update would make React discard their server HTML (React error #421).
  const onPackages = React.useCallback((value: number) => React.startTransition(() => setPackages(value)), []);
  const crumbs = productCrumbs(data, pageContext, t("nav.home"));
  // Props of the parts hydrated later keep their identity across renders (lib/lazy.ts hydrateOnIdle, hydrateWhenVisible).
  const drawerLinks = React.useMemo(() => {
    const pages = new Map(data.cmsLinks.nodes.map((node) => [cmsKey(node.identifier), node.path]));
    return { shipping: pages.get("shipping"), payment: pages.get("payment"), withdrawal: pages.get("withdrawal"), service: pages.get("service") };
  }, [data.cmsLinks.nodes]);
  const marked = React.useMemo(() => ({ title: product.content.title, sku: product.sku, ean: product.ean }), [product.content.title, product.sku, product.ean]);
  const configurable = family?.configurable[0];
  const hasOptions = Boolean(configurable) && options.length > 1;
  // An add the cart would refuse is not sent: the page says why where the shopper can act (lib/configuration.ts addBlock).
  const block = addBlock({ product: variantShown, selectedSku, hasOptions, unavailable: chosen.unavailable });
  const [asked, setAsked] = React.useState(false);
  const pointedToStock = asked && block === "outOfStock";
  React.useEffect(() => setAsked(false), [selectedSku]);
  const optionsRef = React.useRef<HTMLFieldSetElement>(null);
  const stockRef = React.useRef<HTMLParagraphElement>(null);
  const beforeAdd = React.useCallback(() => {
    if (block === null) return true;
    setAsked(true);
    if (block === "choose" || block === "unavailable") {
      const options = optionsRef.current;
      (options?.querySelector<HTMLInputElement>("input:checked") ?? options?.querySelector<HTMLInputElement>("input"))?.focus();
    } else if (block === "outOfStock") stockRef.current?.focus();
    return false;
  }, [block]);
  const world = pageContext.trail[0] ?? null;
  const accessories = React.useMemo(() => cardsInOrder(pageContext.accessorySkus, data.accessories.nodes), [pageContext.accessorySkus, data.accessories.nodes]);
  const crossSell = React.useMemo(() => cardsInOrder(pageContext.crossSellSkus, data.related.nodes), [pageContext.crossSellSkus, data.related.nodes]);
  // The set of the product shown: choosing a variant shows that variant's set.
  const productSet = React.useMemo(() => cardsInOrder(product.productSets, data.sets.nodes), [product.productSets, data.sets.nodes]);
  // Tag manager: GA4 view_item of the product as the page opened.
  useTrackOnce(page.data.sku, () =>
    valueEvent("view_item", data.shopInfo.currency, [
      {
        sku: page.data.sku,
        name: own.content.title,
        unitPrice: own.price?.packagePrice.amount ?? null,
        quantity: 1,
        brand: own.manufacturer?.name ?? null,
        category: crumbs.length > 2 ? crumbs[crumbs.length - 2]!.label : null,
      },
    ]),
  );

  const tabs: TabDefinition[] = [
    {
      id: "description",
      label: t("product.description"),
      toggle: "descriptionSidebar",
      content: (
        <>
          <div dangerouslySetInnerHTML={{ __html: product.content.description }} />
          {product.content.features.length > 0 ? (
            <ul className="features">
              {product.content.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          ) : null}
          {product.content.measurement ? <p className="muted">{product.content.measurement}</p> : null}
        </>
      ),
    },
    { id: "technical", label: t("product.technicalData"), toggle: "technicalDataSidebar", content: <TechnicalData product={product} language={language} /> },
    { id: "instructions", label: t("product.instructions"), toggle: "tutorialSidebar", content: <Tutorials product={product} /> },
    {
      id: "plus",
      label: t("product.plus"),
      content: product.content.plusContent ? (
        <div data-testid="plus-content" dangerouslySetInnerHTML={{ __html: product.content.plusContent }} />
      ) : product.isPlusProduct ? (
        <p>{t("product.plusText")}</p>
      ) : (
        <p>{t("product.plusGeneric")}</p>
      ),
    },
    {
      id: "product",
      label: t("product.productTab"),
      content: (
        <dl className="facts-list">
          <dt>{t("product.sku")}</dt>
          <dd>{product.sku}</dd>
          {product.ean ? (
            <>
              <dt>{t("product.ean")}</dt>
              <dd>{product.ean}</dd>
            </>
          ) : null}
          {product.manufacturer ? (
            <>
              <dt>{t("product.manufacturer")}</dt>
              <dd>
                <Link to={manufacturerPath(data.shopInfo, language, product.manufacturer.slug)}>{product.manufacturer.name}</Link>
              </dd>
            </>
          ) : null}
          <dt>{t("product.packageContentLabel")}</dt>
          <dd>
            {formatQuantity(product.packageContent, language)} {product.unit.label}
          </dd>
          <dt>{t("product.shippingGroup")}</dt>
          <dd>{product.isDecking || product.shippingGroup === "freight" ? t("product.freight") : t("product.parcel")}</dd>
        </dl>
      ),
    },
  ];

  return (
    <Layout chrome={data} context={pageContext} activeWorldId={world}>
      <Breadcrumbs items={crumbs} />
      <div className="product-layout">
        <Gallery product={product} />
        <div className="buy-box">
          {product.manufacturer ? (
            <p className="card-maker">
              <Link to={manufacturerPath(data.shopInfo, language, product.manufacturer.slug)}>{product.manufacturer.name}</Link>
            </p>
          ) : null}
          {product.marketingLabel ? (
            <p className="marketing-label" data-testid="marketing-label">
              {product.marketingLabel}
            </p>
          ) : null}
          <h1 data-testid="product-title">{product.content.title}</h1>
          {product.content.subTitle ? <p className="subtitle">{product.content.subTitle}</p> : null}
          {product.reviewSummary.totalReviewCount > 0 ? (
            <p className="rating">
              <Stars value={product.reviewSummary.ratingValue} max={product.reviewSummary.maxValue} />{" "}
              <a href="#product-reviews">
                {t("product.reviews", {
                  rating: ratingText(product.reviewSummary.ratingValue, language),
                  count: product.reviewSummary.totalReviewCount,
                })}
              </a>
            </p>
          ) : null}
          <p className="muted small">
            {t("product.sku")}: <span data-testid="product-sku">{product.sku}</span>
          </p>
          {configurable && hasOptions ? (
            <fieldset
              className="variants"
              data-testid="configuration"
              ref={optionsRef}
              aria-describedby={(asked && block === "choose") || chosen.unavailable ? "configuration-message" : undefined}
            >
              <legend>{configurable.label}</legend>
              {options.map((option) => (
                <label
                  key={option.sku}
                  className={option.sku === selectedSku ? "variant active" : "variant"}
                  onPointerEnter={() => prefetchVariantPage(variantPaths.get(option.sku)!)}
                >
                  <input
                    type="radio"
                    name="configuration"
                    value={option.value}
                    checked={option.sku === selectedSku}
                    onFocus={() => prefetchVariantPage(variantPaths.get(option.sku)!)}
                    onChange={() => setSelectedSku(option.sku)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
              {chosen.unavailable ? (
                <p className="notice small" id="configuration-message" role="alert" data-testid="configuration-message">
                  {t("cart.errors.configuration_unavailable", { ns: "commerce" })}
                </p>
              ) : asked && block === "choose" ? (
                <p className="notice small" id="configuration-message" role="alert" data-testid="configuration-message">
                  {t("product.chooseConfiguration")}
                </p>
              ) : null}
            </fieldset>
          ) : null}
          {hasConfigurator ? (
            <ConfiguratorLauncher
              sku={page.data.sku}
              language={language}
              quantity={packages}
              roofWindow={own.roofWindowComponents.length > 0}
              onChoice={onConfiguratorChoice}
            />
          ) : null}
          <div className="price-box">
            <PriceBox product={product} language={language} />
            {product.isFreeShipping ? (
              <p className="free-shipping" data-testid="free-shipping">
                {t("product.freeShipping")}
              </p>
            ) : null}
            {product.reachedEOF || product.isOutOfStock ? (
              // A click on add-to-cart marks it (and moves the focus there): the shopper sees why nothing was added.
              <p
                className={pointedToStock ? "notice notice-asked" : "notice"}
                role={pointedToStock ? "alert" : "status"}
                ref={stockRef}
                tabIndex={-1}
                data-testid="stock-notice"
              >
                {t(product.reachedEOF ? "product.endOfLife" : "product.outOfStock")}
              </p>
            ) : product.content.lowStockMessage ? (
              <p className="warning small">{product.content.lowStockMessage}</p>
            ) : null}
            {!product.reachedEOF ? (
              <QuantityCalculator product={product} currency={data.shopInfo.currency} language={language} onPackagesChange={onPackages} />
            ) : null}
            <div className="buy-actions">
              <AddToCartSlot sku={product.sku} product={product} language={language} quantity={packages} beforeAdd={beforeAdd} />
              <SampleButtonSlot sku={product.sku} product={product} language={language} />
              <ProjectMenuSlot sku={product.sku} product={product} language={language} quantity={packages} />
            </div>
            {product.samples.active && product.samples.longDeliveryTime ? (
              <p className="notice small" data-testid="sample-long-delivery">
                {t("product.sampleLongDelivery", SAMPLE_LONG_DELIVERY_WEEKS)}
              </p>
            ) : null}
            <InquiryButtonsSlot sku={product.sku} product={product} language={language} quantity={packages} countries={data.shopInfo.deliveryCountries} />
            {/* Last in the box: its live dates, modes and country chooser are taller than its static line, so nothing a shopper clicks moves when they load. */}
            <DeliveryBoxSlot sku={product.sku} product={product} language={language} />
          </div>
          <DiyPanel product={product} />
          <InfoDrawers links={drawerLinks} shop={data.shopInfo} language={language} />
        </div>
      </div>
      {/* The product page's banner below the product: on a phone the product, its price and the cart button come first. */}
      <EnvironmentBanners blocks={data.blocks.nodes} location="pdp" />
      <Tabs tabs={tabs} label={t("product.tabs")} />
      <ProductReviews product={product} language={language} />
      {productSet.length > 0 ? (
        // One grid per shown product (its key): a card updated in place keeps its link's first address, so another variant's set gets new cards.
        <section key={product.sku} aria-labelledby="product-set" className="section" data-testid="product-set">
          <h2 id="product-set">{t("product.productSet")}</h2>
          <ProductGrid products={productSet} currency={data.shopInfo.currency} />
        </section>
      ) : null}
      {pageContext.accessorySkus.length > 0 ? (
        <section aria-labelledby="accessories" className="section">
          <h2 id="accessories">{t("product.accessories")}</h2>
          <ProductGrid products={accessories} currency={data.shopInfo.currency} />
        </section>
      ) : null}
      {pageContext.crossSellSkus.length > 0 ? (
        <section aria-labelledby="cross-sell" className="section">
          <h2 id="cross-sell">{t("product.crossSell")}</h2>
          <div className="scroller" tabIndex={0}>
            <ProductGrid products={crossSell} currency={data.shopInfo.currency} />
          </div>
        </section>
      ) : null}
      <TextMarkedWatcher product={marked} />
    </Layout>
  );
}

function productCrumbs(data: ProductPageData, context: Context, homeLabel: string): Crumb[] {
  const crumbs = trailCrumbs(data.shopInfo, context.language, homeLabel, context.trail, data.trailNodes.nodes);
  crumbs.push({ label: data.product.data.content.title, link: slugPath(data.shopInfo, context.language, data.product.data.slug) });
  return crumbs;
}

function productJsonLd(product: ProductData, url: string): object {
  // Absolute, on the shop's own host (the media store is served there) or the media host.
  const images = product.media.filter((media) => media.kind === "image").map((media) => new URL(mediaHref(media.url), url).href);
  const availability = product.reachedEOF
    ? "https://schema.org/Discontinued"
    : product.isOutOfStock
      ? "https://schema.org/OutOfStock"
      : "https://schema.org/InStock";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.content.title,
    sku: product.sku,
    ...(product.ean ? { gtin13: product.ean } : {}),
    description: product.content.shortDescription,
    image: images,
    ...(product.manufacturer ? { brand: { "@type": "Brand", name: product.manufacturer.name } } : {}),
    ...(product.reviewSummary.totalReviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.reviewSummary.ratingValue,
            bestRating: product.reviewSummary.maxValue,
            reviewCount: product.reviewSummary.totalReviewCount,
          },
          // The latest reviews the page shows (features/reviews/ProductReviews.tsx).
          review: product.reviewSummary.reviews.map((review) => ({
            "@type": "Review",
            reviewRating: { "@type": "Rating", ratingValue: review.mark, bestRating: product.reviewSummary.maxValue },
            author: { "@type": "Person", name: review.reviewer },
            datePublished: review.createdAt.slice(0, 10),
            reviewBody: review.comment,
          })),
        }
      : {}),
    ...(product.price
      ? {
          offers: {
            "@type": "Offer",
            url,
            priceCurrency: product.price.packagePrice.currency,
            price: product.price.packagePrice.value.toFixed(2),
            availability,
            itemCondition: "https://schema.org/NewCondition",
          },
        }
      : {}),
  };
}

function ShopHead({ data, pageContext }: HeadProps<ProductPageData, Context>) {
  const { product } = data;
  const crumbs = productCrumbs(data, pageContext, headTranslate(data.locales, "nav.home"));
  const own = unpackProduct(product.data, pageContext.language);
  return (
    <PageHead
      title={product.data.content.metaTitle ?? product.data.content.title}
      description={product.data.content.metaDescription ?? product.data.content.shortDescription}
      context={pageContext}
      chrome={data}
      jsonLd={[productJsonLd(own, pageContext.seo.canonical), breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
      lcpImage={{ src: own.media.find((media) => media.kind === "image")?.url, sizes: IMAGE_SIZES.gallery }}
    />
  );
}

export const query = graphql`
  query ProductPage(
    $language: String!
    $sku: String!
    $trail: [String!]!
    $familySku: String!
    $variantSkus: [String!]!
    $crossSellSkus: [String!]!
    $accessorySkus: [String!]!
    $setSkus: [String!]!
  ) {
    product: shopProduct(sku: { eq: $sku }, language: { eq: $language }) {
      data: page
    }
    trailNodes: allShopCategory(filter: { language: { eq: $language }, categoryId: { in: $trail } }) {
      nodes {
        categoryId
        name
        path
      }
    }
    family: shopProducts(language: $language, skus: [$familySku]) {
      nodes {
        sku
        configurable
      }
    }
    variants: shopProducts(language: $language, skus: $variantSkus) {
      nodes {
        sku
        path
        attributes: variantAttributes(family: $familySku)
      }
    }
    related: shopProducts(language: $language, skus: $crossSellSkus) {
      nodes {
        card
      }
    }
    accessories: shopProducts(language: $language, skus: $accessorySkus) {
      nodes {
        card
      }
    }
    sets: shopProducts(language: $language, skus: $setSkus) {
      nodes {
        card
      }
    }
  }
`;

export default withShopData(ProductPage);
export const Head = withShopData(ShopHead);
