import { expect, test, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORY_PAGE_SIZE, type CategoryListingData } from "@domain/category-listing";
import type { ActiveFilter, FilterValue, SearchData } from "@domain/search-api";
import { languagePrefix, manufacturerListPath } from "@domain/routes";
import { loadShopConfig } from "@scripts/lib/shops";
import { listPagePaths } from "@site/lib/listing";
import { builtPages, builtRoot, decode, get, SHOPS } from "./support/crawl";
import { fetchPage, hydrated, testHost, testOrigin } from "./support/site";

/**
 * Counts agree everywhere a shopper reads them, over every category and manufacturer page of
 * the built DE, CH (de, fr, it), FR and NL shops: a subcategory's tile = its page's heading = the
 * products its pages list = its value in the parent's category filter; a manufacturer's tile =
 * the products its page lists; and under every value of every filter of every category page
 * (applied through the API the page's filters call) the filter's count = the list's total = the
 * products it lists. In the browser: the heading follows a filtered list, chips and values
 * show names (no slug, no true/false, no doubled unit), the phone's filter toggle, and the
 * search results page's filters, sort orders and brands.
 */

interface PageContext {
  language: string;
  categoryId?: string;
  manufacturerId?: string;
  totalCount?: number;
  listing?: { page: number; pageCount: number };
}

/** What the page's own scripts read: its page context in the build's page data. */
function contextOf(shop: string, path: string): PageContext {
  const dir = path.replace(/^\//, "").replace(/\/$/, "") || "index";
  const file = join(builtRoot(shop), "page-data", dir, "page-data.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { result: { pageContext: PageContext } }).result.pageContext;
}

/** The number in a count text ("52 Produkte", "1 produit", "Filtri (2)"). */
const numberIn = (text: string) => Number(/\d[\d.’'\s\u00a0\u202f]*/.exec(text)?.[0].replace(/\D/g, "") ?? "NaN");

/** The tiles of a page: link and the count they show. */
const tilesOf = (html: string) =>
  [...html.matchAll(/<a class="tile" href="([^"]+)">[\s\S]*?<span class="tile-title">([^<]*)<\/span><span class="muted small">([^<]*)<\/span><\/a>/g)].map(
    (match) => ({ href: decode(match[1]!), name: decode(match[2]!), count: numberIn(decode(match[3]!)) }),
  );

/** Product cards inside the part of a page that starts at `marker` (up to the end of its section). */
function cardsAfter(html: string, marker: string): number {
  const start = html.indexOf(marker);
  if (start < 0) return 0;
  const end = html.indexOf("</section>", start);
  return html.slice(start, end < 0 ? undefined : end).split('class="card product-card"').length - 1;
}

const headingCount = (html: string) => numberIn(decode(/<h2 id="product-list">([^<]*)<\/h2>/.exec(html)?.[1] ?? ""));

/** The API's list of a category (page 1 and, when asked, every page's products). */
async function listing(host: string, prefix: string, categoryId: string, filters: ActiveFilter[] = [], page = 1): Promise<CategoryListingData> {
  const params = new URLSearchParams({ sort: "position-asc" });
  if (filters.length > 0)
    params.set(
      "filters",
      JSON.stringify(filters.map((filter) => ("values" in filter ? { name: filter.key, type: "products", values: filter.values } : filter))),
    );
  if (page > 1) params.set("page", String(page));
  const response = await fetchPage(host, `${prefix}/apiv2/categories/${encodeURIComponent(categoryId)}/products?${params.toString()}`);
  expect(response.status, `${prefix} ${categoryId} ${JSON.stringify(filters)}`).toBe(200);
  return (JSON.parse(response.body) as { data: CategoryListingData }).data;
}

async function listedProducts(host: string, prefix: string, categoryId: string, filters: ActiveFilter[]): Promise<{ total: number; listed: number }> {
  const first = await listing(host, prefix, categoryId, filters);
  let listed = first.products.length;
  for (let page = 2; page <= first.pageCount; page += 1) listed += (await listing(host, prefix, categoryId, filters, page)).products.length;
  return { total: first.totalResults, listed };
}

const routingOf = (shop: string) => loadShopConfig().shops.find((each) => each.id === shop)!;

const flatValues = (values: FilterValue[]): FilterValue[] => values.flatMap((value) => [value, ...flatValues(value.children ?? [])]);

/** The crawled shops and NL (every shop the browser tests build). */
const COUNTED = [...SHOPS.map(({ id, host }) => ({ id, host })), { id: "NL", host: testHost("NL") }];

for (const shop of COUNTED) {
  test(`${shop.id}: tiles, headings, lists and filter counts agree on every category and manufacturer page`, async () => {
    test.setTimeout(900_000);
    const problems: string[] = [];
    const pages = builtPages(shop.id);
    const routing = routingOf(shop.id);
    const manufacturerLists = new Set(routing.languages.map((language) => manufacturerListPath(routing, language)));
    let categories = 0;
    let filterValues = 0;
    for (const path of pages) {
      const page = await get(shop.host, path);
      if (page.status !== 200) continue;
      const html = page.body;
      const isCategory = html.includes('id="product-list"');
      const isManufacturerList = manufacturerLists.has(path);
      if (!isCategory && !isManufacturerList) continue;
      const context = contextOf(shop.id, path);
      const prefix = languagePrefix(routing, context.language);

      if (isManufacturerList) {
        // A manufacturer's tile counts what its page lists.
        for (const tile of tilesOf(html)) {
          let listed = 0;
          for (const each of listPagePaths(tile.href, contextOf(shop.id, tile.href).listing?.pageCount ?? 1))
            listed += cardsAfter((await get(shop.host, each)).body, 'aria-labelledby="maker-products"');
          if (listed !== tile.count) problems.push(`${path}: tile ${tile.name} says ${tile.count}, ${tile.href} lists ${listed}`);
        }
        continue;
      }
      if (!context.categoryId || context.listing?.page !== 1) continue;
      categories += 1;
      const heading = headingCount(html);

      // The heading counts what the static pages list.
      let listed = 0;
      for (const each of listPagePaths(path, context.listing.pageCount))
        listed += cardsAfter((await get(shop.host, each)).body, 'data-testid="category-static-list"');
      if (listed !== heading) problems.push(`${path}: heading says ${heading}, its pages list ${listed}`);

      // The filters' list (the API the page's filters call) has the same products.
      const unfiltered = await listing(shop.host, prefix, context.categoryId);
      if (unfiltered.totalResults !== heading) problems.push(`${path}: heading says ${heading}, the filters' list has ${unfiltered.totalResults}`);
      const tree = unfiltered.filterOptions.find((option) => option.key === "category");

      // Each subcategory: tile = its page's heading = the parent's category filter value.
      for (const tile of tilesOf(html)) {
        const child = await get(shop.host, tile.href);
        const childHeading = headingCount(child.body);
        if (childHeading !== tile.count) problems.push(`${path}: tile ${tile.name} says ${tile.count}, ${tile.href} says ${childHeading}`);
        const childId = contextOf(shop.id, tile.href).categoryId!;
        const facet = tree?.values.find((value) => value.key === childId)?.count ?? 0;
        if (facet !== tile.count) problems.push(`${path}: tile ${tile.name} says ${tile.count}, the category filter ${facet}`);
      }

      // Under every value of every filter: the value's count = the list's total = the products listed.
      for (const option of unfiltered.filterOptions) {
        if (option.type === "range") continue;
        for (const value of flatValues(option.values)) {
          filterValues += 1;
          const { total, listed: shown } = await listedProducts(shop.host, prefix, context.categoryId, [{ key: option.key, values: [value.key] }]);
          if (total !== value.count || shown !== total)
            problems.push(`${path}: ${option.key}=${value.key} counts ${value.count}, its list says ${total} and lists ${shown}`);
          if (value.name === "true" || value.name === "false" || (option.key === "manufacturer" && value.name === value.key))
            problems.push(`${path}: ${option.key}=${value.key} is named "${value.name}"`);
        }
        if (option.unit && option.name.endsWith(`(${option.unit})`)) problems.push(`${path}: filter "${option.name}" names its unit ${option.unit} again`);
      }
    }
    expect(categories, `${shop.id} has category pages`).toBeGreaterThan(3);
    expect(filterValues, `${shop.id} has filter values`).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  });
}

/** The first world page (a category page of the top level) of a shop language, by the build's page data. */
function worldPath(shop: string, language: string): string {
  for (const path of builtPages(shop)) {
    if (!path.endsWith(".html") || path.includes("/page-")) continue;
    const context = contextOf(shop, path) as PageContext & { trail?: string[] };
    if (context.categoryId && context.language === language && context.trail?.length === 1) return path;
  }
  throw new Error(`${shop}: no world page in ${language}`);
}

/** A value of the open sidebar that narrows the list, with its count and name. */
async function narrowingValue(page: Page, total: number) {
  const panel = page.locator('[data-slot="category-filters"] [data-testid="search-filters"]');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const boxes = panel.locator('input[type="checkbox"]');
  for (let index = 0; index < (await boxes.count()); index += 1) {
    const label = ((await boxes.nth(index).locator("xpath=..").textContent()) ?? "").trim();
    const count = Number(/\((\d+)\)$/.exec(label)?.[1] ?? "0");
    if (count > 0 && count < total) return { box: boxes.nth(index), count, label: label.replace(/\(\d+\)$/, "").trim() };
  }
  throw new Error("no narrowing filter value");
}

for (const { shop, language, filterWord } of [
  { shop: "DE" as const, language: "de", filterWord: "Filter" },
  { shop: "CH" as const, language: "fr", filterWord: "Filtres" },
]) {
  test(`${shop} (${language}): the heading follows the filtered list, chips name values, a phone folds the filters behind a button`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${testOrigin(shop)}${worldPath(shop, language)}`);
    await hydrated(page, '[data-testid="filter-toggle"]');
    const toggle = page.getByTestId("filter-toggle");
    const sidebar = page.locator('[data-slot="category-filters"]');
    const heading = page.locator("#product-list");
    const total = numberIn((await heading.textContent()) ?? "");
    // On a phone the filters are folded: a button, not a block of a thousand pixels.
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveText(filterWord);
    await expect(sidebar).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toBeFocused();
    const { box, count, label } = await narrowingValue(page, total);
    await box.check();
    await expect(page).toHaveURL(/[?&]f-[a-z0-9_]+=/);
    // The heading counts the filtered list, as the filter did.
    const list = page.getByTestId("category-filtered-list");
    await expect(list.getByTestId("search-product")).toHaveCount(Math.min(count, CATEGORY_PAGE_SIZE));
    await expect(heading).toHaveText(new RegExp(`^${count}\\D`));
    await expect(toggle).toHaveText(`${filterWord} (1)`);
    // The chip names the value as the list did (the manufacturer's name, Ja/Oui), never its key; units once.
    const chip = sidebar.locator(".search-chip").first();
    await expect(chip).toContainText(label);
    await expect(chip).not.toContainText(/: (true|false)\b/);
    expect((await sidebar.locator("legend").allTextContents()).join(" | ")).not.toMatch(/\((\w+)\)\s*\(\1\)/);
    await page.screenshot({ path: test.info().outputPath(`${shop}-${language}-phone-filtered.png`) });

    // On a wide screen there is no button: the filters stand beside the list.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(toggle).toBeHidden();
    await expect(sidebar).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("DE: a phone's filter sidebar keeps the focus when its filters arrive after the button was pressed", async ({ page }) => {
  // The filters' code is a chunk of its own, fetched once the page runs: hold it, so the
  // button is pressed while the placeholder still stands in for the filters.
  const origin = testOrigin("DE");
  const path = worldPath("DE", "de");
  // (The build folder keeps earlier builds' chunks too: hold each that has the filters' code.)
  const chunks = readdirSync(builtRoot("DE")).filter(
    (name) => name.endsWith(".js") && readFileSync(join(builtRoot("DE"), name), "utf8").includes('"category-filtered-list"'),
  );
  expect(chunks.length).toBeGreaterThan(0);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => chunks.includes(url.pathname.split("/").at(-1)!),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${origin}${path}`);
  await hydrated(page, '[data-testid="filter-toggle"]');
  const sidebar = page.locator('[data-slot="category-filters"]');
  await page.getByTestId("filter-toggle").click();
  await expect(sidebar).toBeFocused();
  await expect(sidebar.locator("legend")).toHaveCount(0);
  release();
  await expect(sidebar.locator("legend").first()).toBeVisible();
  await expect(sidebar).toBeFocused();
});

test("DE: the search results page has the category pages' filters and sort orders, and brands on its results", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const origin = testOrigin("DE");
  const api = await fetchPage(new URL(origin).host, "/apiv2/search?query=eiche&limit=1&log=false");
  const data = (JSON.parse(api.body) as { data: SearchData }).data;
  const manufacturers = data.filterOptions.find((option) => option.key === "manufacturer")!;
  const maker = manufacturers.values.find((value) => value.count > 1) ?? manufacturers.values[0]!;
  await page.goto(`${origin}/search-results/?q=eiche`);
  // Without filters the edge's list; every result names its brand and item number.
  const results = page.getByTestId("search-results-product");
  await expect(results.first()).toBeVisible();
  await expect(results.first().locator(".search-product-sku")).toContainText("Art.-Nr.");
  expect(await page.locator('[data-testid="search-results-product"] .search-product-brand').count()).toBeGreaterThan(0);
  await hydrated(page, '[data-testid="search-sort-price-asc"]');
  const filters = page.locator('[data-slot="search-results-filters"] [data-testid="search-filters"]');
  await expect(filters).toBeVisible({ timeout: 20_000 });
  await filters.getByTestId(`search-filter-value-manufacturer-${maker.key}`).check();
  await expect(page).toHaveURL(new RegExp(`f-manufacturer=${maker.key}`));
  const list = page.getByTestId("search-results-filtered-list");
  await expect(list.getByTestId("search-product")).toHaveCount(Math.min(maker.count, CATEGORY_PAGE_SIZE));
  await expect(page.getByTestId("search-results-filtered-count")).toContainText(String(maker.count));
  await expect(list.locator(".search-product-brand").first()).toHaveText(maker.name);
  await expect(filters.locator(".search-chip")).toContainText(maker.name);
  // Sorted by price, cheapest first, the filter kept.
  await page.getByTestId("search-sort-price-asc").click();
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page).toHaveURL(new RegExp(`f-manufacturer=${maker.key}`));
  await expect(list).toHaveAttribute("aria-busy", "false");
  const prices = (await list.locator(".search-product-price").allTextContents()).map((text) => Number(text.replace(/[^\d,]/g, "").replace(",", ".")));
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  // On a phone its filters fold behind the same button as a category's.
  await page.setViewportSize({ width: 390, height: 844 });
  const toggle = page.getByTestId("filter-toggle");
  await expect(filters).toBeHidden();
  await expect(toggle).toHaveText("Filter (1)");
  await toggle.click();
  await expect(filters).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("DE-phone-search-results.png"), fullPage: true });
  expect(errors).toEqual([]);
});
