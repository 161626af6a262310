import { expect, test } from "@playwright/test";
import { slugPath } from "@domain/routes";
import { isOrderable } from "@scripts/lib/demo-products";
import { loadShopConfig } from "@scripts/lib/shops";
import { builtPages, builtRoot } from "./support/crawl";
import { demoProducts } from "./support/shopper";
import { hydrated, listenerCount, testHost, testOrigin } from "./support/site";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * What the pages leave for later (docs/decisions/0060): a part below the first screen
 * (`hydrateWhenVisible`, site/src/lib/lazy.ts) neither loads its code nor hydrates before it
 * comes near the viewport, however long the visitor stays at the top, and works once
 * scrolled to; the category page's static list keeps its elements when the filter sidebar
 * arrives (its pictures are not painted a second time). On a phone's screen.
 */
test.use({ viewport: { width: 412, height: 823 } });

const FOOTER_CHUNK = /\/site-footer-[0-9a-f]+\.js$/;
const FOOTER_LINK = "footer.site-footer .footer-grid a[href^='/']";

test("DE home: the footer's code loads only when the visitor scrolls to it, and its links then work in the page", async ({ page, context }) => {
  // A visitor who answered the cookie consent: its dialog stays off the footer.
  await context.addCookies([{ name: "bh_consent", value: "necessary", domain: testHost("DE"), path: "/" }]);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${testOrigin("DE")}/`);
  // The parts that wait for the idle browser have loaded (the header's sample cart): the footer has not.
  await hydrated(page, "[data-slot=sample-cart]");
  await page.waitForTimeout(500);
  expect(requested.filter((path) => FOOTER_CHUNK.test(path))).toEqual([]);
  const cdp = await page.context().newCDPSession(page);
  expect(await listenerCount(cdp, FOOTER_LINK)).toBe(0);
  await cdp.detach();

  const chunk = page.waitForRequest((request) => FOOTER_CHUNK.test(new URL(request.url()).pathname));
  await page.locator("footer.site-footer").scrollIntoViewIfNeeded();
  await chunk;
  await hydrated(page, FOOTER_LINK);
  // A hydrated link navigates inside the page (Gatsby's router): the document stays the same.
  const link = page.locator(FOOTER_LINK).first();
  const target = await link.getAttribute("href");
  await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
  await link.click();
  await page.waitForURL((url) => url.pathname === target);
  expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("DE category: the static list keeps its elements while the filter sidebar loads", async ({ page }) => {
  const root = builtRoot("DE");
  const category = builtPages("DE").find((path) =>
    readFileSync(join(root, path.endsWith("/") ? `${path}index.html` : path), "utf8").includes('data-testid="category-static-list"'),
  );
  expect(category, "a category page in the build").toBeTruthy();
  await page.goto(`${testOrigin("DE")}${category}`);
  await page.evaluate(() => {
    (window as Window & { firstImage?: Element | null }).firstImage = document.querySelector("[data-testid=category-static-list] img");
  });
  await expect(page.locator('[data-slot="category-filters"] [data-testid="search-filters"]')).toBeAttached();
  expect(
    await page.evaluate(() => {
      const before = (window as Window & { firstImage?: Element | null }).firstImage;
      return before !== null && before !== undefined && before.isConnected && before === document.querySelector("[data-testid=category-static-list] img");
    }),
  ).toBe(true);
});

/**
 * The product page's buy box: the live delivery box (dates, modes, country chooser) is several lines taller than
 * its static line, so it comes last; the counter, add-to-cart and the inquiry buttons stay where they were
 * when the page became usable, however late the delivery data arrives (a click must not land beside its button).
 */
for (const { shop, language } of [
  { shop: "DE", language: "de" },
  { shop: "CH", language: "fr" },
] as const) {
  test(`${shop}-${language} product: nothing a shopper clicks in the buy box moves when the delivery data loads`, async ({ page, request }) => {
    const config = loadShopConfig().shops.find((each) => each.id === shop)!;
    const product = (await demoProducts(request, shop, language)).find(isOrderable);
    expect(product, "an orderable product").toBeDefined();
    let answer!: () => void;
    const released = new Promise<void>((resolve) => (answer = resolve));
    // The delivery data arrives only after the buttons are usable, as on a slow connection.
    await page.route("**/delivery/byCountryCode/**", async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${testOrigin(shop)}${slugPath(config, language, product!.slug)}`);
    await page.keyboard.press("Shift");
    await expect(page.getByTestId("add-to-cart")).toBeEnabled();
    const clickable = ["[data-testid=quantity-counter]", "[data-testid=add-to-cart]", "[data-testid=ask-question]"];
    const positions = () => Promise.all(clickable.map(async (selector) => (await page.locator(selector).boundingBox())?.y));
    const before = await positions();
    answer();
    await expect(page.locator("[data-testid=delivery-standard], [data-testid=delivery-none]").first()).toBeVisible();
    expect(await positions()).toEqual(before);
  });
}
