import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import type { CategoryData, CmsPageData, ManufacturerData, ProductData } from "./catalogue-client";
import { createCheckoutPages } from "./checkout-pages";
import { createContactPages } from "./contact-pages";
import { createNewsletterPages } from "./newsletter-pages";
import { createCampaignPages, type CampaignPageNode } from "./campaign-pages";
import { createReturnsPages } from "./returns-pages";
import { createInquiryPages } from "./inquiry-pages";
import { createSearchPages } from "./search-pages";
import { createAccountPages } from "./account-pages";
import { createTerracePages, TERRACE_LANDING_TEMPLATE } from "./terrace-pages";
import type { CreatePage } from "./create-page";
import { homePath, manufacturerListPath, pagedSlugPath, type ShopRouting } from "@domain/routes";
import { absoluteUrl, alternateLinks, isIndexable, packAlternates, type HreflangBases, type PageAlternates } from "../src/lib/seo";
import { sortProducts, pageCount, listPagePath, PRODUCTS_PER_PAGE, VIDEOS_PER_PAGE, sortKey, type ListedProduct } from "../src/lib/listing";
import { siteSource } from "./site-source";
import { accessoryPicker, ACCESSORY_CATEGORIES } from "./accessories";

/**
 * Creates every page of the shop in each of its languages: home, categories (every
 * page of their product lists in the default sort order), products, manufacturers (list and pages),
 * CMS pages (the video library paged) and the 404 page. Pages carry their own i18n
 * context so gatsby-plugin-react-i18next leaves them as they are, and their SEO context
 * (canonical, robots, hreflang alternates, sitemap entry) for the heads and the sitemap.
 */
const TEMPLATES = siteSource("templates");
const template = (name: string) => path.join(TEMPLATES, `${name}.tsx`);

interface ShopInfoNode extends ShopRouting {
  shopId: string;
  languages: string[];
  defaultLanguage: string;
  domainPrefixes: string[];
  origin: string;
  hreflangBases: HreflangBases;
}

interface CategoryNode {
  categoryId: string;
  language: string;
  path: string;
  trail: string[];
  isWorld: boolean;
  parentId: string | null;
  data: CategoryData;
}
interface ProductNode {
  sku: string;
  language: string;
  path: string;
  title: string;
  categoryIds: string[];
  categoryTrailIds: string[];
  breadcrumbIds: string[];
  manufacturerId: string | null;
  packagePrice: number | null;
  parentSku: string | null;
  updatedAt: string;
  reviewCount: number;
  savingsPercentage: number;
  isClearance: boolean;
  data: ProductData;
}
interface ManufacturerNode {
  manufacturerId: string;
  language: string;
  path: string;
  data: ManufacturerData;
}
interface CmsPageNode {
  identifier: string;
  language: string;
  pageType: string;
  path: string;
  data: CmsPageData;
}
interface AlternateNode {
  kind: string;
  key: string;
  shopId: string;
  language: string;
  href: string;
}
interface ProductVersionsNode {
  sku: string;
  versions: { shopId: string; language: string; href: string }[];
}

export interface PageSeo {
  canonical: string;
  robots: string;
  /** Listed in the sitemap (indexable, not excluded). */
  sitemap: boolean;
  lastmod: string | null;
}

export async function createShopPages(
  { actions, getNodesByType, reporter }: CreatePagesArgs,
  // Context every page of a language gets (gatsby-node.ts: its shop data file, docs/decisions/0052).
  languageContext: (language: string) => Record<string, unknown> = () => ({}),
): Promise<void> {
  const shop = getNodesByType("ShopInfo")[0] as unknown as ShopInfoNode | undefined;
  if (!shop) {
    reporter.panicOnBuild("Could not read the sourced catalogue (no ShopInfo node)");
    return;
  }
  const nodes = <T>(type: string) => getNodesByType(type) as unknown as T[];
  const categories = nodes<CategoryNode>("ShopCategory");
  const products = nodes<ProductNode>("ShopProduct");
  const manufacturers = nodes<ManufacturerNode>("ShopManufacturer");
  const cmsPages = nodes<CmsPageNode>("ShopCmsPage");

  // hreflang: every version of a page, by kind and key.
  const versions = new Map<string, { shopId: string; language: string; href: string }[]>();
  const addVersion = (key: string, version: { shopId: string; language: string; href: string }) => {
    const list = versions.get(key) ?? [];
    list.push(version);
    versions.set(key, list);
  };
  for (const node of nodes<AlternateNode>("ShopAlternate")) addVersion(`${node.kind}:${node.key}`, node);
  for (const node of nodes<ProductVersionsNode>("ShopProductVersions")) versions.set(`product:${node.sku}`, node.versions);
  const alternatesOf = (...keys: string[]): PageAlternates =>
    packAlternates(alternateLinks(keys.flatMap((key) => versions.get(key) ?? [])), shop.hreflangBases);
  const routed = shop.domainPrefixes.length > 0;
  const create: CreatePage = (pagePath, component, language, context, seo = {}, page = {}) => {
    const robots = seo.robots ?? "index,follow";
    const pageSeo: PageSeo = {
      canonical: absoluteUrl(shop.origin, seo.canonicalPath ?? pagePath),
      robots,
      sitemap: (seo.sitemap ?? true) && isIndexable(robots) && !seo.canonicalPath,
      lastmod: seo.lastmod ?? null,
    };
    actions.createPage({
      path: pagePath,
      ...(page.matchPath ? { matchPath: page.matchPath } : {}),
      component,
      context: {
        ...context,
        ...languageContext(language),
        language,
        seo: pageSeo,
        alternates: isIndexable(robots) ? (seo.alternates ?? {}) : {},
        i18n: {
          language,
          languages: shop.languages,
          defaultLanguage: shop.defaultLanguage,
          generateDefaultLanguagePage: routed,
          routed,
          originalPath: routed ? pagePath.slice(language.length + 1) : pagePath,
          path: pagePath,
        },
      },
    });
  };

  // Products indexed once (page creation used to scan every product per category and
  // per product): all of a language, the listed ones (no variants) of a language, and the
  // listed ones per category, both by direct category and by category trail. The lists
  // keep the node order, so the pages come out as before.
  const push = <T>(map: Map<string, T[]>, key: string, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const allByLanguage = new Map<string, ProductNode[]>();
  const listedByLanguage = new Map<string, ProductNode[]>();
  const listedByTrail = new Map<string, ProductNode[]>();
  const listedByCategory = new Map<string, ProductNode[]>();
  const listedByManufacturer = new Map<string, ProductNode[]>();
  // The listed installation materials: what product pages offer as accessories (accessories.ts).
  const accessoriesByLanguage = new Map<string, ProductNode[]>();
  for (const product of products) {
    push(allByLanguage, product.language, product);
    if (product.parentSku !== null) continue;
    push(listedByLanguage, product.language, product);
    if (product.categoryTrailIds.some((id) => ACCESSORY_CATEGORIES.has(id))) push(accessoriesByLanguage, product.language, product);
    for (const id of product.categoryTrailIds) push(listedByTrail, `${product.language}:${id}`, product);
    for (const id of new Set(product.categoryIds)) push(listedByCategory, `${product.language}:${id}`, product);
    if (product.manufacturerId !== null) push(listedByManufacturer, `${product.language}:${product.manufacturerId}`, product);
  }

  // Counts on tiles are the lengths of the lists their pages show (one source of truth): a
  // category's listed products of its whole subtree, a manufacturer's listed products.
  const listedCount = (language: string, categoryId: string) => listedByTrail.get(`${language}:${categoryId}`)?.length ?? 0;
  const childrenOf = new Map<string, CategoryNode[]>();
  for (const category of categories) if (category.parentId !== null) push(childrenOf, `${category.language}:${category.parentId}`, category);
  const manufacturerCounts = (language: string): Record<string, number> =>
    Object.fromEntries(
      manufacturers
        .filter((manufacturer) => manufacturer.language === language)
        .map((manufacturer) => [manufacturer.manufacturerId, listedByManufacturer.get(`${language}:${manufacturer.manufacturerId}`)?.length ?? 0]),
    );

  const listed = (product: ProductNode): ListedProduct => ({
    sku: product.sku,
    title: product.title,
    price: product.packagePrice,
    updatedAt: product.updatedAt,
  });

  for (const language of shop.languages) {
    const inLanguage = listedByLanguage.get(language) ?? [];
    // The merchandiser's top products first, by their place; then the most reviewed.
    const place = (product: ProductNode) => product.data.topPosition ?? Number.MAX_SAFE_INTEGER;
    const popular = [...inLanguage].sort((a, b) => place(a) - place(b) || b.reviewCount - a.reviewCount || a.sku.localeCompare(b.sku)).slice(0, 8);
    const rated = inLanguage.filter((product) => product.data.reviewSummary.totalReviewCount > 0);
    const reviewCount = rated.reduce((sum, product) => sum + product.data.reviewSummary.totalReviewCount, 0);
    const ratingSum = rated.reduce((sum, product) => sum + product.data.reviewSummary.ratingValue * product.data.reviewSummary.totalReviewCount, 0);
    create(
      homePath(shop, language),
      template("home"),
      language,
      {
        popularSkus: popular.map((product) => product.sku),
        facts: {
          products: inLanguage.length,
          manufacturers: manufacturers.filter((manufacturer) => manufacturer.language === language).length,
          reviewCount,
          rating: reviewCount > 0 ? Math.round((ratingSum / reviewCount) * 10) / 10 : 0,
        },
        // The home page's VideosCarousel: the first tutorial videos of the library.
        videos: videoLibrary(allByLanguage.get(language) ?? []).slice(0, HOME_VIDEOS),
      },
      { alternates: alternatesOf("home:home") },
    );
    create(
      manufacturerListPath(shop, language),
      template("manufacturer-list"),
      language,
      { productCounts: manufacturerCounts(language) },
      { alternates: alternatesOf("manufacturer-list:list") },
    );
  }
  // The shop's 404 page, in its default language (the worker serves it with status 404).
  create("/404.html", template("not-found"), shop.defaultLanguage, {}, { robots: "noindex", sitemap: false });
  createAccountPages(shop, create);
  createSearchPages(shop, create);
  createCheckoutPages(shop, create);
  createReturnsPages(shop, create);
  createInquiryPages(shop, create);
  createNewsletterPages(shop, create);
  // The running campaign's carousel route (docs/decisions/0048).
  createCampaignPages(nodes<CampaignPageNode>("ShopCampaign"), shop.languages, create);
  createContactPages(shop, create);
  // The terrace planner in the languages that sell decking; their configurator landing pages link to it.
  const deckingLanguages = shop.languages.filter((language) => (allByLanguage.get(language) ?? []).some((product) => product.data.isDecking));
  const plannerPaths = createTerracePages(shop, deckingLanguages, create);

  for (const category of categories) {
    const inCategory = listedByTrail.get(`${category.language}:${category.categoryId}`) ?? [];
    const manufacturerIds = [...new Set(inCategory.map((product) => product.manufacturerId).filter((id): id is string => id !== null))];
    const offerSkus = inCategory
      .filter((product) => product.savingsPercentage > 0 || product.isClearance)
      .sort((a, b) => b.savingsPercentage - a.savingsPercentage || a.sku.localeCompare(b.sku))
      .slice(0, 4)
      .map((product) => product.sku);
    // Only the default sort order's pages are static (crawlable, indexable); the other
    // orders are the shop API's list on the first page (`?sort=`, docs/decisions/0054).
    const sortings = category.data.sorting.length > 0 ? category.data.sorting : [{ sortBy: "position", direction: "asc" }];
    const defaultSort = sortKey(sortings[0]!);
    const sorts = [...new Set(sortings.map(sortKey))];
    const pages = pageCount(inCategory.length, PRODUCTS_PER_PAGE);
    const sorted = sortProducts(inCategory.map(listed), sortings[0]!);
    for (let page = 1; page <= pages; page += 1) {
      create(
        pagedSlugPath(shop, category.language, category.data.slug, page),
        template("category"),
        category.language,
        {
          categoryId: category.categoryId,
          trail: category.trail,
          skus: sorted.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE).map((product) => product.sku),
          totalCount: inCategory.length,
          subcategoryCounts: Object.fromEntries(
            (childrenOf.get(`${category.language}:${category.categoryId}`) ?? []).map((child) => [
              child.categoryId,
              listedCount(child.language, child.categoryId),
            ]),
          ),
          manufacturerIds,
          offerSkus: page === 1 ? offerSkus : [],
          // The pagination's links come from the first page's path (listPagePath), not from here.
          listing: { page, pageCount: pages, sort: defaultSort, sorts },
        },
        { alternates: page === 1 ? alternatesOf(`category:${category.categoryId}`) : {} },
      );
    }
  }

  const byLanguageSku = new Map(products.map((product) => [`${product.language}:${product.sku}`, product]));
  const accessoriesOf = new Map([...accessoriesByLanguage].map(([language, list]) => [language, accessoryPicker(list)]));
  for (const product of products) {
    const parent = product.parentSku ? byLanguageSku.get(`${product.language}:${product.parentSku}`) : undefined;
    const family = parent ?? product;
    const variantSkus = family.data.childProducts.map((child) => child.sku).filter((sku) => byLanguageSku.has(`${product.language}:${sku}`));
    const crossSell: string[] = [];
    for (const other of listedByCategory.get(`${product.language}:${family.data.categoryId}`) ?? []) {
      if (crossSell.length === 8) break;
      if (other.sku !== family.sku) crossSell.push(other.sku);
    }
    const accessories = accessoriesOf.get(product.language)?.(family) ?? [];
    // The cards every set of the family needs: a chosen variant shows its own set.
    const setSkus = [
      ...new Set([family, ...variantSkus.map((sku) => byLanguageSku.get(`${product.language}:${sku}`)!)].flatMap((member) => member.data.productSets)),
    ].filter((sku) => byLanguageSku.has(`${product.language}:${sku}`));
    create(
      product.path,
      template("product"),
      product.language,
      {
        sku: product.sku,
        trail: product.breadcrumbIds,
        familySku: family.sku,
        variantSkus,
        crossSellSkus: crossSell,
        accessorySkus: accessories,
        setSkus,
      },
      { lastmod: product.updatedAt, alternates: alternatesOf(`product:${product.sku}`) },
    );
  }
  // A manufacturer's listed products by name, paged like a category's list (its tile counts them all).
  for (const manufacturer of manufacturers) {
    const byName = sortProducts((listedByManufacturer.get(`${manufacturer.language}:${manufacturer.manufacturerId}`) ?? []).map(listed), {
      sortBy: "name",
      direction: "asc",
    });
    const pages = pageCount(byName.length, PRODUCTS_PER_PAGE);
    for (let page = 1; page <= pages; page += 1) {
      create(
        listPagePath(manufacturer.path, page),
        template("manufacturer"),
        manufacturer.language,
        {
          manufacturerId: manufacturer.manufacturerId,
          skus: byName.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE).map((product) => product.sku),
          totalCount: byName.length,
          listing: { page, pageCount: pages },
        },
        { alternates: page === 1 ? alternatesOf(`manufacturer:${manufacturer.manufacturerId}`) : {} },
      );
    }
  }
  for (const page of cmsPages) {
    const seo = {
      robots: page.data.robots,
      sitemap: !page.data.excludeFromSitemap,
      lastmod: page.data.updatedAt,
      alternates: alternatesOf(`cms-id:${page.identifier}`, ...(page.pageType === "CMS" ? [] : [`cms-type:${page.pageType}`])),
    };
    const base = { identifier: page.identifier, pageType: page.pageType, manufacturerIds: page.data.manufacturers };
    if (page.pageType === "VIDEOLIB") {
      const videos = videoLibrary(allByLanguage.get(page.language) ?? []);
      const pages = Math.max(1, pageCount(videos.length, VIDEOS_PER_PAGE));
      const pageLinks = Array.from({ length: pages }, (_, index) => pagedSlugPath(shop, page.language, page.identifier, index + 1));
      for (let number = 1; number <= pages; number += 1) {
        create(
          pageLinks[number - 1]!,
          template("cms-page"),
          page.language,
          {
            ...base,
            offerSkus: [],
            videos: videos.slice((number - 1) * VIDEOS_PER_PAGE, number * VIDEOS_PER_PAGE),
            listing: { page: number, pageCount: pages, pageLinks },
          },
          number === 1 ? seo : { ...seo, alternates: {} },
        );
      }
      continue;
    }
    const offerSkus =
      page.pageType === "SALES"
        ? (listedByLanguage.get(page.language) ?? [])
            .filter((product) => product.savingsPercentage > 0 || product.isClearance)
            .sort((a, b) => b.savingsPercentage - a.savingsPercentage || a.sku.localeCompare(b.sku))
            .map((product) => product.sku)
        : [];
    // The terrace planner's landing page has a template of its own (its code in no other CMS page).
    const landing = page.pageType === "CONFIGURATOR_LANDING_PAGE";
    const plannerPath = landing ? (plannerPaths.get(page.language) ?? null) : null;
    create(
      page.path,
      landing ? TERRACE_LANDING_TEMPLATE : template("cms-page"),
      page.language,
      { ...base, offerSkus: offerSkus.slice(0, 24), videos: [], listing: null, plannerPath },
      seo,
    );
  }
}

export interface VideoItem {
  title: string;
  url: string;
  /** The poster image under /images/videos/ (catalogue data; docs/decisions/0047). */
  poster: string | null;
  productTitle: string;
  productPath: string;
}

/** How many videos the home page's carousel shows. */
const HOME_VIDEOS = 6;

/** Tutorial videos of the language's products, one entry per video, in a stable order. */
function videoLibrary(products: ProductNode[]): VideoItem[] {
  const seen = new Map<string, VideoItem>();
  for (const product of [...products].sort((a, b) => a.sku.localeCompare(b.sku))) {
    for (const tutorial of product.data.tutorials) {
      if (tutorial.type !== "video" || !tutorial.url || seen.has(tutorial.url)) continue;
      seen.set(tutorial.url, { title: tutorial.title, url: tutorial.url, poster: tutorial.poster, productTitle: product.title, productPath: product.path });
    }
  }
  return [...seen.values()];
}
