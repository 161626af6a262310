import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { formatMoney } from "@domain/money";
import { cartPath, checkoutPath, orderSuccessPath, returnsPath, slugPath } from "@domain/routes";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { localSecret } from "@scripts/lib/local-worker";
import { loadShopConfig } from "@scripts/lib/shops";
import { checkoutDeliveryText, confirmationMailOf, expectCheckoutSummaryShowed, expectMailStatesOrder, orderAsShown } from "./support/order-mail";
import { demoProducts } from "./support/shopper";
import { TEST_WORKER, testOrigin } from "./support/site";

/**
 * The checkout end to end: a guest in DE and one in CH-fr put products into the cart on their
 * product pages, open the cart page through the header's mini cart, change quantities with
 * the counter, choose a delivery mode, check out with prepayment, see the order number and
 * the bank details, and find the confirmation mail in the test run's mail catcher in the
 * shop's language and currency, stating the lines, totals, address and delivery window the
 * checkout and success pages showed (support/order-mail.ts). Products are picked from the running worker's GraphQL (the
 * demo catalogue is random); each order takes at most 3 packages of a product.
 */
const config = loadShopConfig();
const DE = config.shops.find((shop) => shop.id === "DE")!;
const CH = config.shops.find((shop) => shop.id === "CH")!;

interface Picked {
  sku: string;
  /** The product page's path in the language of the test. */
  path: string;
  title: string;
  /** Package price in minor units. */
  price: number;
}

/** Two orderable products of a shop with stock to spare, their pages and titles in `language`. */
async function pickProducts(request: APIRequestContext, shop: typeof DE, language: string): Promise<[Picked, Picked]> {
  const nodes = (await demoProducts(request, shop.id)).filter((node: ProductNode) => isOrderable(node) && node.stock.quantity >= 10);
  const picked: Picked[] = [];
  for (const node of nodes.slice(0, 2)) {
    const response = await request.post(`${TEST_WORKER}/graphql`, {
      headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
      data: {
        query: `{ product(shop: "${shop.id}", language: "${language}", sku: "${node.sku}") { slug content { title } price { packagePrice { amount } } } }`,
      },
    });
    const product = (
      (await response.json()) as { data: { product: { slug: string; content: { title: string }; price: { packagePrice: { amount: number } } } } }
    ).data.product;
    picked.push({ sku: node.sku, path: slugPath(shop, language, product.slug), title: product.content.title, price: product.price.packagePrice.amount });
  }
  if (picked.length < 2) throw new Error(`the ${shop.id} demo catalogue has fewer than two orderable products with stock`);
  return [picked[0]!, picked[1]!];
}

/**
 * Opens a product page, reads whether its delivery box offers express (for this product and
 * what is already in the cart) and adds one package; the mini cart then counts `count`.
 */
async function addFromProductPage(page: Page, origin: string, product: Picked, count: number): Promise<{ express: boolean }> {
  await page.goto(`${origin}${product.path}`);
  // The live parts load when the browser is idle or at the first interaction (lib/lazy.ts).
  await page.keyboard.press("Shift");
  await expect(page.getByTestId("delivery-standard")).toBeVisible();
  const express = (await page.getByTestId("delivery-express").count()) > 0;
  const button = page.getByTestId("add-to-cart");
  await expect(button).toBeEnabled();
  // The quantity calculator may propose more than one package (its waste allowance): one it is.
  const quantity = page.locator(`#quantity-${product.sku}`);
  await quantity.fill("1");
  await expect(quantity).toHaveValue("1");
  await button.click();
  await expect(page.getByTestId("mini-cart-count").first()).toHaveText(String(count));
  return { express };
}

/** The cart page through the header's mini cart. */
async function openCartFromMiniCart(page: Page, expectedPath: string): Promise<void> {
  await page.locator("a[data-slot=mini-cart]").first().click();
  await expect(page).toHaveURL((url) => url.pathname === expectedPath);
  await expect(page.getByTestId("cart-page")).toBeVisible();
}

/** Sets a cart line to `target` packages with its + and − buttons (up past it by one, then down), checking the line total. */
async function countTo(page: Page, product: Picked, target: number, labels: { increase: string; decrease: string }, money: (minor: number) => string) {
  const line = page.locator(`[data-testid=cart-line][data-sku="${product.sku}"]`);
  const input = line.getByRole("textbox");
  await expect(input).toHaveValue("1");
  for (let quantity = 2; quantity <= target + 1; quantity++) {
    await line.getByRole("button", { name: labels.increase }).click();
    await expect(input).toHaveValue(String(quantity));
  }
  await expect(line.getByTestId("line-total")).toHaveText(endsWith(money((target + 1) * product.price)));
  await line.getByRole("button", { name: labels.decrease }).click();
  await expect(input).toHaveValue(String(target));
  await expect(line.getByTestId("line-total")).toHaveText(endsWith(money(target * product.price)));
}

/** Text ending in `amount` (a line total is read out as "Summe: 12,34 €"; the label is visually hidden). */
const endsWith = (amount: string) => new RegExp(`(^|\\s)${amount.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** A calendar day `days` after `date` (YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

test("an empty cart shows its empty state", async ({ page }) => {
  await page.goto(`${testOrigin("DE")}${cartPath(DE, "de")}`);
  const empty = page.getByTestId("cart-empty");
  await expect(empty).toBeVisible();
  await expect(empty.getByRole("heading")).toHaveText("Ihr Warenkorb ist leer");
  await expect(empty.getByTestId("cart-empty-home")).toHaveAttribute("href", "/");
  await expect(page.getByTestId("cart-lines")).toHaveCount(0);
  await expect(page.getByTestId("to-checkout")).toHaveCount(0);
});

test("a guest in DE orders two products with prepayment and gets the confirmation in German and euros", async ({ page, request }) => {
  test.setTimeout(120_000);
  const origin = testOrigin("DE");
  const money = (minor: number) => formatMoney(minor, "EUR", "de");
  const [first, second] = await pickProducts(request, DE, "de");
  const email = `kauf-de-${Date.now()}@example.com`;

  await addFromProductPage(page, origin, first, 1);
  // The second page's delivery box counts the first product too: express there is express for the whole cart.
  const { express } = await addFromProductPage(page, origin, second, 2);

  await openCartFromMiniCart(page, cartPath(DE, "de"));
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await countTo(page, first, 2, { increase: "Menge erhöhen", decrease: "Menge verringern" }, money);
  await expect(page.getByTestId("total-goods")).toHaveText(money(2 * first.price + second.price));

  // Delivery: express when the cart can go express, else a requested date a week after the earliest day.
  const modes = page.getByTestId("cart-modes");
  let desiredDate: string | null = null;
  if (express) {
    await expect(modes.locator("#cart-mode-express")).toBeEnabled();
    await modes.locator("#cart-mode-express").check();
    await expect(page.getByTestId("total-shipping").locator("xpath=..")).toContainText("Express");
  } else {
    await expect(modes.locator("#cart-mode-express")).toBeDisabled();
    await expect(page.getByTestId("cart-mode-express").getByTestId("mode-reason")).toHaveText(
      "Nicht alle Artikel in Ihrem Warenkorb können per Express geliefert werden.",
    );
    await modes.locator("#cart-mode-requested_date").check();
    const dateInput = page.getByTestId("desired-date");
    const earliest = (await dateInput.getAttribute("min"))!;
    const latest = (await dateInput.getAttribute("max"))!;
    desiredDate = addDays(earliest, 7) <= latest ? addDays(earliest, 7) : earliest;
    await dateInput.fill(desiredDate);
  }
  await expect(page.getByTestId("checkout-blocked")).toHaveCount(0);
  await page.getByTestId("to-checkout").click();

  await expect(page).toHaveURL((url) => url.pathname === checkoutPath(DE, "de"));
  const checkout = page.getByTestId("checkout-page");
  await expect(checkout.getByRole("heading", { level: 1 })).toBeVisible();
  // The cart page's choice came along.
  if (desiredDate) {
    await expect(page.getByTestId("delivery-mode-requested_date").getByRole("radio")).toBeChecked();
    await expect(page.getByLabel("Wunschtermin", { exact: true })).toHaveValue(desiredDate);
  } else {
    await expect(page.getByTestId("delivery-mode-express").getByRole("radio")).toBeChecked();
  }

  await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByLabel("Vorname", { exact: true }).fill("Erika");
  await page.getByLabel("Nachname", { exact: true }).fill("Muster");
  await page.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße");
  await page.getByLabel("PLZ", { exact: true }).fill("10115");
  await page.getByLabel("Ort", { exact: true }).fill("Berlin");
  await expect(page.getByLabel("Land", { exact: true })).toHaveValue("de");
  await page.getByTestId("payment-method-prepayment").getByRole("radio").check();
  await page.getByTestId("accept-terms").check();

  // A street without a house number asks first; the visitor goes back and adds it.
  const placeOrder = page.getByTestId("place-order");
  await placeOrder.click();
  const confirm = page.getByTestId("house-number-confirm");
  await expect(confirm).toContainText("In der Adresse fehlt die Hausnummer.");
  await confirm.getByRole("button", { name: "Adresse bearbeiten" }).click();
  await expect(confirm).toHaveCount(0);
  const street = page.getByLabel("Straße und Hausnummer", { exact: true });
  await expect(street).toBeFocused();
  await street.fill("Hauptstraße 5");

  await expect(placeOrder).toBeEnabled();
  const total = (await page.locator(".checkout-total strong").textContent())!;
  const deliveryShown = (await page
    .getByTestId(`delivery-mode-${desiredDate ? "requested_date" : "express"}`)
    .locator(".choice-detail")
    .textContent())!;
  const summaryShown = await page.getByTestId("order-summary").innerText();
  await placeOrder.click();

  await expect(page).toHaveURL((url) => url.pathname === orderSuccessPath(DE, "de") && /^DE-\d+$/.test(url.searchParams.get("order") ?? ""));
  const success = page.getByTestId("order-success");
  await expect(success.getByRole("heading", { level: 1 })).toHaveText("Vielen Dank für Ihre Bestellung!");
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
  await expect(page.getByTestId("house-number-warning")).toHaveCount(0);
  await expect(page.getByTestId("order-grand-total")).toHaveText(total);
  const bank = page.getByTestId("bank-details");
  await expect(bank).toContainText(`Bitte überweisen Sie ${total} auf folgendes Konto`);
  await expect(bank).toContainText(DE.bankAccount!.iban);
  await expect(bank).toContainText(DE.bankAccount!.bic);
  await expect(bank).toContainText(orderNumber);
  await expect(success).toContainText("Hauptstraße 5");

  // The cart is empty now.
  await page.keyboard.press("Shift");
  await expect(page.getByTestId("mini-cart-count").first()).toHaveText("0");

  // The checkout page, the success page and the mail name the same order and delivery.
  const order = await orderAsShown(page, orderNumber);
  expect(deliveryShown).toBe(checkoutDeliveryText(order, "de"));
  expectCheckoutSummaryShowed(summaryShown, order);
  expect(total).toBe(order.totals.grandTotal.formattedWithCurrency);
  const mail = await confirmationMailOf(email, orderNumber);
  expectMailStatesOrder(mail, order, "de");
  expect(mail.subject).toBe(`Ihre Bestellung ${orderNumber} bei ${DE.name}`);
  expect(mail.text).toContain(`Ihre Bestellnummer: ${orderNumber}.`);
  expect(mail.text).toContain(`2 × ${first.title} (Art.-Nr. ${first.sku}) à ${money(first.price)} = ${money(2 * first.price)}`);
  expect(mail.text).toContain(`1 × ${second.title} (Art.-Nr. ${second.sku}) à ${money(second.price)} = ${money(second.price)}`);
  expect(mail.text).toContain(`Gesamtbetrag: ${total}`);
  expect(mail.text).toContain("2 % Vorkasse-Rabatt: −");
  expect(mail.text).toContain(`IBAN: ${DE.bankAccount!.iban}`);
  expect(mail.text).toContain(`Verwendungszweck: ${orderNumber}`);
  expect(mail.text).toContain("Hauptstraße 5\n10115 Berlin");
  expect(mail.text).toContain(desiredDate ? "Lieferung zum Wunschtermin" : "Lieferung: Express");
  expect(mail.text).not.toContain("CHF");
  // A consumer's contract: the terms, the withdrawal information and the model form; the returns link is a link.
  expect(mail.text).toContain("Unsere Allgemeinen Geschäftsbedingungen");
  expect(mail.text).toContain("Muster-Widerrufsformular");
  expect(mail.html).toContain(`<a href="${origin}${returnsPath(DE, "de")}?order=${orderNumber}&amp;sig=`);
});

test.describe("Swiss French", () => {
  test.use({ locale: "fr-CH", extraHTTPHeaders: { "accept-language": "fr-CH,fr;q=0.9" } });

  test("a guest in CH-fr orders with standard delivery and prepayment and gets the confirmation in French and francs", async ({ page, request }) => {
    test.setTimeout(120_000);
    const origin = testOrigin("CH");
    const money = (minor: number) => formatMoney(minor, "CHF", "fr");
    const [first, second] = await pickProducts(request, CH, "fr");
    const email = `achat-ch-${Date.now()}@example.com`;

    await addFromProductPage(page, origin, first, 1);
    await addFromProductPage(page, origin, second, 2);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await openCartFromMiniCart(page, cartPath(CH, "fr"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Panier");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await countTo(page, second, 3, { increase: "Augmenter la quantité", decrease: "Diminuer la quantité" }, money);
    await expect(page.getByTestId("total-goods")).toHaveText(money(first.price + 3 * second.price));

    // Standard delivery; express goes to mainland Germany only, in euro: the Swiss shop offers none, and says so without naming Germany.
    const modes = page.getByTestId("cart-modes");
    await expect(modes.locator("#cart-mode-express")).toBeDisabled();
    await expect(page.getByTestId("cart-mode-express").getByTestId("mode-reason")).toHaveText("La livraison express n’est pas proposée dans cette boutique.");
    await modes.locator("#cart-mode-standard").check();
    await expect(modes.locator("#cart-mode-standard")).toBeChecked();
    await page.getByTestId("to-checkout").click();

    await expect(page).toHaveURL((url) => url.pathname === checkoutPath(CH, "fr"));
    await expect(page.getByTestId("delivery-mode-standard").getByRole("radio")).toBeChecked();
    await page.getByLabel("Adresse e-mail", { exact: true }).fill(email);
    await page.getByLabel("Prénom", { exact: true }).fill("Camille");
    await page.getByLabel("Nom", { exact: true }).fill("Dubois");
    await page.getByLabel("Numéro et rue", { exact: true }).fill("Rue du Rhône 12");
    await page.getByLabel("Code postal", { exact: true }).fill("1204");
    await page.getByLabel("Ville", { exact: true }).fill("Genève");
    await expect(page.getByLabel("Pays", { exact: true })).toHaveValue("ch");
    await page.getByTestId("payment-method-prepayment").getByRole("radio").check();
    await page.getByTestId("accept-terms").check();

    const placeOrder = page.getByTestId("place-order");
    await expect(placeOrder).toBeEnabled();
    const total = (await page.locator(".checkout-total strong").textContent())!;
    expect(total).toContain("CHF");
    const deliveryShown = (await page.getByTestId("delivery-mode-standard").locator(".choice-detail").textContent())!;
    const summaryShown = await page.getByTestId("order-summary").innerText();
    await placeOrder.click();

    await expect(page).toHaveURL((url) => url.pathname === orderSuccessPath(CH, "fr") && /^CH-\d+$/.test(url.searchParams.get("order") ?? ""));
    const orderNumber = new URL(page.url()).searchParams.get("order")!;
    await expect(page.getByTestId("order-success").getByRole("heading", { level: 1 })).toHaveText("Merci pour votre commande !");
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
    await expect(page.getByTestId("order-grand-total")).toHaveText(total);
    const bank = page.getByTestId("bank-details");
    await expect(bank).toContainText(`Veuillez virer ${total} sur le compte suivant`);
    await expect(bank).toContainText(CH.bankAccount!.iban);
    await expect(bank).toContainText(orderNumber);

    // Back in the cart: empty, in French.
    await page.keyboard.press("Shift");
    await expect(page.getByTestId("mini-cart-count").first()).toHaveText("0");
    await openCartFromMiniCart(page, cartPath(CH, "fr"));
    await expect(page.getByTestId("cart-empty").getByRole("heading")).toHaveText("Votre panier est vide");

    // The checkout page, the success page and the mail name the same order and delivery window.
    const order = await orderAsShown(page, orderNumber);
    expect(deliveryShown).toBe(checkoutDeliveryText(order, "fr"));
    expectCheckoutSummaryShowed(summaryShown, order);
    expect(total).toBe(order.totals.grandTotal.formattedWithCurrency);
    const mail = await confirmationMailOf(email, orderNumber);
    expectMailStatesOrder(mail, order, "fr");
    expect(mail.subject).toBe(`Votre commande ${orderNumber} chez ${CH.name}`);
    expect(mail.text).toContain(`Votre numéro de commande : ${orderNumber}.`);
    expect(mail.text).toContain(`1 × ${first.title} (réf. ${first.sku}) à ${money(first.price)} = ${money(first.price)}`);
    expect(mail.text).toContain(`3 × ${second.title} (réf. ${second.sku}) à ${money(second.price)} = ${money(3 * second.price)}`);
    expect(mail.text).toContain(`Montant total : ${total}`);
    expect(mail.text).toContain("Remise de 2 % pour paiement anticipé : −");
    expect(mail.text).toContain(`IBAN : ${CH.bankAccount!.iban}`);
    expect(mail.text).toContain(`Référence : ${orderNumber}`);
    expect(mail.text).toContain("Rue du Rhône 12\n1204 Genève");
    expect(mail.text).toMatch(/Livraison standard, prévue (le \d\d\/\d\d\/\d{4}|entre le \d\d\/\d\d et le \d\d\/\d\d\/\d{4})\./);
    // Switzerland has no statutory withdrawal: the terms and the shop's right of return, no model form.
    expect(mail.text).toContain("Nos conditions générales de vente");
    expect(mail.text).not.toContain("Modèle de formulaire de rétractation");
    expect(mail.text).not.toContain("€");
  });
});
