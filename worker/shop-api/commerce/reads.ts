/**
 * Live reads over the catalogue in D1: masterdata, environment, the page
 * model by path, CMS blocks, top categories / SEO urls / manufacturers, related
 * products (the product configurator: configurators.ts), reviews and rating, customer type and the
 * internal-user check. Errors: 404 'This page could not be found' for
 * unknown things; every refusal is thrown and answered by the route table in the
 * envelope, whose non-empty errors list is what the client checks.
 */
import { money } from "../../../domain/money";
import { accountPath, homePath, manufacturerPath, projectsPath, slugPath } from "../../../domain/routes";
import { MINIMUM_SEARCH_CHARACTERS } from "../../../domain/search-api";
import { environmentBanner } from "../../../domain/environment-banners";
import { jsonList } from "../../lib/json";
import { sql } from "../../lib/sql";
import { hasAddressLookup } from "../core/address-lookup/registry";
import { randomToken } from "../core/auth";
import type { ShopContext } from "../core/context";
import { loadCustomer } from "../core/customer-session";
import { invalid, MESSAGES, missingFields, notFound } from "../core/envelope";
import { reply, type Params, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import { translatedCategories, type CategoryRow, type CategoryTranslationRow } from "../tables/categories";
import { reviewsOfShop, type CmsBlockRow, type CmsPageRow, type ReviewRow, type TopSeoLinkRow } from "../tables/content";
import { countProjects } from "../tables/projects";
import type { ManufacturerRow } from "../tables/manufacturers";
import { productTitle, type PriceRow, type ProductRow } from "../tables/products";
import { countryName } from "../../../domain/countries";
import { findProduct, isListed } from "./products";

export const RATING_LABELS = ["VERY_POOR", "POOR", "FAIR", "GOOD", "EXCELLENT"] as const;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

export async function masterdata(ctx: ShopContext): Promise<Reply> {
  const { shop } = ctx;
  const host = hostOf(shop.baseUrl);
  return reply({
    shop: { id: shop.id, name: shop.name, baseUrl: shop.baseUrl, baseDomain: host.replace(/^www\./, ""), defaultLocale: shop.defaultLanguage },
    storeConfig: {
      name: shop.name,
      preferredDomain: host,
      language: ctx.language,
      domainPrefixes: shop.domainPrefixes,
      deliveryCountries: shop.deliveryCountries,
    },
    currency: shop.currency,
    taxRate: shop.taxRate,
    languages: shop.languages,
    countries: shop.deliveryCountries.map((code) => ({ code, label: countryName(code, ctx.language), flag: `/images/flags/${code}.svg` })),
  });
}

export async function environment(ctx: VisitorContext): Promise<Reply> {
  const { results: worlds } =
    await sql`SELECT c.id, t.name, t.slug FROM ${translatedCategories(ctx.language)} WHERE c.parent_id IS NULL ORDER BY c.position, c.id`
      .prepare(ctx.db)
      .all<Pick<CategoryRow, "id"> & Pick<CategoryTranslationRow, "name" | "slug">>();
  const { results: banners } = await sql`SELECT identifier, content FROM cms_blocks
    WHERE shop_id = ${ctx.shop.id} AND language = ${ctx.language} AND identifier LIKE 'banner-%' ORDER BY identifier`
    .prepare(ctx.db)
    .all<Pick<CmsBlockRow, "identifier" | "content">>();
  // The signed-in customer: the header's account link and project counter.
  const signedIn = await loadCustomer(ctx);
  const projects = signedIn ? await countProjects(signedIn.customer.id).prepare(ctx.db).first<{ n: number }>() : null;
  return reply({
    environment: {
      variables: { version: "1" },
      isInternal: ctx.visitorState.visitor?.isInternal ?? false,
      // banner-{location}-{platform}, e.g. banner-homepage-desktop (domain/environment-banners.ts; the home page's HeadBanner reads the same blocks).
      banners: banners.flatMap((b) => {
        const placement = environmentBanner(b.identifier);
        return placement ? [{ platform: placement.platform, location: placement.location, content: b.content }] : [];
      }),
      navigation: {
        loginLink: { url: accountPath(ctx.shop, ctx.language, "Login"), description: "Login", textColor: "#1d2327", textBackground: "#ffffff" },
        signUpLink: { url: accountPath(ctx.shop, ctx.language, "CreateAccount"), description: "Register", textColor: "#ffffff", textBackground: "#1d2327" },
        topNavigation: worlds.map((w) => ({ id: w.id, name: w.name, url: slugPath(ctx.shop, ctx.language, w.slug), active: false })),
      },
      footer: {},
      // The consent manager's script is added when the environment enables cookies (docs/decisions/0050).
      cookies: { enabled: ctx.shop.tracking.consentManager !== undefined, key: ctx.shop.tracking.consentManager?.key ?? "" },
      tagManager: ctx.shop.tracking.tagManager ? { containerId: ctx.shop.tracking.tagManager.containerId } : null,
      serviceWorker: { enabled: ctx.shop.serviceWorker === "enabled" },
      isSearchEnabled: true,
      minimumSearchCharacters: MINIMUM_SEARCH_CHARACTERS,
      /** Whether the address forms can offer suggestions (GET /apiv2/address/find; docs/decisions/0036). */
      addressLookup: hasAddressLookup(ctx.shop, ctx.env),
      customer: { signedIn: signedIn !== null, firstName: signedIn?.customer.firstName ?? null },
      projects: { count: projects?.n ?? 0, link: projectsPath(ctx.shop, ctx.language) },
    },
  });
}

/** GET /apiv2/byPath/{path}: the page model of a path (product, category, CMS page, home). */
export async function byPath(ctx: ShopContext, params: Params): Promise<Reply> {
  let path: string;
  try {
    path = decodeURIComponent(params.path ?? "").replace(/^\/+/, "");
  } catch {
    throw notFound();
  }
  if (ctx.shop.domainPrefixes.includes(path.split("/")[0] ?? "")) path = path.split("/").slice(1).join("/");
  const formKey = randomToken(12);
  const base = { storeId: ctx.shop.id, formKey, remoteIp: null };
  if (path === "" || path === "index.html") {
    return reply({
      ...base,
      pageId: "home",
      identifier: "home",
      type: "CUSTOM",
      meta: { title: ctx.shop.name, robots: "index,follow", canonical: homePath(ctx.shop, ctx.language) },
    });
  }
  const slug = path.replace(/\.html$/, "");
  if (!path.endsWith(".html") || slug.length > 300) throw notFound();
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

function meta(ctx: ShopContext, title: string, description: string | null, path: string) {
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
  return [...new Uint8Array(digest)]
    .slice(0, 8)
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** GET /apiv2/cms/?name=a,b&type=block|page */
export async function cms(ctx: ShopContext): Promise<Reply> {
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

export async function topCategories(ctx: ShopContext): Promise<Reply> {
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

export async function topSeoUrls(ctx: ShopContext): Promise<Reply> {
  const { results } = await sql`SELECT position, label, url FROM top_seo_links WHERE shop_id = ${ctx.shop.id} AND language = ${ctx.language} ORDER BY position`
    .prepare(ctx.db)
    .all<Pick<TopSeoLinkRow, "position" | "label" | "url">>();
  return reply(results);
}

export async function topManufacturers(ctx: ShopContext): Promise<Reply> {
  const { results } = await sql`SELECT name, slug, logo FROM manufacturers WHERE top_position IS NOT NULL ORDER BY top_position, name LIMIT 24`
    .prepare(ctx.db)
    .all<Pick<ManufacturerRow, "name" | "slug" | "logo">>();
  return reply(results.map((m) => ({ name: m.name, logo: m.logo, url: manufacturerPath(ctx.shop, ctx.language, m.slug) })));
}

/** GET /apiv2/catalog/product/{id}/related: other products of the same primary category (up to 8). */
export async function relatedProducts(ctx: ShopContext, params: Params): Promise<Reply> {
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

/** GET /apiv2/{provider}/reviews/last/{count}/{minMark}: the newest reviews of the shop's languages. */
export async function lastReviews(ctx: ShopContext, params: Params): Promise<Reply> {
  const count = params.count ?? "";
  const minMark = params.minMark ?? "";
  if (!/^\d{1,2}$/.test(count) || !/^[1-5]$/.test(minMark) || Number(count) < 1) throw invalid("count", MESSAGES.invalid, "invalid");
  const { results } = await sql`SELECT r.id, r.sku, r.mark, r.comment, r.reviewer, r.answer, r.created_at FROM ${reviewsOfShop(ctx.shop.id)}
    WHERE r.language = ${ctx.language} AND r.mark >= ${Number(minMark)} ORDER BY r.created_at DESC, r.id LIMIT ${Number(count)}`
    .prepare(ctx.db)
    .all<Omit<ReviewRow, "language">>();
  return reply({
    reviews: results.map((r) => ({
      id: r.id,
      sku: r.sku,
      comment: r.comment,
      mark: r.mark,
      markDescription: RATING_LABELS[r.mark - 1],
      images: [],
      answer: r.answer,
      reviewerProfile: { firstname: r.reviewer },
      createdAt: r.created_at,
    })),
  });
}

/** GET /apiv2/{provider}/rating: the shop's review summary. */
export async function rating(ctx: ShopContext): Promise<Reply> {
  const row = await sql`SELECT COUNT(*) AS n, AVG(r.mark) AS avg FROM ${reviewsOfShop(ctx.shop.id)} WHERE r.language = ${ctx.language}`
    .prepare(ctx.db)
    .first<{ n: number; avg: number | null }>();
  const value = row?.avg ? Math.round(row.avg * 100) / 100 : 0;
  return reply({
    id: `${ctx.shop.id}-${ctx.language}`,
    ratingValue: value,
    maxValue: 5,
    totalReviewCount: row?.n ?? 0,
    label: value > 0 ? RATING_LABELS[Math.min(4, Math.max(0, Math.round(value) - 1))] : null,
    active: true,
  });
}

/** GET /apiv2/isBusiness: the signed-in customer's type; a guest is private. */
export async function isBusiness(ctx: VisitorContext): Promise<Reply> {
  const signedIn = await loadCustomer(ctx);
  return reply(signedIn?.customer.type ?? ctx.visitorState.visitor?.customerType ?? "private");
}

export async function internalUser(ctx: VisitorContext): Promise<Reply> {
  return reply({ isInternal: ctx.visitorState.visitor?.isInternal ?? false });
}
