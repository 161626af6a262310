/**
 * Live reads about pages: the page model by path (product, category, CMS page, home,
 * manufacturer list and page, returns) and the CMS blocks and pages by name. 404 'This page
 * could not be found' for unknown paths.
 */
import type { CmsItem, PageMeta, PageModel } from "@domain/api/pages";
import { homePath, manufacturerListPath, returnsPath } from "@domain/routes";
import { servicePhone } from "@domain/store-information";
import { jsonList } from "@worker/lib/json";
import { hexOf } from "@worker/lib/hex";
import { sql } from "@worker/lib/sql";
import { text } from "@worker/lib/texts";
import { randomToken } from "../core/auth";
import type { ShopContext } from "../core/context";
import { invalid, MESSAGES, missingFields, notFound } from "../core/envelope";
import { reply, type Params, type Reply } from "../core/route";
import type { CategoryTranslationRow } from "../tables/categories";
import type { ManufacturerRow } from "../tables/manufacturers";
import type { CmsBlockRow, CmsPageRow } from "../tables/content";

/** The CMS block whose content the page model names as the newsletter box's text. */
const NEWSLETTER_CONTENT_BLOCK = "newsletter-content";

/** GET /apiv2/byPath/{path}: the page model of a path (product, category, CMS page, home, manufacturers, returns). */
export async function byPath(ctx: ShopContext, params: Params): Promise<Reply<PageModel>> {
  let path: string;
  try {
    path = decodeURIComponent(params.path ?? "").replace(/^\/+/, "");
  } catch {
    throw notFound();
  }
  if (ctx.shop.domainPrefixes.includes(path.split("/")[0] ?? "")) path = path.split("/").slice(1).join("/");
  const formKey = randomToken(12);
  const newsletter =
    await sql`SELECT content FROM cms_blocks WHERE shop_id = ${ctx.shop.id} AND language = ${ctx.language} AND identifier = ${NEWSLETTER_CONTENT_BLOCK}`
      .prepare(ctx.db)
      .first<Pick<CmsBlockRow, "content">>();
  const base = {
    storeId: ctx.shop.id,
    formKey,
    remoteIp: null,
    storeInformation: { phone: servicePhone(ctx.shop.id) },
    newsletterContent: newsletter?.content ?? null,
  };
  // Paths without the language prefix (it was taken off above).
  const routing = { domainPrefixes: [] };
  if (path === "" || path === "index.html") {
    return reply({
      ...base,
      pageId: "home",
      identifier: "home",
      type: "CUSTOM",
      meta: { title: ctx.shop.name, robots: "index,follow", canonical: homePath(ctx.shop, ctx.language) },
    });
  }
  if (`/${path}` === returnsPath(routing, ctx.language) || `/${path}/` === returnsPath(routing, ctx.language)) {
    return reply({
      ...base,
      pageId: "rma",
      identifier: "rma",
      type: "RMA",
      meta: meta(ctx, text(ctx.language, "server", "pageTitles.returns"), null, returnsPath(routing, ctx.language).slice(1)),
    });
  }
  const slug = path.replace(/\.html$/, "");
  if (!path.endsWith(".html") || slug.length > 300) throw notFound();
  const manufacturers = manufacturerListPath(routing, ctx.language).slice(1);
  if (path === manufacturers) {
    return reply({
      ...base,
      pageId: "manufacturers",
      identifier: "manufacturers",
      type: "MANUFACTURERS",
      meta: meta(ctx, text(ctx.language, "server", "pageTitles.manufacturers"), null, path),
    });
  }
  const listSlug = manufacturers.replace(/\.html$/, "");
  const manufacturerSlug = slug.startsWith(`${listSlug}/`) ? slug.slice(listSlug.length + 1) : null;
  if (manufacturerSlug !== null) {
    // A manufacturer with products the shop lists, as its page in the build.
    const maker = await sql`SELECT m.id, m.name FROM manufacturers m WHERE m.slug = ${manufacturerSlug} AND EXISTS (SELECT 1 FROM products p
        JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ${ctx.shop.id}
        JOIN product_content c ON c.sku = p.sku AND c.language = ${ctx.language}
       WHERE p.manufacturer_id = m.id AND p.is_active = 1)`
      .prepare(ctx.db)
      .first<Pick<ManufacturerRow, "id" | "name">>();
    if (!maker) throw notFound();
    return reply({ ...base, pageId: maker.id, identifier: maker.id, type: "MANUFACTURER", meta: meta(ctx, maker.name, null, path) });
  }
  const product = await sql`SELECT c.sku, c.title, c.meta_title, c.meta_description FROM product_content c
    JOIN product_shops s ON s.sku = c.sku AND s.shop_id = ${ctx.shop.id} WHERE c.language = ${ctx.language} AND c.slug = ${slug}`
    .prepare(ctx.db)
    .first<{ sku: string; title: string; meta_title: string | null; meta_description: string | null }>();
  if (product) {
    return reply({
      ...base,
      pageId: product.sku,
      identifier: product.sku,
      type: "PRODUCT",
      meta: meta(ctx, product.meta_title ?? product.title, product.meta_description, path),
    });
  }
  const category =
    await sql`SELECT category_id, name, meta_title, meta_description FROM category_translations WHERE language = ${ctx.language} AND slug = ${slug}`
      .prepare(ctx.db)
      .first<Pick<CategoryTranslationRow, "category_id" | "name" | "meta_title" | "meta_description">>();
  if (category) {
    return reply({
      ...base,
      pageId: category.category_id,
      identifier: category.category_id,
      type: "WORLDS",
      meta: meta(ctx, category.meta_title ?? category.name, category.meta_description, path),
    });
  }
  const page = await sql`SELECT identifier, page_type, title, meta_title, meta_description, robots FROM cms_pages
    WHERE shop_id = ${ctx.shop.id} AND language = ${ctx.language} AND identifier = ${slug}`
    .prepare(ctx.db)
    .first<Pick<CmsPageRow, "identifier" | "page_type" | "title" | "meta_title" | "meta_description" | "robots">>();
  if (page) {
    return reply({
      ...base,
      pageId: page.identifier,
      identifier: page.identifier,
      type: page.page_type,
      meta: { ...meta(ctx, page.meta_title ?? page.title, page.meta_description, path), robots: page.robots },
    });
  }
  throw notFound();
}

function meta(ctx: ShopContext, title: string, description: string | null, path: string): PageMeta {
  return {
    title,
    description: description ?? "",
    keywords: "",
    robots: "index,follow",
    canonical: `${homePath(ctx.shop, ctx.language)}${path}`,
    excludeFromSitemap: false,
    excludeFromCrosslinking: false,
  };
}

/** Stable short hash of a block's content: the header notification hides while its cookie holds this hash. */
export async function contentHash(content: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
  return hexOf(new Uint8Array(digest, 0, 8));
}

/** GET /apiv2/cms/?name=a,b&type=block|page */
export async function cms(ctx: ShopContext): Promise<Reply<CmsItem[]>> {
  const names = (ctx.url.searchParams.get("name") ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  const type = ctx.url.searchParams.get("type") ?? "block";
  if (names.length === 0) throw missingFields(["name"]);
  if (names.length > 20 || (type !== "block" && type !== "page")) throw invalid("type", MESSAGES.invalid, "invalid");
  const where = sql`shop_id = ${ctx.shop.id} AND language = ${ctx.language} AND identifier IN ${jsonList(names)}`;
  const query =
    type === "block"
      ? sql`SELECT identifier, content, NULL AS title FROM cms_blocks WHERE ${where}`
      : sql`SELECT identifier, content, title FROM cms_pages WHERE ${where}`;
  const { results } = await query.prepare(ctx.db).all<Pick<CmsBlockRow, "identifier" | "content"> & { title: string | null }>();
  const items = await Promise.all(
    results.map(async (row) => ({ identifier: row.identifier, title: row.title, content: row.content, hash: await contentHash(row.content) })),
  );
  return reply(items);
}
