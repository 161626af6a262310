import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { demoProducts } from "./support/shopper";
import { hydrated, noVisibleShift, testOrigin } from "./support/site";

/**
 * Header info and warning banners: a banner the visitor closed (its hide cookie holds the
 * content hash on <html>) never shows, not even before the page's JavaScript runs, and
 * nothing moves; a cookie of older content does not hide it; closing hides it on the
 * following pages too. Each notice has its text per platform, and the product page, category,
 * cart and offer page show the environment's banners of their location.
 */
const ORIGIN = testOrigin("DE");
const HOST = new URL(ORIGIN).hostname;

const cookie = (name: string, value: string) => ({ name, value, domain: HOST, path: "/" });

/** The content hashes of the home page's banners, as its static HTML carries them on <html>. */
async function bannerHashes(browser: Browser): Promise<{ info: string; warn: string }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/`);
  const html = page.locator("html");
  const hashes = { info: (await html.getAttribute("data-info-banner")) ?? "", warn: (await html.getAttribute("data-warn-banner")) ?? "" };
  await context.close();
  return hashes;
}

/** A visitor who answered the consent (so its dialog stays out of the layout figures) with these cookies. */
async function visitor(context: BrowserContext, cookies: Record<string, string>) {
  await context.addCookies([cookie("bh_consent", "necessary"), ...Object.entries(cookies).map(([name, value]) => cookie(name, value))]);
}

/** What watchInfoBanner records in the page (a property of its window). */
interface BannerWatch {
  shown: boolean;
  shifts: number;
}

declare global {
  interface Window {
    bannerWatch: BannerWatch;
  }
}

/** Records from before the first paint whether the info banner ever showed (every frame) and the layout shifts; returns the page's errors. */
async function watchInfoBanner(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const state: BannerWatch = { shown: false, shifts: 0 };
    window.bannerWatch = state;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.shifts += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: "layout-shift", buffered: true });
    const check = () => {
      const banner = document.querySelector(".banner-info");
      if (banner && getComputedStyle(banner).display !== "none") state.shown = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  return errors;
}

const watched = (page: Page) => page.evaluate(() => ({ ...window.bannerWatch }));

test("with the hide cookie of the content the banner never shows and nothing moves", async ({ browser }) => {
  const context = await browser.newContext();
  const hashes = await bannerHashes(browser);
  expect(hashes.info).toMatch(/^[0-9a-f]{8}$/);
  await visitor(context, { bh_hide_info_banner: hashes.info });
  const page = await context.newPage();
  const errors = await watchInfoBanner(page);
  await page.goto(`${ORIGIN}/`);
  await hydrated(page, ".header-banners button");
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".banner-info")).toHaveCount(0);
  await expect(page.locator(".banner-warn")).toBeVisible();
  expect(await watched(page)).toEqual({ shown: false, shifts: noVisibleShift() });
  expect(errors).toEqual([]);
  await context.close();
});

test("the inline script hides the closed banner before the page's script files", async ({ browser }) => {
  const context = await browser.newContext();
  const hashes = await bannerHashes(browser);
  await visitor(context, { bh_hide_info_banner: hashes.info, bh_hide_warn_banner: hashes.warn });
  const page = await context.newPage();
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
  await page.goto(`${ORIGIN}/`);
  await expect(page.locator("html")).toHaveAttribute("data-info-banner-hidden", "");
  await expect(page.locator("html")).toHaveAttribute("data-warn-banner-hidden", "");
  await expect(page.locator(".banner-info")).toHaveCount(1);
  await expect(page.locator(".banner-info")).toBeHidden();
  await expect(page.locator(".banner-warn")).toBeHidden();
  await context.close();
});

test("with the hide cookie of older content the banner shows", async ({ browser }) => {
  const context = await browser.newContext();
  await visitor(context, { bh_hide_info_banner: "0badc0de" });
  const page = await context.newPage();
  const errors = await watchInfoBanner(page);
  await page.goto(`${ORIGIN}/`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).not.toHaveAttribute("data-info-banner-hidden", "");
  await expect(page.locator(".banner-info")).toBeVisible();
  expect(await watched(page)).toEqual({ shown: true, shifts: noVisibleShift() });
  expect(errors).toEqual([]);
  await context.close();
});

test("a closed banner stays away on the next page, reached in the browser or loaded", async ({ browser }) => {
  const context = await browser.newContext();
  const hashes = await bannerHashes(browser);
  await visitor(context, {});
  const page = await context.newPage();
  const errors = await watchInfoBanner(page);
  await page.goto(`${ORIGIN}/`);
  const close = page.locator(".banner-info button");
  await hydrated(page, ".banner-info button");
  await close.click();
  await expect(page.locator(".banner-info")).toHaveCount(0);
  expect((await context.cookies(ORIGIN)).find((entry) => entry.name === "bh_hide_info_banner")?.value).toBe(hashes.info);
  await page.evaluate(() => (window.bannerWatch.shown = false));
  await page.locator("nav.main-nav a").first().click();
  await page.waitForLoadState("networkidle");
  expect(await watched(page)).toMatchObject({ shown: false });
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".banner-info")).toHaveCount(0);
  expect(await watched(page)).toMatchObject({ shown: false, shifts: noVisibleShift() });
  expect(errors).toEqual([]);
  await context.close();
});

test("each page shows its location's banners and the header notice of its platform: product page, category, cart, offer; desktop and phone", async ({
  browser,
  request,
}) => {
  const [product] = await demoProducts(request, "DE");
  for (const [viewport, shown, hidden] of [
    [{ width: 1280, height: 900 }, "desktop", "mobile"],
    [{ width: 390, height: 844 }, "mobile", "desktop"],
  ] as const) {
    const context = await browser.newContext({ viewport });
    await visitor(context, {});
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/`);
    const category = (await page.locator('#main-menu a[href$=".html"]').first().getAttribute("href"))!;
    // The info notice: its general text on desktop, its own shorter text on phones (header-info-mobile).
    const notice = page.locator(".banner-info");
    await expect(notice.locator(".platform-mobile")).toBeVisible({ visible: shown === "mobile" });
    await expect(notice.locator(shown === "mobile" ? ".platform-mobile" : ".platform-desktop")).toContainText(
      shown === "mobile" ? "Muster gratis – bis zu 7" : "Kostenlose Muster – bis zu 7 pro Bestellung",
    );
    for (const [path, location] of [
      [`/${product!.slug}.html`, "pdp"],
      [category, "category"],
      ["/checkout/cart/", "cart"],
      ["/offer/", "offer"],
    ] as const) {
      await page.goto(`${ORIGIN}${path}`);
      const banners = page.locator(`main [data-testid="head-banner"][data-location="${location}"]`);
      await expect(banners.locator(`[data-platform="${shown}"]`), `${location} on ${shown}`).toBeVisible();
      await expect(banners.locator(`[data-platform="${hidden}"]`)).toBeHidden();
    }
    await context.close();
  }
});
