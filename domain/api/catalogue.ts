/**
 * The catalogue's live REST reads the storefront shares with the shop API: top categories
 * (`GET /apiv2/catalog/category/top`), top SEO links (`GET /apiv2/catalog/seo-urls/top`), top
 * manufacturers (`GET /apiv2/manufacturers/top`) and a product's related products
 * (`GET /apiv2/catalog/product/{id}/related`). The pages' catalogue comes from GraphQL at build time.
 */
import type { MoneyValue } from "../money";

export interface TopCategory {
  id: string;
  name: string;
  imagePath: string | null;
  urlPath: string;
  productPath: string;
  topCategoryPosition: number;
  topCategoryDescription: string;
}

export interface TopSeoUrl {
  position: number;
  label: string;
  url: string;
}

/** One of the merchandiser's top products (GET /apiv2/catalog/product/top): its SKU, place, page and what the list says of it. */
export interface TopProduct {
  id: string;
  position: number;
  urlPath: string;
  description: string;
}

export interface TopManufacturer {
  name: string;
  logo: string | null;
  url: string;
}

/** Another product of the same primary category. */
export interface RelatedProduct {
  sku: string;
  name: string;
  detailLink: string | null;
  price: MoneyValue;
}
