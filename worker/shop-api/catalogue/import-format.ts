/**
 * The catalogue import format merchandisers (and the demo generator) use.
 * JSON: one CatalogueDocument; every section is optional. CSV: products or prices,
 * one row per record, converted to the same records (see csv-import.ts).
 *
 * Semantics: every record is an upsert keyed by its id/sku. A product record
 * replaces the product as a whole (content, media, downloads, tutorials,
 * categories, shops). Money is given in major units with at most two decimals
 * (49.95) and stored in minor units.
 */
import type { UnitCode } from "../../../domain/units";
import type { Language } from "../../config/shop-config";

export type Translations<T> = Partial<Record<Language, T>>;

export interface ShopRecord {
  id: string;
  name: string;
  currency: "EUR" | "CHF";
  taxRate: number;
  languages: Language[];
  defaultLanguage: Language;
  domainPrefixes: Language[];
  deliveryCountries: string[];
  baseUrl: string;
}

export interface CategoryRecord {
  id: string;
  parentId: string | null;          // null: a world (top of the tree)
  position: number;
  image?: string;
  topPosition?: number;              // set: listed among the top categories
  sorting?: { sortBy: "position" | "price" | "name" | "newest"; direction: "asc" | "desc" }[];
  translations: Translations<{
    name: string;
    slug: string;                    // path without language prefix and .html, e.g. "parkett/landhausdielen"
    description?: string;
    teaser?: string;
    topDescription?: string;
    metaTitle?: string;
    metaDescription?: string;
  }>;
}

export interface ManufacturerRecord {
  id: string;
  name: string;
  slug: string;
  logo?: string;
  url?: string;
  topPosition?: number;
  translations?: Translations<{ description?: string; shortDescription?: string }>;
}

export interface ProductAttribute {
  code: string;
  label: string;
  type: "text" | "number" | "boolean";
  value: string;
  isVisible: boolean;
}

export interface ProductRecord {
  sku: string;
  parentSku?: string;                // variants name their configurable parent
  type: "simple" | "configurable" | "variant";
  manufacturer?: string;             // manufacturer id
  category: string;                  // primary category id
  categories?: string[];             // further categories
  shops: string[];                   // shop ids the product is sold in
  ean?: string;
  unit: UnitCode;
  packageContent: number;            // amount of `unit` in one package, > 0
  blendPercent?: number;             // waste allowance suggested by the calculator, 0-50
  shippingGroup: "parcel" | "freight";
  isDecking?: boolean;
  isExpress?: boolean;
  isClearance?: boolean;
  isPlus?: boolean;
  isActive?: boolean;                // default true; false hides the product from every shop
  reachedEol?: boolean;
  deliveryDays: { min: number; max: number };
  stock: { quantity: number; minimumOrderQuantity?: number; notificationQuantity?: number };
  samples?: { active: boolean; express?: boolean; longDeliveryTime?: boolean; free?: boolean; max?: number };
  configurableAttributes?: { code: string; label: string; options: { value: string; label: string }[] }[];
  content: Translations<{
    slug: string;
    title: string;
    subtitle?: string;
    shortDescription?: string;
    description?: string;
    lowStockMessage?: string;
    measurement?: string;
    features?: string[];
    attributes?: ProductAttribute[];
    metaTitle?: string;
    metaDescription?: string;
  }>;
  media?: { kind: "image" | "video"; url: string; alt?: string }[];
  downloads?: Translations<{ title: string; url: string }[]>;
  tutorials?: Translations<{ title: string; content?: string; type: "video" | "text" | "pdf"; url?: string }[]>;
}

export interface PriceRecord {
  sku: string;
  shop: string;
  currency: "EUR" | "CHF";           // must be the shop's currency
  packagePrice: number;              // major units, tax included
  unitPrice: number;                 // per unit of measure, tax included
  taxRate?: number;                  // default: the shop's tax rate
  validFrom?: string;                // ISO date-time; default: time of the import
}

export interface CmsPageRecord {
  shop: string;
  language: Language;
  identifier: string;                // URL slug: {identifier}.html
  pageType?: "CMS" | "CHAT" | "SALES" | "VIDEOLIB" | "CONFIGURATOR_LANDING_PAGE" | "MANUFACTURERS" | "CUSTOM";
  title: string;
  contentHeading?: string;
  content?: string;
  metaTitle?: string;
  metaDescription?: string;
  robots?: string;
  excludeFromSitemap?: boolean;
}

export interface CmsBlockRecord { shop: string; language: Language; identifier: string; content: string }
export interface SeoLinkRecord { shop: string; language: Language; position: number; label: string; url: string }
export interface ReviewRecord {
  id: string;
  sku: string;
  language: Language;
  mark: number;                      // 1-5
  comment: string;
  reviewer: string;
  answer?: string;
  createdAt: string;                 // ISO date-time
}

export interface CatalogueDocument {
  shops?: ShopRecord[];
  categories?: CategoryRecord[];
  manufacturers?: ManufacturerRecord[];
  products?: ProductRecord[];
  prices?: PriceRecord[];
  cmsPages?: CmsPageRecord[];
  cmsBlocks?: CmsBlockRecord[];
  seoLinks?: SeoLinkRecord[];
  reviews?: ReviewRecord[];
}

export type ImportFormat = "json" | "csv-products" | "csv-prices";

/** One problem found while validating; nothing is written while any exist. */
export interface ImportProblem {
  /** 1-based row: record index in its JSON section, or the CSV data row (header = row 0). */
  row?: number;
  /** Field path, e.g. `products[3].unit` for JSON or `unit` for CSV. */
  field: string;
  message: string;
}

export type ImportResult =
  | { ok: true; importId: number; changedSkus: string[]; counts: Record<string, number> }
  | { ok: false; problems: ImportProblem[] };
