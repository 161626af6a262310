import { expect, test, type Page } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { HtmlValidate } from "html-validate";

/**
 * Each page type of the DE and CH builds: no axe-core violations (WCAG 2.1 AA rules),
 * valid HTML (html-validate), and the screens' behaviour: product calculator and tabs,
 * variants, off-canvas menu, banners, consent, language chooser, pagination.
 */
const DIST = process.env.E2E_DIST ?? join(__dirname, "..", "..", ".e2e", "dist");
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

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
      const template = /component---site-src-templates-([a-z-]+)-tsx/.exec(html)?.[1] ?? "unknown";
      const variant =
        template === "cms-page"
          ? /class="steps"/.test(html) ? (html.includes("configurator") ? "configurator" : "chat") : html.includes('class="video-thumb"') ? "videos" : html.includes("campaign-banner") ? "sale" : html.includes("service-tabs") ? "service" : "legal"
          : template === "category" && path.includes("page-2") ? "page-2" : "";
      const type = variant ? `${template} ${variant}` : template;
      const url = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
      if (!found.has(type) && url.startsWith(prefix)) found.set(type, url);
    }
  };
  walk("");
  return [...found.entries()].map(([type, path]) => ({ type, path }));
}

const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    // Gatsby's own output: self-closed void elements, React's camelCase attribute names, inline styles of the head.
    "void-style": "off",
    "attr-case": "off",
    "no-inline-style": "off",
    "require-sri": "off",
    "no-trailing-whitespace": "off",
    "long-title": "off",
    "attribute-boolean-style": "off",
    "no-redundant-role": "off",
  },
});

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`);
  });
}

for (const shop of [
  { id: "DE", host: "de.localhost:8787", prefix: "/" },
  { id: "CH", host: "ch.localhost:8787", prefix: "/fr/" },
]) {
  test(`${shop.id}: every page type has no axe violations and valid HTML`, async ({ page, context }) => {
    test.setTimeout(300_000);
    // Consent answered, so the dialog does not cover the page (it is checked on its own below).
    await context.addCookies([{ name: "bh_consent", value: "necessary", domain: shop.host.split(":")[0]!, path: "/" }]);
    const types = samples(shop.id, shop.prefix);
    expect(types.map((sample) => sample.type)).toEqual(expect.arrayContaining(["home", "category", "product", "manufacturer", "manufacturer-list", "cms-page legal"]));
    const problems: string[] = [];
    for (const sample of types) {
      const response = await page.goto(`http://${shop.host}${sample.path}`);
      expect(response?.status(), sample.path).toBe(200);
      await page.waitForLoadState("networkidle");
      for (const violation of await axeViolations(page)) problems.push(`${sample.type} ${sample.path} axe ${violation}`);
      const html = readFileSync(join(DIST, shop.id, sample.path.endsWith("/") ? `${sample.path}index.html` : sample.path), "utf8");
      const report = await validator.validateString(html);
      for (const result of report.results) for (const message of result.messages.slice(0, 5)) problems.push(`${sample.type} ${sample.path} html ${message.ruleId}: ${message.message}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
  });
}

test("product page: price box, calculator with waste allowance, tabs and the cart slot", async ({ page }) => {
  const path = samples("DE", "/").find((sample) => sample.type === "product")!.path;
  await page.goto(`http://de.localhost:8787${path}`);
  await expect(page.getByTestId("package-price")).toContainText("€");
  await expect(page.getByTestId("unit-price")).toContainText("/");
  const amount = page.locator("#calculator-amount");
  await amount.fill("20");
  await expect(page.getByTestId("calculator-packages")).toHaveText(/\d+/);
  await expect(page.getByTestId("calculator-total")).toContainText("€");
  await expect(page.locator("[data-slot=add-to-cart]")).toBeVisible();
  const technical = page.getByRole("tab", { name: "Technische Daten" });
  await technical.click();
  await expect(technical).toHaveAttribute("aria-selected", "true");
  await expect(page.locator("#panel-technical")).toBeVisible();
});

test("mobile: off-canvas menu opens and closes; consent can be answered; banners can be closed", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto("http://de.localhost:8787/");
  const consent = page.getByRole("dialog", { name: "Cookies und Datenschutz" });
  await expect(consent).toBeVisible();
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
  await page.goto("http://ch.localhost:8787/de/hersteller.html");
  await expect(page.locator(".language-chooser a[hreflang=fr]")).toHaveAttribute("href", "/fr/fabricants.html");
  await page.locator(".language-chooser a[hreflang=it]").click();
  await expect(page).toHaveURL(/\/it\/produttori\.html$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
});
