import type { ProductData } from "../../build/catalogue-client";

/** Shapes of the page queries' results (the sourced nodes of site/build/node-types.ts). */
export interface LocaleEdges {
  edges: { node: { ns: string; data: string; language: string } }[];
}

export interface ChromeData {
  locales: LocaleEdges;
  shopInfo: { shopId: string; name: string; currency: string; languages: string[]; domainPrefixes: string[] };
  worlds: { nodes: { categoryId: string; name: string; path: string }[] };
  footerPages: { nodes: { identifier: string; title: string; path: string }[] };
}

export interface CategoryLink {
  categoryId: string;
  name: string;
  path: string;
}

export interface ProductCardData {
  sku: string;
  path: string;
  title: string;
  data: ProductData;
}

export type { ProductData };
