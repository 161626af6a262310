import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { INQUIRY_NUMBER } from "@domain/inquiry";
import { money } from "@domain/money";
import { OFFER_ID } from "@domain/offers";
import { demoStaffPassword } from "@scripts/lib/demo-staff";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { E2E_MAIL_CATCHER_PORTS, readInbox, type CaughtMail } from "@scripts/lib/mail-catcher";
import { loadShopConfig } from "@scripts/lib/shops";
import { demoProducts } from "./support/shopper";
import { TEST_PORT, testOrigin } from "./support/site";

/**
 * Inquiries and offers in the browser, in the DE shop: a product question from the
 * product page's modal (the calculator's quantity goes along; closing gives the page back) and a
 * bulk-buyer inquiry from its own page reach the customer (confirmation) and the shop's service
 * address (notification, Reply-To the customer); an offer requested from the product page is
 * answered by service staff in the back office's offer editor, the offer mail's signed link opens
 * the offer for the guest, who accepts it into the cart, where the line costs the offered price.
 */
const DE = testOrigin("DE");
const BACK_OFFICE = `http://admin.localhost:${TEST_PORT}`;
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const SHOP = loadShopConfig().shops.find((shop) => shop.id === "DE")!;
const euro = (minor: number) => money(minor, "EUR", "de").formattedWithCurrency;

/** An orderable DE product, another one each run (the limits count per e-mail, not per product). */
async function someProduct(request: APIRequestContext): Promise<ProductNode> {
  const products = (await demoProducts(request, "DE")).filter(isOrderable);
  if (products.length === 0) throw new Error("the DE demo catalogue has no orderable product");
  return products[Math.floor(Math.random() * products.length)]!;
}

/** The newest mail to `to` whose subject contains `subject`. */
async function mailWith(to: string, subject: string): Promise<CaughtMail> {
  const matching = async () => (await readInbox(INBOX, to)).filter((mail) => mail.subject.includes(subject));
  await expect.poll(async () => (await matching()).length).toBeGreaterThan(0);
  return (await matching()).at(-1)!;
}

/** The product page, with its live parts loaded (a key press wakes them, as a visitor's first interaction does). */
async function openProduct(page: Page, product: ProductNode): Promise<void> {
  await page.goto(`${DE}/${product.slug}.html`);
  await page.keyboard.press("Shift");
  await expect(page.getByTestId("ask-question")).toBeEnabled();
}

/** Goes through the yes/no steps: "Ja" for the first `yes` of them, the rest unanswered. */
async function answerQuestions(page: Page, yes: number): Promise<void> {
  const form = page.getByTestId("inquiry-form");
  for (let index = 0; (await form.getAttribute("data-step"))?.startsWith("question:"); index += 1) {
    if (index < yes) await form.getByLabel("Ja", { exact: true }).check();
    await form.getByTestId("inquiry-next").click();
  }
  await expect(form).toHaveAttribute("data-step", "contact");
  // The contact step opens without refusals: they show only once it was sent. (A submit would have
  // validated and rendered within two frames of the click.)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(form.getByRole("alert")).toHaveCount(0);
}

async function contact(page: Page, name: string, email: string, phone = ""): Promise<void> {
  const form = page.getByTestId("inquiry-form");
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  if (phone) await form.getByLabel("Telefonnummer (optional)", { exact: true }).fill(phone);
  await form.getByTestId("inquiry-submit").click();
}

/** The quantity of the page's calculator in the product's unit, as the form writes it (packages × package content). */
async function calculatorQuantity(page: Page, product: ProductNode): Promise<string> {
  const packages = Number(/\d+/.exec((await page.getByTestId("calculator-packages").textContent()) ?? "")?.[0]);
  return String(Math.round(packages * product.packageContent * 100) / 100).replace(".", ",");
}

test("a product question from the product page's modal and a bulk-buyer inquiry from its page reach the customer and the service address", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const product = await someProduct(request);
  const email = `frage-${Date.now()}@example.com`;

  // The question: in the modal, with the calculator's quantity.
  await openProduct(page, product);
  const quantity = await calculatorQuantity(page, product);
  // The page settled (its lazy parts above the buttons loaded, so they do not move it later) and
  // scrolled down a little, so the button is in view (a click does not scroll) and the position tells.
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    const button = document.querySelector('[data-testid="ask-question"]')!;
    window.scrollTo(0, Math.max(0, button.getBoundingClientRect().top + window.scrollY - 120));
  });
  // Where the visitor sees the button: the same after the modal (the browser's scroll anchoring may
  // move scrollY when lazy parts of the page settle meanwhile, but never what the visitor sees).
  const buttonTop = () => page.evaluate(() => Math.round(document.querySelector('[data-testid="ask-question"]')!.getBoundingClientRect().top));
  const seenAt = await buttonTop();
  await page.getByTestId("ask-question").click();
  const modal = page.getByTestId("inquiry-modal");
  await expect(modal.getByRole("heading", { level: 2 })).toHaveText("Frage zum Produkt");
  await expect(modal.getByTestId("inquiry-product")).toContainText(product.content.title);
  await expect(modal.getByLabel(/^Menge/)).toHaveValue(quantity);
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-modal-lock"))).toBe(true);
  // Nothing typed: the spec's words, nothing sent.
  await modal.getByTestId("inquiry-next").click();
  await expect(modal.getByRole("alert")).toHaveText("Dieses Feld ist ein Pflichtfeld.");
  await modal.getByLabel("Ihre Nachricht zum Projekt").fill("Ist das Parkett für Fußbodenheizung geeignet?");
  await modal.getByTestId("inquiry-next").click();
  await answerQuestions(page, 1);
  await contact(page, "Erika Muster", email, "+49 30 1234567");
  await expect(modal.getByTestId("inquiry-thanks")).toContainText("Vielen Dank für Ihre Anfrage");
  const question = (await modal.getByTestId("inquiry-number").textContent())!.trim();
  expect(question).toMatch(INQUIRY_NUMBER);
  // Back to the product: the modal closes and the page is as it was (top margin, fixed navigation, scroll position).
  await modal.getByTestId("inquiry-back-to-product").click();
  await expect(modal).toHaveCount(0);
  expect(
    await page.evaluate(() => ({
      locked: document.documentElement.hasAttribute("data-modal-lock"),
      top: document.body.style.top,
      position: document.body.style.position,
    })),
  ).toEqual({ locked: false, top: "", position: "" });
  expect(Math.abs((await buttonTop()) - seenAt)).toBeLessThanOrEqual(1);

  const confirmation = await mailWith(email, question);
  expect(confirmation.subject).toBe(`Ihre Produktfrage ${question} bei ${SHOP.name}`);
  expect(confirmation.text).toContain("Ist das Parkett für Fußbodenheizung geeignet?");
  const notification = await mailWith(SHOP.mail.service, question);
  expect(notification.subject).toBe(`Neue Anfrage ${question} (Produktfrage): ${product.content.title}`);
  expect(notification.text).toContain(email);
  expect(notification.text).toContain("+49 30 1234567");
  expect(JSON.stringify(notification.headers).toLowerCase()).toContain(email);

  // The bulk-buyer inquiry: its own page, reached from the product page.
  await page.getByTestId("bulk-inquiry").click();
  await expect(page).toHaveURL(`${DE}/grossabnehmeranfrage/${encodeURIComponent(product.sku)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Großabnehmeranfrage");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex,nofollow");
  const form = page.getByTestId("inquiry-form");
  await expect(page.getByTestId("inquiry-product")).toContainText(product.content.title);
  await form.getByLabel("Ihre Nachricht zum Projekt").fill("Hotelneubau mit drei Etagen, Lieferung in zwei Abschnitten.");
  await form.getByLabel(/^Menge/).fill("480");
  await form.getByTestId("inquiry-next").click();
  await answerQuestions(page, 2);
  await contact(page, "Hotel Seeblick GmbH", email);
  await expect(page.getByTestId("inquiry-thanks")).toContainText("Vielen Dank für Ihre Anfrage");
  const bulk = (await page.getByTestId("inquiry-number").textContent())!.trim();
  expect(bulk).toMatch(INQUIRY_NUMBER);
  expect(bulk).not.toBe(question);

  const bulkConfirmation = await mailWith(email, bulk);
  expect(bulkConfirmation.subject).toBe(`Ihre Großabnehmeranfrage ${bulk} bei ${SHOP.name}`);
  const bulkNotification = await mailWith(SHOP.mail.service, bulk);
  expect(bulkNotification.subject).toBe(`Neue Anfrage ${bulk} (Großabnehmeranfrage): ${product.content.title}`);
  expect(bulkNotification.text).toContain("Hotelneubau mit drei Etagen");
  expect(bulkNotification.text).toContain("480");

  // The thank-you leads back to the product.
  await page.getByTestId("inquiry-back-to-product").click();
  await expect(page).toHaveURL(`${DE}/${product.slug}.html`);
  await expect(page.getByTestId("product-title")).toHaveText(product.content.title);
});

test("an offer requested from the product page, answered by staff in the back office, is accepted by its link into the cart at the offered price", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const product = await someProduct(request);
  const email = `angebot-${Date.now()}@example.com`;

  // The shopper asks for an offer.
  await openProduct(page, product);
  await page.getByTestId("request-offer").click();
  const modal = page.getByTestId("inquiry-modal");
  await expect(modal.getByRole("heading", { level: 2 })).toHaveText("Angebot anfordern");
  await modal.getByLabel("Ihre Nachricht zum Projekt").fill("Bitte ein Angebot für unser Wohnzimmer.");
  await modal.getByTestId("inquiry-next").click();
  await answerQuestions(page, 0);
  await contact(page, "Erika Muster", email);
  await expect(modal.getByTestId("inquiry-thanks")).toBeVisible();
  const inquiry = (await modal.getByTestId("inquiry-number").textContent())!.trim();
  expect(inquiry).toMatch(INQUIRY_NUMBER);
  await mailWith(email, inquiry);
  await mailWith(SHOP.mail.service, inquiry);

  // Service staff answer it with an offer in the back office.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${BACK_OFFICE}/`);
  await staff.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await staff.getByLabel("Password").fill(demoStaffPassword());
  await staff.getByRole("button", { name: "Log in" }).click();
  await staff.getByRole("navigation").getByRole("link", { name: "Inquiries" }).click();
  await expect(staff.getByRole("heading", { name: "Inquiries", level: 1 })).toBeVisible();
  await staff.getByLabel("Search").fill(inquiry);
  await staff.getByRole("button", { name: "Apply" }).click();
  await staff.getByRole("link", { name: inquiry }).click();
  const editor = staff.getByTestId("inquiry-offer");
  await expect(editor.getByLabel("SKU", { exact: true })).toHaveValue(product.sku);
  const regular = product.price!.packagePrice.amount;
  const offered = Math.max(100, Math.round((regular * 0.85) / 10) * 10);
  const packages = Number(await editor.getByLabel("Packages", { exact: true }).inputValue());
  expect(packages).toBeGreaterThanOrEqual(1);
  await editor.getByLabel("Package price (EUR)", { exact: true }).fill((offered / 100).toFixed(2));
  await editor.getByLabel("Message to the customer").fill("Mit 15 % Nachlass, frei Baustelle.");
  await editor.getByRole("button", { name: "Send the offer" }).click();
  await editor.getByRole("button", { name: "Yes, send it" }).click();
  await expect(editor.getByText(`The offer was sent to ${email}.`)).toBeVisible();
  await staff.context().close();

  // The offer mail's signed link opens the offer for the guest.
  const offerMail = await mailWith(email, "Ihr Angebot");
  const found = /https?:\/\/[^\s"'<>]+\/offer\/\?id=O-[0-9A-Z]+&(?:amp;)?sig=[A-Za-z0-9_-]+/.exec(`${offerMail.text}\n${offerMail.html}`);
  if (!found) throw new Error(`no offer link in "${offerMail.subject}"`);
  const link = new URL(found[0].replace(/&amp;/g, "&"));
  expect(link.searchParams.get("id")).toMatch(OFFER_ID);
  expect(offerMail.subject).toBe(`Ihr Angebot ${link.searchParams.get("id")} von ${SHOP.name}`);
  await page.goto(`${DE}${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ihr Angebot");
  const shown = page.getByTestId("offer");
  await expect(shown.getByTestId("offer-state")).toHaveText("Angebot liegt vor");
  await expect(shown.getByTestId("offer-line-price")).toHaveText(euro(offered));
  await expect(shown.getByTestId("offer-total")).toHaveText(euro(offered * packages));
  await expect(shown).toContainText("Mit 15 % Nachlass, frei Baustelle.");

  // Accepted into the cart: the line at the offered price.
  await shown.getByTestId("offer-accept").click();
  await expect(page).toHaveURL(`${DE}/checkout/cart/`);
  const line = page.locator(`[data-testid="cart-line"][data-sku="${product.sku}"]`);
  await expect(line.getByTestId("package-price")).toContainText(euro(offered));
  await expect(line.getByTestId("line-total")).toContainText(euro(offered * packages));

  // Opened again, the offer shows it was accepted.
  await page.goto(`${DE}${link.pathname}${link.search}`);
  await expect(page.getByTestId("offer").getByTestId("offer-state")).toHaveText("Angenommen");
});
