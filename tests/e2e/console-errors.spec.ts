import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { builtPages, builtRoot } from "./support/crawl";
import { E2E_SHOPS, hydrated, testOrigin } from "./support/site";

/**
 * No page of the built shops logs a console error or throws: every shop and language is visited
 * in Chromium with one page of each template (home, cart, checkout, search, search results,
 * service pages, contact, returns, inquiries, planner, manufacturers, ...), a product with
 * variants and a variant, one category of each shape (categoryShape) and the first of each language,
 * and the first product of each language's first category. Each page is given the time to hydrate
 * and to load its live parts (lib/lazy.ts) before it counts as clean.
 */
interface BuiltPage {
  path: string;
  template: string;
  type: string | null;
  /** A category page's shape (categoryShape), else null. */
  shape: string | null;
}

/** What a category page's data makes it render: the fields behind each of the template's branches. */
interface CategoryContext {
  trail: string[];
  subcategoryCounts: Record<string, number>;
  totalCount: number;
  offerSkus: string[];
  listing: { page: number; pageCount: number };
}

/**
 * The branches of the category template a page takes: top level or below, with subcategories, an empty list,
 * several pages or a later one, products on offer. Categories of the same shape render the same parts.
 */
function categoryShape(context: CategoryContext): string {
  return [
    context.trail.length > 1 ? "below" : "top",
    Object.keys(context.subcategoryCounts).length > 0 ? "subcategories" : "",
    context.totalCount === 0 ? "empty" : "",
    context.listing.pageCount > 1 ? "pages" : "",
    context.listing.page > 1 ? "later page" : "",
    context.offerSkus.length > 0 ? "offers" : "",
  ].join(" ");
}

/** The template (Gatsby's component chunk) and product type of a built page, from its page data. */
function describe(shop: string, path: string): BuiltPage | null {
  const name = path === "/" ? "index" : path.replace(/^\//, "").replace(/\/$/, "");
  const file = join(builtRoot(shop), "page-data", name, "page-data.json");
  if (!existsSync(file)) return null;
  const text = readFileSync(file, "utf8");
  const template = /"componentChunkName":"component---site-src-(?:templates-|features-)?([a-z-]+?)-tsx"/.exec(text)?.[1] ?? "unknown";
  const shape = template === "category" ? categoryShape((JSON.parse(text) as { result: { pageContext: CategoryContext } }).result.pageContext) : null;
  return { path, template, type: /"type":"(simple|configurable|variant)","slug"/.exec(text)?.[1] ?? null, shape };
}

/** The language part of a path of a routed shop (CH: /fr/...), "" in a shop of one language. */
const languageOf = (path: string) => /^\/([a-z]{2})\//.exec(path)?.[1] ?? "";

/**
 * The pages to visit: one of every template per language, the variant kinds of the product page, and of the
 * categories the first of each shape and the first of each language.
 */
function representativePages(shop: string): { pages: string[]; categories: string[] } {
  const all = builtPages(shop)
    .map((path) => describe(shop, path))
    .filter((page): page is BuiltPage => page !== null);
  const seen = new Set<string>();
  const pages: string[] = [];
  const categories: string[] = [];
  for (const page of all) {
    if (page.shape !== null) {
      const shapeKey = `shape ${page.shape}`;
      const languageKey = `category ${languageOf(page.path)}`;
      if (seen.has(shapeKey) && seen.has(languageKey)) continue;
      seen.add(shapeKey).add(languageKey);
      categories.push(page.path);
      continue;
    }
    const key = `${languageOf(page.path)} ${page.template} ${page.type ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    pages.push(page.path);
  }
  return { pages, categories };
}

/** Opens a page, lets it hydrate and load its live parts, and returns every console error and page error it caused. */
async function errorsOf(page: Page, url: string): Promise<string[]> {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string; location(): { url: string } }) => {
    if (message.type() === "error") errors.push(`console: ${message.text()} (${message.location().url})`);
  };
  const onError = (error: Error) => errors.push(`page error: ${error.message}`);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  try {
    const response = await page.goto(url, { waitUntil: "load" });
    if (!response || response.status() !== 200) errors.push(`status ${response?.status() ?? "none"}`);
    // The live parts load when the browser is idle (lib/lazy.ts), without the visitor's help:
    // the header's sample cart entry is one of them, hydrated when its code has run.
    await hydrated(page, "[data-slot=sample-cart]").catch(() => errors.push("the live parts did not load"));
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(300);
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  }
  return errors;
}

for (const shop of E2E_SHOPS) {
  test(`no console error on the pages of ${shop}`, async ({ page }) => {
    test.setTimeout(480_000);
    const origin = testOrigin(shop);
    // The built search page is gated by the new-search cookie (its gate is tested in search.spec.ts).
    await page.context().addCookies([{ name: "new_search_enabled", value: "1", domain: new URL(origin).hostname, path: "/" }]);
    const { pages, categories } = representativePages(shop);
    expect(categories.length, "category pages").toBeGreaterThan(0);
    const problems: string[] = [];
    const visit = async (path: string) => {
      for (const error of await errorsOf(page, `${origin}${path}`)) problems.push(`${path}: ${error}`);
    };
    for (const path of pages) await visit(path);
    const languagesWithProduct = new Set<string>();
    for (const path of categories) {
      await visit(path);
      if (languagesWithProduct.has(languageOf(path))) continue;
      languagesWithProduct.add(languageOf(path));
      // The first product of the language's first category.
      const product = await page.locator(".product-card a.card-link").evaluateAll((links) => links[0]?.getAttribute("href") ?? null);
      if (product && !pages.includes(product)) await visit(product);
    }
    expect(problems, problems.slice(0, 40).join("\n")).toEqual([]);
  });
}
