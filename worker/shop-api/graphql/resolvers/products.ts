import type { GraphQLContext } from "../context";
import { UserInputError } from "../errors";
import { includedTax, money, type MoneyValue } from "@domain/money";
import { labelIn, type CatalogueLabel } from "@domain/catalogue-label";
import { taxLabel, unitLabel } from "@worker/lib/labels";
import type { QueryProductsArgs, QueryProductSlugsArgs, Resolvers } from "../generated/resolvers";
import type { ProductConnectionSource, ProductPriceRow, ProductPriceSource, ProductSource, VisibleProductRow } from "../sources";
import { manufacturerLoader } from "./manufacturers";
import { base64Bytes } from "@worker/lib/base64";
import { jsonList, parseJsonOr } from "@worker/lib/json";
import { sql, type SqlFragment } from "@worker/lib/sql";
import type { ReviewRow } from "@shop-api/tables/content";
import type {
  DownloadRow,
  MediaRow,
  PriceHistoryRow,
  ProductCategoryRow,
  ProductContentRow,
  ProductRow,
  ProductSetRow,
  TutorialRow,
} from "@shop-api/tables/products";
import type { Shop } from "@shop-api/core/shop";
import { requireShopLanguage } from "./shops";
import { all, bool, first, loader } from "./util";
import { changeFilter, changeRows, type ChangeFilter } from "./changes";
import { groupBy } from "../loaders";

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** productSlugs: two short strings per product, so pages ten times larger than products'. */
export const DEFAULT_SLUG_PAGE_SIZE = 1000;
export const MAX_SLUG_PAGE_SIZE = 2000;
/**
 * The reference price is the lowest price of the last 30 days, read as the EU
 * price-indication rule: the 30 days before the current price took effect.
 */
export const REFERENCE_PRICE_DAYS = 30;
const DAY_MS = 86_400_000;

export type HistoryRow = Pick<PriceHistoryRow, "sku" | "package_price" | "valid_from">;

/** Products visible in a shop and language: active, sold in the shop, with content in the language. */
const visibleProducts = (shop: string, language: string): SqlFragment => sql`FROM products p
  JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${shop}
  JOIN product_content c ON c.sku = p.sku AND c.language = ${language}
 WHERE p.is_active = 1`;
const VISIBLE_PRODUCT_COLUMNS = sql`p.*, c.slug AS slug`;
const selectVisibleProducts = (shop: string, language: string): SqlFragment => sql`SELECT ${VISIBLE_PRODUCT_COLUMNS} ${visibleProducts(shop, language)}`;
/** Only products the changes of the filter name (all when null). */
const changedOnly = (filter: ChangeFilter | null): SqlFragment => (filter === null ? sql`` : sql`AND p.sku IN (SELECT sku ${changeRows(filter)})`);

export const encodeCursor = (sku: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(sku)));

export function decodeCursor(cursor: string): string {
  try {
    const bytes = base64Bytes(cursor);
    const sku = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    if (sku.length > 0) return sku;
  } catch {
    // fall through
  }
  throw new UserInputError("after is not a valid cursor");
}

const source =
  (shop: Shop, language: string) =>
  (row: VisibleProductRow): ProductSource => ({ row, shop, language });

// ---- batch loaders (one query per kind of data per execution step) ----

function bySku<T extends { sku: string }>(rows: T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.sku, row]));
}

const contentLoader = (ctx: GraphQLContext, language: string) =>
  loader<ProductContentRow>(ctx, `content:${language}`, async (skus) =>
    bySku(await all<ProductContentRow>(ctx, sql`SELECT * FROM product_content WHERE language = ${language} AND sku IN ${jsonList(skus)}`)),
  );

const priceLoader = (ctx: GraphQLContext, shop: string) =>
  loader<ProductPriceRow>(ctx, `prices:${shop}`, async (skus) =>
    bySku(
      await all<ProductPriceRow>(
        ctx,
        sql`SELECT sku, currency, package_price, unit_price, tax_rate FROM prices WHERE shop_id = ${shop} AND sku IN ${jsonList(skus)}`,
      ),
    ),
  );

/**
 * Price history per sku up to now, oldest first. Every row is needed: the window is
 * anchored on the day the current price took effect, and the row in force at the start
 * of that window may be arbitrarily old (histories are short: one row per price change).
 */
const historyLoader = (ctx: GraphQLContext, shop: string) =>
  loader<HistoryRow[]>(ctx, `history:${shop}`, async (skus) => {
    const rows = await all<HistoryRow>(
      ctx,
      sql`SELECT h.sku, h.package_price, h.valid_from FROM price_history h
        WHERE h.shop_id = ${shop} AND h.sku IN ${jsonList(skus)} AND h.valid_from <= ${ctx.now().toISOString()}
        ORDER BY h.sku, h.valid_from`,
    );
    return groupBy(rows, (row) => row.sku);
  });

/** The most reviews `reviewSummary(latest:)` lists (the product page shows a few; rating and count cover all). */
const MAX_LATEST_REVIEWS = 50;

/** Rows of a per-sku list; `statement` gets the requested skus as a key list (`sku IN ${skus}`). */
const listLoader = <T extends { sku: string }>(ctx: GraphQLContext, name: string, statement: (skus: SqlFragment) => SqlFragment) =>
  loader<T[]>(ctx, name, async (skus) => groupBy(await all<T>(ctx, statement(jsonList(skus))), (row) => row.sku));

const mediaLoader = (ctx: GraphQLContext) =>
  listLoader<Pick<MediaRow, "sku" | "kind" | "url" | "alt" | "poster">>(
    ctx,
    "media",
    (skus) => sql`SELECT sku, kind, url, alt, poster FROM media WHERE sku IN ${skus} ORDER BY sku, position`,
  );

/** The component types of a product's roof-window configuration, in step order (migrations/0026). */
const roofWindowLoader = (ctx: GraphQLContext) =>
  listLoader<{ sku: string; component_type: string }>(
    ctx,
    "roof_window_components",
    (skus) => sql`SELECT sku, component_type FROM roof_window_components WHERE sku IN ${skus} ORDER BY sku, position`,
  );

const downloadLoader = (ctx: GraphQLContext, language: string) =>
  listLoader<Pick<DownloadRow, "sku" | "title" | "url">>(
    ctx,
    `downloads:${language}`,
    (skus) => sql`SELECT sku, title, url FROM downloads WHERE language = ${language} AND sku IN ${skus} ORDER BY sku, position`,
  );

const tutorialLoader = (ctx: GraphQLContext, language: string) =>
  listLoader<Pick<TutorialRow, "sku" | "title" | "content" | "type" | "url" | "poster">>(
    ctx,
    `tutorials:${language}`,
    (skus) => sql`SELECT sku, title, content, type, url, poster FROM tutorials WHERE language = ${language} AND sku IN ${skus} ORDER BY sku, position`,
  );

/** The set members of each product that the shop lists in the language, in set order. */
const productSetLoader = (ctx: GraphQLContext, shop: string, language: string) =>
  loader<string[]>(ctx, `productSets:${shop}:${language}`, async (skus) => {
    const rows = await all<Pick<ProductSetRow, "sku" | "member_sku">>(
      ctx,
      sql`SELECT ps.sku, ps.member_sku FROM product_sets ps
        JOIN products p ON p.sku = ps.member_sku
        JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${shop}
        JOIN product_content c ON c.sku = p.sku AND c.language = ${language}
       WHERE p.is_active = 1 AND ps.sku IN ${jsonList(skus)}
       ORDER BY ps.sku, ps.position`,
    );
    return new Map([...groupBy(rows, (row) => row.sku)].map(([sku, members]) => [sku, members.map((row) => row.member_sku)]));
  });

const categoryLoader = (ctx: GraphQLContext) =>
  listLoader<Pick<ProductCategoryRow, "sku" | "category_id">>(
    ctx,
    "productCategories",
    (skus) => sql`SELECT sku, category_id FROM product_categories WHERE sku IN ${skus} ORDER BY sku, position, category_id`,
  );

const reviewLoader = (ctx: GraphQLContext, language: string) =>
  listLoader<Pick<ReviewRow, "id" | "sku" | "mark" | "comment" | "reviewer" | "answer" | "created_at">>(
    ctx,
    `reviews:${language}`,
    (skus) =>
      sql`SELECT id, sku, mark, comment, reviewer, answer, created_at FROM reviews WHERE language = ${language} AND sku IN ${skus} ORDER BY sku, created_at DESC, id`,
  );

/** Variants of the given parents that are visible in the shop and language. */
const childLoader = (ctx: GraphQLContext, shop: string, language: string) =>
  loader<VisibleProductRow[]>(ctx, `children:${shop}:${language}`, async (parents) => {
    const rows = await all<VisibleProductRow>(ctx, sql`${selectVisibleProducts(shop, language)} AND p.parent_sku IN ${jsonList(parents)} ORDER BY p.sku`);
    return groupBy(rows, (row) => row.parent_sku ?? "");
  });

/**
 * A shop's stock is its own database's (docs/decisions/0064: the import splits each product's quantity among the
 * databases whose shops sell it): the page's row when the shop's database is the catalogue's, else that database's
 * figure, none when that database does not hold the product.
 */
async function stockOf(ctx: GraphQLContext, p: ProductSource): Promise<number> {
  const db = ctx.shopDatabase(p.shop.id);
  if (db === ctx.db) return p.row.stock_qty;
  const stock = loader<number>(ctx, `stock:${p.shop.id}`, async (skus) => {
    const { results } = await sql`SELECT sku, stock_qty FROM products WHERE sku IN ${jsonList(skus)}`.prepare(db).all<Pick<ProductRow, "sku" | "stock_qty">>();
    return new Map(results.map((row) => [row.sku, row.stock_qty]));
  });
  return (await stock.load(p.row.sku)) ?? 0;
}

// ---- prices ----

export interface PriceFacts {
  /** Current package price, minor units. */
  current: number;
  /**
   * Lowest package price in force during the 30 days before the current price took
   * effect (the current price itself excluded); the current price when there was none.
   */
  reference: number;
  /** round((reference - current) / reference * 100) when the reference is higher, else 0. */
  savingsPercentage: number;
  /** When the current price took effect (ISO), null when the history does not show it. */
  since: string | null;
}

/**
 * Reference price by the EU price-indication rule ("lowest price in the last 30
 * days"): the current price took effect at T, the start of the trailing run of history
 * rows with the current price (a re-import of an unchanged price does not move T). The
 * reference is the lowest price in force during [T - 30 days, T): the row in force at
 * T - 30 days and every row that started within the window. Without such a row (a new
 * product, or history that does not contain the current price as its latest row with
 * nothing before it) the reference is the current price. Savings are relative to the
 * reference, so a struck-through reference and its percentage always agree.
 *
 * `history` holds the rows up to now, oldest first; `now` anchors T when the latest
 * history row is not the current price (the price was changed without history).
 */
export function priceFacts(current: number, history: readonly HistoryRow[], now: Date): PriceFacts {
  let start = history.length;
  while (start > 0 && history[start - 1]!.package_price === current) start -= 1;
  const since = start < history.length ? history[start]!.valid_from : null;
  const effective = since ? Date.parse(since) : now.getTime();
  const windowStart = effective - REFERENCE_PRICE_DAYS * DAY_MS;
  const earlier = history.slice(0, start);
  const prices: number[] = [];
  // The row in force when the window began (the last one that started on or before it) ...
  let inForce = -1;
  for (let index = 0; index < earlier.length; index += 1) if (Date.parse(earlier[index]!.valid_from) <= windowStart) inForce = index;
  if (inForce >= 0) prices.push(earlier[inForce]!.package_price);
  // ... and every row that started within it.
  for (const row of earlier) if (Date.parse(row.valid_from) > windowStart) prices.push(row.package_price);
  const reference = prices.length > 0 ? Math.min(...prices) : current;
  const savingsPercentage = reference > current && reference > 0 ? Math.round(((reference - current) / reference) * 100) : 0;
  return { current, reference, savingsPercentage, since };
}

/** An amount of the price's currency in minor units, formatted for the product's language. */
const moneyOf = ({ product, price }: ProductPriceSource, minor: number): MoneyValue => money(minor, price.currency, product.language);

/** The reference price and savings of a price, from the product's price history up to now. */
const factsOf = async (ctx: GraphQLContext, { product, price }: ProductPriceSource): Promise<PriceFacts> =>
  priceFacts(price.package_price, (await historyLoader(ctx, product.shop.id).load(product.row.sku)) ?? [], ctx.now());

// ---- resolvers ----

type ProductsArgs = QueryProductsArgs | QueryProductSlugsArgs;

/** A page of the visible products of products() and productSlugs(): the shop, what it selects, and the rows of the page. */
async function productPage<Row extends { sku: string }>(
  ctx: GraphQLContext,
  args: ProductsArgs,
  sizes: { default: number; max: number },
  columns: SqlFragment,
): Promise<{ shop: Shop; changed: SqlFragment; page: Row[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }> {
  const size = args.first ?? sizes.default;
  if (!Number.isInteger(size) || size < 1 || size > sizes.max) {
    throw new UserInputError(`first must be between 1 and ${sizes.max}`);
  }
  const after = args.after != null ? decodeCursor(args.after) : null;
  const shop = requireShopLanguage(args.shop, args.language);
  const changed = changedOnly(changeFilter(args.changedSince, args.changedAfterImport, ["changedSince", "changedAfterImport"]));
  const rows = await all<Row>(
    ctx,
    sql`SELECT ${columns} ${visibleProducts(shop.id, args.language)} ${changed} ${after === null ? sql`` : sql`AND p.sku > ${after}`} ORDER BY p.sku LIMIT ${size + 1}`,
  );
  const page = rows.slice(0, size);
  const last = page[page.length - 1];
  return { shop, changed, page, pageInfo: { hasNextPage: rows.length > size, endCursor: last ? encodeCursor(last.sku) : null } };
}

export const productResolvers: Resolvers = {
  Query: {
    products: async (_parent, args, ctx): Promise<ProductConnectionSource> => {
      const { shop, changed, page, pageInfo } = await productPage<VisibleProductRow>(
        ctx,
        args,
        { default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE },
        VISIBLE_PRODUCT_COLUMNS,
      );
      return { shop, language: args.language, changed, nodes: page.map(source(shop, args.language)), pageInfo };
    },
    productSlugs: async (_parent, args, ctx) => {
      const { page, pageInfo } = await productPage<{ sku: string; slug: string }>(
        ctx,
        args,
        { default: DEFAULT_SLUG_PAGE_SIZE, max: MAX_SLUG_PAGE_SIZE },
        sql`p.sku, c.slug`,
      );
      return { nodes: page, pageInfo };
    },
    product: async (_parent, args, ctx) => {
      const shop = requireShopLanguage(args.shop, args.language);
      const row = await first<VisibleProductRow>(ctx, sql`${selectVisibleProducts(shop.id, args.language)} AND p.sku = ${args.sku}`);
      return row ? source(shop, args.language)(row) : null;
    },
  },
  ProductConnection: {
    totalCount: async ({ shop, language, changed }, _args, ctx) => {
      const row = await first<{ n: number }>(ctx, sql`SELECT COUNT(*) AS n ${visibleProducts(shop.id, language)} ${changed}`);
      return row?.n ?? 0;
    },
  },
  ProductPrice: {
    packagePrice: (p) => moneyOf(p, p.price.package_price),
    unitPrice: (p) => moneyOf(p, p.price.unit_price),
    referencePrice: async (p, _args, ctx) => moneyOf(p, (await factsOf(ctx, p)).reference),
    savingsPercentage: async (p, _args, ctx) => (await factsOf(ctx, p)).savingsPercentage,
    tax: (p) => ({
      isIncluded: true,
      percentage: p.price.tax_rate,
      amount: moneyOf(p, includedTax(p.price.package_price, p.price.tax_rate)),
      label: taxLabel(p.price.tax_rate, p.product.language),
    }),
  },
  Product: {
    sku: (p) => p.row.sku,
    type: (p) => p.row.type,
    parentSku: (p) => p.row.parent_sku,
    slug: (p) => p.row.slug,
    ean: (p) => p.row.ean,
    content: async (p, _args, ctx) => {
      const row = await contentLoader(ctx, p.language).load(p.row.sku);
      if (!row) throw new Error(`Content of ${p.row.sku} in ${p.language} vanished`);
      return {
        sku: row.sku,
        title: row.title,
        subTitle: row.subtitle,
        shortDescription: row.short_description,
        description: row.description,
        lowStockMessage: row.low_stock_message,
        measurement: row.measurement,
        features: parseJsonOr<unknown[]>(row.features, []).map(String),
        attributes: parseJsonOr<Record<string, unknown>[]>(row.attributes, []).map((a) => ({
          code: String(a.code ?? ""),
          label: String(a.label ?? ""),
          type: String(a.type ?? "text"),
          value: String(a.value ?? ""),
          isVisible: a.isVisible !== false,
        })),
        metaTitle: row.meta_title,
        metaDescription: row.meta_description,
        plusContent: row.plus_content,
        topDescription: row.top_description,
      };
    },
    manufacturer: async (p, _args, ctx) =>
      p.row.manufacturer_id ? ((await manufacturerLoader(ctx, p.shop.id, p.language).load(p.row.manufacturer_id)) ?? null) : null,
    categoryId: (p) => p.row.category_id,
    /** The primary category first, then the further categories by position. */
    categoryIds: async (p, _args, ctx) => {
      const further = ((await categoryLoader(ctx).load(p.row.sku)) ?? []).map((row) => row.category_id);
      return [p.row.category_id, ...further.filter((id) => id !== p.row.category_id)];
    },
    price: async (p, _args, ctx) => {
      const price = await priceLoader(ctx, p.shop.id).load(p.row.sku);
      return price ? { product: p, price } : null;
    },
    unit: (p) => ({ code: p.row.unit, label: unitLabel(p.row.unit, p.language) }),
    packageContent: (p) => p.row.package_content,
    blendPercent: (p) => p.row.blend_percent,
    shippingGroup: (p) => p.row.shipping_group,
    isDecking: (p) => bool(p.row.is_decking),
    isExpress: (p) => bool(p.row.is_express),
    isClearance: (p) => bool(p.row.is_clearance),
    isPlusProduct: (p) => bool(p.row.is_plus),
    isFreeShipping: (p) => bool(p.row.is_free_shipping),
    topPosition: (p) => p.row.top_position,
    marketingLabel: async (p, _args, ctx) => (await contentLoader(ctx, p.language).load(p.row.sku))?.marketing_label || null,
    productSets: async (p, _args, ctx) => (await productSetLoader(ctx, p.shop.id, p.language).load(p.row.sku)) ?? [],
    isOutOfStock: async (p, _args, ctx) => (await stockOf(ctx, p)) <= 0,
    /** Active and either in stock or still reorderable (not end of life). */
    isSalable: async (p, _args, ctx) => bool(p.row.is_active) && ((await stockOf(ctx, p)) > 0 || !bool(p.row.reached_eol)),
    reachedEOF: (p) => bool(p.row.reached_eol),
    stock: async (p, _args, ctx) => {
      const quantity = await stockOf(ctx, p);
      return {
        isInStock: quantity > 0,
        quantity,
        minimumOrderQuantity: p.row.min_order_qty,
        notificationQuantity: p.row.notification_qty,
      };
    },
    delivery: (p) => ({ minDays: p.row.delivery_days_min, maxDays: p.row.delivery_days_max, express: bool(p.row.is_express) }),
    samples: (p) => ({
      active: bool(p.row.sample_active),
      express: bool(p.row.sample_express),
      longDeliveryTime: bool(p.row.sample_long_delivery),
      sampleOrderIsFreeOfCharge: bool(p.row.sample_free),
      maxSamples: p.row.sample_max,
    }),
    media: async (p, _args, ctx) => (await mediaLoader(ctx).load(p.row.sku)) ?? [],
    downloads: async (p, _args, ctx) => (await downloadLoader(ctx, p.language).load(p.row.sku)) ?? [],
    tutorials: async (p, _args, ctx) => (await tutorialLoader(ctx, p.language).load(p.row.sku)) ?? [],
    childProducts: async (p, _args, ctx) => ((await childLoader(ctx, p.shop.id, p.language).load(p.row.sku)) ?? []).map(source(p.shop, p.language)),
    roofWindowComponents: async (p, _args, ctx) => ((await roofWindowLoader(ctx).load(p.row.sku)) ?? []).map((row) => row.component_type),
    configurableAttributes: (p) =>
      parseJsonOr<{ code?: string; label?: CatalogueLabel; options?: { value?: string; label?: CatalogueLabel }[] }[]>(p.row.configurable_attributes, []).map(
        (a) => ({
          code: String(a.code ?? ""),
          label: labelIn(a.label, p.language),
          options: (a.options ?? []).map((o) => ({ value: String(o.value ?? ""), label: labelIn(o.label, p.language) || String(o.value ?? "") })),
        }),
      ),
    /** Reviews written in the requested language, newest first; rating rounded to one decimal. */
    reviewSummary: async (p, args, ctx) => {
      if (args.latest != null && (args.latest < 0 || args.latest > MAX_LATEST_REVIEWS))
        throw new UserInputError(`latest must be between 0 and ${MAX_LATEST_REVIEWS}`);
      const reviews = (await reviewLoader(ctx, p.language).load(p.row.sku)) ?? [];
      const total = reviews.reduce((sum, review) => sum + review.mark, 0);
      return {
        ratingValue: reviews.length ? Math.round((total / reviews.length) * 10) / 10 : 0,
        maxValue: 5,
        totalReviewCount: reviews.length,
        reviews: reviews.slice(0, args.latest ?? reviews.length).map((review) => ({
          id: review.id,
          mark: review.mark,
          comment: review.comment,
          reviewer: review.reviewer,
          answer: review.answer,
          createdAt: review.created_at,
        })),
      };
    },
    updatedAt: (p) => p.row.updated_at,
  },
};
