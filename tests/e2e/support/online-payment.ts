/**
 * What the online-payment specs do as a DE shopper: put one package into the cart as the product
 * page does, fill the checkout and order with an online method, landing on the provider's page
 * (the Stripe stand-in for card, the PayPal stand-in for PayPal; scripts/lib/local-ports.ts).
 */
import { expect, type Page } from "@playwright/test";
import { checkoutPath } from "@domain/routes";
import { PAYPAL_STAND_IN_PORTS, STRIPE_STAND_IN_PORTS } from "@scripts/lib/local-ports";
import { loadShopConfig } from "@scripts/lib/shops";
import { testOrigin } from "./site";

export const DE = loadShopConfig().shops.find((shop) => shop.id === "DE")!;
export const DE_ORIGIN = testOrigin("DE");
export const STRIPE_STAND_IN = `http://127.0.0.1:${STRIPE_STAND_IN_PORTS.test}`;
export const PAYPAL_STAND_IN = `http://127.0.0.1:${PAYPAL_STAND_IN_PORTS.test}`;

/** Puts one package of `sku` into the cart of the shop at `origin` through the shop's own API call, as the product page does. */
export async function cartWithOne(page: Page, origin: string, sku: string): Promise<void> {
  await page.goto(`${origin}/`);
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
}

/** Puts one package of `sku` into the cart as the product page does, opens the checkout and orders with card. */
export async function orderWithCard(page: Page, sku: string, email: string): Promise<void> {
  await cartWithOne(page, DE_ORIGIN, sku);
  await page.goto(`${DE_ORIGIN}${checkoutPath(DE, "de")}`);
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
  await expect(page).toHaveURL((url) => url.origin === STRIPE_STAND_IN && url.pathname.startsWith("/pay/cs_test_"));
  await expect(page.getByTestId("stand-in-amount")).toContainText("card");
}
