/**
 * Import records as table rows keyed by column name (typed by tables/ where it declares
 * the table's row): the defaults of the format applied, money in minor units, lists and
 * objects as JSON text, booleans as 0/1; rich text (category and product descriptions, CMS
 * pages and blocks) through the allowlist of domain/rich-text-policy.ts, so what is stored is
 * what the pages may show (the build sanitises again as it reads).
 */
import type {
  CAMPAIGNS,
  CATEGORIES,
  CATEGORY_TRANSLATIONS,
  CMS_BLOCKS,
  CMS_PAGES,
  DOWNLOADS,
  MANUFACTURER_TRANSLATIONS,
  MANUFACTURERS,
  MEDIA,
  PRICES,
  PRODUCT_CATEGORIES,
  PRODUCT_CONTENT,
  PRODUCT_SETS,
  PRODUCT_SHOPS,
  PRODUCTS,
  REVIEWS,
  ROOF_WINDOW_COMPONENTS,
  RowOf,
  SEO_LINKS,
  TERRACE_FAMILIES,
  TERRACE_PRODUCTS,
  TERRACE_SYSTEMS,
  TUTORIALS,
} from "./catalogue-tables";
import type { CampaignRow } from "../tables/campaigns";
import type { CategoryRow, CategoryTranslationRow } from "../tables/categories";
import type { CmsBlockRow, CmsPageRow, ReviewRow, TopSeoLinkRow } from "../tables/content";
import type { ManufacturerRow, ManufacturerTranslationRow } from "../tables/manufacturers";
import type { DownloadRow, MediaRow, PriceRow, ProductCategoryRow, ProductContentRow, ProductRow, ProductSetRow, TutorialRow } from "../tables/products";
import type { TerraceFamilyRow, TerraceProductRow, TerraceSystemRow } from "../tables/terrace-catalogue";
import type { RoofWindowComponentRow } from "../tables/product-configurations";
import { sanitizeRichText } from "@domain/sanitize-rich-text";
import { normaliseVoucherCode } from "../tables/vouchers";
import type {
  CampaignRecord,
  CategoryRecord,
  CmsBlockRecord,
  CmsPageRecord,
  ManufacturerRecord,
  PriceRecord,
  ProductRecord,
  ReviewRecord,
  SeoLinkRecord,
  TerraceFamilyRecord,
  TerraceSystemRecord,
} from "./import-format";

const flag = (value: boolean | undefined, fallback: boolean): number => ((value ?? fallback) ? 1 : 0);
const orNull = <T>(value: T | undefined): T | null => value ?? null;
const minorUnits = (value: number): number => Math.round(value * 100);

/** Entries of a per-language object that are present. */
function languages<T>(translations: Partial<Record<string, T>>): [string, T][] {
  return Object.entries(translations).flatMap(([language, entry]) => (entry === undefined ? [] : [[language, entry] as [string, T]]));
}

export type CategoryRows = {
  categories: RowOf<typeof CATEGORIES, CategoryRow>[];
  category_translations: RowOf<typeof CATEGORY_TRANSLATIONS, CategoryTranslationRow>[];
};

export function categoryRows(c: CategoryRecord): CategoryRows {
  return {
    categories: [
      {
        id: c.id,
        parent_id: c.parentId,
        position: c.position,
        image: orNull(c.image),
        top_position: orNull(c.topPosition),
        sorting: JSON.stringify(c.sorting ?? []),
      },
    ],
    category_translations: languages(c.translations).map(([language, t]) => ({
      category_id: c.id,
      language,
      name: t.name,
      slug: t.slug,
      description: sanitizeRichText(t.description ?? ""),
      teaser: t.teaser ?? "",
      top_description: t.topDescription ?? "",
      meta_title: orNull(t.metaTitle),
      meta_description: orNull(t.metaDescription),
    })),
  };
}

export type ManufacturerRows = {
  manufacturers: RowOf<typeof MANUFACTURERS, ManufacturerRow>[];
  manufacturer_translations: RowOf<typeof MANUFACTURER_TRANSLATIONS, ManufacturerTranslationRow>[];
};

export function manufacturerRows(m: ManufacturerRecord): ManufacturerRows {
  return {
    manufacturers: [{ id: m.id, name: m.name, slug: m.slug, logo: orNull(m.logo), url: orNull(m.url), top_position: orNull(m.topPosition) }],
    manufacturer_translations: languages(m.translations ?? {}).map(([language, t]) => ({
      manufacturer_id: m.id,
      language,
      description: t.description ?? "",
      short_description: t.shortDescription ?? "",
    })),
  };
}

export type ProductRows = {
  products: RowOf<typeof PRODUCTS, ProductRow>[];
  product_content: RowOf<typeof PRODUCT_CONTENT, ProductContentRow>[];
  product_categories: RowOf<typeof PRODUCT_CATEGORIES, ProductCategoryRow>[];
  product_sets: RowOf<typeof PRODUCT_SETS, ProductSetRow>[];
  product_shops: RowOf<typeof PRODUCT_SHOPS>[];
  media: RowOf<typeof MEDIA, MediaRow>[];
  downloads: RowOf<typeof DOWNLOADS, DownloadRow>[];
  tutorials: RowOf<typeof TUTORIALS, TutorialRow>[];
  terrace_products: RowOf<typeof TERRACE_PRODUCTS, TerraceProductRow>[];
  roof_window_components: RowOf<typeof ROOF_WINDOW_COMPONENTS, RoofWindowComponentRow>[];
};

export function productRows(p: ProductRecord): ProductRows {
  const categories = [...new Set([p.category, ...(p.categories ?? [])])];
  return {
    products: [
      {
        sku: p.sku,
        parent_sku: orNull(p.parentSku),
        type: p.type,
        manufacturer_id: orNull(p.manufacturer),
        category_id: p.category,
        ean: orNull(p.ean),
        unit: p.unit,
        package_content: p.packageContent,
        blend_percent: p.blendPercent ?? 0,
        shipping_group: p.shippingGroup,
        is_decking: flag(p.isDecking, false),
        is_express: flag(p.isExpress, false),
        is_clearance: flag(p.isClearance, false),
        is_plus: flag(p.isPlus, false),
        is_free_shipping: flag(p.isFreeShipping, false),
        top_position: orNull(p.topPosition),
        is_active: flag(p.isActive, true),
        reached_eol: flag(p.reachedEol, false),
        delivery_days_min: p.deliveryDays.min,
        delivery_days_max: p.deliveryDays.max,
        stock_qty: p.stock.quantity,
        min_order_qty: p.stock.minimumOrderQuantity ?? 1,
        notification_qty: p.stock.notificationQuantity ?? 0,
        sample_active: flag(p.samples?.active, false),
        sample_express: flag(p.samples?.express, false),
        sample_long_delivery: flag(p.samples?.longDeliveryTime, false),
        sample_free: flag(p.samples?.free, true),
        sample_max: p.samples?.max ?? 1,
        configurable_attributes: JSON.stringify(p.configurableAttributes ?? []),
      },
    ],
    product_content: languages(p.content).map(([language, c]) => ({
      sku: p.sku,
      language,
      slug: c.slug,
      title: c.title,
      subtitle: c.subtitle ?? "",
      short_description: c.shortDescription ?? "",
      description: sanitizeRichText(c.description ?? ""),
      low_stock_message: c.lowStockMessage ?? "",
      measurement: c.measurement ?? "",
      features: JSON.stringify(c.features ?? []),
      attributes: JSON.stringify(c.attributes ?? []),
      meta_title: orNull(c.metaTitle),
      meta_description: orNull(c.metaDescription),
      marketing_label: c.marketingLabel ?? "",
      plus_content: sanitizeRichText(c.plusContent ?? ""),
      top_description: c.topDescription ?? "",
    })),
    product_categories: categories.map((category_id, position) => ({ sku: p.sku, category_id, position })),
    product_sets: (p.productSets ?? []).map((member_sku, position) => ({ sku: p.sku, position, member_sku })),
    product_shops: p.shops.map((shop_id) => ({ sku: p.sku, shop_id })),
    media: (p.media ?? []).map((m, position) => ({ sku: p.sku, position, kind: m.kind, url: m.url, alt: m.alt ?? "", poster: orNull(m.poster) })),
    downloads: languages(p.downloads ?? {}).flatMap(([language, list]) =>
      list.map((d, position) => ({ sku: p.sku, language, position, title: d.title, url: d.url })),
    ),
    tutorials: languages(p.tutorials ?? {}).flatMap(([language, list]) =>
      list.map((t, position) => ({
        sku: p.sku,
        language,
        position,
        title: t.title,
        content: t.content ?? "",
        type: t.type,
        url: orNull(t.url),
        poster: orNull(t.poster),
      })),
    ),
    terrace_products: p.terrace
      ? [
          {
            sku: p.sku,
            role: p.terrace.role,
            family: orNull(p.terrace.family),
            length_mm: orNull(p.terrace.lengthMm),
            width_mm: orNull(p.terrace.widthMm),
            gap_mm: orNull(p.terrace.gapMm),
            conf_enabled: flag(p.terraceConfEnabled, false),
          },
        ]
      : [],
    roof_window_components: (p.roofWindowConfiguration ?? []).map((step, position) => ({
      sku: p.sku,
      position,
      component_type: step.componentType,
      code: step.code,
      name: JSON.stringify(Object.fromEntries(languages(step.name))),
      required: flag(step.componentType === "window" ? true : step.required, false),
      step_data: JSON.stringify({ multiple: step.stepData.multiple ?? false, choices: step.stepData.choices }),
    })),
  };
}

export type TerraceFamilyWrite = RowOf<typeof TERRACE_FAMILIES, TerraceFamilyRow>;

export function terraceFamilyRow(f: TerraceFamilyRecord): TerraceFamilyWrite {
  return {
    family: f.family,
    max_joist_spacing_straight_cm: f.maxJoistSpacingCm.straight,
    max_joist_spacing_diagonal_cm: f.maxJoistSpacingCm.diagonal,
    joist_overhang_cm: f.joistOverhangCm,
    support_spacing_cm: f.supportSpacingCm,
    fasteners_per_crossing: f.fastenersPerCrossing,
  };
}

export type TerraceSystemWrite = RowOf<typeof TERRACE_SYSTEMS, TerraceSystemRow>;

export function terraceSystemRow(s: TerraceSystemRecord): TerraceSystemWrite {
  return {
    id: s.id,
    family: s.family,
    kind: s.kind,
    position: s.position ?? 0,
    joist_sku: orNull(s.joistSku),
    support_sku: orNull(s.supportSku),
    fastener_sku: orNull(s.fastenerSku),
    edge_sku: orNull(s.edgeSku),
    names: JSON.stringify(Object.fromEntries(languages(s.names))),
  };
}

/** The price row; `taxRate`: the record's, else the configured shop's. */
export type PriceWrite = RowOf<typeof PRICES, PriceRow>;

export function priceRow(price: PriceRecord, taxRate: number): PriceWrite {
  return {
    sku: price.sku,
    shop_id: price.shop,
    currency: price.currency,
    package_price: minorUnits(price.packagePrice),
    unit_price: minorUnits(price.unitPrice),
    tax_rate: price.taxRate ?? taxRate,
  };
}

export type ReviewWrite = RowOf<typeof REVIEWS, ReviewRow>;

export function reviewRow(r: ReviewRecord): ReviewWrite {
  return {
    id: r.id,
    sku: r.sku,
    language: r.language,
    mark: r.mark,
    comment: r.comment,
    reviewer: r.reviewer,
    answer: orNull(r.answer),
    created_at: new Date(r.createdAt).toISOString(),
  };
}

export type CmsPageWrite = RowOf<typeof CMS_PAGES, CmsPageRow>;

export function cmsPageRow(page: CmsPageRecord): CmsPageWrite {
  return {
    shop_id: page.shop,
    language: page.language,
    identifier: page.identifier,
    page_type: page.pageType ?? "CMS",
    title: page.title,
    content_heading: page.contentHeading ?? "",
    content: sanitizeRichText(page.content ?? ""),
    meta_title: orNull(page.metaTitle),
    meta_description: orNull(page.metaDescription),
    robots: page.robots ?? "index,follow",
    exclude_from_sitemap: flag(page.excludeFromSitemap, false),
    sidebar: page.sidebar ? JSON.stringify({ title: page.sidebar.title, content: sanitizeRichText(page.sidebar.content) }) : null,
    repeaters: JSON.stringify((page.repeaters ?? []).map((section) => ({ title: section.title, content: sanitizeRichText(section.content) }))),
    manufacturer_ids: JSON.stringify(page.manufacturers ?? []),
    world_id: orNull(page.world),
    newsletter: flag(page.newsletter, false),
  };
}

export type CmsBlockWrite = RowOf<typeof CMS_BLOCKS, CmsBlockRow>;

export function cmsBlockRow(block: CmsBlockRecord): CmsBlockWrite {
  return { shop_id: block.shop, language: block.language, identifier: block.identifier, content: sanitizeRichText(block.content) };
}

export type SeoLinkWrite = RowOf<typeof SEO_LINKS, TopSeoLinkRow>;

export function seoLinkRow(link: SeoLinkRecord): SeoLinkWrite {
  return { shop_id: link.shop, language: link.language, position: link.position, label: link.label, url: link.url };
}

export type CampaignWrite = RowOf<typeof CAMPAIGNS, CampaignRow>;

/** A campaign's row: flags as 0/1, dates as ISO UTC, the banner, start and hub as JSON (domain/campaign.ts shapes). */
export function campaignRow(c: CampaignRecord): CampaignWrite {
  return {
    shop_id: c.shop,
    language: c.language,
    identifier: c.identifier,
    name: c.campaignName,
    description: sanitizeRichText(c.campaignDescription ?? ""),
    coupon: c.campaignCoupon === undefined ? null : (normaliseVoucherCode(c.campaignCoupon) ?? c.campaignCoupon),
    starts_at: new Date(c.startsAt).toISOString(),
    ends_at: new Date(c.endsAt).toISOString(),
    is_active: flag(c.isActive, false),
    is_archived: flag(c.isArchived, false),
    navigation_is_active: flag(c.navigationIsActive, false),
    filter_is_active: flag(c.filterIsActive, false),
    navigation_banner: c.navigationBanner ? JSON.stringify(c.navigationBanner) : null,
    start: JSON.stringify(c.start),
    hub: JSON.stringify(c.hub),
  };
}
