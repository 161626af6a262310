import { expect, test, type Page } from "@playwright/test";
import { fetchPage, testHost, testOrigin } from "./support/site";

/**
 * Category filters: the search's filter sidebar on a category page with counts,
 * applied without a reload, the state in the URL (shareable, the back button works), the
 * filtered view not indexed (robots meta and X-Robots-Tag) and canonical to the unfiltered
 * page, sorting kept with the filters; in DE and in the Swiss shop in French. And the
 * header search without JavaScript: the form leads to a results page.
 */

/** The first world of the main navigation, opened from the home page. */
async function openWorld(page: Page, home: string): Promise<string> {
  await page.goto(home);
  const world = page.locator(".world-list > li.world-item > a").first();
  await world.click();
  await page.waitForURL(/\.html$/);
  // The address changes before the category renders: wait for its list before reading the page.
  await expect(page.locator("#product-list")).toBeVisible();
  return page.url();
}

const robotsOf = (page: Page) => page.locator('head meta[name="robots"]').getAttribute("content");
const canonicalOf = (page: Page) => page.locator('head link[rel="canonical"]').getAttribute("href");
const xRobotsOf = (page: Page, url: string) => page.evaluate(async (target) => (await fetch(target)).headers.get("x-robots-tag"), url);

/** A value checkbox that narrows the list (count below the total), with its count. */
async function narrowingValue(page: Page, total: number) {
  const panel = page.locator('[data-slot="category-filters"] [data-testid="search-filters"]');
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const boxes = panel.locator('input[type="checkbox"]');
  expect(await boxes.count()).toBeGreaterThan(0);
  for (let index = 0; index < (await boxes.count()); index += 1) {
    const box = boxes.nth(index);
    const label = (await box.locator("xpath=..").textContent()) ?? "";
    const count = Number(/\((\d+)\)\s*$/.exec(label.trim())?.[1] ?? "0");
    if (count > 0 && count < total) return { box, count, testId: (await box.getAttribute("data-testid"))! };
  }
  const box = boxes.first();
  const label = (await box.locator("xpath=..").textContent()) ?? "";
  return { box, count: Number(/\((\d+)\)\s*$/.exec(label.trim())?.[1] ?? "0"), testId: (await box.getAttribute("data-testid"))! };
}

for (const { shop, home, totalWord, currency } of [
  { shop: "DE" as const, home: `${testOrigin("DE")}/`, totalWord: "Produkte", currency: "€" },
  { shop: "CH" as const, home: `${testOrigin("CH")}/fr/`, totalWord: "produits", currency: "CHF" },
]) {
  test(`${shop}: a category filtered without a reload, in the URL, back and forth, not indexed`, async ({ page }) => {
    const categoryUrl = await openWorld(page, home);
    const unfiltered = new URL(categoryUrl);
    // The shop's canonical origin (production), the category's own path. After a client-side
    // navigation the head follows the URL once the page has rendered: wait for it.
    await expect.poll(async () => new URL((await canonicalOf(page)) ?? "about:blank").pathname).toBe(unfiltered.pathname);
    const ownCanonical = (await canonicalOf(page))!;
    expect(await robotsOf(page)).toBe("index,follow");
    expect(await xRobotsOf(page, categoryUrl)).toBeNull();

    // The sidebar shows the category's total and the values with their counts.
    const totalText = page.locator('[data-slot="category-filters"] .search-filter-total');
    await expect(totalText).toContainText(totalWord);
    const total = Number(/(\d+)/.exec((await totalText.textContent())!)![1]);
    expect(total).toBeGreaterThan(0);
    const { box, count, testId } = await narrowingValue(page, total);
    expect(count).toBeGreaterThan(0);

    // No reload: a marker on window survives the filtering.
    await page.evaluate(() => ((window as unknown as { filterMarker: number }).filterMarker = 18));
    await box.check();
    await expect(page).toHaveURL(/[?&]f-[a-z0-9_]+=/);
    const filteredList = page.getByTestId("category-filtered-list");
    await expect(filteredList.getByTestId("search-product")).toHaveCount(Math.min(count, 24));
    await expect(totalText).toContainText(String(count));
    await expect(filteredList.locator(".search-product-price").first()).toContainText(currency);
    expect(await page.evaluate(() => (window as unknown as { filterMarker?: number }).filterMarker)).toBe(18);

    // Filtered: noindex, canonical to the unfiltered page, and the edge says so too.
    const filteredUrl = page.url();
    expect(new URL(filteredUrl).pathname).toBe(unfiltered.pathname);
    await expect.poll(() => robotsOf(page)).toBe("noindex,follow");
    expect(await canonicalOf(page)).toBe(ownCanonical);
    expect(await xRobotsOf(page, filteredUrl)).toBe("noindex");
    const raw = await fetchPage(testHost(shop), `${new URL(filteredUrl).pathname}${new URL(filteredUrl).search}`);
    expect(raw.status).toBe(200);

    // Back: the unfiltered list and the page's own robots; forward: filtered again.
    await page.goBack();
    await expect(page).toHaveURL(categoryUrl);
    await expect(page.getByTestId("category-static-list")).toBeVisible();
    await expect(page.getByTestId(testId)).not.toBeChecked();
    await expect.poll(() => robotsOf(page)).toBe("index,follow");
    await page.goForward();
    await expect(page).toHaveURL(filteredUrl);
    await expect(page.getByTestId("category-filtered-list").getByTestId("search-product")).toHaveCount(Math.min(count, 24));
    await expect(page.getByTestId(testId)).toBeChecked();

    // Sorting keeps the filters: the same page with `sort` in its query (docs/decisions/0054).
    const sortLink = page.locator("nav.sorting a.chip").first();
    if ((await sortLink.count()) > 0) {
      await sortLink.click();
      await expect(page).toHaveURL(/\.html\?(?=.*[?&]sort=[a-z]+-(asc|desc)(&|$))(?=.*f-[a-z0-9_]+=)/);
      expect(new URL(page.url()).pathname).toBe(unfiltered.pathname);
      await expect(page.getByTestId("category-filtered-list").getByTestId("search-product")).toHaveCount(Math.min(count, 24));
      await expect(page.locator('nav.sorting [aria-current="true"]')).toHaveCount(1);
      await page.goBack();
      await expect(page).toHaveURL(filteredUrl);
    }

    // Shareable: the filtered URL opened afresh shows the filtered list with the value chosen.
    const fresh = await page.context().newPage();
    await fresh.goto(filteredUrl);
    await expect(fresh.getByTestId("category-filtered-list").getByTestId("search-product")).toHaveCount(Math.min(count, 24));
    await expect(fresh.getByTestId(testId)).toBeChecked();
    await expect.poll(() => robotsOf(fresh)).toBe("noindex,follow");
    expect(await canonicalOf(fresh)).toBe(ownCanonical);
    await fresh.close();
  });
}

test("DE: another sort order is the API's list on the category's own page, paged by query, not indexed; the default order's pages stay static", async ({
  page,
}) => {
  const categoryUrl = await openWorld(page, `${testOrigin("DE")}/`);
  const path = new URL(categoryUrl).pathname;
  const sortLink = page.locator("nav.sorting a.chip").first();
  test.skip((await sortLink.count()) === 0, "the first world offers one sort order only");
  // The static list and its crawlable pagination: page 2 of the default order is a static page.
  const static2 = page.locator('[data-testid="category-static-list"] nav.pagination a[rel="next"]');
  const pagedPath = (await static2.count()) > 0 ? new URL((await static2.getAttribute("href"))!, categoryUrl).pathname : null;
  if (pagedPath) {
    expect(pagedPath).toBe(path.replace(/\.html$/, "/page-2.html"));
    expect((await fetchPage(testHost("DE"), pagedPath)).status).toBe(200);
  }
  // No static page per sort order any more: an earlier build's URL of one leads to the category in that order.
  const old = await fetchPage(testHost("DE"), path.replace(/\.html$/, "/sort-price-asc-page-2.html"));
  expect([old.status, old.location]).toEqual([301, `${testOrigin("DE")}${path}?sort=price-asc&page=2`]);

  const key = (await sortLink.getAttribute("href"))!.match(/[?&]sort=([a-z]+-(?:asc|desc))/)![1]!;
  await sortLink.click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.]/g, "\\.")}\\?sort=${key}$`));
  const sorted = page.getByTestId("category-filtered-list");
  await expect(sorted.getByTestId("search-product").first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('nav.sorting [aria-current="true"]')).toHaveCount(1);
  await expect.poll(() => robotsOf(page)).toBe("noindex,follow");
  expect(new URL((await canonicalOf(page))!).pathname).toBe(path);
  expect(await xRobotsOf(page, page.url())).toBe("noindex");
  // Its page 2, by query on the same page.
  const next = sorted.locator('nav.pagination a[rel="next"]');
  if ((await next.count()) > 0) {
    await next.click();
    await expect(page).toHaveURL(new RegExp(`\\?sort=${key}&page=2$`));
    await expect(sorted.getByTestId("search-product").first()).toBeVisible();
  }
  // A hostile sort value is no sort: the static list.
  await page.goto(`${categoryUrl}?sort=%3Cscript%3E-asc`);
  await expect(page.getByTestId("category-static-list")).toBeVisible();
  await expect.poll(() => robotsOf(page)).toBe("index,follow");
});

test.describe("the header search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { shop, home, path } of [
    { shop: "DE" as const, home: `${testOrigin("DE")}/`, path: "/search-results/" },
    { shop: "CH" as const, home: `${testOrigin("CH")}/fr/`, path: "/fr/search-results/" },
  ]) {
    test(`${shop}: the form leads to a results page with products`, async ({ page }) => {
      // Plain links and forms only: the first world, then a word of its first product's title.
      await page.goto(home);
      await page.locator(".world-list > li.world-item > a").first().click();
      await page.waitForURL(/\.html$/);
      const title = (await page.locator(".product-card .card-title").first().textContent())!.trim();
      const word =
        title
          .split(/\s+/)
          .map((part) => part.replace(/[^\p{L}\p{N}]/gu, ""))
          .find((part) => part.length >= 4) ?? title;
      await page.getByTestId("header-search").fill(word);
      await page.getByTestId("header-search").press("Enter");
      await page.waitForURL((url) => url.pathname === path && url.searchParams.get("q") === word);
      const count = page.getByTestId("search-results-count");
      await expect(count).toBeVisible();
      const first = page.getByTestId("search-results-product").first();
      await expect(first).toBeVisible();
      expect(await robotsOf(page)).toContain("noindex");
      const productTitle = (await first.locator(".search-product-name").textContent())!.trim();
      await first.locator("a").click();
      await expect(page.getByTestId("product-title")).toHaveText(productTitle);
    });
  }
});
