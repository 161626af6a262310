/**
 * Live reads of SPEC 7 over the catalogue in D1: masterdata, environment, the page
 * model by path, CMS blocks, top categories / SEO urls / manufacturers, related
 * products, the product configurator, reviews and rating, customer type and the
 * internal-user check. Errors follow SPEC 8: 404 'This page could not be found' for
 * unknown things, a non-empty errors list where the client checks one.
 */
import { money } from "../../../domain/money";
import { homePath, manufacturerPath, slugPath } from "../../../domain/routes";
import { MINIMUM_SEARCH_CHARACTERS } from "../../../domain/search-api";
import { TITLE_SQL, randomToken, type Ctx } from "./context";
import { ApiFailure, invalid, MESSAGES, notFound, respond } from "./http";
import { countryName } from "./delivery";
import { findProduct, isListed } from "./products";

export const RATING_LABELS = ["VERY_POOR", "POOR", "FAIR", "GOOD", "EXCELLENT"] as const;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

export async function masterdata(ctx: Ctx): Promise<Response> {
  const { shop } = ctx;
  const host = hostOf(shop.baseUrl);
  return respond(200, {
    shop: { id: shop.id, name: shop.name, baseUrl: shop.baseUrl, baseDomain: host.replace(/^www\./, ""), defaultLocale: shop.defaultLanguage },
    storeConfig: { name: shop.name, preferredDomain: host, language: ctx.language, domainPrefixes: shop.domainPrefixes, deliveryCountries: shop.deliveryCountries },
    currency: shop.currency,
    taxRate: shop.taxRate,
    languages: shop.languages,
    countries: shop.deliveryCountries.map((code) => ({ code, label: countryName(code, ctx.language), flag: `/images/flags/${code}.svg` })),
  });
}

export async function environment(ctx: Ctx): Promise<Response> {
  const { results: worlds } = await ctx.db
    .prepare(
      `SELECT c.id, t.name, t.slug FROM categories c JOIN category_translations t ON t.category_id = c.id AND t.language = ?
       WHERE c.parent_id IS NULL ORDER BY c.position, c.id`,
    )
    .bind(ctx.language)
    .all<{ id: string; name: string; slug: string }>();
  const { results: banners } = await ctx.db
    .prepare("SELECT identifier, content FROM cms_blocks WHERE shop_id = ? AND language = ? AND identifier LIKE 'banner-%' ORDER BY identifier")
    .bind(ctx.shop.id, ctx.language)
    .all<{ identifier: string; content: string }>();
  const base = homePath(ctx.shop, ctx.language);
  return respond(200, {
    environment: {
      variables: { version: "1" },
      isInternal: ctx.visitor?.isInternal ?? false,
      banners: banners.map((b) => {
        // banner-{location}-{platform}, e.g. banner-homepage-desktop
        const [, location = "homepage", platform = "desktop"] = b.identifier.split("-");
        return { platform, location, content: b.content };
      }),
      navigation: {
        loginLink: { url: `${base}customer/account/Login`, description: "Login", textColor: "#1d2327", textBackground: "#ffffff" },
        signUpLink: { url: `${base}customer/account/CreateAccount`, description: "Register", textColor: "#ffffff", textBackground: "#1d2327" },
        topNavigation: worlds.map((w) => ({ id: w.id, name: w.name, url: slugPath(ctx.shop, ctx.language, w.slug), active: false })),
      },
      footer: {},
      cookies: { enabled: true, key: "" },
      isSearchEnabled: true,
      minimumSearchCharacters: MINIMUM_SEARCH_CHARACTERS,
    },
  });
}

/** GET /apiv2/byPath/{path}: the page model of a path (product, category, CMS page, home). */
export async function byPath(ctx: Ctx, rawPath: string): Promise<Response> {
  let path: string;
  try {
    path = decodeURIComponent(rawPath).replace(/^\/+/, "");
  } catch {
    throw notFound();
  }
  if (ctx.shop.domainPrefixes.includes(path.split("/")[0] ?? "")) path = path.split("/").slice(1).join("/");
  const formKey = randomToken(12);
  const base = { storeId: ctx.shop.id, formKey, remoteIp: null };
  if (path === "" || path === "index.html") {
    return respond(200, { ...base, pageId: "home", identifier: "home", type: "CUSTOM", meta: { title: ctx.shop.name, robots: "index,follow", canonical: homePath(ctx.shop, ctx.language) } });
  }
  const slug = path.replace(/\.html$/, "");
  if (!path.endsWith(".html") || slug.length > 300) return respond(404, null, [{ message: MESSAGES.notFound, code: "not_found" }]);
  const product = await ctx.db
    .prepare("SELECT c.sku, c.title, c.meta_title, c.meta_description FROM product_content c JOIN product_shops s ON s.sku = c.sku AND s.shop_id = ? WHERE c.language = ? AND c.slug = ?")
    .bind(ctx.shop.id, ctx.language, slug)
    .first<{ sku: string; title: string; meta_title: string | null; meta_description: string | null }>();
  if (product) {
    return respond(200, { ...base, pageId: product.sku, identifier: product.sku, type: "PRODUCT", meta: meta(ctx, product.meta_title ?? product.title, product.meta_description, path) });
  }
  const category = await ctx.db
    .prepare("SELECT category_id, name, meta_title, meta_description FROM category_translations WHERE language = ? AND slug = ?")
    .bind(ctx.language, slug)
    .first<{ category_id: string; name: string; meta_title: string | null; meta_description: string | null }>();
  if (category) {
    return respond(200, { ...base, pageId: category.category_id, identifier: category.category_id, type: "WORLDS", meta: meta(ctx, category.meta_title ?? category.name, category.meta_description, path) });
  }
  const page = await ctx.db
    .prepare("SELECT identifier, page_type, title, meta_title, meta_description, robots FROM cms_pages WHERE shop_id = ? AND language = ? AND identifier = ?")
    .bind(ctx.shop.id, ctx.language, slug)
    .first<{ identifier: string; page_type: string; title: string; meta_title: string | null; meta_description: string | null; robots: string }>();
  if (page) {
    return respond(200, { ...base, pageId: page.identifier, identifier: page.identifier, type: page.page_type, meta: { ...meta(ctx, page.meta_title ?? page.title, page.meta_description, path), robots: page.robots } });
  }
  return respond(404, null, [{ message: MESSAGES.notFound, code: "not_found" }]);
}

function meta(ctx: Ctx, title: string, description: string | null, path: string) {
  return { title, description: description ?? "", keywords: "", robots: "index,follow", canonical: `${homePath(ctx.shop, ctx.language)}${path}`, excludeFromSitemap: false, excludeFromCrosslinking: false };
}

/** Stable short hash of a block's content: the header notification hides while its cookie holds this hash. */
export async function contentHash(content: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(content));
  return [...new Uint8Array(digest)].slice(0, 8).map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** GET /apiv2/cms/?name=a,b&type=block|page */
export async function cms(ctx: Ctx): Promise<Response> {
  const names = (ctx.url.searchParams.get("name") ?? "").split(",").map((n) => n.trim()).filter(Boolean);
  const type = ctx.url.searchParams.get("type") ?? "block";
  if (names.length === 0) throw new ApiFailure(422, [{ message: MESSAGES.missing, code: "missing" }, { message: MESSAGES.required, code: "required", field: "name" }]);
  if (names.length > 20 || (type !== "block" && type !== "page")) throw invalid("type", MESSAGES.invalid, "invalid");
  const placeholders = names.map(() => "?").join(",");
  const sql =
    type === "block"
      ? `SELECT identifier, content, NULL AS title FROM cms_blocks WHERE shop_id = ? AND language = ? AND identifier IN (${placeholders})`
      : `SELECT identifier, content, title FROM cms_pages WHERE shop_id = ? AND language = ? AND identifier IN (${placeholders})`;
  const { results } = await ctx.db.prepare(sql).bind(ctx.shop.id, ctx.language, ...names).all<{ identifier: string; content: string; title: string | null }>();
  const items = await Promise.all(results.map(async (row) => ({ identifier: row.identifier, title: row.title, content: row.content, hash: await contentHash(row.content) })));
  return respond(200, items);
}

export async function topCategories(ctx: Ctx): Promise<Response> {
  const { results } = await ctx.db
    .prepare(
      `SELECT c.id, c.image, c.top_position, t.name, t.slug, t.top_description FROM categories c
       JOIN category_translations t ON t.category_id = c.id AND t.language = ? WHERE c.top_position IS NOT NULL ORDER BY c.top_position, c.id`,
    )
    .bind(ctx.language)
    .all<{ id: string; image: string | null; top_position: number; name: string; slug: string; top_description: string }>();
  return respond(
    200,
    results.map((row) => ({ id: row.id, name: row.name, imagePath: row.image, urlPath: slugPath(ctx.shop, ctx.language, row.slug), productPath: slugPath(ctx.shop, ctx.language, row.slug), topCategoryPosition: row.top_position, topCategoryDescription: row.top_description })),
  );
}

export async function topSeoUrls(ctx: Ctx): Promise<Response> {
  const { results } = await ctx.db
    .prepare("SELECT position, label, url FROM top_seo_links WHERE shop_id = ? AND language = ? ORDER BY position")
    .bind(ctx.shop.id, ctx.language)
    .all<{ position: number; label: string; url: string }>();
  return respond(200, results);
}

export async function topManufacturers(ctx: Ctx): Promise<Response> {
  const { results } = await ctx.db
    .prepare("SELECT name, slug, logo, url FROM manufacturers WHERE top_position IS NOT NULL ORDER BY top_position, name LIMIT 24")
    .all<{ name: string; slug: string; logo: string | null; url: string | null }>();
  return respond(200, results.map((m) => ({ name: m.name, logo: m.logo, url: manufacturerPath(ctx.shop, ctx.language, m.slug) })));
}

/** GET /apiv2/catalog/product/{id}/related: other products of the same primary category (up to 8). */
export async function relatedProducts(ctx: Ctx, id: string): Promise<Response> {
  const product = await findProduct(ctx, decodeURIComponent(id));
  if (!isListed(product)) throw notFound();
  const { results } = await ctx.db
    .prepare(
      `SELECT p.sku, ${TITLE_SQL} AS title, pc.slug, pr.package_price FROM products p
       JOIN product_shops s ON s.sku = p.sku AND s.shop_id = ?
       JOIN prices pr ON pr.sku = p.sku AND pr.shop_id = ?
       LEFT JOIN product_content pc ON pc.sku = p.sku AND pc.language = ?
       WHERE p.category_id = (SELECT category_id FROM products WHERE sku = ?) AND p.sku <> ? AND p.is_active = 1 AND p.reached_eol = 0 AND p.type <> 'variant'
       ORDER BY p.sku LIMIT 8`,
    )
    .bind(ctx.language, ctx.shop.id, ctx.shop.id, ctx.language, product.sku, product.sku)
    .all<{ sku: string; title: string; slug: string | null; package_price: number }>();
  return respond(
    200,
    results.map((r) => ({ sku: r.sku, name: r.title, detailLink: r.slug ? slugPath(ctx.shop, ctx.language, r.slug) : null, price: money(r.package_price, ctx.shop.currency, ctx.language) })),
  );
}

/** GET /apiv2/product-configurator/configurator/{sku}: data and errors; a non-empty errors list is an error. */
export async function productConfigurator(ctx: Ctx, sku: string): Promise<Response> {
  const product = await findProduct(ctx, decodeURIComponent(sku));
  if (!isListed(product)) return respond(404, null, [{ message: MESSAGES.unknownProduct, code: "unknown_product" }]);
  if (product.type !== "configurable" || product.configurableAttributes.length === 0) {
    return respond(422, null, [{ message: MESSAGES.configurationUnavailable, code: "configuration_unavailable" }]);
  }
  return respond(200, {
    sku: product.sku,
    name: product.title,
    configurableAttributes: product.configurableAttributes.map((a, i) => ({ id: i + 1, code: a.code, label: a.label, useImage: false, options: a.options })),
  });
}

/** GET /apiv2/{provider}/reviews/last/{count}/{minMark}: the newest reviews of the shop's languages. */
export async function lastReviews(ctx: Ctx, count: string, minMark: string): Promise<Response> {
  if (!/^\d{1,2}$/.test(count) || !/^[1-5]$/.test(minMark) || Number(count) < 1) throw invalid("count", MESSAGES.invalid, "invalid");
  const { results } = await ctx.db
    .prepare(
      `SELECT r.id, r.sku, r.mark, r.comment, r.reviewer, r.answer, r.created_at FROM reviews r JOIN product_shops s ON s.sku = r.sku AND s.shop_id = ?
       WHERE r.language = ? AND r.mark >= ? ORDER BY r.created_at DESC, r.id LIMIT ?`,
    )
    .bind(ctx.shop.id, ctx.language, Number(minMark), Number(count))
    .all<{ id: string; sku: string; mark: number; comment: string; reviewer: string; answer: string | null; created_at: string }>();
  return respond(200, {
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
export async function rating(ctx: Ctx): Promise<Response> {
  const row = await ctx.db
    .prepare("SELECT COUNT(*) AS n, AVG(r.mark) AS avg FROM reviews r JOIN product_shops s ON s.sku = r.sku AND s.shop_id = ? WHERE r.language = ?")
    .bind(ctx.shop.id, ctx.language)
    .first<{ n: number; avg: number | null }>();
  const value = row?.avg ? Math.round(row.avg * 100) / 100 : 0;
  return respond(200, {
    id: `${ctx.shop.id}-${ctx.language}`,
    ratingValue: value,
    maxValue: 5,
    totalReviewCount: row?.n ?? 0,
    label: value > 0 ? RATING_LABELS[Math.min(4, Math.max(0, Math.round(value) - 1))] : null,
    active: true,
  });
}

export async function isBusiness(ctx: Ctx): Promise<Response> {
  return respond(200, ctx.visitor?.customerType ?? "private");
}

export async function internalUser(ctx: Ctx): Promise<Response> {
  return respond(200, { isInternal: ctx.visitor?.isInternal ?? false });
}

