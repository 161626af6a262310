/**
 * Live reads over the catalogue in D1: top categories, products, SEO links and manufacturers,
 * and a product's related products (the product configurator: configurators.ts).
 */
import type { RelatedProduct, TopCategory, TopManufacturer, TopProduct, TopSeoUrl } from "@domain/api/catalogue";
import { money } from "@domain/money";
import { manufacturerPath, slugPath } from "@domain/routes";
import { sql } from "@worker/lib/sql";
import type { ShopContext } from "../core/context";
import { notFound } from "../core/envelope";
import { reply, type Params, type Reply } from "../core/route";
import { translatedCategories, type CategoryRow, type CategoryTranslationRow } from "../tables/categories";
import type { TopSeoLinkRow } from "../tables/content";
import type { ManufacturerRow } from "../tables/manufacturers";
import { productTitle, type PriceRow, type ProductContentRow, type ProductRow } from "../tables/products";
import { findProduct, isListed } from "./products";

/** GET /apiv2/catalog/category/top */
export async function topCategories(ctx: ShopContext): Promise<Reply<TopCategory[]>> {
  const { results } = await sql`SELECT c.id, c.image, c.top_position, t.name, t.slug, t.top_description FROM ${translatedCategories(ctx.language)}
    WHERE c.top_position IS NOT NULL ORDER BY c.top_position, c.id`
    .prepare(ctx.db)
    .all<Pick<CategoryRow, "id" | "image"> & { top_position: number } & Pick<CategoryTranslationRow, "name" | "slug" | "top_description">>();
  return reply(
    results.map((row) => ({
      id: row.id,
      name: row.name,
      imagePath: row.image,
      urlPath: slugPath(ctx.shop, ctx.language, row.slug),
      productPath: slugPath(ctx.shop, ctx.language, row.slug),
      topCategoryPosition: row.top_position,
      topCategoryDescription: row.top_description,
    })),
  );
}

/** GET /apiv2/catalog/product/top: the merchandiser's top products the shop lists in the language, by their place. */
export async function topProducts(ctx: ShopContext): Promise<Reply<TopProduct[]>> {
  const { results } = await sql`SELECT p.sku, p.top_position, c.slug, c.top_description FROM products p
    JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${ctx.shop.id}
    JOIN product_content c ON c.sku = p.sku AND c.language = ${ctx.language}
   WHERE p.is_active = 1 AND p.top_position IS NOT NULL ORDER BY p.top_position, p.sku LIMIT 24`
    .prepare(ctx.db)
    .all<Pick<ProductRow, "sku"> & { top_position: number } & Pick<ProductContentRow, "slug" | "top_description">>();
  return reply(
    results.map((row) => ({ id: row.sku, position: row.top_position, urlPath: slugPath(ctx.shop, ctx.language, row.slug), description: row.top_description })),
  );
}

/** GET /apiv2/catalog/seo-urls/top */
export async function topSeoUrls(ctx: ShopContext): Promise<Reply<TopSeoUrl[]>> {
  const { results } = await sql`SELECT position, label, url FROM top_seo_links WHERE shop_id = ${ctx.shop.id} AND language = ${ctx.language} ORDER BY position`
    .prepare(ctx.db)
    .all<Pick<TopSeoLinkRow, "position" | "label" | "url">>();
  return reply(results);
}

/** GET /apiv2/manufacturers/top */
export async function topManufacturers(ctx: ShopContext): Promise<Reply<TopManufacturer[]>> {
  const { results } = await sql`SELECT name, slug, logo FROM manufacturers WHERE top_position IS NOT NULL ORDER BY top_position, name LIMIT 24`
    .prepare(ctx.db)
    .all<Pick<ManufacturerRow, "name" | "slug" | "logo">>();
  return reply(results.map((m) => ({ name: m.name, logo: m.logo, url: manufacturerPath(ctx.shop, ctx.language, m.slug) })));
}

/** GET /apiv2/catalog/product/{id}/related: other products of the same primary category (up to 8). */
export async function relatedProducts(ctx: ShopContext, params: Params): Promise<Reply<RelatedProduct[]>> {
  const product = await findProduct(ctx, decodeURIComponent(params.id ?? ""));
  if (!isListed(product)) throw notFound();
  const { results } = await sql`SELECT p.sku, ${productTitle(ctx.language)} AS title, pc.slug, pr.package_price FROM products p
    JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${ctx.shop.id}
    JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ${ctx.shop.id}
    LEFT JOIN product_content pc ON pc.sku = p.sku AND pc.language = ${ctx.language}
    WHERE p.category_id = (SELECT category_id FROM products WHERE sku = ${product.sku}) AND p.sku <> ${product.sku}
      AND p.is_active = 1 AND p.reached_eol = 0 AND p.type <> 'variant'
    ORDER BY p.sku LIMIT 8`
    .prepare(ctx.db)
    .all<Pick<ProductRow, "sku"> & Pick<PriceRow, "package_price"> & { title: string; slug: string | null }>();
  return reply(
    results.map((r) => ({
      sku: r.sku,
      name: r.title,
      detailLink: r.slug ? slugPath(ctx.shop, ctx.language, r.slug) : null,
      price: money(r.package_price, ctx.shop.currency, ctx.language),
    })),
  );
}
