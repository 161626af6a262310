import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { countryOptions } from "@domain/countries";

/**
 * The shop data file of each shop language (docs/decisions/0052): what every page of the
 * language shows alike (its texts, shop info, its delivery countries named in the language, menu,
 * CMS links, header banners, the running campaign), written once per build into public/static/shop-data/<language>-<hash>.json
 * (site/src/lib/shop-data.ts reads it; the edge serves /static/ as immutable) instead of
 * being part of every page's page-data.json. The pages name their file in their context
 * (`shopData`), so a change of it changes every page of the language and the incremental
 * build re-renders them, as when the data was in their page-data.
 */
export const SHOP_DATA_QUERY = `
  query ShopData($language: String!) {
    # The back office's texts (console) are not the pages'.
    locales: allLocale(filter: { language: { eq: $language }, ns: { nin: ["server", "mail", "errors", "inquiries", "offers", "console"] } }) {
      edges {
        node {
          ns
          data
        }
      }
    }
    shopInfo {
      shopId
      name
      currency
      languages
      domainPrefixes
      deliveryCountries
      origin
      hreflangBases
      paymentMethods
      buildYear
    }
    menu: allShopCategory(filter: { language: { eq: $language } }, sort: { position: ASC }) {
      nodes {
        categoryId
        parentId
        isWorld
        name
        path
      }
    }
    cmsLinks: allShopCmsPage(filter: { language: { eq: $language } }, sort: { title: ASC }) {
      nodes {
        identifier
        pageType
        title
        path
      }
    }
    blocks: allShopCmsBlock(filter: { language: { eq: $language } }, sort: { identifier: ASC }) {
      nodes {
        identifier
        content
        hash
      }
    }
    campaign: shopCampaign(language: { eq: $language }) {
      identifier
      carouselPath
      data
    }
  }
`;

interface ShopDataResult {
  locales: { edges: { node: { ns: string; data: string } }[] };
  shopInfo: { deliveryCountries: string[] };
  [key: string]: unknown;
}

/** The file's content and name for one language's query result: texts parsed once (the pages' i18next reads them as they are). */
export function shopDataFile(language: string, result: ShopDataResult): { id: string; json: string } {
  const { locales, ...rest } = result;
  // Sorted: Gatsby gives the locale nodes in the order the files were read, which changes from build to build
  // (and would change the file's hash, so every page, each time).
  const edges = [...locales.edges].sort((a, b) => (a.node.ns < b.node.ns ? -1 : a.node.ns > b.node.ns ? 1 : 0));
  const namespaces = edges.map(({ node }) => node.ns);
  const resources = Object.fromEntries(edges.map(({ node }) => [node.ns, JSON.parse(node.data) as unknown]));
  const countries = countryOptions(rest.shopInfo.deliveryCountries, language);
  const json = JSON.stringify({ language, locales: { namespaces, resources }, countries, ...rest });
  const hash = createHash("sha256").update(json).digest("hex").slice(0, 16);
  return { id: `${language}-${hash}`, json };
}

/** Writes each language's file (unless a build already wrote the same) and returns its id per language. */
export async function writeShopData(
  { graphql, reporter }: Pick<CreatePagesArgs, "graphql" | "reporter">,
  languages: readonly string[],
  publicDir = join(process.cwd(), "public"),
): Promise<Map<string, string>> {
  const dir = join(publicDir, "static", "shop-data");
  mkdirSync(dir, { recursive: true });
  const ids = new Map<string, string>();
  for (const language of languages) {
    const { data, errors } = await graphql<ShopDataResult>(SHOP_DATA_QUERY, { language });
    if (errors || !data) {
      reporter.panicOnBuild(`Could not query the shop data of language ${language}`, errors);
      continue;
    }
    const file = shopDataFile(language, data);
    const path = join(dir, `${file.id}.json`);
    if (!existsSync(path)) writeFileSync(path, file.json);
    ids.set(language, file.id);
  }
  removeOldShopData(dir, new Set(ids.values()), Date.now());
  return ids;
}

/**
 * Files of earlier builds stay while pages that name them may still be served: the CDN may
 * keep a page's HTML for a day while it revalidates (worker/edge/cache-policy.ts HTML_CACHE),
 * and a page whose preloaded file is gone stays as its HTML, not hydrated. Older ones go.
 */
export const KEEP_OLD_SHOP_DATA_MS = 2 * 24 * 60 * 60 * 1000;

export function removeOldShopData(dir: string, current: ReadonlySet<string>, now: number): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json") || current.has(name.slice(0, -".json".length))) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs > KEEP_OLD_SHOP_DATA_MS) {
      unlinkSync(path);
      removed.push(name);
    }
  }
  return removed;
}
