import { expect, test, type Page } from "@playwright/test";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { DEMO_STAFF, demoStaffPassword } from "@scripts/lib/demo-staff";
import { loadShopConfig } from "@scripts/lib/shops";
import { demoProducts } from "./support/shopper";

/**
 * The back office on its test host (admin.localhost:8797): a merchandiser logs in, uploads a
 * CSV price file with one bad row and sees that row named (nothing written), fixes it,
 * applies it and finds it in the import history; a service login sees no catalogue; logging
 * out revokes the session; a record's address opens it on a reload and from a bookmark; a
 * login paused by too many failures says until when, without locking out the others; a German
 * browser gets the German console and the switch changes the language. The demo accounts
 * and their password come from the global setup (scripts/lib/demo-staff.ts).
 */
const BACK_OFFICE = `http://${loadShopConfig().backOffice!.hosts.test[0]!}`;
const account = (role: string) => DEMO_STAFF.find((staff) => staff.role === role)!;

async function logIn(page: Page, role: string): Promise<void> {
  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill(account(role).email);
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("who")).toHaveText(`${account(role).name} (${role})`);
}

const money = (minor: number) => (minor / 100).toFixed(2);

test("a wrong password is refused with the one message for every failed login", async ({ page }) => {
  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill(account("merchandiser").email);
  await page.getByLabel("Password").fill("not the password at all");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or the password is not correct.");
});

test("a merchandiser checks a price file, sees the bad row, fixes it, applies it and finds it in the history", async ({ page, request }) => {
  const nodes = await demoProducts(request, "DE");
  const [first, second] = nodes.filter((product) => isOrderable(product) && product.packageContent > 0);
  if (!first || !second) throw new Error("the demo catalogue has fewer than two orderable DE products");
  const row = (product: ProductNode, currency: string) => {
    const price = product.price!.packagePrice.amount + 100;
    return `${product.sku},DE,${currency},${money(price)},${money(Math.round(price / product.packageContent))}`;
  };
  const header = "sku,shop,currency,packagePrice,unitPrice";
  const bad = [header, row(first, "EUR"), row(second, "CHF")].join("\n");
  const good = [header, row(first, "EUR"), row(second, "EUR")].join("\n");

  await logIn(page, "merchandiser");
  await expect(page.getByRole("navigation").getByRole("link")).toHaveText(["Catalogue", "Publishing", "Search report"]);
  await page.getByRole("link", { name: "Catalogue" }).click();
  await expect(page).toHaveURL(`${BACK_OFFICE}/catalogue`);

  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await expect(page.getByLabel("Format", { exact: true })).toContainText("Detect from the file (CSV prices)");
  await page.getByRole("button", { name: "Check file" }).click();
  const problems = page.getByTestId("check-problems");
  await expect(problems.getByRole("alert")).toContainText("prices.csv has 1 problem. Nothing was written.");
  await expect(problems.getByRole("row").nth(1)).toHaveText(["2", "currency", "shop DE sells in EUR, not CHF"].join(""));
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);

  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("check-valid")).toContainText("prices.csv is valid: 2 records, 2 products would change.");
  await page.getByRole("button", { name: "Apply import" }).click();
  const applied = page.getByTestId("applied");
  await expect(applied).toContainText(/Imported as import #\d+: 2 products changed/);
  const importId = /#(\d+)/.exec((await applied.textContent()) ?? "")![1]!;

  const history = page.getByTestId("import-history");
  // The row whose first cell, the import, is this one (another row's change-id cell may show the same #number).
  const entry = history.getByRole("row").filter({ has: page.locator("td:first-child", { hasText: new RegExp(`^#${importId}$`) }) });
  await expect(entry).toContainText(account("merchandiser").email);
  await expect(entry).toContainText("console: prices.csv");
  await expect(entry.getByRole("cell").nth(6)).toHaveText("2");
});

test("a service login sees no catalogue and the API refuses it", async ({ page }) => {
  await logIn(page, "service");
  await expect(page.getByRole("navigation").getByRole("link", { name: "Catalogue" })).toHaveCount(0);
  await page.goto(`${BACK_OFFICE}/catalogue`);
  await expect(page.getByText("This page does not exist in the back office.")).toBeVisible();
  const status = await page.evaluate(
    async () => (await fetch("/admin/api/catalogue/validate?format=csv-prices", { method: "POST", body: "x", headers: { "content-type": "text/csv" } })).status,
  );
  expect(status).toBe(403);
});

test("logging out revokes the session: its cookie no longer opens the staff API", async ({ page, context }) => {
  await logIn(page, "merchandiser");
  const cookie = (await context.cookies(BACK_OFFICE)).find((entry) => entry.name === "bh_staff");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("bh_staff");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  // The old token, presented again, is refused: the session was revoked, not only the cookie deleted.
  await context.addCookies([{ ...cookie!, expires: -1 }]);
  const status = await page.evaluate(async () => (await fetch("/admin/api/session")).status);
  expect(status).toBe(401);
});

test("a record's own address opens it on a reload, and from a bookmark after the login", async ({ page, browser }) => {
  await logIn(page, "service");
  await page.getByRole("navigation").getByRole("link", { name: "Orders", exact: true }).click();
  const first = page.getByRole("row").nth(1).getByRole("link");
  const number = (await first.textContent())!.trim();
  expect(number).toMatch(/^[A-Z]{2,5}-\d+$/);
  await first.click();
  await expect(page).toHaveURL(`${BACK_OFFICE}/orders/${number}`);
  await page.reload();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();

  // The bookmark in a browser without a session: the login, then the order itself.
  const fresh = await browser.newContext();
  try {
    const bookmark = await fresh.newPage();
    const answer = await bookmark.goto(`${BACK_OFFICE}/orders/${number}`);
    expect(answer!.status()).toBe(200);
    await bookmark.getByLabel("E-mail address").fill(account("service").email);
    await bookmark.getByLabel("Password").fill(demoStaffPassword());
    await bookmark.getByRole("button", { name: "Log in" }).click();
    await expect(bookmark.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
    await expect(bookmark).toHaveURL(`${BACK_OFFICE}/orders/${number}`);
    // Paths that are no console route stay 404.
    expect((await bookmark.goto(`${BACK_OFFICE}/unknown/DE-1`))!.status()).toBe(404);
  } finally {
    await fresh.close();
  }
});

test("after too many failed logins for one address the login says it is paused and until when; the other staff still log in", async ({ page }) => {
  // An address no account has: answered exactly like a known one, so this locks no demo account.
  const email = `nobody-${Date.now()}@bodenhaus.example`;
  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill("not the password at all");
  for (let i = 0; i < 5; i++) {
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The e-mail address or the password is not correct.");
  }
  // The fifth answer is in: the button reads "Log in" again only then.
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  const refused = page.waitForResponse((response) => response.url().endsWith("/admin/api/session") && response.request().method() === "POST");
  await page.getByRole("button", { name: "Log in" }).click();
  const answer = await refused;
  expect(answer.status()).toBe(429);
  expect(Number(answer.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(page.getByRole("alert")).toHaveText(/^Too many failed logins\. Logging in is paused: please try again in 15 minutes \(at \d{2}:\d{2}\)\.$/);

  // The same address, another account: not locked out.
  await logIn(page, "merchandiser");
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("the console speaks German, with German dates, and the switch changes it to English", async ({ page }) => {
    await page.goto(`${BACK_OFFICE}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await page.getByLabel("E-Mail-Adresse").fill(account("service").email);
    await page.getByLabel("Passwort").fill("nicht das Passwort");
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByRole("alert")).toHaveText("Die E-Mail-Adresse oder das Passwort ist nicht korrekt.");
    await page.getByLabel("Passwort").fill(demoStaffPassword());
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByTestId("who")).toHaveText(`${account("service").name} (Kundenservice)`);

    await page.getByRole("navigation").getByRole("link", { name: "Bestellungen", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Bestellungen", exact: true })).toBeVisible();
    const first = page.getByRole("row").nth(1);
    // `28. Nov. 2026, 09:00`: day first, the German month, a 24-hour time.
    await expect(first).toContainText(/\d{1,2}\. [A-ZÄ][a-zä]+\.? \d{4}, \d{2}:\d{2}/);
    await expect(first).toContainText(/eingegangen|bestätigt|versendet|zugestellt|storniert/);
    await expect(first).toContainText(/\d,\d{2}\u00a0€|CHF\u00a0\d/);

    await page.getByLabel("Sprache").selectOption("en");
    await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  });
});
