import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { RMA_NUMBER } from "@domain/returns-forms";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { localHost } from "@scripts/lib/local-ports";
import { E2E_MAIL_CATCHER_PORTS, readInbox, type CaughtMail } from "@scripts/lib/mail-catcher";
import { loadShopConfig } from "@scripts/lib/shops";
import { JPEG, PNG } from "../kit/images";
import { deliverOrder, placeOrder, type OrderAddress, type PlacedOrder } from "./support/orders";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * Returns and complaints in the browser. Every test places its own order through
 * the real API and has the ERP deliver it (support/orders.ts), so nothing depends on demo
 * data. A guest in DE finds the order, returns 2 of 3 packages of one line as DEFECTIVE with
 * two photos, goes back from the overview to correct the amount, submits, sees the number and
 * finds the mail in the local inbox; a guest return from the landing page takes at most four
 * screens; the confirmation mail's signed link opens the order, and from there a guest
 * withdraws from the contract with two clicks; a signed-in FR customer
 * withdraws from an order of the account with two clicks.
 */
const DE = testOrigin("DE");
const CH = testOrigin("CH");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const BERLIN: OrderAddress = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

/** Two orderable DE products with stock for three packages. */
async function twoProducts(request: APIRequestContext): Promise<[ProductNode, ProductNode]> {
  const products = (await demoProducts(request, "DE")).filter((product) => isOrderable(product) && product.stock.quantity >= 3);
  if (products.length < 2) throw new Error("the DE demo catalogue has fewer than two orderable products with stock");
  // Another product each run, so the tests of one run do not buy one product's stock empty.
  const start = Math.floor(Math.random() * products.length);
  return [products[start]!, products[(start + 1) % products.length]!];
}

/** A delivered DE order of `email`: 3 packages of the first product, 1 of the second. */
async function deliveredOrder(page: Page, request: APIRequestContext, email: string): Promise<{ order: PlacedOrder; first: ProductNode; second: ProductNode }> {
  const [first, second] = await twoProducts(request);
  await page.goto(`${DE}/`);
  const order = await placeOrder(page, {
    email,
    address: BERLIN,
    language: "de",
    lines: [
      { sku: first.sku, quantity: 3 },
      { sku: second.sku, quantity: 1 },
    ],
  });
  await deliverOrder(order);
  return { order, first, second };
}

/** The newest mail to `email` whose subject contains `subject`. */
async function mailWith(email: string, subject: string): Promise<CaughtMail> {
  const matching = async () => (await readInbox(INBOX, email)).filter((mail) => mail.subject.includes(subject));
  await expect.poll(async () => (await matching()).length).toBeGreaterThan(0);
  return (await matching()).at(-1)!;
}

const screen = (page: Page) => page.getByTestId("returns-screen");

/** The guest's lookup on the returns page (German labels). */
async function lookUp(page: Page, order: string, email: string, postcode: string): Promise<void> {
  const form = page.getByTestId("returns-lookup");
  await form.getByLabel("Bestell- oder Rechnungsnummer", { exact: true }).fill(order);
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await form.getByLabel("Postleitzahl (Rechnungsadresse)", { exact: true }).fill(postcode);
  await form.getByRole("button", { name: "Bestellung suchen" }).click();
}

/** The line of the items step that shows `product`. */
const lineOf = (page: Page, product: ProductNode): Locator => page.locator('[data-testid^="line-"]').filter({ hasText: product.content.title });

test("a guest in DE returns 2 of 3 packages as defective with two photos, corrects the amount from the overview, gets the number and the mail", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `retoure-${Date.now()}@example.com`;
  const { order, first } = await deliveredOrder(page, request, email);

  await page.goto(`${DE}/returns/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retouren und Reklamationen");
  await expect(screen(page)).toHaveAttribute("data-screen", "lookup");
  // A wrong postcode: the one message that names all three fields.
  await lookUp(page, order.orderNumber, email, "80331");
  await expect(page.getByTestId("lookup-error")).toHaveText(
    "Zu dieser Bestell- oder Rechnungsnummer, E-Mail-Adresse und Postleitzahl haben wir keine Bestellung gefunden. Bitte überprüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
  );
  // The e-mail as typed by a person: other case, spaces around.
  await lookUp(page, order.orderNumber, ` ${email.toUpperCase()} `, BERLIN.postcode);
  await expect(screen(page)).toHaveAttribute("data-screen", "items");

  const line = lineOf(page, first);
  await line.getByRole("checkbox").check();
  await expect(line.getByLabel("Rückgabemenge")).toHaveValue("3");
  await page.getByLabel("Grund", { exact: true }).selectOption("DEFECTIVE");
  await page.getByLabel("Nachricht", { exact: true }).fill("Zwei Pakete kamen mit gebrochenen Kanten an.");
  await page.getByLabel("Telefonnummer (optional)", { exact: true }).fill("+49 30 1234567");
  const images = page.getByTestId("images-input");
  await images.setInputFiles([{ name: "zeichnung.svg", mimeType: "image/svg+xml", buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>") }]);
  await expect(page.getByTestId("image-error")).toHaveText("Die Dateiendung von zeichnung.svg ist nicht erlaubt.");
  await page.getByRole("button", { name: "zeichnung.svg entfernen" }).click();
  await images.setInputFiles([
    { name: "kante-1.jpg", mimeType: "image/jpeg", buffer: Buffer.from(JPEG) },
    { name: "kante-2.png", mimeType: "image/png", buffer: Buffer.from(PNG) },
  ]);
  await expect(page.locator('[data-testid="image-entry"][data-status="done"]')).toHaveCount(2);
  await expect(page.getByTestId("images-count")).toHaveText("2 von 6 Bildern");
  await page.getByTestId("to-overview").click();

  await expect(screen(page)).toHaveAttribute("data-screen", "overview");
  const overviewLine = page.locator('[data-testid^="overview-line-"]');
  await expect(overviewLine).toHaveText(`3 × ${first.content.title} (Art.-Nr. ${first.sku})`);
  await page.getByTestId("correct-return").click();

  // Back to correct: everything as it was entered.
  await expect(screen(page)).toHaveAttribute("data-screen", "items");
  await expect(line.getByRole("checkbox")).toBeChecked();
  await expect(line.getByLabel("Rückgabemenge")).toHaveValue("3");
  await expect(page.getByLabel("Grund", { exact: true })).toHaveValue("DEFECTIVE");
  await expect(page.getByLabel("Nachricht", { exact: true })).toHaveValue("Zwei Pakete kamen mit gebrochenen Kanten an.");
  await expect(page.locator('[data-testid="image-entry"][data-status="done"]')).toHaveCount(2);
  // More than returnable is refused with the spec's words, then 2.
  await line.getByLabel("Rückgabemenge").fill("4");
  await page.getByTestId("to-overview").click();
  await expect(line.getByRole("alert")).toHaveText("Der Wert darf nicht größer als 3 sein");
  await line.getByLabel("Rückgabemenge").fill("2");
  await page.getByTestId("to-overview").click();
  await expect(overviewLine).toHaveText(`2 × ${first.content.title} (Art.-Nr. ${first.sku})`);
  await expect(page.getByTestId("overview-images")).toContainText("kante-1.jpg");
  await expect(page.getByTestId("overview-images")).toContainText("kante-2.png");

  // A double click sends one complaint (the button waits, the key is one).
  const submits: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST" && new URL(sent.url()).pathname === "/apiv2/rma") submits.push(sent.headers()["idempotency-key"] ?? "");
  });
  await page.getByTestId("submit-return").dblclick();
  await expect(screen(page)).toHaveAttribute("data-screen", "success");
  const rmaId = (await page.getByTestId("rma-id").textContent())!.trim();
  expect(rmaId).toMatch(RMA_NUMBER);
  expect(submits.length).toBeGreaterThanOrEqual(1);
  expect(new Set(submits).size).toBe(1);

  const mail = await mailWith(email, rmaId);
  expect(mail.subject).toBe(`Ihre Reklamation ${rmaId} bei Bodenhaus Deutschland`);
  expect(mail.text).toContain(`2 × ${first.content.title}`);
  expect(mail.text).toContain(order.orderNumber);
});

test("a guest return from the landing page takes at most four screens", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `vier-${Date.now()}@example.com`;
  const { order } = await deliveredOrder(page, request, email);
  const screens: string[] = [];
  const note = async () => {
    const current = (await screen(page).getAttribute("data-screen"))!;
    if (screens.at(-1) !== current) screens.push(current);
  };

  await page.goto(`${DE}/returns/`);
  await expect(screen(page)).toHaveAttribute("data-screen", "lookup");
  await note();
  await lookUp(page, order.orderNumber, email, BERLIN.postcode);
  await expect(screen(page)).toHaveAttribute("data-screen", "items");
  await note();
  await page.getByTestId("whole-order").check();
  await page.getByLabel("Grund", { exact: true }).selectOption("OVER_ORDER");
  await page.getByTestId("to-overview").click();
  await expect(screen(page)).toHaveAttribute("data-screen", "overview");
  await note();
  await expect(page.getByTestId("overview-whole-order")).toBeVisible();
  await expect(page.locator('[data-testid^="overview-line-"]')).toHaveCount(2);
  await page.getByTestId("submit-return").click();
  await expect(screen(page)).toHaveAttribute("data-screen", "success");
  await note();
  expect(screens).toEqual(["lookup", "items", "overview", "success"]);
  await expect(page.getByTestId("rma-id")).toHaveText(RMA_NUMBER);
});

test("the confirmation mail's link opens the order without typing; from there a guest withdraws with two clicks and gets the mail", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `widerruf-${Date.now()}@example.com`;
  const { order } = await deliveredOrder(page, request, email);

  // The order confirmation carries the signed link of the returns page.
  const confirmation = await mailWith(email, order.orderNumber);
  const found = /https?:\/\/[^\s"'<>]+\/returns\/\?order=[A-Z0-9-]+&(?:amp;)?sig=[A-Za-z0-9_-]+/.exec(`${confirmation.text}\n${confirmation.html}`);
  if (!found) throw new Error(`no returns link in "${confirmation.subject}"`);
  const link = new URL(found[0].replace(/&amp;/g, "&"));
  expect(link.searchParams.get("order")).toBe(order.orderNumber);
  await page.goto(`${DE}${link.pathname}${link.search}`);
  await expect(screen(page)).toHaveAttribute("data-screen", "items");
  await expect(page.getByTestId("returns-order")).toContainText(order.orderNumber);
  await expect(page.getByTestId("returns-lookup")).toHaveCount(0);

  await page.getByTestId("to-withdraw").click();
  await expect(page).toHaveURL(/\/returns\/withdraw\/\?order=/);
  await expect(page.getByTestId("withdraw-order")).toContainText(order.orderNumber);
  await page.getByRole("button", { name: "Vertrag hier widerrufen" }).click();
  await expect(page.getByTestId("withdraw-confirm")).toContainText(`Möchten Sie den Vertrag zur Bestellung ${order.orderNumber}`);
  await page.getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(page.getByTestId("withdraw-done")).toContainText("Ihr Widerruf ist bei uns eingegangen.");
  await expect(page.getByTestId("withdraw-requested-at")).toHaveText(/^Eingegangen am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/);

  const mail = await mailWith(email, "Widerrufs");
  expect(mail.subject).toBe(`Bestätigung Ihres Widerrufs der Bestellung ${order.orderNumber} bei Bodenhaus Deutschland`);

  // Opened again: the withdrawal stands, with its time; no second button.
  await page.reload();
  await expect(page.getByTestId("withdraw-done")).toBeVisible();
  await expect(page.getByRole("button", { name: "Vertrag hier widerrufen" })).toHaveCount(0);
});

test("the Swiss shop has the returns page in French, its lookup in French", async ({ page }) => {
  await page.goto(`${CH}/fr/returns/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Retours et réclamations");
  const form = page.getByTestId("returns-lookup");
  await expect(form.getByLabel("Numéro de commande ou de facture", { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Rechercher la commande" }).click();
  await expect(form.getByRole("alert").first()).toHaveText("Ce champ est obligatoire.");
  const robots = await page.locator('meta[name="robots"]').getAttribute("content");
  expect(robots).toBe("noindex,nofollow");
});

/** Registration with the confirmation mail, the account's order page (/customer/account/Order/?number=) and its link to /returns/withdraw/?order=. */
test("a signed-in FR customer withdraws from an order of the account with two clicks", async ({ page, request }) => {
  test.setTimeout(180_000);
  const FR = `http://${localHost(loadShopConfig(), "FR", "test")}`;
  await page.goto(`${FR}/`);

  const email = `retractation-${Date.now()}@example.com`;
  const password = "Parquet-Chene-2026";
  await page.goto(`${FR}/customer/account/CreateAccount/`);
  await page.keyboard.press("Shift");
  const form = page.getByTestId("register");
  for (const [field, value] of [
    ["firstName", "Claire"],
    ["surname", "Martin"],
    ["email", email],
    ["street", "12 rue de la Roquette"],
    ["postcode", "75011"],
    ["city", "Paris"],
    ["phone", "+33 1 23 45 67 80"],
    ["password", password],
    ["confirmationPassword", password],
  ] as const)
    await form.locator(`#register-${field}`).fill(value);
  await form.locator("#register-acceptTerms").check();
  await form.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toContainText(email);
  const verification = await mailWith(email, "");
  const link = /https?:\/\/[^\s"'<>]+\/customer\/account\/Verify\/\?token=[A-Za-z0-9_-]+/.exec(`${verification.text}\n${verification.html}`);
  if (!link) throw new Error(`no confirmation link in "${verification.subject}"`);
  const verify = new URL(link[0].replace(/&amp;/g, "&"));
  await page.goto(`${FR}${verify.pathname}${verify.search}`);
  await expect(page.getByTestId("header-account")).toBeVisible();

  const products = (await demoProducts(request, "FR")).filter((product) => isOrderable(product) && product.stock.quantity >= 1);
  const order = await placeOrder(page, {
    email,
    address: { firstname: "Claire", lastname: "Martin", street: "12 rue de la Roquette", postcode: "75011", city: "Paris", countryCode: "fr" },
    language: "fr",
    lines: [{ sku: products[0]!.sku, quantity: 1 }],
  });
  await deliverOrder(order);

  // From the account's order to the withdrawal page, then two clicks.
  await page.goto(`${FR}/customer/account/Order/?number=${encodeURIComponent(order.orderNumber)}`);
  await page.locator(`a[href*="/returns/withdraw/?order=${order.orderNumber}"]`).click();
  await expect(page.getByTestId("withdraw-order")).toContainText(order.orderNumber);
  await page.getByRole("button", { name: "Se rétracter du contrat ici" }).click();
  await page.getByRole("button", { name: "Confirmer la rétractation" }).click();
  await expect(page.getByTestId("withdraw-done")).toContainText("Nous avons bien reçu votre rétractation.");
  expect((await mailWith(email, "rétractation")).subject).toContain(order.orderNumber);
});
