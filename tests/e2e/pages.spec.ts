import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { AxeResults, RunOptions } from "axe-core";
import { HtmlValidate, type ConfigData } from "html-validate";
import { hydrated, testHost, testOrigin } from "./support/site";

/**
 * Each page type of the DE and CH builds: no axe-core violations (WCAG 2.1 AA rules),
 * valid HTML (html-validate), and the screens' behaviour: product calculator and tabs,
 * variants, off-canvas menu, banners, consent, language chooser, pagination.
 */
const DIST = process.env.E2E_DIST ?? join(__dirname, "..", "..", ".e2e", "dist");
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The page's template (site/src/templates), from its page data (the HTML's inline chunk
 * map names every template). Pages of the features (search) are their owners' to check.
 */
function templateOf(shop: string, path: string): string | null {
  const dataPath = join(DIST, shop, "page-data", path === "index.html" ? "index" : path.replace(/\/index\.html$/, ""), "page-data.json");
  if (!existsSync(dataPath)) return null;
  const chunk = (JSON.parse(readFileSync(dataPath, "utf8")) as { componentChunkName: string }).componentChunkName;
  return /^component---site-src-templates-([a-z-]+)-tsx$/.exec(chunk)?.[1] ?? null;
}

/** One page per template (and per CMS page type) found in the build. */
function samples(shop: string, prefix: string): { type: string; path: string }[] {
  const root = join(DIST, shop);
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!["page-data", "static", "_gatsby", "~partytown"].includes(entry.name)) walk(path);
        continue;
      }
      if (!entry.name.endsWith(".html")) continue;
      const html = readFileSync(join(root, path), "utf8");
      const template = templateOf(shop, path.replace(/^\//, ""));
      if (!template) continue;
      // By the markup's classes (the inline CSS names them all).
      const has = (name: string) => new RegExp(`class="[^"]*\\b${name}\\b`).test(html);
      const variant =
        template === "cms-page"
          ? has("steps")
            ? html.includes("configurator")
              ? "configurator"
              : "chat"
            : has("video-list")
              ? "videos"
              : has("campaign-banner")
                ? "sale"
                : has("guide-list")
                  ? "magazine"
                  : has("service-tabs")
                    ? "service"
                    : "legal"
          : template === "category" && path.includes("page-2")
            ? "page-2"
            : "";
      const type = variant ? `${template} ${variant}` : template;
      const url = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
      if (!found.has(type) && url.startsWith(prefix)) found.set(type, url);
    }
  };
  walk("");
  return [...found.entries()].map(([type, path]) => ({ type, path }));
}

// The project's rules, with their justified exceptions for Gatsby's and React's markup.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = new HtmlValidate(require("../../.htmlvalidate.cjs") as ConfigData);

declare global {
  interface Window {
    /** axe-core, added to the page by axeViolations. */
    axe: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
  });
}

for (const shop of [
  { id: "DE", host: testHost("DE"), prefix: "/" },
  { id: "CH", host: testHost("CH"), prefix: "/fr/" },
]) {
  test(`${shop.id}: every page type has no axe violations and valid HTML`, async ({ browser }) => {
    test.setTimeout(300_000);
    // axe is injected as an inline script, which the edge's Content-Security-Policy forbids.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    // Consent answered, so the dialog does not cover the page (it is checked on its own below).
    await context.addCookies([{ name: "bh_consent", value: "necessary", domain: shop.host.split(":")[0]!, path: "/" }]);
    const types = samples(shop.id, shop.prefix);
    expect(types.map((sample) => sample.type)).toEqual(
      expect.arrayContaining(["home", "category", "product", "manufacturer", "manufacturer-list", "cms-page legal"]),
    );
    const problems: string[] = [];
    for (const sample of types) {
      const response = await page.goto(`http://${shop.host}${sample.path}`);
      expect(response?.status(), sample.path).toBe(200);
      await page.waitForLoadState("networkidle");
      for (const violation of await axeViolations(page)) problems.push(`${sample.type} ${sample.path} axe ${violation}`);
      const html = readFileSync(join(DIST, shop.id, sample.path.endsWith("/") ? `${sample.path}index.html` : sample.path), "utf8");
      const report = await validator.validateString(html);
      expect.soft(report.errorCount, `${sample.type} ${sample.path}: html-validate errors`).toBe(0);
      for (const result of report.results)
        for (const message of result.messages)
          problems.push(`${sample.type} ${sample.path} html ${message.ruleId}: ${message.message} (${message.selector ?? ""})`);
    }
    await context.close();
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

test("product page: price box, calculator with waste allowance, tabs and the cart slot", async ({ page }) => {
  const path = samples("DE", "/").find((sample) => sample.type === "product")!.path;
  await page.goto(`${testOrigin("DE")}${path}`);
  await hydrated(page, "#tab-technical");
  await expect(page.getByTestId("package-price")).toContainText("€");
  await expect(page.getByTestId("unit-price")).toContainText("/");
  const amount = page.locator("#calculator-amount");
  await amount.fill("20");
  await expect(page.getByTestId("calculator-packages")).toHaveText(/\d+/);
  await expect(page.getByTestId("calculator-total")).toContainText("€");
  await expect(page.getByTestId("add-to-cart")).toBeVisible();
  const technical = page.getByRole("tab", { name: "Technische Daten" });
  await technical.click();
  await expect(technical).toHaveAttribute("aria-selected", "true");
  await expect(page.locator("#panel-technical")).toBeVisible();
});

test("mobile: off-canvas menu opens and closes; consent can be answered; banners can be closed", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${testOrigin("DE")}/`);
  const consent = page.getByRole("dialog", { name: "Cookies und Datenschutz" });
  await expect(consent).toBeVisible();
  await hydrated(page, ".consent button");
  await consent.getByRole("button", { name: "Nur notwendige" }).click();
  await expect(consent).toBeHidden();
  await page.getByRole("button", { name: "Menü öffnen" }).click();
  const menu = page.locator("#main-menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  const banner = page.locator(".banner-info");
  await expect(banner).toBeVisible();
  await banner.getByRole("button").click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.locator(".banner-warn")).toBeVisible();
  await expect(page.locator(".banner-info")).toBeHidden();
  // No horizontal scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});

test("CH: the language chooser links the same page in French and Italian", async ({ page }) => {
  await page.goto(`${testOrigin("CH")}/de/hersteller.html`);
  await expect(page.locator(".language-chooser a[hreflang=fr]")).toHaveAttribute("href", "/fr/fabricants.html");
  await page.locator(".language-chooser a[hreflang=it]").click();
  await expect(page).toHaveURL(/\/it\/produttori\.html$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
});

/** First built page of the shop whose HTML contains the marker. */
function pageWith(shop: string, marker: string): string | null {
  const root = join(DIST, shop);
  for (const entry of readdirSync(root)) {
    if (entry.endsWith(".html") && readFileSync(join(root, entry), "utf8").includes(marker)) return `/${entry}`;
  }
  return null;
}

test("a lowered price: the reference price is struck through with the discount on the product page and on cards", async ({ page }) => {
  const productPath = pageWith("DE", 'data-testid="reference-price"');
  expect(productPath, "a product page with a struck-through reference price").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${productPath}`);
  const reference = page.locator("s[data-testid=reference-price]");
  await expect(reference).toContainText("€");
  const euros = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
  expect(euros(await reference.innerText())).toBeGreaterThan(euros(await page.getByTestId("package-price").innerText()));
  await expect(page.getByTestId("discount-percent")).toHaveText(/−\d+ %/);
  const listPath = pageWith("DE", 'data-testid="card-reference-price"');
  expect(listPath, "a list with a struck-through reference price on a card").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${listPath}`);
  await expect(page.locator("s[data-testid=card-reference-price]").first()).toContainText("€");
});

test("page types CUSTOM and EMPTY: the merchandiser's landing page with the CMS model's fields; a page of content only in the empty layout", async ({
  page,
}) => {
  await page.goto(`${testOrigin("DE")}/bodenberatung.html`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcher Boden passt zu mir?");
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.locator("nav.breadcrumbs")).toHaveCount(0);
  // Sidebar, sections, manufacturers, the world it belongs to, the newsletter sign-up.
  await expect(page.getByTestId("cms-sidebar")).toContainText("Unser Tipp");
  await expect(page.getByTestId("cms-repeater").getByRole("heading", { level: 2 })).toHaveText(["Parkett", "Vinyl", "Laminat"]);
  expect(await page.locator("#cms-manufacturers + ul a").count()).toBeGreaterThan(0);
  await expect(page.locator('#main-menu a[aria-current="true"]')).toHaveAttribute("href", /^\/parkett\.html$/);
  await expect(page.locator(".newsletter-page")).toHaveCount(1);
  await page.goto(`${testOrigin("CH")}/fr/consignes-livraison.html`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Consignes de livraison");
  await expect(page.locator("main.empty-layout")).toContainText("48 heures");
  await expect(page.locator("header.site-header, footer, #main-menu")).toHaveCount(0);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
});

test("product configuration fields: the marketing label, the free-shipping badge and the Plus tab's own text", async ({ page }) => {
  const labelled = pageWith("DE", 'data-testid="marketing-label"');
  expect(labelled, "a product page with a marketing label").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${labelled}`);
  await expect(page.getByTestId("marketing-label")).toHaveText(/^(Bestseller|Neu im Sortiment|Unser Tipp)$/);
  const free = pageWith("DE", 'data-testid="free-shipping"');
  expect(free, "a product page of a product that ships free").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${free}`);
  await expect(page.getByTestId("free-shipping")).toHaveText("Versandkostenfrei");
  const plus = pageWith("DE", 'data-testid="plus-content"');
  expect(plus, "a Plus product's page").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${plus}`);
  await hydrated(page, "#tab-plus");
  await page.getByRole("tab", { name: "Plus" }).click();
  await expect(page.getByTestId("plus-content")).toContainText("Bodenhaus Plus für dieses Produkt");
});

test("product sets: a variant's set shows under the product, and choosing another variant shows that one's set", async ({ page }) => {
  const path = pageWith("DE", 'data-testid="product-set"');
  expect(path, "a product page with a set").not.toBeNull();
  await page.goto(`${testOrigin("DE")}${path}`);
  const set = page.getByTestId("product-set");
  await expect(set.getByRole("heading", { level: 2 })).toHaveText("Im Set erhältlich");
  const links = () => set.locator("a[href$='.html']").evaluateAll((anchors) => [...new Set(anchors.map((anchor) => anchor.getAttribute("href")))]);
  const before = await links();
  expect(before.length).toBeGreaterThan(0);
  await hydrated(page, "[data-testid=configuration] input");
  await set.scrollIntoViewIfNeeded();
  const options = page.getByTestId("configuration").getByRole("radio");
  const unchecked = await options.evaluateAll((inputs) => inputs.findIndex((input) => !(input as HTMLInputElement).checked));
  await options.nth(unchecked).check();
  await expect.poll(links).not.toEqual(before);
});

test("product configuration: choosing an option replaces title, sku, description and first image", async ({ page }) => {
  const path = pageWith("DE", 'data-testid="configuration"');
  test.skip(path === null, "no configurable product in this catalogue");
  await page.goto(`${testOrigin("DE")}${path}`);
  await hydrated(page, "[data-testid=configuration] input");
  const title = await page.getByTestId("product-title").innerText();
  const sku = await page.getByTestId("product-sku").innerText();
  const image = await page.locator(".gallery-main").getAttribute("src");
  const options = page.getByTestId("configuration").getByRole("radio");
  const count = await options.count();
  expect(count).toBeGreaterThan(1);
  const unchecked = await options.evaluateAll((inputs) => inputs.findIndex((input) => !(input as HTMLInputElement).checked));
  await options.nth(unchecked).check();
  await expect(page.getByTestId("product-sku")).not.toHaveText(sku);
  await expect(page.getByTestId("product-title")).not.toHaveText(title);
  await expect(options.nth(unchecked)).toBeChecked();
  expect(await page.locator(".gallery-main").getAttribute("src")).toBeDefined();
  expect(image).toBeTruthy();
});
