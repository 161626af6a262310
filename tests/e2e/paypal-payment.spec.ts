import { expect, test } from "@playwright/test";
import { isOrderable } from "@scripts/lib/demo-products";
import { demoProducts } from "./support/shopper";
import { DE_ORIGIN, orderWithCard, PAYPAL_STAND_IN } from "./support/online-payment";

/**
 * PayPal as a second provider end to end (docs/decisions/0069), on the local Stripe and PayPal
 * stand-ins the global setup runs: a DE shopper whose card is declined at Stripe comes back to the
 * order not paid yet, chooses PayPal (PayPal's own provider in DE) for the same order, approves on
 * PayPal's page in German and comes back to the order paid (captured by the shop, as PayPal reported it).
 */
test("a card declined at Stripe, then PayPal on the same order pays it", async ({ page, request }) => {
  const product = (await demoProducts(request, "DE")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await orderWithCard(page, product.sku, `paypal-after-card-${Date.now()}@kunden.example`);
  await page.locator("[data-outcome=decline]").click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await page.getByTestId("stand-in-back").click();

  await expect(page).toHaveURL((url) => url.origin === DE_ORIGIN && url.searchParams.has("order"));
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "pending");
  const retry = page.getByTestId("payment-retry");
  await retry.getByRole("radio", { name: "PayPal" }).check();
  await page.getByTestId("other-payment-method").click();

  await expect(page).toHaveURL((url) => url.origin === PAYPAL_STAND_IN && url.pathname === "/checkoutnow" && url.searchParams.has("token"));
  // The order's total in euros, PayPal's page in the shop's language and country.
  await expect(page.getByTestId("stand-in-amount")).toContainText(/^\d+\.\d{2} EUR · paypal · PAYER_ACTION_REQUIRED · de-DE$/);
  await page.locator("[data-outcome=approve]").click();

  await expect(page).toHaveURL((url) => url.origin === DE_ORIGIN && url.searchParams.get("order") === orderNumber);
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  await expect(page.getByTestId("payment-state")).toContainText("bezahlt");
  await expect(page.getByTestId("payment-retry")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("paypal-paid.png"), fullPage: false });
});
