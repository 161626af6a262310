import { expect, test } from "@playwright/test";
import { fetchPage, openSearchOverlay, testHost } from "./support/site";

/**
 * Search in the browser: the overlay from the header search form with
 * suggestions from three characters on, the filter tab, "load more" and opening a
 * product; the search page behind the new_search_enabled cookie. The demo catalogue is
 * random, so the query is the one of a few candidates that finds the most products.
 */
const HOST = testHost("DE");
const ORIGIN = `http://${HOST}`;
const CANDIDATES = ["eiche", "vinyl", "parkett", "laminat", "klick", "diele"];

async function broadQuery(): Promise<{ query: string; total: number }> {
  let best = { query: CANDIDATES[0]!, total: -1 };
  for (const query of CANDIDATES) {
    const response = await fetchPage(HOST, `/apiv2/search?query=${encodeURIComponent(query)}&limit=1&log=false`);
    expect(response.status).toBe(200);
    const json = JSON.parse(response.body) as { data: { searchResults: { type: string; totalResults: number }[] } };
    const total = json.data.searchResults.find((group) => group.type === "products")!.totalResults;
    if (total > best.total) best = { query, total };
  }
  return best;
}

test("overlay: suggestions after three characters, a filter, load more, open a product", async ({ page }) => {
  const { query, total } = await broadQuery();
  expect(total).toBeGreaterThan(0);

  await page.goto(`${ORIGIN}/`);
  const overlay = await openSearchOverlay(page);
  const input = overlay.getByTestId("search-input");
  await expect(input).toBeFocused();

  // Under the minimum: the hint with the current count, no results.
  await input.fill(query.slice(0, 2));
  await expect(overlay.getByTestId("search-min-chars")).toContainText("Bitte verwenden Sie mindestens 3 Zeichen");
  await expect(overlay.getByTestId("search-min-chars")).toContainText("2 von 3");
  await expect(overlay.getByTestId("search-product")).toHaveCount(0);

  // Three characters: suggestions.
  await input.fill(query.slice(0, 3));
  await expect(overlay.getByTestId("search-group-products")).toBeVisible();
  await expect(overlay.getByTestId("search-product").first()).toBeVisible();

  // The whole word; the products tab shows 12 per page. Wait for the suggestions of the whole
  // word: a prefix may have the same count, and its results would replace the list later.
  const settled = page.waitForResponse(
    (response) => response.url().includes("/apiv2/search/suggestions") && new URL(response.url()).searchParams.get("query") === query,
  );
  await input.fill(query);
  await settled;
  await expect(overlay.getByTestId("search-tab-products")).toContainText(`(${total})`);
  await overlay.getByTestId("search-tab-products").click();
  const list = overlay.getByTestId("search-list-products");
  await expect(list.getByTestId("search-product")).toHaveCount(Math.min(12, total));
  if (total > 12) {
    await list.getByTestId("search-load-more").click();
    await expect(list.getByTestId("search-product")).toHaveCount(Math.min(24, total));
  }

  // Apply a filter: the first manufacturer; the product count follows the filter's count.
  await overlay.getByTestId("search-tab-filter").click();
  const manufacturers = overlay.getByTestId("search-filter-manufacturer");
  await expect(manufacturers).toBeVisible();
  const first = manufacturers.locator("input[type=checkbox]").first();
  const label = (await manufacturers.locator("label").first().innerText()).trim();
  const expected = Number(/\((\d+)\)\s*$/.exec(label)![1]);
  await first.check();
  await expect(overlay.getByTestId("search-tab-filter")).toContainText("(1)");
  await expect(overlay.getByTestId("search-tab-products")).toContainText(`(${expected})`);
  await overlay.getByTestId("search-tab-products").click();
  await expect(list.getByTestId("search-product")).toHaveCount(Math.min(12, expected));

  // Resetting the filter re-runs the search and shows the products tab.
  await overlay.getByTestId("search-tab-filter").click();
  await overlay.getByTestId("search-reset-manufacturer").click();
  await expect(overlay.getByTestId("search-tab-products")).toHaveAttribute("aria-selected", "true");
  await expect(overlay.getByTestId("search-tab-products")).toContainText(`(${total})`);

  // Open a product.
  const product = list.getByTestId("search-product").first();
  const name = (await product.locator(".search-product-name").innerText()).trim();
  await product.locator("a").first().click();
  await expect(page).toHaveURL(/\.html$/);
  await expect(page.locator("h1")).toContainText(name);
});

test("overlay: no results point to the chat; the last searches are remembered", async ({ page }) => {
  const { query } = await broadQuery();
  await page.goto(`${ORIGIN}/`);
  const overlay = await openSearchOverlay(page);
  const input = overlay.getByTestId("search-input");
  await input.fill("xqzwv");
  await expect(overlay.getByTestId("search-no-results")).toBeVisible();
  await expect(overlay.getByTestId("search-no-results").locator("a")).toHaveAttribute("href", "/chat.html");

  // A search that finds products is remembered and offered when the overlay opens again.
  await input.fill(query);
  await overlay.getByTestId("search-tab-products").click();
  await expect(overlay.getByTestId("search-product").first()).toBeVisible();
  await overlay.getByTestId("search-close").click();
  await expect(overlay).toHaveCount(0);
  await page.getByTestId("header-search").click();
  await expect(page.getByTestId("search-last-searches")).toContainText(query);
});

test("search page: only with the new_search_enabled cookie; results with the filter sidebar", async ({ page, context }) => {
  const { query, total } = await broadQuery();
  const without = await fetchPage(HOST, `/search/?q=${query}`);
  expect(without.status).toBe(404);

  await context.addCookies([{ name: "new_search_enabled", value: "1", url: ORIGIN }]);
  await page.goto(`${ORIGIN}/search/?q=${encodeURIComponent(query)}`);
  const searchPage = page.getByTestId("search-page");
  await expect(searchPage.getByTestId("search-input")).toHaveValue(query);
  await expect(searchPage.getByTestId("search-tab-products")).toContainText(`(${total})`);
  await expect(searchPage.getByTestId("search-filters").first()).toBeVisible();
  await expect(searchPage.getByTestId("search-product").first()).toBeVisible();
});
