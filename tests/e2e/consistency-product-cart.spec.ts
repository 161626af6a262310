import { expect, test, type Page } from "@playwright/test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatQuantity } from "@domain/money";
import { trustedProxyHeaders } from "@scripts/lib/local-worker";
import { loadShopConfig } from "@scripts/lib/shops";
import { pageDataUrl } from "@site/lib/page-data-url";
import type { PackedProduct } from "@site/lib/product-page";
import { calculateQuantity } from "@site/lib/quantity";
import { builtPages, builtRoot, decode, get, locale, SHOPS } from "./support/crawl";
import { postToHost } from "./support/orders";
import { fetchPage, hydrated, testOrigin } from "./support/site";

/**
 * The product page and the cart agree, over every built product page of DE, CH and FR (the
 * variants' own pages included): the SKU, package price, unit price and pack content a page shows
 * are what the cart answers for that SKU once it is added as the page adds it (POST /apiv2/cart/
 * from a fresh visitor, read back as the cart page's quote), and the calculator's packages for a
 * sample amount times the pack content are the cart line's amount. A configurable product's
 * page offers its options and adds nothing before one is chosen; in a browser (DE and CH in
 * French), the add asks for the choice and sends nothing, then a chosen variant's calculator
 * and the cart line agree. A product out of stock names no delivery date, and its add-to-cart sends nothing but points
 * to its stock notice.
 */

interface PageData {
  result: { data?: { product?: { data: PackedProduct }; variants?: { nodes: { sku: string; path: string }[] } }; pageContext: { language: string } };
}

/** A product page as its script knows it: the product, its family's variants (their pages) and the page's language. */
interface ProductPage {
  product: PackedProduct;
  variants: { sku: string; path: string }[];
  language: string;
}

interface QuoteLine {
  sku: string;
  quantity: number;
  packageContent: number;
  unitLabel: string;
  packagePrice: { amount: number; formattedWithCurrency: string };
  unitPrice: { amount: number; formattedWithCurrency: string };
}

const config = loadShopConfig();

/** A product page's data as the build wrote it (what the page's script works with), or null for other pages. */
function productPage(shop: string, path: string): ProductPage | null {
  const file = join(builtRoot(shop), pageDataUrl(path));
  if (!existsSync(file)) return null;
  const { result } = JSON.parse(readFileSync(file, "utf8")) as PageData;
  const product = result.data?.product?.data;
  return product ? { product, variants: result.data?.variants?.nodes ?? [], language: result.pageContext.language } : null;
}

/** The API path a page of the language calls: under the language's prefix on a shop with prefixes (CH), as the site does. */
const apiPath = (shop: string, language: string, path: string) =>
  config.shops.find((each) => each.id === shop)!.domainPrefixes.some((prefix) => prefix === language) ? `/${language}${path}` : path;

/** The text of the element with `data-testid` in a page's HTML, as a reader sees it. */
function shown(html: string, testId: string): string | null {
  const match = new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</(?:span|p|strong|dd)>`).exec(html);
  return match ? decode(match[1]!.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "")).trim() : null;
}

/** A text of translation.json in the language with its values filled in. */
function text(language: string, key: string, values: Record<string, string>): string {
  const template = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale(language));
  return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** A cart add as the page sends it, from a new visitor (its own client address, vouched for as the local worker's trusted proxy, so the per-address write limit counts each apart; waits out a 429). */
async function addAsNewVisitor(host: string, path: string, sku: string, quantity: number, visitor: number) {
  const ip = `2001:db8:${Math.floor(visitor / 65536).toString(16)}:${(visitor % 65536).toString(16)}::1`;
  for (;;) {
    const answer = await postToHost(host, path, { sku, quantity }, trustedProxyHeaders(ip));
    if (answer.status !== 429) return answer;
    await new Promise((resolve) => setTimeout(resolve, (answer.retryAfter ?? 5) * 1000));
  }
}

/** The sample amount of the check: two and a half packs' worth, which every stock of the demo holds; one pack's worth when it does not. */
const SAMPLE_PACKS = [2.5, 0.5];

let visitors = 0;

for (const shop of SHOPS) {
  test(`${shop.id}: every product page shows what the cart answers for its SKU, and its calculator's packs are the cart line's amount`, async () => {
    test.setTimeout(900_000);
    const problems: string[] = [];
    let checked = 0;
    let families = 0;
    for (const path of builtPages(shop.id)) {
      const data = productPage(shop.id, path);
      if (!data) continue;
      const { product, language } = data;
      const page = await get(shop.host, path);
      const html = page.body;
      if (shown(html, "product-sku") !== product.sku) problems.push(`${path}: shows SKU ${shown(html, "product-sku")}, its data is ${product.sku}`);
      if (product.type === "configurable" && data.variants.length > 1) {
        // Sold only as one of its variants: the page offers the choice (the browser walk below adds through it).
        families++;
        if (!html.includes('data-testid="configuration"')) problems.push(`${path}: a configurable product without its options`);
        continue;
      }
      const price = product.price;
      if (!price || product.isOutOfStock || product.reachedEOF || product.isSalable === false) continue;

      let refusal = "";
      for (const packs of SAMPLE_PACKS) {
        const amount = Math.round(packs * product.packageContent * 1000) / 1000;
        const calculated = calculateQuantity({
          amount,
          packageContent: product.packageContent,
          blendPercent: product.blendPercent,
          useBlend: product.blendPercent > 0,
          minimumOrderQuantity: product.stock.minimumOrderQuantity,
          packagePriceMinor: price.packagePrice,
        });
        const added = await addAsNewVisitor(shop.host, apiPath(shop.id, language, "/apiv2/cart/"), product.sku, calculated.packages, visitors++);
        if (added.status !== 200) {
          refusal = `${added.status} ${added.body}`;
          if (added.body.includes("quantity_unavailable")) continue;
          break;
        }
        refusal = "";
        const quote = await fetchPage(shop.host, apiPath(shop.id, language, "/apiv2/checkout/quote"), added.cookies.join("; "));
        const lines = (JSON.parse(quote.body) as { data: { lines: QuoteLine[] } }).data.lines;
        const line = lines.find((each) => each.sku === product.sku);
        if (!line) {
          problems.push(`${path}: the cart holds ${lines.map((each) => each.sku).join(", ")} after adding ${product.sku}`);
          break;
        }
        const expected: [string, unknown, unknown][] = [
          ["pack content", product.packageContent, line.packageContent],
          ["package price", price.packagePrice, line.packagePrice.amount],
          ["unit price", price.unitPrice, line.unitPrice.amount],
          ["packages", calculated.packages, line.quantity],
          ["amount", calculated.finalAmount, Math.round(line.quantity * line.packageContent * 1000) / 1000],
          ["shown package price", shown(html, "package-price"), line.packagePrice.formattedWithCurrency],
          [
            "shown unit price",
            shown(html, "unit-price"),
            text(language, "product.unitPrice", { price: line.unitPrice.formattedWithCurrency, unit: line.unitLabel }),
          ],
          [
            "shown pack content",
            shown(html, "package-content"),
            text(language, "product.packageContent", { amount: formatQuantity(line.packageContent, language), unit: line.unitLabel }),
          ],
        ];
        for (const [what, page, cart] of expected)
          if (page !== cart) problems.push(`${path} (${product.sku}): ${what} ${String(page)} on the page, ${String(cart)} in the cart`);
        checked++;
        break;
      }
      if (refusal) problems.push(`${path} (${product.sku}): the cart refused the page's add: ${refusal}`);
    }
    expect(problems).toEqual([]);
    expect(checked, "product pages checked against the cart").toBeGreaterThan(20);
    expect(families, "families with options among the pages").toBeGreaterThan(0);
  });
}

/** A family page of the shop language with options, and the variants of it the cart takes (priced, in stock), with their data. */
function familyWithBuyableVariant(shop: string, language: string) {
  for (const path of builtPages(shop)) {
    const data = productPage(shop, path);
    if (!data || data.language !== language || data.product.type !== "configurable") continue;
    const variants = data.variants
      .map((variant) => productPage(shop, variant.path)?.product)
      .filter((variant): variant is PackedProduct => Boolean(variant?.price && !variant.isOutOfStock && !variant.reachedEOF && variant.isSalable !== false));
    if (data.variants.length > 1 && variants.length > 0) return { path, variants: new Map(variants.map((v) => [v.sku, v])) };
  }
  throw new Error(`no family with a buyable variant in ${shop} (${language})`);
}

async function addThroughFamilyPage(page: Page, shop: "DE" | "CH", language: string, cartPath: string) {
  const { path, variants } = familyWithBuyableVariant(shop, language);
  const origin = testOrigin(shop);
  const adds: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/apiv2/cart")) adds.push(request.url());
  });
  await page.goto(`${origin}${path}`);
  await page.keyboard.press("Shift");
  await hydrated(page, "[data-testid=configuration] input");
  const add = page.getByTestId("add-to-cart");
  await expect(add).toBeEnabled();

  // Nothing chosen: the page asks at the options, moves the focus there and sends nothing.
  await add.click();
  await expect(page.getByTestId("configuration-message")).toHaveText(text(language, "product.chooseConfiguration", {}));
  await expect(page.locator("[data-testid=configuration] input").first()).toBeFocused();
  expect(adds).toEqual([]);
  await page.locator(".buy-box").screenshot({ path: test.info().outputPath(`${shop}-${language}-choose.png`) });

  // A variant the cart takes: its own pack content, and the calculator counts its packs.
  const options = page.locator("[data-testid=configuration] input");
  let variant: PackedProduct | undefined;
  for (let index = 0; index < (await options.count()) && !variant; index++) {
    const before = await page.getByTestId("product-sku").innerText();
    await options.nth(index).check();
    await expect(page.getByTestId("product-sku")).not.toHaveText(before);
    variant = variants.get(await page.getByTestId("product-sku").innerText());
  }
  expect(variant, "a buyable variant among the options").toBeDefined();
  const amount = formatQuantity(variant!.packageContent, language);
  await expect(page.getByTestId("package-content")).toHaveText(text(language, "product.packageContent", { amount, unit: variant!.unit.label }));
  await page.getByTestId("calculator-amount").fill("25");
  const calculated = calculateQuantity({
    amount: 25,
    packageContent: variant!.packageContent,
    blendPercent: variant!.blendPercent,
    useBlend: variant!.blendPercent > 0,
    minimumOrderQuantity: variant!.stock.minimumOrderQuantity,
    packagePriceMinor: variant!.price!.packagePrice,
  });
  await expect(page.getByTestId("calculator-packages")).toHaveText(new RegExp(`^${calculated.packages}\\b`));
  await expect(page.getByTestId("calculator-final-amount")).toContainText(formatQuantity(calculated.finalAmount, language));
  await expect(page.locator(`#quantity-${variant!.sku}`)).toHaveValue(String(calculated.packages));
  await page.locator(".buy-box").screenshot({ path: test.info().outputPath(`${shop}-${language}-variant.png`) });
  await add.click();
  await expect(page.getByTestId("alert-success").first()).toBeVisible();
  expect(adds).toHaveLength(1);

  // The cart holds the variant's SKU: as many packs, of the same content, as the calculator said.
  await page.goto(`${origin}${cartPath}`);
  const line = page.locator(`[data-testid="cart-line"][data-sku="${variant!.sku}"]`);
  await expect(line).toHaveCount(1);
  await expect(line.locator("input")).toHaveValue(String(calculated.packages));
  await expect(line.getByTestId("package-price")).toContainText(`${amount} ${variant!.unit.label}`);
  await expect(line.getByTestId("package-content-changed")).toHaveCount(0);
}

test("DE: a family page asks for the variant before adding; the chosen variant's calculator and the cart line agree", async ({ page }) => {
  await addThroughFamilyPage(page, "DE", "de", "/checkout/cart/");
});

test("CH in French: a family page asks for the variant before adding; the chosen variant's calculator and the cart line agree", async ({ page }) => {
  await addThroughFamilyPage(page, "CH", "fr", "/fr/checkout/cart/");
});

/**
 * A product out of stock promises no delivery date: its page has no delivery box, only its stock notice, and a click on
 * add-to-cart sends nothing but marks the notice and moves the focus there, so the shopper sees why nothing was added.
 */
test("DE: a product out of stock names no delivery date, and add-to-cart points to its stock notice and sends nothing", async ({ page }) => {
  const path = builtPages("DE").find((candidate) => {
    const data = productPage("DE", candidate);
    return data?.language === "de" && data.product.type !== "configurable" && data.product.isOutOfStock && !data.product.reachedEOF && data.product.price;
  });
  expect(path, "a product page out of stock in DE").toBeDefined();
  const adds: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/apiv2/cart")) adds.push(request.url());
  });
  await page.goto(`${testOrigin("DE")}${path}`);
  await page.keyboard.press("Shift");
  await hydrated(page, "[data-testid=add-to-cart]");
  const notice = page.getByTestId("stock-notice");
  await expect(notice).toHaveText(text("de", "product.outOfStock", {}));
  await expect(page.getByTestId("delivery-box")).toHaveCount(0);
  await expect(notice).not.toHaveClass(/notice-asked/);
  await page.getByTestId("add-to-cart").click();
  await expect(notice).toBeFocused();
  await expect(notice).toHaveClass(/notice-asked/);
  await expect(notice).toHaveAttribute("role", "alert");
  expect(adds).toEqual([]);
  await page.locator(".buy-box").screenshot({ path: test.info().outputPath("DE-out-of-stock-asked.png") });
});
