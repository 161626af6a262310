import type { SourceNodesArgs } from "gatsby";
import { createCatalogueClient, type CatalogueClient, type CatalogueVersion, type CategoryData, type ProductData, type ShopData } from "./catalogue-client";
import { NODE_TYPES, STRUCTURE_TYPES } from "./node-types";
import { homePath, languagePrefix, manufacturerListPath, manufacturerPath, slugPath } from "@domain/routes";
import { campaignCarouselPath, currentCampaign } from "@domain/campaign";
import { absoluteUrl, hreflangShops, hreflangVersions, type HreflangBases } from "../src/lib/seo";
import { contentHash } from "../src/lib/banner";
import { cardData, packCard } from "../src/lib/card";
import { productNodeKey } from "./shop-products";
import rawConfig from "@config/shops.json";
import { parseShopConfig } from "@config/shop-config";
import { paymentMethodsForBuild } from "./shop-for-build";

/**
 * Sources the shop's catalogue from the GraphQL layer into Gatsby nodes.
 * First build: everything. Later builds (same cache): structure again (small) and only
 * the products the imports after the last sourced one changed (`changedAfterImport`); the
 * other product nodes are kept (stateful sourcing), so Gatsby re-renders only the pages whose
 * data changed.
 * A full sync (`fullSync`: the nightly rebuild and "publish now") sources every product
 * again although the cache is kept: what time alone changes (the 30-day reference price,
 * a campaign's start and end) is in no change log; Gatsby still re-renders only the pages
 * whose data differs.
 */
const SYNC_KEY = "catalogue-version";

/**
 * Whether the changes after `synced` (the catalogue version a build read before its products)
 * are all a build of that cache needs: the same history (not a replaced catalogue) that has not
 * gone backwards. Import ids grow in the order imports are written, so nothing is missed or read twice.
 */
export function syncContinues(synced: CatalogueVersion | undefined, now: CatalogueVersion): synced is CatalogueVersion {
  return synced !== undefined && synced.historyStart === now.historyStart && synced.lastImport <= now.lastImport;
}

export interface SourceOptions {
  shopId: string;
  graphqlUrl: string;
  /** The shop API's GRAPHQL_TOKEN. */
  graphqlToken: string;
  /** Source every product, not only those changed since the last sync. */
  fullSync?: boolean;
}

export async function sourceShopNodes(args: SourceNodesArgs, options: SourceOptions): Promise<void> {
  const { actions, cache, reporter } = args;
  const started = Date.now();
  const nodes = new NodeWriter(args);
  const client = createCatalogueClient({ url: options.graphqlUrl, token: options.graphqlToken, onProgress: (message) => reporter.verbose(message) });
  const shop = await client.shop(options.shopId);
  // A build of this cache sourced before (getNode reads one node; getNodesByType would read them all).
  const sourcedBefore = Boolean(args.getNode(args.createNodeId(`shop-${shop.id}`)));
  nodes.create("ShopInfo", `shop-${shop.id}`, {
    shopId: shop.id,
    name: shop.name,
    currency: shop.currency,
    languages: shop.languages,
    defaultLanguage: shop.defaultLanguage,
    domainPrefixes: shop.domainPrefixes,
    deliveryCountries: shop.deliveryCountries,
    taxRate: shop.taxRate,
    origin: productionOrigin(shop.id),
    // What the pages' hreflang alternates are relative to (docs/decisions/0055).
    hreflangBases: hreflangBases(),
    // The footer's payment badges: what the checkout offers by the shop's config.
    paymentMethods: paymentMethodsForBuild(shop.id),
    // The footer's copyright year: the year the pages were built, the same in the static HTML and after hydration.
    buildYear: new Date(started).getFullYear(),
  });

  // Read before any product: an import written while this build sources is after this version, so the next build reads it.
  const version = await client.version();
  const synced = (await cache.get(SYNC_KEY)) as CatalogueVersion | undefined;
  const afterImport = sourcedBefore && !options.fullSync && syncContinues(synced, version) ? synced.lastImport : undefined;
  const incremental = afterImport !== undefined;

  // Stateful sourcing: Gatsby keeps the nodes a build did not write, so an incremental build no
  // longer reads and touches every node of the catalogue; this function deletes what left it.
  actions.enableStatefulSourceNodes?.();

  // Each shop's changed SKUs are asked once (every language of the shop and its hreflang slugs need them).
  const changed = memoizedChangedSkus(client);
  let productCount = 0;
  for (const language of shop.languages) {
    const structure = await client.structure(shop.id, language);
    const categoryById = new Map(structure.categories.map((category) => [category.id, category]));
    {
      for (const category of structure.categories) {
        nodes.create("ShopCategory", `category-${category.id}-${language}`, {
          categoryId: category.id,
          language,
          parentId: category.parentId,
          position: category.position,
          isWorld: category.isWorld,
          name: category.name,
          path: slugPath(shop, language, category.slug),
          trail: category.path,
          data: category,
        });
      }
      for (const top of structure.topCategories) {
        const category = categoryById.get(top.id);
        nodes.create("ShopTopCategory", `top-category-${top.id}-${language}`, {
          categoryId: top.id,
          language,
          position: top.topCategoryPosition,
          name: top.name,
          path: category ? slugPath(shop, language, category.slug) : homePath(shop, language),
          description: top.topCategoryDescription,
          image: top.imagePath,
        });
      }
      for (const manufacturer of structure.manufacturers) {
        nodes.create("ShopManufacturer", `manufacturer-${manufacturer.id}-${language}`, {
          manufacturerId: manufacturer.id,
          language,
          name: manufacturer.name,
          path: manufacturerPath(shop, language, manufacturer.slug),
          data: manufacturer,
        });
      }
      for (const page of structure.cmsPages) {
        nodes.create("ShopCmsPage", `cms-${page.identifier}-${language}`, {
          identifier: page.identifier,
          language,
          pageType: page.pageType,
          title: page.title,
          path: slugPath(shop, language, page.identifier),
          data: page,
        });
      }
      for (const link of structure.topSeoLinks) {
        nodes.create("ShopSeoLink", `seo-link-${link.position}-${language}`, { language, ...link });
      }
      for (const block of structure.cmsBlocks) {
        nodes.create("ShopCmsBlock", `cms-block-${block.identifier}-${language}`, {
          identifier: block.identifier,
          language,
          content: block.content,
          hash: contentHash(block.content),
        });
      }
      // The campaign running now (its start and end are honoured here, by the build's clock; docs/decisions/0048).
      const campaign = currentCampaign(structure.campaigns, new Date(started));
      if (campaign) {
        nodes.create("ShopCampaign", `campaign-${language}`, {
          identifier: campaign.identifier,
          language,
          carouselPath: campaignCarouselPath(shop, language, campaign.identifier),
          data: campaign,
        });
      }
    }

    const listed = new Set<string>();
    for await (const page of client.productPages(shop.id, language, afterImport)) {
      for (const product of page) {
        createProductNode(nodes, shop, language, product, categoryById);
        listed.add(product.sku);
      }
    }
    productCount += listed.size;
    if (afterImport !== undefined) {
      // Products changed but no longer listed (deactivated, removed from the shop) lose their node.
      for (const sku of await changed(shop.id, afterImport)) {
        const node = args.getNode(args.createNodeId(productNodeKey(sku, language)));
        if (node && !listed.has(sku)) actions.deleteNode(node);
      }
    }
  }
  await sourceAlternates(args, nodes, client, afterImport, changed);
  // Structure is always sourced whole, so is everything on a full sync; an incremental sync deleted its products above.
  nodes.deleteStale(incremental ? STRUCTURE_TYPES : NODE_TYPES);
  await cache.set(SYNC_KEY, version);
  reporter.info(
    `${shop.id}: sourced ${incremental ? `${productCount} changed` : productCount} products in ${shop.languages.join(", ")} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
}

function createProductNode(nodes: NodeWriter, shop: ShopData, language: string, product: ProductData, categories: Map<string, CategoryData>) {
  const trail = new Set<string>();
  for (const id of product.categoryIds) for (const ancestor of categories.get(id)?.path ?? [id]) trail.add(ancestor);
  const path = slugPath(shop, language, product.slug);
  nodes.create("ShopProduct", productNodeKey(product.sku, language), {
    sku: product.sku,
    language,
    path,
    title: product.content.title,
    categoryIds: product.categoryIds,
    categoryTrailIds: [...trail],
    breadcrumbIds: categories.get(product.categoryId)?.path ?? [],
    manufacturerId: product.manufacturer?.id ?? null,
    packagePrice: product.price?.packagePrice.value ?? null,
    parentSku: product.parentSku,
    updatedAt: product.updatedAt,
    reviewCount: product.reviewSummary.totalReviewCount,
    savingsPercentage: product.price?.savingsPercentage ?? 0,
    isClearance: product.isClearance,
    card: packCard({ sku: product.sku, path, title: product.content.title, card: cardData(product) }),
    configurable: product.configurableAttributes,
    data: product,
  });
}

/** https://<first production host> of a shop (canonical, hreflang and sitemap URLs). */
export function productionOrigin(shopId: string): string {
  const shop = parseShopConfig(rawConfig).shops.find((candidate) => candidate.id === shopId);
  if (!shop) throw new Error(`Shop ${shopId} is not in config/shops.json`);
  return `https://${shop.hosts.production[0]}`;
}

/** Each hreflang's shop origin and language prefix by config/shops.json (the shops not in it have none). */
export function hreflangBases(): HreflangBases {
  const shops = parseShopConfig(rawConfig).shops;
  const bases: HreflangBases = {};
  for (const { shopId, language, hreflang } of hreflangVersions()) {
    const shop = shops.find((candidate) => candidate.id === shopId);
    if (shop) bases[hreflang] = `https://${shop.hosts.production[0]}${languagePrefix(shop, language)}`;
  }
  return bases;
}

/**
 * Where each page also exists in the other shops and languages (hreflang): slugs of
 * categories, manufacturers and CMS pages of every shop with hreflang values (small,
 * fetched whole), and sku -> slug of their products (paged; only changes on an
 * incremental build, like the shop's own products). A product's versions in all shops are
 * one node (ShopProductVersions): at 50,000 products a node per shop and language was
 * 450,000 nodes, most of the catalogue's.
 */
async function sourceAlternates(
  args: SourceNodesArgs,
  nodes: NodeWriter,
  client: CatalogueClient,
  afterImport: number | undefined,
  changed: ChangedSkus,
): Promise<void> {
  const config = parseShopConfig(rawConfig);
  /** SKU -> its versions read this build. */
  const read = new Map<string, ProductVersion[]>();
  /** SKU -> the shops whose versions of it were read again (an incremental build keeps the others). */
  const readShops = new Map<string, Set<string>>();
  for (const shopId of hreflangShops()) {
    const definition = config.shops.find((candidate) => candidate.id === shopId);
    if (!definition) continue;
    let shop: ShopData;
    try {
      shop = await client.shop(shopId);
    } catch {
      args.reporter.verbose(`${shopId} is not in the catalogue; no hreflang links to it`);
      continue;
    }
    const origin = `https://${definition.hosts.production[0]}`;
    const shopSkus = new Set<string>(afterImport === undefined ? [] : await changed(shopId, afterImport));
    for (const language of shop.languages) {
      const slugs = await client.pageSlugs(shopId, language);
      const alternate = (kind: string, key: string, path: string) =>
        nodes.create("ShopAlternate", `alternate-${kind}-${key}-${shopId}-${language}`, { kind, key, shopId, language, href: absoluteUrl(origin, path) });
      alternate("home", "home", homePath(shop, language));
      alternate("manufacturer-list", "list", manufacturerListPath(shop, language));
      for (const category of slugs.categories) alternate("category", category.id, slugPath(shop, language, category.slug));
      for (const manufacturer of slugs.manufacturers) alternate("manufacturer", manufacturer.id, manufacturerPath(shop, language, manufacturer.slug));
      const typeCounts = new Map<string, number>();
      for (const page of slugs.cmsPages) typeCounts.set(page.pageType, (typeCounts.get(page.pageType) ?? 0) + 1);
      for (const page of slugs.cmsPages) {
        if (/noindex/i.test(page.robots)) continue;
        alternate("cms-id", page.identifier, slugPath(shop, language, page.identifier));
        // Special pages (chat, sale, video library, ...) are one per shop and language: match them by type.
        if (page.pageType !== "CMS" && typeCounts.get(page.pageType) === 1) alternate("cms-type", page.pageType, slugPath(shop, language, page.identifier));
      }
      for (const product of await client.productSlugs(shopId, language, afterImport)) {
        const versions = read.get(product.sku) ?? [];
        versions.push({ shopId, language, href: absoluteUrl(origin, slugPath(shop, language, product.slug)) });
        read.set(product.sku, versions);
        shopSkus.add(product.sku);
      }
    }
    for (const sku of shopSkus) {
      const shops = readShops.get(sku) ?? new Set<string>();
      shops.add(shopId);
      readShops.set(sku, shops);
    }
  }
  const key = (sku: string) => `product-versions-${sku}`;
  for (const sku of afterImport === undefined ? read.keys() : readShops.keys()) {
    const node = afterImport === undefined ? undefined : args.getNode(args.createNodeId(key(sku)));
    const versions = productVersions((node?.versions as ProductVersion[] | undefined) ?? [], read.get(sku) ?? [], readShops.get(sku) ?? new Set());
    if (versions.length > 0) nodes.create("ShopProductVersions", key(sku), { sku, versions });
    else if (node) args.actions.deleteNode(node);
  }
}

export interface ProductVersion {
  shopId: string;
  language: string;
  href: string;
}

/**
 * A product's versions after sourcing: those it had in the shops not read again for it, and
 * what was read (a shop read again without the product no longer has it), by shop and language.
 */
export function productVersions(kept: readonly ProductVersion[], read: readonly ProductVersion[], readShops: ReadonlySet<string>): ProductVersion[] {
  return [...kept.filter((version) => !readShops.has(version.shopId)), ...read].sort(
    (a, b) => a.shopId.localeCompare(b.shopId) || a.language.localeCompare(b.language),
  );
}

type ChangedSkus = (shopId: string, afterImport: number) => Promise<string[]>;

/**
 * The SKUs the imports after one changed in a shop, asked once per shop and import. (Requests stay one at a time:
 * side by side they gained 0.2 s of 2.5 s against the local worker on 2 cores, docs/decisions/0034.)
 */
function memoizedChangedSkus(client: CatalogueClient): ChangedSkus {
  const asked = new Map<string, Promise<string[]>>();
  return (shopId, afterImport) => {
    const key = `${shopId} ${afterImport}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = client.changedSkus(shopId, afterImport);
      asked.set(key, answer);
    }
    return answer;
  };
}

/** Creates nodes and remembers which it wrote this run, so stale ones can be deleted. */
class NodeWriter {
  private readonly written = new Set<string>();

  constructor(private readonly args: SourceNodesArgs) {}

  create(type: string, key: string, fields: Record<string, unknown>): void {
    const id = this.args.createNodeId(key);
    this.written.add(id);
    this.args.actions.createNode({
      ...fields,
      id,
      parent: null,
      children: [],
      internal: { type, contentDigest: this.args.createContentDigest(fields) },
    });
  }

  /** Deletes nodes of the types that this run did not write (of the types it sourced whole). */
  deleteStale(types: readonly string[]): void {
    for (const type of types) {
      for (const node of this.args.getNodesByType(type)) if (!this.written.has(node.id)) this.args.actions.deleteNode(node);
    }
  }
}
