import { expect, test } from "@playwright/test";
import { fetchPage, hydrated, testHost, testOrigin } from "./support/site";

/**
 * The home blocks and the demo's Black Week campaign (docs/decisions/0048), as the
 * browser tests' build shows them (the demo catalogue is generated with the run's clock, so its
 * Black Week runs): HeadBanner per platform, Search, AboutGrid and Founder on the home page; the
 * campaign's navigation banner and start banner leading to its SALES page with the hub; the
 * carousel route /static/black-week/layouts/BlackWeekCarousel in DE and CH (French).
 */
const DE = testOrigin("DE");
const CH = testOrigin("CH");
const CAROUSEL = "/static/black-week/layouts/BlackWeekCarousel";

test.beforeEach(async ({ context }) => {
  // A visitor who answered the consent, so its dialog covers nothing.
  for (const origin of [DE, CH]) await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" }]);
});

test("DE home: the head banner of the platform, search, about grid, founder, and the campaign's banners leading to its hub", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${DE}/`);
  const desktop = page.locator(".head-banner-desktop");
  const mobile = page.locator(".head-banner-mobile");
  await expect(desktop).toBeVisible();
  await expect(desktop).toContainText("Persönliche Beratung am Telefon");
  await expect(mobile).toBeHidden();
  await expect(page.getByTestId("home-search")).toBeVisible();
  await expect(page.getByTestId("about-grid").getByRole("link")).not.toHaveCount(0);
  await expect(page.getByTestId("founder")).toContainText("Jakob Brenner");
  await expect(page.getByTestId("campaign-nav")).toContainText("Black Week");
  const start = page.getByTestId("campaign-start");
  await expect(start).toContainText("Black Week");

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(mobile).toBeVisible();
  await expect(desktop).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await start.getByRole("link").click();
  await expect(page).toHaveURL(`${DE}/sale.html`);
  const hub = page.getByTestId("campaign-hub");
  await expect(hub.getByRole("heading", { name: "Black Week" })).toBeVisible();
  await expect(page.getByTestId("campaign-redeem")).toHaveText("Die Aktionspreise sind schon im Shop – kein Code nötig.");
  await expect(page.getByTestId("campaign-until")).toContainText(/Nur bis \d{1,2}\. \S+ \d{4}/);
  const slides = page.getByTestId("campaign-first-slider").getByRole("link");
  await expect(slides).not.toHaveCount(0);
  // Every slide leads to a page of the shop.
  for (const href of await slides.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
    expect((await fetchPage(testHost("DE"), href)).status, href).toBe(200);
  }
});

test("DE home: ProbesInfo with the samples counter, and WorldsSection with every world of the menu and its subcategories", async ({ page }) => {
  await page.goto(`${DE}/`);
  const probes = page.getByTestId("probes-info");
  await expect(probes.getByRole("heading")).toHaveText("Kostenlose Muster: Farbe und Oberfläche vor dem Kauf sehen");
  await expect(probes.locator("ol li")).toHaveCount(3);
  await probes.scrollIntoViewIfNeeded();
  await expect(probes.getByTestId("samples-today")).toBeVisible();
  const worlds = page.getByTestId("worlds-section");
  const menuWorlds = await page.locator("nav.main-nav .world-list > li.has-menu > a").allTextContents();
  expect(menuWorlds.length).toBeGreaterThan(0);
  await expect(worlds.locator("h3")).toHaveText(menuWorlds);
  for (const href of await worlds.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))) {
    expect((await fetchPage(testHost("DE"), href)).status, href).toBe(200);
  }
});

test("DE home search block opens the search overlay with what was typed", async ({ page }) => {
  await page.goto(`${DE}/`);
  // Before hydration the form is the plain search form that leaves the page.
  await hydrated(page, "#home-search-field");
  await page.locator("#home-search-field").fill("Eiche");
  await page.getByTestId("home-search").getByRole("button").click();
  await expect(page.getByTestId("search-overlay")).toBeVisible();
  await expect(page.getByTestId("search-input")).toHaveValue("Eiche");
});

test("the carousel route in DE by its spec path: not indexed, cached as a page", async ({ page }) => {
  const bare = await fetchPage(testHost("DE"), CAROUSEL);
  expect(bare.status).toBe(301);
  expect(new URL(bare.location!, DE).pathname).toBe(`${CAROUSEL}/`);
  // The browser follows the redirect to the page, which is cached as a page, not as a build file.
  const response = await page.goto(`${DE}${CAROUSEL}`);
  expect(response?.status()).toBe(200);
  expect(response?.url()).toBe(`${DE}${CAROUSEL}/`);
  expect(response?.headers()["cache-control"]).toMatch(/^public, max-age=60/);
  await expect(page.getByRole("heading", { level: 1, name: "Black Week" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByTestId("campaign-first-slider")).toBeVisible();
});

test.describe("a French-speaking visitor of the Swiss shop", () => {
  test.use({ locale: "fr-CH", extraHTTPHeaders: { "accept-language": "fr-CH,fr;q=0.9" } });

  test("CH: the carousel route without a language leads to the French page", async ({ page }) => {
    await page.goto(`${CH}${CAROUSEL}`);
    await expect(page).toHaveURL(`${CH}/fr${CAROUSEL}/`);
    await expect(page.getByTestId("campaign-redeem")).toHaveText("Les prix de l'opération sont déjà appliqués – aucun code nécessaire.");
    await expect(page.getByTestId("campaign-nav")).toContainText("Black Week : produits sélectionnés à prix réduits");
  });
});
