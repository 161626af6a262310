import { expect, test, type Page } from "@playwright/test";
import { formatMoney } from "@domain/money";
import { checkoutPath } from "@domain/routes";
import { isOrderable } from "@scripts/lib/demo-products";
import { demoStaffPassword } from "@scripts/lib/demo-staff";
import { loadShopConfig } from "@scripts/lib/shops";
import { BACK_OFFICE_HOST } from "./support/orders";
import { cartWithOne, STRIPE_STAND_IN } from "./support/online-payment";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * Every payment method with its brand, and refunds in the back office (docs/decisions/0066,
 * 0071), on the local Stripe stand-in the global setup runs: a CH shopper in French sees the
 * shop's methods with their marks (the footer too, on a phone and a desktop), pays with TWINT
 * on the provider's page and comes back to the paid order; a NL shopper in Dutch pays by instant
 * transfer, which is iDEAL in the Netherlands, and reads the paid order in Dutch and euros; service
 * staff refund part of a paid order in the back office, an amount over the refundable refused in
 * the console's language.
 */
const CONFIG = loadShopConfig();
const CH = CONFIG.shops.find((shop) => shop.id === "CH")!;
const NL = CONFIG.shops.find((shop) => shop.id === "NL")!;
const BACK_OFFICE = `http://${BACK_OFFICE_HOST}`;

/**
 * Orders with the chosen `method`, pays on the stand-in's page, which charges through the provider's
 * `type` in `currency` only, and comes back to the paid order at `origin`. The amount charged, in minor units.
 */
async function payOnStandIn(page: Page, payment: { origin: string; method: string; type: string; currency: string }): Promise<number> {
  await page.getByTestId(`payment-method-${payment.method}`).getByRole("radio").check();
  await page.getByTestId("accept-terms").check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL((url) => url.origin === STRIPE_STAND_IN && url.pathname.startsWith("/pay/cs_test_"));
  const charged = page.getByTestId("stand-in-amount");
  await expect(charged).toContainText(` ${payment.currency} · ${payment.type} · `);
  const amount = /^(\d+)\.(\d{2}) /.exec((await charged.textContent()) ?? "");
  expect(amount, "the amount the provider's page charges").not.toBeNull();
  await page.locator("[data-outcome=succeed]").click();
  await expect(page).toHaveURL((url) => url.origin === payment.origin && url.searchParams.has("order"));
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  return Number(amount![1]) * 100 + Number(amount![2]);
}

test("a Swiss shopper in French sees every method with its mark, pays with TWINT and sees the order paid", async ({ page, request }) => {
  const origin = testOrigin("CH");
  const product = (await demoProducts(request, "CH")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await cartWithOne(page, origin, product.sku);
  await page.goto(`${origin}${checkoutPath(CH, "fr")}`);
  await expect(page.getByTestId("checkout-page")).toBeVisible();
  await page.getByLabel("Adresse e-mail", { exact: true }).fill(`twint-${Date.now()}@kunden.example`);
  await page.getByLabel("Prénom", { exact: true }).fill("Léa");
  await page.getByLabel("Nom", { exact: true }).fill("Rochat");
  await page.getByLabel("Numéro et rue", { exact: true }).fill("Rue du Rhône 5");
  await page.getByLabel("Code postal", { exact: true }).fill("1204");
  await page.getByLabel("Ville", { exact: true }).fill("Genève");

  // The shop's methods in its order, each with its marks drawn inline; card is Visa and Mastercard.
  const choices = page.locator("[data-testid^=payment-method-]");
  await expect(choices).toHaveCount(CH.paymentMethods.length);
  expect(await choices.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")))).toEqual(
    CH.paymentMethods.map((method) => `payment-method-${method}`),
  );
  expect(
    await page
      .getByTestId("payment-method-card")
      .locator("svg[data-mark]")
      .evaluateAll((marks) => marks.map((mark) => mark.dataset.mark)),
  ).toEqual(["visa", "mastercard"]);
  await expect(page.getByTestId("payment-method-twint").locator("svg[data-mark=twint]")).toBeVisible();
  await expect(page.getByTestId("payment-method-instalment")).toContainText("Paiement en plusieurs fois");
  await page.getByTestId("payment-method-twint").scrollIntoViewIfNeeded();
  await page
    .locator(".choice-list")
    .last()
    .screenshot({ path: test.info().outputPath("CH-fr-checkout-methods.png") });

  // The footer names the same methods with the same marks.
  const footer = page.locator("section[aria-labelledby=footer-payment]");
  await expect(footer.getByRole("img")).toHaveCount(CH.paymentMethods.length);
  await expect(footer.getByRole("img", { name: "TWINT" })).toBeVisible();
  await footer.scrollIntoViewIfNeeded();
  await footer.screenshot({ path: test.info().outputPath("CH-fr-footer-desktop.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  await footer.scrollIntoViewIfNeeded();
  await footer.screenshot({ path: test.info().outputPath("CH-fr-footer-phone.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  await payOnStandIn(page, { origin, method: "twint", type: "twint", currency: "CHF" });
});

test("a NL shopper in Dutch pays by instant transfer with iDEAL and sees the order paid in euros", async ({ page, request }) => {
  const origin = testOrigin("NL");
  // A shopper who answered the cookie consent: its dialog stays off the order in the screenshot.
  await page.context().addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" }]);
  const product = (await demoProducts(request, "NL")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await cartWithOne(page, origin, product.sku);
  await page.goto(`${origin}${checkoutPath(NL, "nl")}`);
  await expect(page.getByTestId("checkout-page")).toBeVisible();
  await page.getByLabel("E-mailadres", { exact: true }).fill(`ideal-${Date.now()}@kunden.example`);
  await page.getByLabel("Voornaam", { exact: true }).fill("Sanne");
  await page.getByLabel("Achternaam", { exact: true }).fill("de Vries");
  await page.getByLabel("Straat en huisnummer", { exact: true }).fill("Damrak 1");
  await page.getByLabel("Postcode", { exact: true }).fill("1012 LG");
  await page.getByLabel("Plaats", { exact: true }).fill("Amsterdam");

  // The shop's methods in its order; instant transfer is iDEAL, the scheme of the country the shop delivers to.
  expect(await page.locator("[data-testid^=payment-method-]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-testid")))).toEqual(
    NL.paymentMethods.map((method) => `payment-method-${method}`),
  );
  const instant = page.getByTestId("payment-method-instant_transfer");
  await expect(instant).toContainText("Directe overboeking");
  expect(await instant.locator("svg[data-mark]").evaluateAll((marks) => marks.map((mark) => mark.dataset.mark))).toEqual(["ideal"]);

  const charged = await payOnStandIn(page, { origin, method: "instant_transfer", type: "ideal", currency: "EUR" });
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bedankt voor uw bestelling!");
  await expect(page.getByTestId("payment-state")).toHaveText("Directe overboeking – betaald");
  // The total is the amount iDEAL charged, written as the Dutch write euros (€ 1.234,50).
  await expect(page.getByTestId("order-grand-total")).toHaveText(formatMoney(charged, "EUR", "nl"));
  await page.getByTestId("order-success").screenshot({ path: test.info().outputPath("NL-nl-ideal-paid.png") });
});

test("service staff refund part of a paid order in the back office; more than is refundable is refused", async ({ page, request }) => {
  const origin = testOrigin("DE");
  const product = (await demoProducts(request, "DE")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  await cartWithOne(page, origin, product.sku);
  // Ordered and paid by card as the checkout does it: the order call, then the provider's page.
  const placed = await page.evaluate(async () => {
    const response = await fetch("/apiv2/checkout/order", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `refund-${Date.now()}@kunden.example`,
        billingAddress: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" },
        deliveryMode: "standard",
        paymentMethod: "card",
        acceptTerms: true,
      }),
    });
    return (await response.json()) as { data: { orderNumber: string; payment: { redirectUrl: string } } };
  });
  await page.goto(placed.data.payment.redirectUrl);
  await page.locator("[data-outcome=succeed]").click();
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");

  const number = placed.data.orderNumber;
  await page.goto(`${BACK_OFFICE}/orders/${number}`);
  await page.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();

  const payments = page.getByTestId("order-payments");
  await expect(payments.getByRole("row")).toHaveCount(2);
  await expect(payments.getByRole("row").nth(1)).toContainText("Payment");
  await expect(payments.getByRole("row").nth(1)).toContainText("stripe");
  await expect(payments.getByRole("row").nth(1)).toContainText("succeeded");
  const refundable = (await page.getByTestId("order-refundable").textContent())!;

  const form = page.getByTestId("refund-form");
  await form.getByLabel("Amount").fill("999999");
  await form.getByLabel("Reason (required)").fill("Too much");
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(form.getByRole("alert")).toHaveText(`At most ${refundable} can be refunded.`);

  await form.getByLabel("Amount").fill("5.00");
  await form.getByLabel("Reason (required)").fill("A scratched board");
  await form.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("The refund has been made.");
  await expect(payments.getByRole("row")).toHaveCount(3);
  await expect(payments.getByRole("row").nth(2)).toContainText("Refund");
  await expect(payments.getByRole("row").nth(2)).toContainText("5.00");
  await expect(page.getByTestId("order-refundable")).not.toHaveText(refundable);
  const entry = page.getByTestId("order-history").getByRole("row").filter({ hasText: "A scratched board" });
  await expect(entry).toContainText("Refund");
  await expect(entry).toContainText("Refunded:");
  await page.getByTestId("order-payments").screenshot({ path: test.info().outputPath("console-order-payments.png") });
});
