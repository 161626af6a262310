import React from "react";
import { graphql, Link, type HeadProps, type PageProps } from "gatsby";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { ChipSection } from "../components/ChipSection";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { Layout } from "../components/Layout";
import { PageHead, breadcrumbJsonLd } from "../components/PageHead";
import { Pagination } from "../components/Pagination";
import { trailCrumbs, type TrailNode } from "../lib/breadcrumbs";
import { headTranslate } from "../lib/head-translate";
import { cardsInOrder, type BaseContext, type ChromeData, type CardNode } from "../lib/page-data";
import { absoluteUrl } from "../lib/seo";
import { listPagePaths } from "../lib/listing";
import { hasFilterParams } from "@domain/category-listing";
import { CategoryListing } from "../features/search/CategoryListing";
import { useLocationSearch } from "../features/search/category-location";
import { readFilterUrl, writeFilterUrl } from "../features/search/filter-url";
import { IMAGE_SIZES, ResponsiveImage } from "../components/ResponsiveImage";
import { useListTracking } from "../lib/tracking/use-track";
import { withShopData } from "../lib/with-shop-data";
import { hydrateWhenVisible } from "../lib/lazy";

interface CategoryData extends ChromeData {
  category: {
    categoryId: string;
    name: string;
    path: string;
    data: { description: string; teaser: string; image: string | null; metaTitle: string | null; metaDescription: string | null };
  };
  trailNodes: { nodes: TrailNode[] };
  children: { nodes: { categoryId: string; name: string; path: string; data: { image: string | null; teaser: string } }[] };
  products: { nodes: CardNode[] };
  offers: { nodes: CardNode[] };
  manufacturers: { nodes: { manufacturerId: string; name: string; path: string }[] };
}

type Context = BaseContext & {
  categoryId: string;
  trail: string[];
  skus: string[];
  offerSkus: string[];
  manufacturerIds: string[];
  totalCount: number;
  /** Per subcategory: the number of products its own page lists (its tile shows it). */
  subcategoryCounts: Record<string, number>;
  /**
   * The static page's place in the list: page of pageCount in the default sort order `sort`;
   * `sorts` are the category's orders, the others shown by the shop API's list (docs/decisions/0054).
   */
  listing: { page: number; pageCount: number; sort: string; sorts: string[] };
};

// The product cards are in the static HTML; each grid loads and hydrates in a task of its own when it comes near the viewport (lib/lazy.ts).
const ProductGrid = hydrateWhenVisible(() => import("../components/ProductCard").then((module) => module.ProductGrid));

/** World / category page: head, subcategories, sorting, product list with pagination, offers, manufacturers. */
function CategoryPage({ data, pageContext, location }: PageProps<CategoryData, Context>) {
  const { t } = useTranslation();
  const { category } = data;
  const { listing } = pageContext;
  // Sort orders keep the chosen filters; another order than the default is the
  // category's first page with `?sort=` (the static HTML shows the default order active).
  const [search] = useLocationSearch(location.search);
  const urlState = readFilterUrl(search);
  const activeSort = urlState.sort && listing.sorts.includes(urlState.sort) ? urlState.sort : listing.sort;
  const sortPath = (key: string) =>
    `${category.path}${writeFilterUrl({ filters: urlState.filters, page: 1, sort: key === listing.sort ? undefined : key }, search)}`;
  const pageLinks = listPagePaths(category.path, listing.pageCount);
  // Props of the grids hydrated later keep their identity across renders (lib/lazy.ts).
  const products = React.useMemo(() => cardsInOrder(pageContext.skus, data.products.nodes), [pageContext.skus, data.products.nodes]);
  const offers = React.useMemo(() => cardsInOrder(pageContext.offerSkus, data.offers.nodes), [pageContext.offerSkus, data.offers.nodes]);
  // Tag manager: GA4 view_item_list of the listed products, select_item on a card's link.
  const trackingList = React.useMemo(() => ({ id: category.categoryId, name: category.name }), [category.categoryId, category.name]);
  const onListClick = useListTracking(trackingList, products);
  return (
    <Layout chrome={data} context={pageContext} activeWorldId={pageContext.trail[0]} bannerLocation="category">
      <Breadcrumbs items={trailCrumbs(data.shopInfo, pageContext.language, t("nav.home"), pageContext.trail, data.trailNodes.nodes)} />
      <header className="page-head">
        <h1>
          {category.name}
          {listing.page > 1 ? <span className="muted"> – {t("pagination.pageOf", { page: listing.page, count: listing.pageCount })}</span> : null}
        </h1>
        {category.data.teaser ? <p className="teaser">{category.data.teaser}</p> : null}
      </header>
      {data.children.nodes.length > 0 ? (
        <section aria-labelledby="subcategories" className="section">
          <h2 id="subcategories">{t("category.subcategories")}</h2>
          <ul className="grid tiles">
            {data.children.nodes.map((child, index) => (
              <li key={child.categoryId}>
                <Link to={child.path} className="tile">
                  {/* The first tiles are in the first screen (the largest paint): not lazy. */}
                  <ResponsiveImage src={child.data.image} alt="" width={320} height={240} sizes={IMAGE_SIZES.card} eager={index < 2} priority={index === 0} />
                  <span className="tile-title">{child.name}</span>
                  <span className="muted small">{t("category.productCount", { count: pageContext.subcategoryCounts[child.categoryId] ?? 0 })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {offers.length > 0 ? (
        <section aria-labelledby="offers" className="section">
          <h2 id="offers">{t("category.offers")}</h2>
          <ProductGrid products={offers} currency={data.shopInfo.currency} eagerCount={data.children.nodes.length > 0 ? 0 : 2} />
        </section>
      ) : null}
      <section aria-labelledby="product-list" className="section listing">
        <CategoryListing
          categoryId={pageContext.categoryId}
          sort={listing.sort}
          basePath={category.path}
          seo={pageContext.seo}
          unfilteredCanonical={absoluteUrl(data.shopInfo.origin, category.path)}
          search={location.search}
          onClickCapture={onListClick}
          totalCount={pageContext.totalCount}
          toolbar={(count, filterToggle) => (
            <div className="toolbar">
              <h2 id="product-list">{t("category.productCount", { count })}</h2>
              {filterToggle}
              {listing.sorts.length > 1 ? (
                <nav aria-label={t("category.sorting")} className="sorting">
                  <span className="muted small">{t("category.sortBy")}</span>
                  <ul>
                    {listing.sorts.map((key) => (
                      <li key={key}>
                        {key === activeSort ? (
                          <span aria-current="true" className="chip active">
                            {t(`sort.${key}`)}
                          </span>
                        ) : (
                          <Link to={sortPath(key)} className="chip" rel="nofollow">
                            {t(`sort.${key}`)}
                          </Link>
                        )}
                      </li>
                    ))}
                  </ul>
                </nav>
              ) : null}
            </div>
          )}
        >
          {products.length > 0 ? (
            <ProductGrid products={products} currency={data.shopInfo.currency} eagerCount={data.children.nodes.length > 0 || offers.length > 0 ? 0 : 2} />
          ) : (
            <p>{t("category.empty")}</p>
          )}
          <Pagination page={listing.page} pageLinks={pageLinks} />
        </CategoryListing>
      </section>
      <ChipSection
        id="category-manufacturers"
        title={t("category.manufacturers")}
        chips={data.manufacturers.nodes.map((manufacturer) => ({ key: manufacturer.manufacturerId, to: manufacturer.path, label: manufacturer.name }))}
      />
      {category.data.description && listing.page === 1 ? (
        <div className="section prose" dangerouslySetInnerHTML={{ __html: category.data.description }} />
      ) : null}
    </Layout>
  );
}

/** The image the page shows with priority (its largest paint): the first subcategory's tile, else the first offer's or listed product's card. */
function largestPaintImage(data: CategoryData, pageContext: Context): string | null | undefined {
  const [child] = data.children.nodes;
  if (child) return child.data.image;
  const [first] = [...cardsInOrder(pageContext.offerSkus, data.offers.nodes), ...cardsInOrder(pageContext.skus, data.products.nodes)];
  return first?.card.image;
}

function ShopHead({ data, pageContext }: HeadProps<CategoryData, Context>) {
  const { category } = data;
  // A filtered view is not indexed and names the unfiltered page as canonical.
  // Gatsby gives Head the pathname only; the Head renders in the browser after load and on
  // every navigation (the static HTML is the unfiltered page).
  const filtered = typeof window !== "undefined" && hasFilterParams(new URLSearchParams(window.location.search));
  const context = filtered
    ? { ...pageContext, seo: { ...pageContext.seo, robots: "noindex,follow", canonical: absoluteUrl(data.shopInfo.origin, category.path) }, alternates: {} }
    : pageContext;
  const crumbs = trailCrumbs(data.shopInfo, pageContext.language, headTranslate(data.locales, "nav.home"), pageContext.trail, data.trailNodes.nodes);
  const page = pageContext.listing.page;
  const title = category.data.metaTitle ?? category.name;
  return (
    <PageHead
      title={page > 1 ? `${title} – ${headTranslate(data.locales, "pagination.page")} ${page}` : title}
      description={category.data.metaDescription ?? category.data.teaser}
      context={context}
      chrome={data}
      jsonLd={[breadcrumbJsonLd(data.shopInfo.origin, crumbs)]}
      lcpImage={{ src: largestPaintImage(data, pageContext), sizes: IMAGE_SIZES.card }}
    />
  );
}

export const query = graphql`
  query CategoryPage($language: String!, $categoryId: String!, $trail: [String!]!, $skus: [String!]!, $offerSkus: [String!]!, $manufacturerIds: [String!]!) {
    category: shopCategory(categoryId: { eq: $categoryId }, language: { eq: $language }) {
      categoryId
      name
      path
      data
    }
    trailNodes: allShopCategory(filter: { language: { eq: $language }, categoryId: { in: $trail } }) {
      nodes {
        categoryId
        name
        path
      }
    }
    children: allShopCategory(filter: { language: { eq: $language }, parentId: { eq: $categoryId } }, sort: { position: ASC }) {
      nodes {
        categoryId
        name
        path
        data
      }
    }
    products: shopProducts(language: $language, skus: $skus) {
      nodes {
        card
      }
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

export default withShopData(CategoryPage);
export const Head = withShopData(ShopHead);
