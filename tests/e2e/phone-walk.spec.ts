import { expect, test, type Locator, type Page } from "@playwright/test";
import { cartPath, homePath, slugPath } from "@domain/routes";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { loadShopConfig } from "@scripts/lib/shops";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * A shopper on a phone (390 × 844, touch, a phone's browser) walks home, a category (opening
 * its filters with the filter toggle), a product (its price above the fold), the cart and the
 * checkout, in DE and in CH-fr; each screen is compared with its approved screenshot.
 *
 * Approving new screenshots (after a change of the pages' look, or when the demo catalogue
 * changed): run
 *
 *   npx playwright test tests/e2e/phone-walk.spec.ts --update-snapshots
 *
 * then LOOK at every PNG in tests/e2e/screenshots/ (the changed ones show in `git status`) and
 * commit them with the change. What changes from run to run (delivery
 * dates, counters, the sample cart's time left) is masked.
 */
const config = loadShopConfig();
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};
test.use(PHONE);

const WALKS = [
  { shop: "DE" as const, language: "de" as const, filter: /Filter/ },
  { shop: "CH" as const, language: "fr" as const, filter: /Filtre/ },
];

/** What differs between runs of the same build: live dates, counters and the like. */
const dynamic = (page: Page): Locator[] => [
  page.locator("[data-testid^=delivery]"),
  page.locator("[data-testid=samples-today]"),
  page.locator(".samples-counter"),
  page.locator("[data-testid=cart-delivery], .cart-delivery, .delivery-window, time"),
];

async function screen(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveScreenshot(name, { mask: dynamic(page), maxDiffPixelRatio: 0.01, animations: "disabled" });
}

/** The first orderable floor of the catalogue (sold by the pack, with samples; by SKU: the same product every run of the same catalogue). */
async function walkProduct(request: Parameters<typeof demoProducts>[0], shop: string, language: "de" | "fr"): Promise<ProductNode> {
  const nodes = await demoProducts(request, shop);
  const skus = nodes.filter((node) => isOrderable(node) && node.stock.quantity >= 10 && node.packageContent > 0 && node.samples.active).map((node) => node.sku);
  skus.sort();
  const inLanguage = (await demoProducts(request, shop, language)).find((node) => node.sku === skus[0]);
  if (!inLanguage) throw new Error(`no orderable product in ${shop}`);
  return inLanguage;
}

for (const walk of WALKS) {
  test(`a phone walk through ${walk.shop}-${walk.language}: home, category with filters, product, cart, checkout`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const shop = config.shops.find((each) => each.id === walk.shop)!;
    const origin = testOrigin(walk.shop);
    await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" }]);
    const product = await walkProduct(request, walk.shop, walk.language);
    const productPath = slugPath(shop, walk.language, product.slug);

    // Home: the logo whole, the notices compact.
    await page.goto(`${origin}${homePath(shop, walk.language)}`);
    await page.keyboard.press("Shift");
    const logo = page.locator(".site-header .logo");
    const box = (await logo.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await logo.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screen(page, `${walk.shop}-${walk.language}-home.png`);

    // The product's category (its breadcrumbs' last link), with the filter toggle.
    await page.goto(`${origin}${productPath}`);
    const categoryPath = await page.locator(".breadcrumbs a").last().getAttribute("href");
    await page.goto(`${origin}${categoryPath}`);
    await page.keyboard.press("Shift");
    await screen(page, `${walk.shop}-${walk.language}-category.png`);
    // The filters open with their toggle (soft: the walk goes on to the product without it).
    const toggle = page.getByRole("button", { name: walk.filter }).first();
    await expect.soft(toggle, "the category's filter toggle").toBeVisible();
    if (await toggle.isVisible()) {
      await toggle.click();
      await screen(page, `${walk.shop}-${walk.language}-category-filters.png`);
    }

    // The product: its price above the fold.
    await page.goto(`${origin}${productPath}`);
    await page.keyboard.press("Shift");
    const price = page.getByTestId("package-price");
    await expect(price).toBeVisible();
    const priceBox = (await price.boundingBox())!;
    expect(priceBox.y + priceBox.height, "the price is above the fold").toBeLessThanOrEqual(844);
    await screen(page, `${walk.shop}-${walk.language}-product.png`);

    // Add to cart: the mini-cart confirms it and leads to the cart.
    await expect(page.getByTestId("add-to-cart")).toBeEnabled();
    await page.getByTestId("add-to-cart").click();
    const mini = page.getByTestId("mini-cart-panel");
    await expect(mini).toBeVisible();
    await expect(mini).toContainText(product.content.title);
    await mini.getByTestId("mini-cart-to-cart").click();
    await expect(page).toHaveURL((url) => url.pathname === cartPath(shop, walk.language));
    await expect(page.getByTestId("cart-page")).toBeVisible();
    await expect(page.getByTestId("cart-page")).not.toHaveAttribute("aria-busy", "true");
    await screen(page, `${walk.shop}-${walk.language}-cart.png`);

    await page.getByTestId("to-checkout").click();
    await expect(page.getByTestId("checkout-page")).toBeVisible();
    // The checkout's code and its quote load after the page: the screenshot waits for the form, not the loading line.
    await expect(page.getByTestId("checkout-page")).not.toHaveAttribute("aria-busy", "true");
    await expect(page.locator("form.checkout-form")).toBeVisible();
    await screen(page, `${walk.shop}-${walk.language}-checkout.png`);
  });
}
