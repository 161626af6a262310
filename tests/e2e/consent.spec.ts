import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { hydrated, noVisibleShift, testOrigin } from "./support/site";

/**
 * The cookie-consent dialog is part of the static HTML: a visitor without the consent
 * cookie sees it in the first paint, before any of the page's JavaScript runs, a visitor who answered never
 * sees it (the inline script in <head> hides it before the first paint, under the edge's
 * Content-Security-Policy), and the page's code takes the dialog over in place without moving it.
 */
const SHOPS = [
  { id: "DE", origin: testOrigin("DE"), path: "/", title: "Cookies und Datenschutz", accept: "Alle akzeptieren" },
  { id: "CH", origin: testOrigin("CH"), path: "/fr/", title: "Cookies et confidentialité", accept: "Tout accepter" },
];

const answered = (context: BrowserContext, origin: string) =>
  context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(origin).hostname, path: "/" }]);

/** Only the page's inline scripts run: its script files are not delivered. */
const withoutScriptFiles = (page: Page) => page.route(/\.js(\?.*)?$/, (route) => route.abort());

/**
 * Records in the page, from before its first paint: whether the dialog was ever shown
 * (checked every frame), the layout shifts and the dialog element the HTML delivered.
 * Returns the page's errors (a hydration mismatch is one).
 */
/** What watchConsent records in the page (a property of its window). */
interface ConsentWatch {
  shown: boolean;
  shifts: number;
  staticDialog: Element | null;
}

declare global {
  interface Window {
    consentWatch: ConsentWatch;
  }
}

async function watchConsent(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const state: ConsentWatch = { shown: false, shifts: 0, staticDialog: null };
    window.consentWatch = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.shifts += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
    const check = () => {
      const dialog = document.querySelector(".consent");
      if (dialog && getComputedStyle(dialog).display !== "none") state.shown = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    document.addEventListener("DOMContentLoaded", () => (state.staticDialog = document.querySelector(".consent")));
  });
  return errors;
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const state = window.consentWatch;
    return { shown: state.shown, shifts: state.shifts, sameDialog: state.staticDialog !== null && state.staticDialog === document.querySelector(".consent") };
  });

for (const shop of SHOPS) {
  test(`${shop.id}: without the cookie the dialog is in the page before any script runs`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.origin}${shop.path}`);
    await expect(page.getByRole("dialog", { name: shop.title })).toBeVisible();
    // Before the header, whose main menu the first paint waits for (site/gatsby-ssr.tsx): the dialog is in the first paint.
    await expect(page.locator(".consent ~ .site-header #main-menu")).toHaveCount(1);
    await context.close();
  });

  test(`${shop.id}: with the cookie the inline script hides the dialog before the page's script files`, async ({ browser }) => {
    const context = await browser.newContext();
    await answered(context, shop.origin);
    const page = await context.newPage();
    await withoutScriptFiles(page);
    await page.goto(`${shop.origin}${shop.path}`);
    await expect(page.locator("html")).toHaveAttribute("data-consent-answered", "");
    await expect(page.locator(".consent")).toBeHidden();
    await context.close();
  });

  test(`${shop.id}: with the cookie the dialog never shows and the page's code removes it`, async ({ browser }) => {
    const context = await browser.newContext();
    await answered(context, shop.origin);
    const page = await context.newPage();
    const errors = await watchConsent(page);
    await page.goto(`${shop.origin}${shop.path}`);
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".consent")).toHaveCount(0);
    expect(await watched(page)).toMatchObject({ shown: false, shifts: noVisibleShift() });
    expect(errors).toEqual([]);
    await context.close();
  });

  test(`${shop.id}: without the cookie the page's code takes the dialog over in place; after the answer it stays away`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = await watchConsent(page);
    await page.goto(`${shop.origin}${shop.path}`);
    const dialog = page.getByRole("dialog", { name: shop.title });
    const before = await dialog.boundingBox();
    await hydrated(page, ".consent button");
    await page.waitForLoadState("networkidle");
    expect(await dialog.boundingBox()).toEqual(before);
    expect(await watched(page)).toMatchObject({ sameDialog: true, shifts: noVisibleShift() });
    await dialog.getByRole("button", { name: shop.accept }).click();
    await expect(dialog).toHaveCount(0);
    expect((await context.cookies(shop.origin)).find((cookie) => cookie.name === "bh_consent")?.value).toBe("all");
    // The next page, reached in the browser, does not show it either.
    await page.evaluate(() => (window.consentWatch.shown = false));
    await page.locator("nav.main-nav a").first().click();
    await page.waitForLoadState("networkidle");
    await expect(page.locator(".consent")).toHaveCount(0);
    expect(await watched(page)).toMatchObject({ shown: false });
    expect(errors).toEqual([]);
    await context.close();
  });
}
