import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { homePath, manufacturerListPath } from "../src/lib/routes";

/**
 * Creates every page of the shop in each of its languages: home, categories,
 * products, manufacturers (list and pages), CMS pages and the 404 page.
 * Pages carry their own i18n context so gatsby-plugin-react-i18next leaves them as they are.
 */
const TEMPLATES = path.resolve("site", "src", "templates");
const template = (name: string) => path.join(TEMPLATES, `${name}.tsx`);

interface ShopInfoNode {
  shopId: string;
  languages: string[];
  defaultLanguage: string;
  domainPrefixes: string[];
}

interface PathNode {
  id: string;
  language: string;
  path: string;
}

interface PageQueryResult {
  shopInfo: ShopInfoNode;
  allShopCategory: { nodes: (PathNode & { categoryId: string; trail: string[] })[] };
  allShopProduct: { nodes: (PathNode & { sku: string; breadcrumbIds: string[] })[] };
  allShopManufacturer: { nodes: (PathNode & { manufacturerId: string })[] };
  allShopCmsPage: { nodes: (PathNode & { identifier: string })[] };
}

export async function createShopPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
  const result = await graphql<PageQueryResult>(`
    {
      shopInfo { shopId languages defaultLanguage domainPrefixes }
      allShopCategory { nodes { id language path categoryId trail } }
      allShopProduct { nodes { id language path sku breadcrumbIds } }
      allShopManufacturer { nodes { id language path manufacturerId } }
      allShopCmsPage { nodes { id language path identifier } }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not read the sourced catalogue", result.errors);
    return;
  }
  const { shopInfo: shop } = result.data;
  const routed = shop.domainPrefixes.length > 0;

  const create = (pagePath: string, component: string, language: string, context: Record<string, unknown> = {}) => {
    actions.createPage({
      path: pagePath,
      component,
      context: {
        ...context,
        language,
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

  for (const language of shop.languages) {
    create(homePath(shop, language), template("home"), language);
    create(manufacturerListPath(shop, language), template("manufacturer-list"), language);
  }
  // The shop's 404 page, in its default language (the worker serves it with status 404).
  create("/404.html", template("not-found"), shop.defaultLanguage);

  for (const category of result.data.allShopCategory.nodes) {
    create(category.path, template("category"), category.language, { categoryId: category.categoryId, trail: category.trail });
  }
  for (const product of result.data.allShopProduct.nodes) {
    create(product.path, template("product"), product.language, { sku: product.sku, trail: product.breadcrumbIds });
  }
  for (const manufacturer of result.data.allShopManufacturer.nodes) {
    create(manufacturer.path, template("manufacturer"), manufacturer.language, { manufacturerId: manufacturer.manufacturerId });
  }
  for (const page of result.data.allShopCmsPage.nodes) {
    create(page.path, template("cms-page"), page.language, { identifier: page.identifier });
  }
}
