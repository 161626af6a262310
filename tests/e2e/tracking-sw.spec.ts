import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type BrowserContext, type Page, type Route } from "@playwright/test";
import { ecommerceEventSchema, ecommerceResetSchema } from "@domain/tracking-schemas";
import { isOrderable } from "@scripts/lib/demo-products";
import { loadShopConfig, ROOT } from "@scripts/lib/shops";
import { demoProducts } from "./support/shopper";
import { fetchPage, hydrated, testHost, testOrigin } from "./support/site";

/**
 * Tag manager and service worker (docs/decisions/0050, 0051).
 *
 * No demo shop has a tag manager, so nothing third-party loads locally. To see one at work the
 * test gives the DE shop a container in the environment's answer (the real answer, passed
 * through with `tagManager` set, as config/shops.json would) and serves a local stand-in for
 * the container's script: nothing leaves the machine. The stand-in records the dataLayer as
 * it found it, which is what a real container's tags would see first.
 *
 * The service worker runs in Chromium: the offline page with the network cut, and a fresh page
 * after a deploy (a built page changed on disk, as a new build replaces it). Its kill switch is
 * tested in worker/edge/service-worker.test.ts: handed in through routes at /sw.js it did not
 * reach Chromium's update check, and the test worker's config has no shop in kill-switch mode.
 */
test.use({ serviceWorkers: "allow" });

const DE = testOrigin("DE");
const CH = testOrigin("CH");
const CONTAINER = "GTM-E2ETEST";
/** DE's review provider (the test environment's stand-in), whose widget loads once the visitor accepted every cookie (docs/decisions/0070). */
const REVIEW_PROVIDER = loadShopConfig().environments.test.widgetStandIn!;

/** What the stand-in container does when it loads: note the dataLayer as found, then announce itself. */
const STAND_IN = `window.__containerSaw = (window.dataLayer || []).map(function (entry) {
  return Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.prototype.slice.call(entry) : entry;
});
window.dataLayer.push({ event: "stand-in.loaded" });`;

/**
 * Answers the page's GET /apiv2/environment with the worker's real answer (fetched from Node, which does not resolve
 * *.localhost: support/site.ts), changed as a shop's config would change it.
 */
async function withEnvironment(route: Route, change: Record<string, unknown>): Promise<void> {
  const url = new URL(route.request().url());
  const answer = await fetchPage(url.host, `${url.pathname}${url.search}`, (await route.request().allHeaders()).cookie);
  const body = JSON.parse(answer.body) as { data: { environment: Record<string, unknown> } };
  Object.assign(body.data.environment, change);
  await route.fulfill({ status: answer.status, contentType: "application/json", body: JSON.stringify(body) });
}

/** The environment's answer with a container for this shop; the stand-in for its script; every other non-local request recorded. */
async function withContainer(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route("**/apiv2/environment*", (route) => withEnvironment(route, { tagManager: { containerId: CONTAINER } }));
  await context.route("https://www.googletagmanager.com/**", (route) =>
    route.request().url() === `https://www.googletagmanager.com/gtm.js?id=${CONTAINER}`
      ? route.fulfill({ contentType: "text/javascript", body: STAND_IN })
      : route.abort(),
  );
  context.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (!host.endsWith("localhost") && host !== "www.googletagmanager.com") outside.push(request.url());
  });
  return outside;
}

/** The page's dataLayer as plain data (gtag's commands are Arguments objects). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as Window & { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.prototype.slice.call(entry as IArguments) : entry,
    ),
  );

const isDefault = (entry: unknown) => Array.isArray(entry) && entry[0] === "consent" && entry[1] === "default";

test("consent defaults come first, before the tag manager and any tag; the dialog's answer updates them", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const outside = await withContainer(context);
  const page = await context.newPage();
  await page.goto(`${DE}/`);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => (window as Window & { __containerSaw?: unknown }).__containerSaw !== undefined);
  const layer = await dataLayer(page);
  // The first entry: every storage denied, tags wait for the update.
  expect(layer[0]).toEqual([
    "consent",
    "default",
    {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
      functionality_storage: "denied",
      personalization_storage: "denied",
      security_storage: "denied",
      wait_for_update: 500,
    },
  ]);
  expect(layer.filter(isDefault)).toHaveLength(1);
  const start = layer.findIndex((entry) => (entry as { event?: string }).event === "gtm.js");
  expect(start).toBeGreaterThan(0);
  // What the container found when it loaded: the defaults first, nothing granted yet.
  const saw = await page.evaluate(() => (window as Window & { __containerSaw?: unknown[] }).__containerSaw!);
  expect(isDefault(saw[0])).toBe(true);
  expect(saw.some((entry) => Array.isArray(entry) && entry[1] === "update")).toBe(false);

  // Nothing left the shop before the visitor's answer.
  expect(outside).toEqual([]);
  await page.getByRole("dialog", { name: "Cookies und Datenschutz" }).getByRole("button", { name: "Alle akzeptieren" }).click();
  const after = await dataLayer(page);
  expect(after.at(-1)).toEqual(["consent", "update", expect.objectContaining({ ad_storage: "granted", analytics_storage: "granted" })]);

  // A visitor who accepted: the grant follows the defaults at once on the next page, still before the container.
  await page.goto(`${DE}/`);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => (window as Window & { __containerSaw?: unknown }).__containerSaw !== undefined);
  const next = await page.evaluate(() => (window as Window & { __containerSaw?: unknown[] }).__containerSaw!);
  expect(isDefault(next[0])).toBe(true);
  expect(next[1]).toEqual(["consent", "update", expect.objectContaining({ ad_storage: "granted" })]);
  // After it, only the shop's own review provider, whose widget the consent allowed.
  expect(outside.filter((url) => new URL(url).origin !== REVIEW_PROVIDER)).toEqual([]);
  await context.close();
});

test("without a container (the demo) nothing third-party loads, the defaults are there all the same", async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const outside: string[] = [];
  context.on("request", (request) => {
    if (!new URL(request.url()).hostname.endsWith("localhost")) outside.push(request.url());
  });
  const page = await context.newPage();
  await page.goto(`${DE}/`);
  await page.keyboard.press("Shift");
  await page.waitForLoadState("networkidle");
  const layer = await dataLayer(page);
  expect(isDefault(layer[0])).toBe(true);
  expect(layer.some((entry) => (entry as { event?: string }).event === "gtm.js")).toBe(false);
  expect(await page.locator('script[src*="googletagmanager"], script[src*="consentmanager"]').count()).toBe(0);
  expect(outside).toEqual([]);
  await context.close();
});

test("a product view and an add to cart: GA4 events, each after { ecommerce: null }, each meeting its schema", async ({ browser, request }) => {
  const product = (await demoProducts(request, "DE")).find((candidate) => isOrderable(candidate) && candidate.stock.quantity >= 10);
  if (!product) throw new Error("no orderable product in the demo catalogue");
  const context = await browser.newContext({ serviceWorkers: "block" });
  await withContainer(context);
  const page = await context.newPage();
  await page.goto(`${DE}/${product.slug}.html`);
  await page.keyboard.press("Shift");
  const events = async () => (await dataLayer(page)).filter((entry) => typeof entry === "object" && entry !== null && "ecommerce" in entry);
  await expect.poll(async () => (await events()).map((entry) => (entry as { event?: string }).event ?? "reset")).toEqual(["reset", "view_item"]);
  await expect(page.getByTestId("add-to-cart")).toBeEnabled();
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("alert-success").first()).toBeVisible();
  await expect
    .poll(async () => (await events()).map((entry) => (entry as { event?: string }).event ?? "reset"))
    .toEqual(["reset", "view_item", "reset", "add_to_cart"]);
  const [reset, viewItem, , addToCart] = await events();
  expect(ecommerceResetSchema.parse(reset)).toEqual({ ecommerce: null });
  const view = ecommerceEventSchema.parse(viewItem);
  const add = ecommerceEventSchema.parse(addToCart);
  expect(view.ecommerce).toMatchObject({ currency: "EUR", items: [{ item_id: product.sku, quantity: 1 }] });
  expect(add.ecommerce).toMatchObject({ currency: "EUR", items: [{ item_id: product.sku }] });
  expect(add.ecommerce.value).toBeGreaterThan(0);
  await context.close();
});

/** Opens a page, lets the idle work run and waits until the service worker controls it and the page is quiet. */
async function controlled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined);
  // Everything the page loads when idle is loaded: a chunk failing once the network is cut would reload the page.
  await page.waitForLoadState("networkidle");
}

test("the service worker answers with the offline page in the shop's language when the network is cut", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await controlled(page, `${DE}/`);
  await context.setOffline(true);
  const offline = await page.goto(`${DE}/nie-besucht.html`);
  expect(offline?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keine Verbindung");
  await expect(page.getByRole("link", { name: "Erneut versuchen" })).toBeVisible();
  await context.setOffline(false);
  await context.close();

  const swiss = await browser.newContext();
  const french = await swiss.newPage();
  await controlled(french, `${CH}/fr/`);
  await swiss.setOffline(true);
  await french.goto(`${CH}/fr/jamais-vu.html`);
  await expect(french.getByRole("heading", { level: 1 })).toHaveText("Pas de connexion");
  await french.goto(`${CH}/it/mai-visto.html`);
  await expect(french.getByRole("heading", { level: 1 })).toHaveText("Nessuna connessione");
  await swiss.setOffline(false);
  await swiss.close();
});

test("after a deploy one navigation shows the new page, never the one the browser has", async ({ browser }) => {
  const file = join(ROOT, ".e2e", "dist", "DE", "index.html");
  const original = readFileSync(file, "utf8");
  const marker = `deploy-${Date.now()}`;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await controlled(page, `${DE}/`);
    await page.goto(`${DE}/`);
    expect(await page.locator('meta[name="deploy-marker"]').count()).toBe(0);
    // The deploy: the built page changes; wait until the server answers with it.
    writeFileSync(file, original.replace("<head>", `<head><meta name="deploy-marker" content="${marker}">`));
    await expect.poll(async () => (await fetchPage(testHost("DE"), "/")).body.includes(marker), { timeout: 30_000 }).toBe(true);
    // One navigation (within the page's max-age, which the HTTP cache alone would have served).
    await page.goto(`${DE}/`);
    await expect(page.locator('meta[name="deploy-marker"]')).toHaveAttribute("content", marker);
  } finally {
    writeFileSync(file, original);
    await context.close();
  }
});

/** One interface toggle of a page: how the visitor opens and closes it, and whether it locks the page's scrolling while open. */
interface ToggleCase {
  toggles: string[];
  locks: boolean;
  /** A selector of an element whose handlers show the toggle's code has hydrated. */
  ready: string;
  open(page: Page): Promise<void>;
  /** Undefined: it closes by itself (a load that ends). */
  close?(page: Page): Promise<void>;
}

/** The interface toggles the page reported since the mark, as `label:action`. */
const toggleReports = async (page: Page, from: number) =>
  (await dataLayer(page))
    .filter((entry): entry is { category: string; label: string; action: string } => (entry as { category?: string }).category === "interface")
    .slice(from)
    .map((entry) => `${entry.label}:${entry.action}`);
const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow === "hidden");

test("every interface toggle reports its opening and closing to the dataLayer; the mobile menu, cart modal and sample cart lock the page's scrolling", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const product = (await demoProducts(request, "DE")).find((candidate) => isOrderable(candidate) && candidate.stock.quantity >= 10);
  if (!product) throw new Error("no orderable product in the demo catalogue");
  const home = await fetchPage(testHost("DE"), "/");
  const category = /class="world-item has-menu"><a[^>]* href="([^"]+\.html)"/.exec(home.body)?.[1];
  if (!category) throw new Error("no world with a menu on the home page");
  const desktop = { width: 1280, height: 900 };
  const phone = { width: 390, height: 844 };
  const pages: { path: string; viewport: typeof desktop; cases: ToggleCase[] }[] = [
    {
      path: "/",
      viewport: desktop,
      cases: [
        {
          toggles: ["hoveredWorld", "navigation"],
          locks: false,
          ready: ".world-list > li.has-menu",
          open: (page) => page.locator(".world-list > li.has-menu").first().hover(),
          close: (page) => page.mouse.move(640, 880),
        },
        {
          toggles: ["countrySelection"],
          locks: false,
          ready: '[data-testid="header-delivery-country"]',
          open: (page) => page.getByTestId("header-delivery-country").focus(),
          close: (page) => page.getByTestId("header-delivery-country").blur(),
        },
        {
          toggles: ["sampleCart"],
          locks: true,
          ready: '[data-testid="sample-cart-entry"]',
          open: (page) => page.getByTestId("sample-cart-entry").click(),
          close: (page) => page.keyboard.press("Escape"),
        },
      ],
    },
    {
      path: category,
      viewport: phone,
      cases: [
        {
          toggles: ["mobileMenu"],
          locks: true,
          ready: ".menu-toggle",
          open: (page) => page.locator(".menu-toggle").click(),
          close: (page) => page.keyboard.press("Escape"),
        },
        {
          toggles: ["filterSidebar"],
          locks: false,
          ready: '[data-testid="filter-toggle"]',
          open: (page) => page.getByTestId("filter-toggle").click(),
          close: (page) => page.getByTestId("filter-toggle").click(),
        },
        {
          toggles: ["cartModal"],
          locks: true,
          ready: ".menu-toggle",
          open: async (page) => {
            // The list's cards hydrate as they come near the viewport.
            const button = page.getByTestId("open-cart-modal").first();
            await button.scrollIntoViewIfNeeded();
            await expect(button).toBeEnabled();
            await button.click();
          },
          close: (page) => page.getByTestId("cart-modal").locator(".button.link").click(),
        },
      ],
    },
    {
      path: `/${product.slug}.html`,
      viewport: desktop,
      cases: [
        {
          // The description is shown first: opening the technical data closes it, going back opens it again.
          toggles: ["technicalDataSidebar", "descriptionSidebar"],
          locks: false,
          ready: "#tab-technical",
          open: (page) => page.locator("#tab-technical").click(),
          close: (page) => page.locator("#tab-description").click(),
        },
        {
          toggles: ["tutorialSidebar"],
          locks: false,
          ready: "#tab-instructions",
          open: (page) => page.locator("#tab-instructions").click(),
          close: (page) => page.locator("#tab-description").click(),
        },
        {
          toggles: ["deliveryLoading"],
          locks: false,
          ready: '[data-testid="delivery-box"] select',
          open: async (page) => {
            await page.locator('[data-testid="delivery-box"] select').selectOption({ index: 1 });
          },
        },
      ],
    },
  ];
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  for (const { path, viewport, cases } of pages) {
    await page.setViewportSize(viewport);
    await page.goto(`${DE}${path}`);
    await page.keyboard.press("Shift");
    for (const toggle of cases) {
      await hydrated(page, toggle.ready);
      const mark = (await toggleReports(page, 0)).length;
      await toggle.open(page);
      if (toggle.close) {
        await expect.poll(() => toggleReports(page, mark), { message: `${toggle.toggles[0]} opened` }).toContain(`${toggle.toggles[0]}:open`);
        expect(await scrollLocked(page), `${toggle.toggles.join(", ")} locks scrolling`).toBe(toggle.locks);
        await toggle.close(page);
      }
      await expect
        .poll(() => toggleReports(page, mark), { message: `${toggle.toggles.join(", ")} closed` })
        .toEqual(expect.arrayContaining(toggle.toggles.flatMap((name) => [`${name}:open`, `${name}:close`])));
      expect(await scrollLocked(page)).toBe(false);
    }
  }
  await context.close();
});
