import { expect, test } from "@playwright/test";
import { testOrigin } from "./support/site";

/**
 * A Swiss visitor whose browser prefers French lands on the French
 * home page (the worker redirects / to /fr/ by Accept-Language) and stays on /fr/
 * pages in French while browsing to a category and a product.
 */
const ORIGIN = testOrigin("CH");

test.use({ locale: "fr-CH", extraHTTPHeaders: { "accept-language": "fr-CH,fr;q=0.9" } });

test("a French-speaking Swiss visitor lands on /fr/ and stays in French", async ({ page, context }) => {
  const response = await page.goto(`${ORIGIN}/`);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe("/fr/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator("h1")).toBeVisible();

  // Arriving on a prefixed page stored the choice for 365 days.
  const locale = (await context.cookies(ORIGIN)).find((cookie) => cookie.name === "shop_locale");
  expect(locale?.value).toBe("fr");
  expect(locale!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

  const world = page.locator("nav.main-nav a").first();
  const worldName = (await world.textContent())!.trim();
  await world.click();
  await expect(page.locator("h1")).toHaveText(worldName);
  expect(new URL(page.url()).pathname).toMatch(/^\/fr\/[a-z0-9/-]+\.html$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  const product = page.locator(".card h3").first();
  const productTitle = (await product.textContent())!.trim();
  await product.click();
  await expect(page.locator("h1")).toHaveText(productTitle);
  expect(new URL(page.url()).pathname).toMatch(/^\/fr\/[a-z0-9/-]+\.html$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByTestId("package-price")).toContainText("CHF");

  // A full reload of an unprefixed page now follows the stored cookie, not just the browser.
  await page.goto(`${ORIGIN}/`);
  expect(new URL(page.url()).pathname).toBe("/fr/");
});

test("the French header keeps the search field usable beside its long words at 1280 and 1024 px", async ({ page }) => {
  await page.goto(`${ORIGIN}/fr/`);
  // The language links and the account links load when idle: measure with the whole header.
  await expect(page.locator(".header-utility .language-chooser")).toBeVisible();
  await expect(page.getByTestId("header-login")).toBeVisible();
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    const search = await page.getByTestId("header-search").boundingBox();
    expect(search!.width, `the search field at ${width} px`).toBeGreaterThanOrEqual(240);
    // Nothing of the header runs off the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
