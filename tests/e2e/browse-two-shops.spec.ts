import { expect, test } from "@playwright/test";
import { TEST_PORT, testHost, testOrigin } from "./support/site";

/** Two shops by host, each from its own build: home -> category -> product. */
for (const { host, home, language, currency } of [
  { host: testHost("DE"), home: "/", language: "de", currency: "€" },
  { host: testHost("CH"), home: "/de/", language: "de", currency: "CHF" },
]) {
  test(`a visitor browses ${host} from home to a category to a product`, async ({ page }) => {
    await page.goto(`http://${host}${home}`);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expect(page.locator("h1")).toBeVisible();

    const world = page.locator(".world-list > li.world-item > a").first();
    const worldName = (await world.textContent())!.trim();
    await world.click();
    await page.waitForURL(home === "/" ? /^http:\/\/[^/]+\/[a-z0-9/-]+\.html$/ : /^http:\/\/[^/]+\/de\/[a-z0-9/-]+\.html$/);
    // The category's own heading: the home page's heading may name the world too, and the URL changes before the new page shows.
    await expect(page.locator("h1")).toHaveText(worldName);

    const productTitle = (await page.locator(".product-card .card-title").first().textContent())!.trim();
    // The card with that title (a listing that re-renders after hydration may reorder its cards).
    await page.locator(".product-card .card-title", { hasText: productTitle }).first().click();
    await expect(page.getByTestId("product-title")).toHaveText(productTitle);
    await expect(page.getByTestId("package-price")).toContainText(currency);
    await expect(page.locator(".breadcrumbs")).toContainText(worldName);
    expect(page.url()).toContain(`http://${host}/`);
  });
}

test("an unknown path shows the shop's 404 page with status 404", async ({ page }) => {
  const response = await page.goto(`${testOrigin("DE")}/gibt-es-nicht.html`);
  expect(response?.status()).toBe(404);
  await expect(page.locator("h1")).toHaveText("Diese Seite konnte nicht gefunden werden");
});

test("an unknown host gets the no-shop-found page listing the shops", async ({ page }) => {
  await page.goto(`http://unknown.localhost:${TEST_PORT}/`);
  await expect(page.locator("h1")).toContainText("Shop not found");
  await expect(page.locator(`a[href='${testOrigin("DE")}/']`)).toBeVisible();
});
