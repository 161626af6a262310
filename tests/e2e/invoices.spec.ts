import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "@scripts/lib/mail-catcher";
import { isOrderable } from "@scripts/lib/demo-products";
import { STRIPE_STAND_IN_PORTS } from "@scripts/lib/local-ports";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * The invoice in the browser (docs/decisions/0074): a DE customer signed in pays an order by
 * card on the local Stripe stand-in; the paid order has its invoice at once: the account's order
 * page lists it, its link downloads the PDF, and the invoice mail is in the inbox.
 */
const DE = testOrigin("DE");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const STAND_IN = `http://127.0.0.1:${STRIPE_STAND_IN_PORTS.test}`;
const PASSWORD = "Parkett-Eiche-2026";

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(DE).hostname, path: "/" }]);
});

/** Opens a page and interacts once: the live parts load when the browser is idle or at the first interaction (lib/lazy.ts). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.keyboard.press("Shift");
}

/** Registers a private customer and confirms the address with the mail's link: signed in. */
async function signedUp(page: Page, email: string): Promise<void> {
  await open(page, `${DE}/customer/account/CreateAccount/`);
  const form = page.getByTestId("register");
  await form.getByLabel("Vorname", { exact: true }).fill("Erika");
  await form.getByLabel("Nachname", { exact: true }).fill("Muster");
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await form.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await form.getByLabel("PLZ", { exact: true }).fill("10115");
  await form.getByLabel("Ort", { exact: true }).fill("Berlin");
  await form.getByLabel("Telefonnummer", { exact: true }).fill("030 1234567");
  await form.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Passwort wiederholen", { exact: true }).fill(PASSWORD);
  await form.locator("#register-acceptTerms").check();
  await form.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toContainText(email);
  const pattern = /https?:\/\/[^\s"'<>]+\/customer\/account\/Verify\/\?token=[A-Za-z0-9_-]+/;
  const link = async () => (await readInbox(INBOX, email)).map((mail) => pattern.exec(`${mail.text}\n${mail.html}`)?.[0]).find(Boolean);
  await expect.poll(link).toBeTruthy();
  const url = new URL((await link())!.replace(/&amp;/g, "&"));
  await open(page, `${DE}${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/customer\/account\/OrderOverview\/$/);
}

test("a DE customer pays by card and finds the invoice in the account's order: its link opens the PDF", async ({ page, request }) => {
  test.setTimeout(180_000);
  const email = `rechnung-${Date.now()}@kunden.example`;
  await signedUp(page, email);

  const product = (await demoProducts(request, "DE")).find((node) => isOrderable(node) && node.stock.quantity >= 10)!;
  const added = await page.evaluate(async (sku) => {
    const response = await fetch("/apiv2/cart/", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sku, quantity: 1 }),
    });
    return response.status;
  }, product.sku);
  expect(added).toBe(200);
  await open(page, `${DE}/checkout/`);
  const checkout = page.getByTestId("checkout-page");
  await checkout.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await checkout.getByLabel("Vorname", { exact: true }).fill("Erika");
  await checkout.getByLabel("Nachname", { exact: true }).fill("Muster");
  await checkout.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await checkout.getByLabel("PLZ", { exact: true }).fill("10115");
  await checkout.getByLabel("Ort", { exact: true }).fill("Berlin");
  await checkout.getByTestId("payment-method-card").getByRole("radio").check();
  await checkout.getByTestId("accept-terms").check();
  await checkout.getByTestId("place-order").click();
  await expect(page).toHaveURL((url) => url.origin === STAND_IN && url.pathname.startsWith("/pay/cs_test_"));
  await page.locator("[data-outcome=succeed]").click();
  await expect(page).toHaveURL((url) => url.origin === DE && url.searchParams.has("order"));
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  const orderNumber = new URL(page.url()).searchParams.get("order")!;

  await open(page, `${DE}/customer/account/Order/?number=${orderNumber}`);
  const document = page.getByTestId("order-document");
  await expect(document).toHaveCount(1);
  const link = document.getByTestId("order-document-pdf");
  await expect(link).toHaveText(/^Rechnung RE-DE-\d{4}-\d{6} \(PDF\)$/);
  const number = (await document.getAttribute("data-number"))!;
  await expect(document.getByTestId("order-document-xrechnung")).toHaveCount(0);
  await page.getByTestId("order-documents").screenshot({ path: test.info().outputPath("order-documents.png") });

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.toString("latin1")).toContain("/FontFile2");

  // The invoice mail, with the PDF attached.
  await expect.poll(async () => (await readInbox(INBOX, email)).some((mail) => mail.subject === `Ihre Rechnung ${number}`)).toBe(true);
});
