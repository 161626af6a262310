import { expect, test, type Page } from "@playwright/test";
import { isOrderable } from "@scripts/lib/demo-products";
import { E2E_MAIL_CATCHER_PORTS, readInbox, type CaughtMail } from "@scripts/lib/mail-catcher";
import { demoProducts } from "./support/shopper";
import { fetchPage, testHost, testOrigin } from "./support/site";

/**
 * The contact page, the legacy route shapes and the shop backend paths (docs/decisions/0049):
 * - the contact page in its language variants; its form sends a message whose confirmation
 *   reaches the sender and whose notification reaches the shop's service address (the local inbox);
 * - the route shapes /{category}/Index, /{cms}/Contact, /{manufacturer}/manufacturer and the account
 *   routes /{account}/Login, /CreateAccount, /OrderOverview, /PasswordReset answer 301 to the real page;
 *   PUT /cart/addSampleBySku/{sku} and POST /configuration/cart/add reach the shop API;
 * - developer mode: with its cookie no script of the page runs (static HTML), and its page toggles the gates;
 * - the header's delivery-country chooser sends the update and the product page's delivery box follows;
 * - the account links of the header lead to pages, never to a 404.
 */
const DE = testOrigin("DE");
const CH = testOrigin("CH");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;

test.beforeEach(async ({ context }) => {
  // A visitor who answered the cookie consent: its dialog stays off the forms.
  for (const origin of [DE, CH]) await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" }]);
});

async function mailTo(email: string, subject: RegExp): Promise<CaughtMail> {
  const find = async () => (await readInbox(INBOX, email)).find((mail) => subject.test(mail.subject));
  await expect.poll(async () => (await find()) !== undefined).toBe(true);
  return (await find())!;
}

/** Lets the page's parts that wait for the browser to be idle load now (as a visitor's first key press does). */
async function wakeUp(page: Page) {
  await page.keyboard.press("Shift");
}

test("the contact form of the DE shop: the thank-you names the reference, the sender and the shop get their mails", async ({ page }) => {
  test.setTimeout(120_000);
  const email = `kontakt-${Date.now()}@example.com`;
  await page.goto(`${DE}/kontakt.html`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontakt");
  await expect(page.getByTestId("contact-service-phone")).toHaveAttribute("href", /^tel:\+49/);
  await expect(page.getByTestId("contact-hours")).toContainText("Mo–Fr 9–22 Uhr");
  await wakeUp(page);
  const form = page.getByTestId("contact-form");
  await expect(form.getByTestId("contact-submit")).toBeEnabled({ timeout: 20_000 });
  await form.getByLabel("Thema", { exact: true }).selectOption("delivery");
  await form.getByLabel("Vor- und Nachname", { exact: true }).fill("Erika Muster");
  await form.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await form.getByLabel("Bestellnummer (optional)", { exact: true }).fill("DE-4711");
  await form.getByLabel("Ihre Nachricht", { exact: true }).fill("Wann kommt meine Lieferung?\nIch bin ab 14 Uhr zu Hause.");
  await form.getByTestId("contact-submit").click();
  const done = page.getByTestId("contact-done");
  await expect(done).toContainText(/Ihre Referenz: K-[0-9A-HJKMNP-TV-Z]{10}\./, { timeout: 30_000 });
  const reference = /K-[0-9A-HJKMNP-TV-Z]{10}/.exec((await done.textContent()) ?? "")![0];

  const confirmation = await mailTo(email, new RegExp(`^Ihre Nachricht ${reference} an Bodenhaus Deutschland$`));
  expect(confirmation.text).toContain("Hallo Erika Muster,");
  expect(confirmation.text).toContain("Thema: Lieferung");
  expect(confirmation.text).toContain("Bestellnummer: DE-4711");
  const notification = await mailTo("service@bodenhaus.example", new RegExp(`^Kontaktformular ${reference} \\(Lieferung\\): Erika Muster$`));
  expect(notification.text).toContain(`E-Mail: ${email}`);
  expect(notification.headers["reply-to"]).toContain(email);
});

test("the contact page in every shop language, and the error pages' contact link", async ({ page }) => {
  for (const [origin, path, heading] of [
    [CH, "/fr/contactez.html", "Contact"],
    [CH, "/it/contatto.html", "Contatto"],
    [CH, "/de/kontakt.html", "Kontakt"],
    [testOrigin("FR"), "/contactez.html", "Contact"],
    [testOrigin("NL"), "/contact.html", "Contact"],
  ] as const) {
    const response = await page.goto(`${origin}${path}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId("contact-form")).toBeVisible();
  }
});

test("the legacy route shapes answer 301 to the real page", async ({ page }) => {
  const host = testHost("DE");
  // A category and a manufacturer the build has, as the pages link them.
  await page.goto(`${DE}/hersteller.html`);
  const manufacturer = (await page.locator('main a[href^="/hersteller/"]').first().getAttribute("href"))!;
  const manufacturerSlug = /^\/hersteller\/([^/]+)\.html$/.exec(manufacturer)![1]!;
  const category = (await page.locator('#main-menu a[href$=".html"]').first().getAttribute("href"))!;
  const categorySlug = category.replace(/^\//, "").replace(/\.html$/, "");

  for (const [path, location] of [
    [`/${categorySlug}/Index`, `${DE}${category}`],
    ["/service/Contact", `${DE}/kontakt.html`],
    [`/${manufacturerSlug}/manufacturer`, `${DE}${manufacturer}`],
    ["/Login", `${DE}/customer/account/Login/`],
    ["/customer/CreateAccount", `${DE}/customer/account/CreateAccount/`],
    ["/account/OrderOverview", `${DE}/customer/account/OrderOverview/`],
    ["/customer/PasswordReset", `${DE}/customer/account/PasswordReset/`],
  ]) {
    const answer = await fetchPage(host, path!);
    expect({ path, status: answer.status, location: answer.location }).toEqual({ path, status: 301, location });
  }
  const swiss = await fetchPage(testHost("CH"), "/fr/cms/Contact");
  expect([swiss.status, swiss.location]).toEqual([301, `${CH}/fr/contactez.html`]);
  const swissLogin = await fetchPage(testHost("CH"), "/it/customer/Login");
  expect([swissLogin.status, swissLogin.location]).toEqual([301, `${CH}/it/customer/account/Login/`]);
  expect((await fetchPage(host, "/gibt-es-nicht/Index")).status).toBe(404);
  // The redirect lands on a page.
  const landed = await page.goto(`${DE}/service/Contact`);
  expect(landed?.status()).toBe(200);
  expect(page.url()).toBe(`${DE}/kontakt.html`);
});

test("PUT /cart/addSampleBySku/{sku} and POST /configuration/cart/add reach the shop API through the edge", async ({ page, request }) => {
  const products = await demoProducts(request, "DE");
  const sample = products.find((product) => isOrderable(product) && product.samples.active)!;
  const simple = products.find((product) => isOrderable(product) && product.stock.quantity >= 10)!;
  await page.goto(`${DE}/`);
  const answers = await page.evaluate(
    async ({ sampleSku, productSku }) => {
      const sample = await fetch(`/cart/addSampleBySku/${encodeURIComponent(sampleSku)}`, { method: "PUT", credentials: "same-origin" });
      const form = new URLSearchParams({ form_key: "contact-routes", product: productSku, qty: "1" });
      const configured = await fetch("/configuration/cart/add", { method: "POST", body: form, credentials: "same-origin" });
      const cart = await fetch("/apiv2/cart", { credentials: "same-origin" });
      return {
        sample: { status: sample.status, body: (await sample.json()) as { data: unknown } },
        configured: { status: configured.status, body: (await configured.json()) as { data: { items?: { sku: string }[] } } },
        cart: (await cart.json()) as { data: { items: { sku: string }[] } },
      };
    },
    { sampleSku: sample.sku, productSku: simple.sku },
  );
  expect(answers.sample.status).toBe(200);
  expect(answers.sample.body.data).toBeGreaterThanOrEqual(1);
  expect(answers.configured.status).toBe(200);
  expect(answers.cart.data.items.map((item) => item.sku)).toContain(simple.sku);
});

test("developer mode: no script of the page runs; its page lists and toggles the gates", async ({ page, context }) => {
  test.setTimeout(90_000);
  const scripts: string[] = [];
  // Scripts the browser loaded (one the CSP refuses is announced as a request, then fails).
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  // Without the cookie the application loads.
  await page.goto(`${DE}/`);
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  // The build's inline loader ran (it sets the chunk map and the page's path on window).
  expect(await page.evaluate(() => "___chunkMapping" in window || "pagePath" in window)).toBe(true);

  // Entering developer mode: the cookie, then its page, which empties the browser's cache of the
  // shop's pages (a page kept from before, its scripts allowed, would otherwise come back for a minute).
  await context.addCookies([{ name: "developer_mode", value: "1", url: DE }]);
  expect((await page.goto(`${DE}/developer-mode.html`))?.status()).toBe(200);
  scripts.length = 0;
  const response = await page.goto(`${DE}/`);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'none'");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(scripts).toEqual([]);
  // Not even the inline loader ran (the page's root element is there: static HTML).
  expect(await page.evaluate(() => "___chunkMapping" in window || "pagePath" in window || "___loader" in window)).toBe(false);
  await expect(page.locator("#___gatsby")).toHaveCount(1);

  // The developer-mode page: new search is off and the search page is not there; turning it on opens it.
  await page.goto(`${DE}/developer-mode.html`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Developer mode");
  const search = page.locator('tr[data-gate="new-search"]');
  await expect(search.locator("td[data-state]")).toHaveAttribute("data-state", "off");
  expect((await fetchPage(testHost("DE"), "/search/", "developer_mode=1")).status).toBe(404);
  await search.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(`${DE}/developer-mode.html`);
  await expect(search.locator("td[data-state]")).toHaveAttribute("data-state", "on");
  expect((await page.goto(`${DE}/search/`))?.status()).toBe(200);

  // Leaving developer mode: home, with the application again.
  await page.goto(`${DE}/DeveloperMode`);
  await expect(page.locator('tr[data-gate="international-entry"] a')).toHaveAttribute("href", "/com/");
  await page.locator('tr[data-gate="developer-mode"]').getByRole("button", { name: "Turn off" }).click();
  await expect(page).toHaveURL(`${DE}/`);
  expect((await context.cookies(DE)).some((cookie) => cookie.name === "developer_mode")).toBe(false);
  scripts.length = 0;
  await page.reload();
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
});

test("the header's delivery country: the update is sent and the product page's delivery box follows", async ({ page, request }) => {
  test.setTimeout(90_000);
  const product = (await demoProducts(request, "DE")).find((candidate) => isOrderable(candidate) && candidate.stock.quantity >= 10)!;
  await page.goto(`${DE}/${product.slug}.html`);
  await wakeUp(page);
  const box = page.getByTestId("delivery-box");
  await expect(box.getByTestId("delivery-country")).toHaveValue("de");
  await expect(box.getByTestId("delivery-modes").getByRole("radio", { name: "Standard" })).toBeChecked();
  const header = page.getByTestId("header-delivery-country");
  await expect(header).toHaveValue("de");
  const update = page.waitForRequest((sent) => sent.method() === "PUT" && new URL(sent.url()).pathname === "/apiv2/shipping/costs/country");
  await header.selectOption("nl");
  expect((await update).postDataJSON()).toEqual({ country: "nl" });
  await expect(box.getByTestId("delivery-country")).toHaveValue("nl");
  await expect(box.getByTestId("shipping-zone")).toContainText("Niederlande");
  await expect(page.getByTestId("header-delivery-status")).toContainText("Lieferland Niederlande");
  // Another page knows the choice from the shop API.
  await page.goto(`${DE}/kontakt.html`);
  await wakeUp(page);
  await expect(page.getByTestId("header-delivery-country")).toHaveValue("nl");
});

test("the header's account and project links lead to pages, never to a 404", async ({ page }) => {
  await page.goto(`${DE}/`);
  await wakeUp(page);
  const links = page.locator('header [data-testid="header-login"] a, header a[data-slot="project-counter"]');
  await expect(links.first()).toBeVisible({ timeout: 20_000 });
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThanOrEqual(2);
  for (const href of hrefs) expect({ href, status: (await fetchPage(testHost("DE"), href)).status }).toEqual({ href, status: 200 });
});
