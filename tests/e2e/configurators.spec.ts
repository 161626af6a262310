import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { localSecret } from "@scripts/lib/local-worker";
import { TEST_WORKER, testOrigin } from "./support/site";

/**
 * The product configurators in the browser (DE): a blind chosen by image from the
 * demo's roof-window file (its anthracite has no variant), and a roof window configured step
 * by step into the cart as a set (scripts/catalogue-demo/roof-windows.ts).
 */
const ORIGIN = testOrigin("DE");
const GRAPHQL_AUTHORIZATION = { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` };

async function slugOf(request: APIRequestContext, sku: string): Promise<string> {
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: GRAPHQL_AUTHORIZATION,
    data: { query: `{ product(shop: "DE", language: "de", sku: "${sku}") { slug } }` },
  });
  const json = (await response.json()) as { data: { product: { slug: string } | null } };
  if (!json.data.product) throw new Error(`${sku} is not in the demo catalogue`);
  return json.data.product.slug;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.keyboard.press("Shift");
}

/** Opens the configurator; a click before the page has hydrated may be lost, so it clicks until the panel is open. */
async function openConfigurator(page: Page): Promise<void> {
  const button = page.getByTestId("open-configurator");
  await expect(async () => {
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass();
}

test("configure a product: options as images, 'not available' without a variant, the variant's title and SKU, into the cart", async ({ page, request }) => {
  await open(page, `${ORIGIN}/${await slugOf(request, "PLI-DF")}.html`);
  await openConfigurator(page);
  const configurator = page.getByTestId("product-configurator");
  await expect(configurator.locator(".configurator-options.images img")).toHaveCount(3);
  await configurator.getByText("Anthrazit").click();
  await expect(page.getByTestId("configuration-unavailable")).toHaveText("Die gewählte Konfiguration ist nicht verfügbar.");
  await configurator.getByText("Grau").click();
  await expect(page.getByTestId("configuration-unavailable")).toHaveCount(0);
  await expect(page.getByTestId("product-sku")).toHaveText("PLI-DF-2");
  await expect(page.getByTestId("product-title")).toHaveText("Plissee für Dachfenster Grau");
  await configurator.getByRole("button", { name: "Konfiguration in den Warenkorb" }).click();
  await expect(configurator.getByRole("status")).toHaveText("Artikel wurde zum Warenkorb hinzugefügt");

  await page.goto(`${ORIGIN}/checkout/cart/`);
  await expect(page.locator('[data-testid="cart-line"][data-sku="PLI-DF-2"]')).toHaveCount(1);
});

test("configure a roof window step by step and put the set into the cart", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, `${ORIGIN}/${await slugOf(request, "DF-CK02")}.html`);
  await openConfigurator(page);
  const configurator = page.getByTestId("roof-window-configurator");
  await expect(configurator.locator(".configurator-steps li")).toHaveText(["Fenster", "Eindeckrahmen", "Rollo", "Zubehör", "Übersicht"]);
  const next = configurator.getByRole("button", { name: "Weiter" });
  await expect(next).toBeDisabled();
  await configurator.locator('input[value="DF-MK04"]').check();
  await next.click();
  // Only flashings for the 78 × 98 window.
  await expect(configurator.locator('input[value="EDR-CK02-Z"]')).toHaveCount(0);
  await configurator.locator('input[value="EDR-MK04-F"]').check();
  await next.click();
  await configurator.locator('input[value="ROL-MK04"]').check();
  await next.click();
  await configurator.locator('input[value="DZ-MOTOR"]').check();
  await configurator.locator('input[value="DZ-STANGE"]').check();
  await next.click();
  await expect(page.getByTestId("roof-window-overview").locator("li")).toHaveCount(5);
  await configurator.getByRole("button", { name: "Set in den Warenkorb" }).click();
  await expect(configurator.getByRole("status")).toHaveText("Das Set mit 5 Teilen liegt im Warenkorb.");

  await page.goto(`${ORIGIN}/checkout/cart/`);
  for (const sku of ["DF-MK04", "EDR-MK04-F", "ROL-MK04", "DZ-MOTOR", "DZ-STANGE"]) {
    await expect(page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`)).toHaveCount(1);
  }
});
