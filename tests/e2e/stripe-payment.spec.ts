import { expect, test, type Page } from "@playwright/test";
import { checkoutPath } from "@domain/routes";
import { isOrderable } from "@scripts/lib/demo-products";
import { STRIPE_STAND_IN_PORTS } from "@scripts/lib/local-ports";
import { loadShopConfig } from "@scripts/lib/shops";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * Online payment through Stripe end to end (docs/decisions/0066), on the local Stripe stand-in
 * the global setup runs: a DE shopper chooses card at the checkout, pays on the stand-in's
 * page and comes back to the order paid (the state the signed webhook set); a shopper whose
 * card is declined comes back to the order not paid yet and pays it with a second attempt on
 * the same order.
 */
const DE = loadShopConfig().shops.find((shop) => shop.id === "DE")!;
const ORIGIN = testOrigin("DE");
const STAND_IN = `http://127.0.0.1:${STRIPE_STAND_IN_PORTS.test}`;

/** Puts one package of `sku` into the cart as the product page does, opens the checkout and orders with card. */
async function orderWithCard(page: Page, sku: string, email: string): Promise<void> {
  await page.goto(`${ORIGIN}/`);
  const added = await page.evaluate(async (productSku) => {
    const response = await fetch("/apiv2/cart/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sku: productSku, quantity: 1 }),
    });
    return response.status;
  }, sku);
  expect(added).toBe(200);
  await page.goto(`${ORIGIN}${checkoutPath(DE, "de")}`);
  await expect(page.getByTestId("checkout-page")).toBeVisible();
  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("Vorname", { exact: true }).fill("Erika");
  await page.getByLabel("Nachname", { exact: true }).fill("Muster");
  await page.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await page.getByLabel("PLZ", { exact: true }).fill("10115");
  await page.getByLabel("Ort", { exact: true }).fill("Berlin");
  // The shop's methods in the storefront's order, card among them.
  await expect(page.locator("[data-testid^=payment-method-]")).toHaveCount(DE.paymentMethods.length);
  expect(await page.locator("[data-testid^=payment-method-]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")))).toEqual(
    DE.paymentMethods.map((method) => `payment-method-${method}`),
  );
  await page.getByTestId("payment-method-card").getByRole("radio").check();
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL((url) => url.origin === STAND_IN && url.pathname.startsWith("/pay/cs_test_"));
  await expect(page.getByTestId("stand-in-amount")).toContainText("card");
}

test("a DE shopper pays by card on the provider's page and sees the paid order", async ({ page, request }) => {
  const product = (await demoProducts(request, "DE")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await orderWithCard(page, product.sku, `stripe-paid-${Date.now()}@kunden.example`);
  await page.locator("[data-outcome=challenge]").click();
  await page.locator("[data-outcome=challenge_pass]").click();
  await expect(page).toHaveURL((url) => url.origin === ORIGIN && url.searchParams.has("order"));
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  await expect(page.getByTestId("payment-state")).toContainText("bezahlt");
  await expect(page.getByTestId("payment-retry")).toHaveCount(0);
});

test("a declined card, then a second attempt on the same order pays it", async ({ page, request }) => {
  const product = (await demoProducts(request, "DE")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await orderWithCard(page, product.sku, `stripe-declined-${Date.now()}@kunden.example`);
  const firstSession = new URL(page.url()).pathname;
  await page.locator("[data-outcome=decline]").click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByTestId("stand-in-back").click();

  await expect(page).toHaveURL((url) => url.origin === ORIGIN && url.searchParams.has("order"));
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "pending");
  const retry = page.getByTestId("payment-retry");
  await expect(retry).toContainText("Die Zahlung wurde nicht abgeschlossen. Ihre Bestellung ist gespeichert.");
  // Another method is offered too (the same total).
  await expect(retry.getByRole("radio", { name: "PayPal" })).toBeVisible();
  await page.getByTestId("retry-payment").click();

  await expect(page).toHaveURL((url) => url.origin === STAND_IN && url.pathname.startsWith("/pay/cs_test_") && url.pathname !== firstSession);
  await page.locator("[data-outcome=succeed]").click();
  await expect(page).toHaveURL((url) => url.origin === ORIGIN && url.searchParams.get("order") === orderNumber);
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
});
