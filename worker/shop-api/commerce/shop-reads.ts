/**
 * Live reads about the shop and the visitor: masterdata, the environment (navigation,
 * banners, consent, tracking, the signed-in customer), the customer type and the internal-user check.
 */
import type { EnvironmentAnswer, InternalUserAnswer, IsBusinessAnswer, MasterdataAnswer } from "@domain/api/shop";
import { countryName } from "@domain/countries";
import { environmentBanner } from "@domain/environment-banners";
import { accountPath, projectsPath, slugPath } from "@domain/routes";
import { MINIMUM_SEARCH_CHARACTERS } from "@domain/search-api";
import { sql } from "@worker/lib/sql";
import { hasAddressLookup } from "../core/address-lookup/registry";
import type { ShopContext } from "../core/context";
import { loadCustomer } from "../core/customer-session";
import { reply, type Reply } from "../core/route";
import type { VisitorContext } from "../core/visitor";
import { translatedCategories, type CategoryRow, type CategoryTranslationRow } from "../tables/categories";
import type { CmsBlockRow } from "../tables/content";
import { countProjects } from "../tables/projects";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}

/** GET /apiv2/masterdata: the shop, its store config, currency, languages and delivery countries. */
export async function masterdata(ctx: ShopContext): Promise<Reply<MasterdataAnswer>> {
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

/** GET /apiv2/environment: the visitor's navigation, banners, consent and tracking, and the signed-in customer. */
export async function environment(ctx: VisitorContext): Promise<Reply<EnvironmentAnswer>> {
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

/** GET /apiv2/isBusiness: the signed-in customer's type; a guest is private. */
export async function isBusiness(ctx: VisitorContext): Promise<Reply<IsBusinessAnswer>> {
  const signedIn = await loadCustomer(ctx);
  return reply(signedIn?.customer.type ?? ctx.visitorState.visitor?.customerType ?? "private");
}

/** GET /apiv2/internal-user: whether the visitor is marked internal. */
export async function internalUser(ctx: VisitorContext): Promise<Reply<InternalUserAnswer>> {
  return reply({ isInternal: ctx.visitorState.visitor?.isInternal ?? false });
}
