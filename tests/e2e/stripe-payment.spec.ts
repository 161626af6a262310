import { expect, test } from "@playwright/test";
import { isOrderable } from "@scripts/lib/demo-products";
import { demoProducts } from "./support/shopper";
import { DE_ORIGIN as ORIGIN, orderWithCard, STRIPE_STAND_IN as STAND_IN } from "./support/online-payment";

/**
 * Online payment through Stripe end to end (docs/decisions/0066), on the local Stripe stand-in
 * the global setup runs: a DE shopper chooses card at the checkout, pays on the stand-in's
 * page and comes back to the order paid (the state the signed webhook set); a shopper whose
 * card is declined comes back to the order not paid yet and pays it with a second attempt on
 * the same order.
 */
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
