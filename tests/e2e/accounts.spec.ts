import { expect, test, type Page } from "@playwright/test";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "@scripts/lib/mail-catcher";
import { isOrderable } from "@scripts/lib/demo-products";
import { checkoutDeliveryText, confirmationMailOf, expectAccountPageShowsOrder, expectMailStatesOrder, orderAsShown } from "./support/order-mail";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * Customer accounts in the browser: a business customer registers in the German
 * shop, confirms the address with the mail in the local inbox, signs out and in again, keeps
 * a product in a new project from its product page, puts the project into the cart, orders
 * it with storage on call and finds the order under my orders; a guest of the Swiss shop in
 * French keeps a project in the browser, registers and finds it in the account.
 *
 * The checkout step fills the checkout page ({prefix}/checkout/) by its labels.
 */
const DE = testOrigin("DE");
const CH = testOrigin("CH");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const PASSWORD = "Parkett-Eiche-2026";
/** Storage on call needs an order value from 1200. */
const STORAGE_MINIMUM_MINOR = 120_000;

// A visitor who answered the cookie consent: its dialog stays off the forms.
test.beforeEach(async ({ context }) => {
  await context.addCookies([DE, CH].map((origin) => ({ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" })));
});

/** Opens a page and interacts once: the live parts load when the browser is idle or at the first interaction (lib/lazy.ts). */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.keyboard.press("Shift");
}

/** The link to the account screen `screen` (Verify, PasswordReset) in the newest mail to `email` that has one, on the shop's test origin. */
async function accountMailLink(email: string, origin: string, screen: "Verify" | "PasswordReset"): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+/customer/account/${screen}/\\?token=[A-Za-z0-9_-]+`);
  const newest = async () =>
    (await readInbox(INBOX, email))
      .map((mail) => pattern.exec(`${mail.text}\n${mail.html}`)?.[0])
      .filter((link): link is string => link !== undefined)
      .at(-1);
  await expect.poll(newest).toBeTruthy();
  const url = new URL((await newest())!.replace(/&amp;/g, "&"));
  return `${origin}${url.pathname}${url.search}`;
}

/** The confirmation link of the newest verification mail to `email`, on the shop's test origin. */
const verificationLink = (email: string, origin: string) => accountMailLink(email, origin, "Verify");

test("a business customer in DE: register, confirm by mail, sign in, a project from a product page, into the cart, an order with storage, my orders, sign out", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `bau-${Date.now()}@example.com`;

  // Register as a business customer.
  await open(page, `${DE}/customer/account/CreateAccount/`);
  const form = page.getByTestId("register");
  await form.getByLabel("Geschäftskunde").check();
  await form.getByLabel("Firma", { exact: true }).fill("Muster Bau GmbH");
  await form.getByLabel("USt-IdNr. (optional)", { exact: true }).fill("DE123456789");
  await form.getByLabel("Vorname", { exact: true }).fill("Erika");
  await form.getByLabel("Nachname", { exact: true }).fill("Muster");
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await form.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await form.getByLabel("PLZ", { exact: true }).fill("10115");
  await form.getByLabel("Ort", { exact: true }).fill("Berlin");
  await expect(form.getByLabel("Land", { exact: true })).toHaveValue("de");
  await form.getByLabel("Telefonnummer", { exact: true }).fill("+49 30 1234567");
  await form.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Passwort wiederholen", { exact: true }).fill(PASSWORD);
  await form.locator("#register-acceptTerms").check();
  await form.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toContainText(email);

  // Confirm the address with the mail's link: signed in, on to my orders.
  await open(page, await verificationLink(email, DE));
  await expect(page).toHaveURL(/\/customer\/account\/OrderOverview\/$/);
  await expect(page.getByTestId("header-account")).toHaveText("Hallo, Erika");
  await expect(page.getByTestId("orders-empty")).toBeVisible();

  // Sign out, then in again through the header's login link.
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("header-login")).toBeVisible();
  await page.getByTestId("header-login").getByRole("link", { name: "Anmelden" }).click();
  await page.keyboard.press("Shift");
  const login = page.getByTestId("login");
  await login.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await login.getByLabel("Passwort", { exact: true }).fill("Falsches-Passwort-1");
  await login.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-failure")).toContainText("Die Anmeldung ist nicht gelungen.");
  await login.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await login.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/customer\/account\/OrderOverview\/$/);
  await expect(page.getByTestId("header-account")).toHaveText("Hallo, Erika");

  // A new project from a product page, with enough packages for storage on call.
  const product = (await demoProducts(request, "DE")).find(
    (candidate) =>
      isOrderable(candidate) &&
      candidate.price !== null &&
      candidate.price.packagePrice.amount > 0 &&
      Math.ceil(STORAGE_MINIMUM_MINOR / candidate.price.packagePrice.amount) + 1 <= Math.min(candidate.stock.quantity, 9999),
  );
  if (!product) throw new Error("no product in the demo catalogue that can reach the storage minimum");
  const packages = Math.ceil(STORAGE_MINIMUM_MINOR / product.price!.packagePrice.amount) + 1;
  await open(page, `${DE}/${product.slug}.html`);
  await expect(page.getByTestId("project-count").first()).toHaveText("0");
  const menu = page.getByTestId("project-menu");
  await expect(menu.getByTestId("project-menu-toggle")).toBeEnabled();
  const quantity = page.locator(`#quantity-${product.sku}`);
  await quantity.fill(String(packages));
  await quantity.blur();
  await menu.getByTestId("project-menu-toggle").click();
  await menu.getByTestId("project-menu-create").click();
  await menu.getByLabel("Name des neuen Projekts").fill("Rohbau Musterstraße");
  await menu.getByTestId("project-menu-create-submit").click();
  await expect(menu.getByTestId("project-menu-message")).toContainText(
    `${packages} Pakete „${product.content.title}“ wurden zu „Rohbau Musterstraße“ hinzugefügt.`,
  );
  await expect(page.getByTestId("project-count").first()).toHaveText("1");

  // My projects: the whole project into the cart in one click.
  await page.getByTestId("project-count").first().click();
  await page.keyboard.press("Shift");
  const project = page.locator('[data-testid="project"][data-name="Rohbau Musterstraße"]');
  await expect(project.getByTestId("project-line")).toHaveCount(1);
  await expect(project.getByTestId("project-line").locator("input.quantity-input")).toHaveValue(String(packages));
  await project.getByTestId("project-all-to-cart").click();
  await expect(page.getByText("1 Produkt liegt jetzt im Warenkorb.")).toBeVisible();
  await expect(page.getByTestId("mini-cart-count").first()).toHaveText("1");

  // The checkout page: storage on call is offered to an account from 1200 €.
  await open(page, `${DE}/checkout/`);
  const checkout = page.getByTestId("checkout-page");
  await checkout.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await checkout.getByLabel("Vorname", { exact: true }).fill("Erika");
  await checkout.getByLabel("Nachname", { exact: true }).fill("Muster");
  await checkout.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await checkout.getByLabel("PLZ", { exact: true }).fill("10115");
  await checkout.getByLabel("Ort", { exact: true }).fill("Berlin");
  await checkout.getByTestId("delivery-mode-on_call_storage").locator("input").check();
  await checkout.getByTestId("payment-method-prepayment").locator("input").check();
  await checkout.getByTestId("accept-terms").check();
  const deliveryShown = (await checkout.getByTestId("delivery-mode-on_call_storage").locator(".choice-detail").textContent())!;
  await checkout.getByTestId("place-order").click();
  await expect(page.getByTestId("order-number")).toHaveText(/^DE-\d+$/);
  const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();

  // The checkout page, the mail and (below) the account's order page state the same order; a
  // business customer's confirmation carries the terms, not the consumer's withdrawal text.
  const placed = await orderAsShown(page, orderNumber);
  expect(deliveryShown).toBe(checkoutDeliveryText(placed, "de"));
  const mail = await confirmationMailOf(email, orderNumber);
  expectMailStatesOrder(mail, placed, "de");
  expect(mail.text).toContain("Unsere Allgemeinen Geschäftsbedingungen");
  expect(mail.text).not.toContain("Muster-Widerrufsformular");

  // My orders: the order with its storage badge, and its details with the storage box.
  await open(page, `${DE}/customer/account/OrderOverview/`);
  const row = page.locator(`[data-testid="order-row"][data-number="${orderNumber}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("storage-badge")).toContainText("Eingelagert bis");
  await row.getByRole("link").click();
  await page.keyboard.press("Shift");
  await expectAccountPageShowsOrder(page, placed);
  await expect(page.getByTestId("order-delivery-mode")).toHaveText("Auf Abruf mit Einlagerung");
  await expect(page.getByTestId("stored-until")).toContainText("Ihre Ware lagert kostenlos bis");
  const callOff = page.getByLabel("Wunschtermin für die Lieferung");
  await expect(callOff).toHaveAttribute("type", "date");
  await expect(callOff).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);

  // Sign out: the protected screens send to the login with the way back.
  await page.getByTestId("logout").click();
  await expect(page.getByTestId("header-login")).toBeVisible();
  await open(page, `${DE}/customer/account/OrderOverview/`);
  await expect(page).toHaveURL(/\/customer\/account\/Login\/\?return=%2Fcustomer%2Faccount%2FOrderOverview%2F$/);
});

test("a private customer keeps data, address and password in the account; a new password signs out the other browser; a used reset link says so at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `daten-${Date.now()}@example.com`;
  await open(page, `${DE}/customer/account/CreateAccount/`);
  const form = page.getByTestId("register");
  await form.getByLabel("Vorname", { exact: true }).fill("Jana");
  await form.getByLabel("Nachname", { exact: true }).fill("Becker");
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await form.getByLabel("Straße und Hausnummer", { exact: true }).fill("Lindenallee 7");
  await form.getByLabel("PLZ", { exact: true }).fill("50667");
  await form.getByLabel("Ort", { exact: true }).fill("Köln");
  await form.getByLabel("Telefonnummer", { exact: true }).fill("0221 123456");
  await form.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Passwort wiederholen", { exact: true }).fill(PASSWORD);
  await form.locator("#register-acceptTerms").check();
  await form.getByTestId("register-submit").click();
  await expect(page.getByTestId("register-sent")).toContainText(email);
  await open(page, await verificationLink(email, DE));
  await expect(page).toHaveURL(/\/customer\/account\/OrderOverview\/$/);

  // My data, from the account menu: type and e-mail shown, the name changed; the greeting follows.
  await page.getByTestId("account-nav").getByRole("link", { name: "Meine Daten" }).click();
  await page.keyboard.press("Shift");
  const profile = page.getByTestId("profile");
  await expect(profile.getByTestId("profile-type")).toHaveText("Privatkunde");
  await expect(profile.getByTestId("profile-email")).toHaveText(email);
  await profile.getByLabel("Vorname", { exact: true }).fill("Jana Maria");
  await profile.getByTestId("profile-submit").click();
  await expect(profile.getByTestId("profile-saved")).toHaveText("Ihre Daten wurden gespeichert.");
  await expect(page.getByTestId("header-account")).toHaveText("Hallo, Jana Maria");

  // My address: the registration's street, changed and kept.
  await page.getByTestId("account-nav").getByRole("link", { name: "Meine Adresse" }).click();
  await page.keyboard.press("Shift");
  const address = page.getByTestId("address");
  await expect(address.getByLabel("Straße und Hausnummer", { exact: true })).toHaveValue("Lindenallee 7");
  await address.getByLabel("Straße und Hausnummer", { exact: true }).fill("Domkloster 4");
  await address.getByTestId("address-submit").click();
  await expect(address.getByTestId("address-saved")).toHaveText("Ihre Adresse wurde gespeichert.");
  await open(page, `${DE}/customer/account/Address/`);
  await expect(page.getByTestId("address").getByLabel("Straße und Hausnummer", { exact: true })).toHaveValue("Domkloster 4");

  // Another browser signed in too; the password change here signs it out, this one stays.
  const otherContext = await browser.newContext();
  await otherContext.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(DE).hostname, path: "/" }]);
  const other = await otherContext.newPage();
  await open(other, `${DE}/customer/account/Login/`);
  await other.getByTestId("login").getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await other.getByTestId("login").getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await other.getByTestId("login-submit").click();
  await expect(other).toHaveURL(/\/customer\/account\/OrderOverview\/$/);
  await page.getByTestId("account-nav").getByRole("link", { name: "Passwort ändern" }).click();
  await page.keyboard.press("Shift");
  const password = page.getByTestId("password-change");
  await password.getByLabel("Bisheriges Passwort", { exact: true }).fill("Falsches-Passwort-1");
  await password.getByLabel("Neues Passwort", { exact: true }).fill("Neues-Passwort-42");
  await password.getByLabel("Passwort wiederholen", { exact: true }).fill("Neues-Passwort-42");
  await password.getByTestId("password-submit").click();
  await expect(password.locator("#password-currentPassword-error")).toHaveText("Das bisherige Passwort ist nicht richtig.");
  await password.getByLabel("Bisheriges Passwort", { exact: true }).fill(PASSWORD);
  await password.getByTestId("password-submit").click();
  await expect(password.getByTestId("password-saved")).toHaveText("Ihr Passwort wurde geändert. Auf allen anderen Geräten sind Sie jetzt abgemeldet.");
  await expect.poll(async () => (await readInbox(INBOX, email)).some((mail) => mail.subject.includes("wurde geändert"))).toBe(true);
  await open(page, `${DE}/customer/account/Profile/`);
  await expect(page.getByTestId("profile")).toBeVisible();
  await open(other, `${DE}/customer/account/Profile/`);
  await expect(other).toHaveURL(/\/customer\/account\/Login\/\?return=/);
  await otherContext.close();

  // A reset link: it works once; opened again, the page says at once that it is no longer valid, with the way to a new one.
  await page.getByTestId("logout").click();
  await open(page, `${DE}/customer/account/PasswordReset/`);
  await page.getByTestId("password-reset").getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await page.getByTestId("password-reset").getByRole("button", { name: "Link senden" }).click();
  await expect(page.getByTestId("reset-sent")).toBeVisible();
  const resetLink = await accountMailLink(email, DE, "PasswordReset");
  await open(page, resetLink);
  const fresh = page.getByTestId("new-password");
  await fresh.getByLabel("Neues Passwort", { exact: true }).fill("Drittes-Passwort-3");
  await fresh.getByLabel("Passwort wiederholen", { exact: true }).fill("Drittes-Passwort-3");
  await fresh.getByRole("button", { name: "Passwort speichern" }).click();
  await expect(page).toHaveURL(/\/customer\/account\/OrderOverview\/$/);
  await open(page, resetLink);
  await expect(page.getByTestId("reset-link-invalid")).toHaveText(
    "Dieser Link ist nicht mehr gültig: Er wurde bereits verwendet oder ist abgelaufen. Fordern Sie hier einen neuen Link an.",
  );
  await expect(page.getByTestId("new-password")).toHaveCount(0);
  await expect(page.getByTestId("password-reset").getByRole("button", { name: "Link senden" })).toBeVisible();
});

test.describe("a Swiss guest in French", () => {
  test.use({ locale: "fr-CH", extraHTTPHeaders: { "accept-language": "fr-CH,fr;q=0.9" } });

  test("keeps a project in the browser, registers and finds it merged into the account", async ({ page }) => {
    test.setTimeout(120_000);
    const email = `chalet-${Date.now()}@example.com`;

    // A product page in French, through the menu.
    await open(page, `${CH}/fr/`);
    const world = page.locator("nav.main-nav a").first();
    const worldName = (await world.textContent())!.trim();
    await world.click();
    await expect(page.locator("h1")).toHaveText(worldName);
    const card = page.locator(".card h3").first();
    const title = (await card.textContent())!.trim();
    await card.click();
    await expect(page.getByTestId("product-title")).toHaveText(title);
    await page.keyboard.press("Shift");
    expect(new URL(page.url()).pathname).toMatch(/^\/fr\/[a-z0-9/-]+\.html$/);
    const menu = page.getByTestId("project-menu");
    await menu.getByTestId("project-menu-toggle").click();
    await menu.getByTestId("project-menu-create").click();
    await menu.getByLabel("Nom du nouveau projet").fill("Chalet");
    await menu.getByTestId("project-menu-create-submit").click();
    const added = menu.getByTestId("project-menu-message");
    await expect(added).toContainText(`colis de « ${title} »`);
    await expect(added).toContainText("à « Chalet ».");
    await expect(page.getByTestId("project-count").first()).toHaveText("1");
    expect(await page.evaluate(() => localStorage.getItem("bh:guest-projects"))).toContain("Chalet");

    // Register.
    await open(page, `${CH}/fr/customer/account/CreateAccount/`);
    const form = page.getByTestId("register");
    await form.getByLabel("Prénom", { exact: true }).fill("Claire");
    await form.getByLabel("Nom", { exact: true }).fill("Dubois");
    await form.getByLabel("Adresse e-mail", { exact: true }).fill(email);
    await form.getByLabel("Numéro et rue", { exact: true }).fill("Rue du Rhône 12");
    await form.getByLabel("Code postal", { exact: true }).fill("1204");
    await form.getByLabel("Ville", { exact: true }).fill("Genève");
    await expect(form.getByLabel("Pays", { exact: true })).toHaveValue("ch");
    await form.getByLabel("Numéro de téléphone", { exact: true }).fill("+41 22 123 45 67");
    await form.getByLabel("Mot de passe", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirmer le mot de passe", { exact: true }).fill(PASSWORD);
    await form.locator("#register-acceptTerms").check();
    await form.getByTestId("register-submit").click();
    await expect(page.getByTestId("register-sent")).toContainText(email);

    // Confirm: signed in, the browser's project goes to the account.
    await open(page, await verificationLink(email, CH));
    await expect(page).toHaveURL(/\/fr\/customer\/account\/OrderOverview\/$/);
    await expect(page.getByTestId("header-account")).toHaveText("Bonjour Claire");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("bh:guest-projects"))).toBeNull();

    await open(page, `${CH}/fr/customer/projects/`);
    const project = page.locator('[data-testid="project"][data-name="Chalet"]');
    await expect(project).toBeVisible();
    await expect(project.getByTestId("project-line")).toHaveCount(1);
    await expect(project.getByTestId("project-line")).toContainText(title);
    await expect(page.getByTestId("guest-projects-note")).toHaveCount(0);
    await expect(page.getByTestId("project-count").first()).toHaveText("1");
  });
});
