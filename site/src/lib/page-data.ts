import type { PackedProduct, PageProduct } from "./product-page";
import { unpackCard, type PackedCard, type ProductCardData } from "./card";
import type { HreflangBases, PageAlternates } from "./seo";
import type { CampaignNode } from "../features/campaign/types";
import type { CountryOption } from "@domain/countries";

/** Shapes of the page queries' results (the sourced nodes of site/sourcing/node-types.ts). */

/** A language's texts (locales/<lang>/*.json the pages use), in the shop data file (lib/shop-data.ts): namespaces in the locale nodes' order. */
export interface ShopTexts {
  namespaces: string[];
  resources: Record<string, Record<string, unknown>>;
}

export interface MenuCategory {
  categoryId: string;
  parentId: string | null;
  isWorld: boolean;
  name: string;
  path: string;
}

/** What every page of a shop language shows alike: the shop data file's content (lib/shop-data.ts, docs/decisions/0052), not the page's query. */
export interface ChromeData {
  locales: ShopTexts;
  shopInfo: {
    shopId: string;
    name: string;
    currency: string;
    languages: string[];
    domainPrefixes: string[];
    deliveryCountries: string[];
    origin: string;
    /** Each hreflang's shop origin and language prefix: what the pages' alternates are relative to (lib/seo.ts). */
    hreflangBases: HreflangBases;
    /** The payment methods the shop offers by its config (domain/payment-methods.ts), in its order: the footer's badges. */
    paymentMethods: string[];
    buildYear: number;
  };
  /** The delivery countries named in the file's language, the shop's own first (domain/countries.ts countryOptions, at build time): the header's chooser. */
  countries: CountryOption[];
  menu: { nodes: MenuCategory[] };
  cmsLinks: { nodes: { identifier: string; pageType: string; title: string; path: string }[] };
  blocks: { nodes: { identifier: string; content: string; hash: string }[] };
  /** The sales campaign running when the pages were built (docs/decisions/0048), null without one. */
  campaign?: CampaignNode | null;
}

/** What every page's context carries besides its own keys (site/sourcing/create-pages.ts). */
export interface BaseContext {
  language: string;
  seo: { canonical: string; robots: string; sitemap: boolean; lastmod: string | null };
  alternates: PageAlternates;
}

/** A product in a list as its page's data carries it: its node's card only (lib/card.ts). */
export interface CardNode {
  card: PackedCard;
}

/** The product of a product page, as its page data carries it (lib/product-page.ts); its page's path follows from its slug. */
export interface ProductPageNode {
  data: PackedProduct;
}

/** A product as the product page and its components know it. */
export type ProductData = PageProduct;

/** Orders query results like the list of skus the page context chose. */
export function inOrder<T extends { sku: string }>(skus: readonly string[], nodes: T[]): T[] {
  const bySku = new Map(nodes.map((node) => [node.sku, node]));
  return skus.map((sku) => bySku.get(sku)).filter((node): node is T => node !== undefined);
}

/** The product cards of a list query's nodes, in the order of the skus the page context chose. */
export function cardsInOrder(skus: readonly string[], nodes: CardNode[]): ProductCardData[] {
  return inOrder(
    skus,
    nodes.map((node) => unpackCard(node.card)),
  );
}

export type { ProductCardData };
