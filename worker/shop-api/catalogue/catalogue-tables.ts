/**
 * The tables the catalogue import writes, described once: name, written columns,
 * primary key, the column naming the record a row belongs to, and whether the writer
 * stamps updated_at. Rows are objects keyed by column name, typed by the table family's
 * row type in worker/shop-api/tables/ where it declares one (RowOf); the statements that
 * read and write them are generated from these descriptions (table-sql.ts).
 */
import type { CampaignRow } from "../tables/campaigns";
import type { CategoryRow, CategoryTranslationRow } from "../tables/categories";
import type { CmsBlockRow, CmsPageRow, ReviewRow, TopSeoLinkRow } from "../tables/content";
import type { ManufacturerRow, ManufacturerTranslationRow } from "../tables/manufacturers";
import type { RoofWindowComponentRow } from "../tables/product-configurations";
import type {
  DownloadRow,
  MediaRow,
  PriceHistoryRow,
  PriceRow,
  ProductCategoryRow,
  ProductContentRow,
  ProductRow,
  ProductSetRow,
  TutorialRow,
} from "../tables/products";
import type { TerraceFamilyRow, TerraceProductRow, TerraceSystemRow } from "../tables/terrace-catalogue";

export type Value = string | number | null;
/** A row of any table: what the generic read, compare and write steps see. */
export type AnyRow = Readonly<Record<string, Value>>;

export interface Table<Column extends string = string> {
  name: string;
  /** Every column the import writes, updated_at excepted. */
  columns: readonly Column[];
  /** The primary key: the conflict target of upserts. */
  key: readonly Column[];
  /** The column naming the record the row belongs to (sku, id, category_id, ...): rows are read and replaced by it. */
  owner: Column;
  /** The table has an updated_at column, set to the time of the import whenever the row is written. */
  updatedAt: boolean;
}

/**
 * The row the import writes to a table: its described columns, typed by the row type
 * tables/ declares for the table (`RowOf<typeof PRODUCTS, ProductRow>`), else as values.
 */
export type RowOf<T extends Table, Declared = Record<T["columns"][number], Value>> = Pick<Declared, T["columns"][number] & keyof Declared>;

/** Whether two rows agree in every column the table description names. */
export function sameRow(table: Table, a: AnyRow, b: AnyRow): boolean {
  return table.columns.every((column) => (a[column] ?? null) === (b[column] ?? null));
}

interface TableOptions<Column> {
  key: readonly Column[];
  owner: Column;
  updatedAt?: boolean;
}

function table<const Column extends string>(name: string, columns: readonly Column[], options: TableOptions<NoInfer<Column>>): Table<Column> {
  return { name, columns, key: options.key, owner: options.owner, updatedAt: options.updatedAt ?? false };
}

/** A table whose row type tables/ declares: only its columns can be described. (product_shops has none: its two keys are the row.) */
const declared =
  <Row>() =>
  <const Column extends keyof Row & string>(name: string, columns: readonly Column[], options: TableOptions<NoInfer<Column>>): Table<Column> =>
    table(name, columns, options);

// ---------------------------------------------------------------- categories

export const CATEGORIES = declared<CategoryRow>()("categories", ["id", "parent_id", "position", "image", "top_position", "sorting"], {
  key: ["id"],
  owner: "id",
  updatedAt: true,
});
export const CATEGORY_TRANSLATIONS = declared<CategoryTranslationRow>()(
  "category_translations",
  ["category_id", "language", "name", "slug", "description", "teaser", "top_description", "meta_title", "meta_description"],
  { key: ["category_id", "language"], owner: "category_id" },
);

// ---------------------------------------------------------------- manufacturers

export const MANUFACTURERS = declared<ManufacturerRow>()("manufacturers", ["id", "name", "slug", "logo", "url", "top_position"], {
  key: ["id"],
  owner: "id",
  updatedAt: true,
});
export const MANUFACTURER_TRANSLATIONS = declared<ManufacturerTranslationRow>()(
  "manufacturer_translations",
  ["manufacturer_id", "language", "description", "short_description"],
  {
    key: ["manufacturer_id", "language"],
    owner: "manufacturer_id",
  },
);

// ---------------------------------------------------------------- products

export const PRODUCTS = declared<ProductRow>()(
  "products",
  [
    "sku",
    "parent_sku",
    "type",
    "manufacturer_id",
    "category_id",
    "ean",
    "unit",
    "package_content",
    "blend_percent",
    "shipping_group",
    "is_decking",
    "is_express",
    "is_clearance",
    "is_plus",
    "is_free_shipping",
    "top_position",
    "is_active",
    "reached_eol",
    "delivery_days_min",
    "delivery_days_max",
    "stock_qty",
    "min_order_qty",
    "notification_qty",
    "sample_active",
    "sample_express",
    "sample_long_delivery",
    "sample_free",
    "sample_max",
    "configurable_attributes",
  ],
  { key: ["sku"], owner: "sku", updatedAt: true },
);
export const PRODUCT_CONTENT = declared<ProductContentRow>()(
  "product_content",
  [
    "sku",
    "language",
    "slug",
    "title",
    "subtitle",
    "short_description",
    "description",
    "low_stock_message",
    "measurement",
    "features",
    "attributes",
    "meta_title",
    "meta_description",
    "marketing_label",
    "plus_content",
    "top_description",
  ],
  { key: ["sku", "language"], owner: "sku" },
);
export const PRODUCT_CATEGORIES = declared<ProductCategoryRow>()("product_categories", ["sku", "category_id", "position"], {
  key: ["sku", "category_id"],
  owner: "sku",
});
/** The products sold in a set with a product (migrations/0036). */
export const PRODUCT_SETS = declared<ProductSetRow>()("product_sets", ["sku", "position", "member_sku"], { key: ["sku", "position"], owner: "sku" });
export const PRODUCT_SHOPS = table("product_shops", ["sku", "shop_id"], { key: ["sku", "shop_id"], owner: "sku" });
export const MEDIA = declared<MediaRow>()("media", ["sku", "position", "kind", "url", "alt", "poster"], { key: ["sku", "position"], owner: "sku" });
export const DOWNLOADS = declared<DownloadRow>()("downloads", ["sku", "language", "position", "title", "url"], {
  key: ["sku", "language", "position"],
  owner: "sku",
});
export const TUTORIALS = declared<TutorialRow>()("tutorials", ["sku", "language", "position", "title", "content", "type", "url", "poster"], {
  key: ["sku", "language", "position"],
  owner: "sku",
});
/** The steps of a product's roof-window configuration (migrations/0026). */
export const ROOF_WINDOW_COMPONENTS = declared<RoofWindowComponentRow>()(
  "roof_window_components",
  ["sku", "position", "component_type", "code", "name", "required", "step_data"],
  { key: ["sku", "code"], owner: "sku" },
);

/** What the terrace planner knows of a product (products[].terrace; docs/decisions/0043). */
export const TERRACE_PRODUCTS = declared<TerraceProductRow>()(
  "terrace_products",
  ["sku", "role", "family", "length_mm", "width_mm", "gap_mm", "conf_enabled"],
  {
    key: ["sku"],
    owner: "sku",
  },
);

// ---------------------------------------------------------------- prices, reviews, CMS

export const PRICES = declared<PriceRow>()("prices", ["sku", "shop_id", "currency", "package_price", "unit_price", "tax_rate"], {
  key: ["sku", "shop_id"],
  owner: "sku",
  updatedAt: true,
});
export const PRICE_HISTORY = declared<PriceHistoryRow>()("price_history", ["sku", "shop_id", "package_price", "valid_from"], {
  key: ["sku", "shop_id", "valid_from"],
  owner: "sku",
});
export const REVIEWS = declared<ReviewRow>()("reviews", ["id", "sku", "language", "mark", "comment", "reviewer", "answer", "created_at"], {
  key: ["id"],
  owner: "id",
});
export const CMS_PAGES = declared<CmsPageRow>()(
  "cms_pages",
  [
    "shop_id",
    "language",
    "identifier",
    "page_type",
    "title",
    "content_heading",
    "content",
    "meta_title",
    "meta_description",
    "robots",
    "exclude_from_sitemap",
    "sidebar",
    "repeaters",
    "manufacturer_ids",
    "world_id",
    "newsletter",
  ],
  { key: ["shop_id", "language", "identifier"], owner: "shop_id", updatedAt: true },
);
export const CMS_BLOCKS = declared<CmsBlockRow>()("cms_blocks", ["shop_id", "language", "identifier", "content"], {
  key: ["shop_id", "language", "identifier"],
  owner: "shop_id",
  updatedAt: true,
});
export const SEO_LINKS = declared<TopSeoLinkRow>()("top_seo_links", ["shop_id", "language", "position", "label", "url"], {
  key: ["shop_id", "language", "position"],
  owner: "shop_id",
});

// ---------------------------------------------------------------- terrace planner rules and substructures

export const TERRACE_FAMILIES = declared<TerraceFamilyRow>()(
  "terrace_families",
  ["family", "max_joist_spacing_straight_cm", "max_joist_spacing_diagonal_cm", "joist_overhang_cm", "support_spacing_cm", "fasteners_per_crossing"],
  { key: ["family"], owner: "family", updatedAt: true },
);
export const TERRACE_SYSTEMS = declared<TerraceSystemRow>()(
  "terrace_systems",
  ["id", "family", "kind", "position", "joist_sku", "support_sku", "fastener_sku", "edge_sku", "names"],
  { key: ["id"], owner: "id", updatedAt: true },
);

// ---------------------------------------------------------------- sales campaigns (docs/decisions/0048)

/** announced_state is the campaign clock's (rebuilds/campaigns.ts): the import never writes it. */
export const CAMPAIGNS = declared<CampaignRow>()(
  "campaigns",
  [
    "shop_id",
    "language",
    "identifier",
    "name",
    "description",
    "coupon",
    "starts_at",
    "ends_at",
    "is_active",
    "is_archived",
    "navigation_is_active",
    "filter_is_active",
    "navigation_banner",
    "start",
    "hub",
  ],
  { key: ["shop_id", "language", "identifier"], owner: "shop_id", updatedAt: true },
);

// ---------------------------------------------------------------- families

/**
 * A record stored as one main row and child rows in further tables (a product: products,
 * product_content, media, ...). A changed record is written whole: main row upserted,
 * child rows deleted and inserted again.
 */
export interface Family {
  main: Table;
  children: readonly Table[];
}

export const CATEGORY_FAMILY: Family = { main: CATEGORIES, children: [CATEGORY_TRANSLATIONS] };
export const MANUFACTURER_FAMILY: Family = { main: MANUFACTURERS, children: [MANUFACTURER_TRANSLATIONS] };
export const PRODUCT_FAMILY: Family = {
  main: PRODUCTS,
  children: [PRODUCT_CONTENT, PRODUCT_CATEGORIES, PRODUCT_SETS, PRODUCT_SHOPS, MEDIA, DOWNLOADS, TUTORIALS, TERRACE_PRODUCTS, ROOF_WINDOW_COMPONENTS],
};
