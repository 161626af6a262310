import { expect, test, type APIRequestContext } from "@playwright/test";
import { slugPath } from "@domain/routes";
import { isOrderable, productsQuery, type ProductNode } from "@scripts/lib/demo-products";
import { DEMO_STAFF, demoStaffPassword } from "@scripts/lib/demo-staff";
import { localSecret } from "@scripts/lib/local-worker";
import { loadShopConfig } from "@scripts/lib/shops";
import { TEST_WORKER, testOrigin } from "./support/site";

/**
 * The back office's publishing end to end on the test hosts: a merchandiser uploads a CSV price file for
 * a DE product with one bad row, sees the row named (nothing written), fixes it and applies it;
 * on Publishing the DE build carrying that change runs (the global setup's builder claims it
 * after the pipeline's quiet time) and is published; the DE product page then shows the new
 * price. One incremental DE build takes about 10-25 s on a 2-core machine.
 */
const config = loadShopConfig();
const BACK_OFFICE = `http://${config.backOffice!.hosts.test[0]!}`;
const DE = config.shops.find((shop) => shop.id === "DE")!;
const merchandiser = DEMO_STAFF.find((staff) => staff.role === "merchandiser")!;
const money = (minor: number) => (minor / 100).toFixed(2);

async function graphql<T>(request: APIRequestContext, query: string): Promise<T> {
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    data: { query },
  });
  const body = (await response.json()) as { data: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL: ${body.errors.map((error) => error.message).join("; ")}`);
  return body.data;
}

test("a merchandiser's price change goes live on the DE product page through the pipeline", async ({ page, request }) => {
  test.setTimeout(180_000);
  const nodes = (await graphql<{ products: { nodes: ProductNode[] } }>(request, productsQuery("DE"))).products.nodes;
  const [product, other] = nodes.filter((node) => isOrderable(node) && node.packageContent > 0).slice(-2);
  if (!product || !other) throw new Error("the demo catalogue has fewer than two orderable DE products");
  const newPrice = product.price!.packagePrice.amount + 123;
  const row = (node: ProductNode, price: number, currency: string) =>
    `${node.sku},DE,${currency},${money(price)},${money(Math.round(price / node.packageContent))}`;
  const header = "sku,shop,currency,packagePrice,unitPrice";
  const otherPrice = other.price!.packagePrice.amount;
  const bad = [header, row(product, newPrice, "EUR"), row(other, otherPrice, "CHF")].join("\n");
  const good = [header, row(product, newPrice, "EUR")].join("\n");

  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill(merchandiser.email);
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByTestId("who")).toHaveText(`${merchandiser.name} (merchandiser)`);
  await page.getByRole("link", { name: "Catalogue" }).click();

  // One bad row: named by row and field, nothing written.
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "de-prices.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await page.getByRole("button", { name: "Check file" }).click();
  const problems = page.getByTestId("check-problems");
  await expect(problems.getByRole("alert")).toContainText("de-prices.csv has 1 problem. Nothing was written.");
  await expect(problems.getByRole("row").nth(1)).toHaveText(["2", "currency", "shop DE sells in EUR, not CHF"].join(""));
  await expect(page.getByRole("button", { name: "Apply import" })).toHaveCount(0);

  // Fixed: checked and applied; the import's change id is the rebuild request's.
  await page.getByLabel("File", { exact: true }).setInputFiles({ name: "de-prices.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await page.getByRole("button", { name: "Check file" }).click();
  await expect(page.getByTestId("check-valid")).toContainText("de-prices.csv is valid: 1 records, 1 product would change.");
  await page.getByRole("button", { name: "Apply import" }).click();
  const applied = page.getByTestId("applied");
  await expect(applied).toContainText(/Imported as import #\d+: 1 product changed \(change #\d+, the shops rebuild\)/);
  const changeId = Number(/change #(\d+)/.exec((await applied.textContent()) ?? "")![1]);
  const change = `#${changeId}`;

  // Publishing: the DE build carrying the change is queued or running, then published.
  await page.getByRole("link", { name: "Publishing" }).click();
  const card = page.getByTestId("shop-DE");
  await expect(card.getByText(new RegExp(`changes [^)]*${change}\\b`)).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("running-DE")).toContainText(new RegExp(`changes [^)]*${change}\\b.* · (sourcing|rendering|publishing) \\d+/\\d+`), {
    timeout: 60_000,
  });
  // The row of the build whose Changes column (the sixth) lists the change (not a build of that number).
  const finished = card.getByRole("row").filter({ has: page.locator("td:nth-child(6)", { hasText: new RegExp(`(^|, )${change}(,|$)`) }) });
  await expect(finished.getByRole("cell").nth(1)).toHaveText("published", { timeout: 120_000 });
  await expect(finished.getByRole("cell").nth(4)).toHaveText(/^[1-9]\d* of \d+$/);
  await expect(card.locator("p").filter({ hasText: /^Live:/ })).toContainText(change);
  await expect(page.getByTestId("running-DE")).toHaveCount(0);

  // The DE product page on its test host shows the new price.
  const live = await graphql<{ product: { price: { packagePrice: { amount: number; formattedWithCurrency: string } } } }>(
    request,
    `{ product(shop: "DE", language: "${DE.defaultLanguage}", sku: "${product.sku}") { price { packagePrice { amount formattedWithCurrency } } } }`,
  );
  expect(live.product.price.packagePrice.amount).toBe(newPrice);
  await page.goto(`${testOrigin("DE")}${slugPath(DE, DE.defaultLanguage, product.slug)}`);
  await expect(page.getByTestId("package-price")).toHaveText(live.product.price.packagePrice.formattedWithCurrency);
});
