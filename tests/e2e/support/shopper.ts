/**
 * What the specs do as a shopper: read the demo catalogue through GraphQL and order a sample
 * through the three-step checkout.
 */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { isOrderable, productsQuery, type ProductNode } from "@scripts/lib/demo-products";
import { localSecret } from "@scripts/lib/local-worker";
import { TEST_WORKER } from "./site";

/** The products of a shop's demo catalogue, as GraphQL answers them (in `language`, else the shop's default language). */
export async function demoProducts(request: APIRequestContext, shop = "DE", language?: Parameters<typeof productsQuery>[1]): Promise<ProductNode[]> {
  // Node does not resolve *.localhost (browsers do); the worker answers /graphql on any host.
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    data: { query: productsQuery(shop, language) },
  });
  return ((await response.json()) as { data: { products: { nodes: ProductNode[] } } }).data.products.nodes;
}

/** An orderable product of the DE demo catalogue with samples. */
export async function sampleProduct(request: APIRequestContext): Promise<ProductNode> {
  const product = (await demoProducts(request, "DE")).find((p) => isOrderable(p) && p.samples.active);
  if (!product) throw new Error("no product with samples in the demo catalogue");
  return product;
}

/**
 * Orders a sample of `product` in the DE shop at `origin` as a shopper: the product page's
 * sample button, then the checkout with `email` and an address in Berlin. `beforeFinish` sees
 * the checkout's last step before it is sent. The reference code the thank-you message names.
 */
export async function orderSample(
  page: Page,
  order: { origin: string; product: ProductNode; email: string; beforeFinish?: (modal: Locator) => Promise<void> },
): Promise<string | undefined> {
  await page.goto(`${order.origin}/${order.product.slug}.html`);
  await page.keyboard.press("Shift");
  await page.getByTestId("sample-button").click();
  await expect(page.getByTestId("alert-success").first()).toHaveText(/Das Muster liegt in Ihrem Musterkorb./);
  await page.getByTestId("sample-panel").getByTestId("sample-checkout").click();

  const modal = page.getByTestId("sample-checkout-modal");
  await modal.getByLabel("E-Mail-Adresse", { exact: true }).fill(order.email);
  await modal.getByTestId("sample-step1-next").click();
  await modal.getByLabel("Vorname", { exact: true }).fill("Erika");
  await modal.getByLabel("Nachname", { exact: true }).fill("Muster");
  await modal.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await modal.getByLabel("PLZ", { exact: true }).fill("10115");
  await modal.getByLabel("Ort", { exact: true }).fill("Berlin");
  await modal.getByTestId("sample-step2-next").click();
  await order.beforeFinish?.(modal);
  const thanks = await finishSampleOrder(page, modal);
  return /\((S[A-Z0-9]+)\)/.exec((await thanks.textContent()) ?? "")?.[1];
}

/**
 * The sample checkout's last click: the order goes out once the browser has solved the captcha's proof of work (seconds
 * on a busy machine, hence the longer wait), answers 200, and the thank-you message shows. A refused order fails here
 * with its answer rather than as a message that has already closed itself. The thank-you message.
 */
export async function finishSampleOrder(page: Page, modal: Locator): Promise<Locator> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/sample/product/cart/finish"),
    {
      timeout: 30_000,
    },
  );
  await modal.getByTestId("sample-finish").click();
  const finished = await answer;
  expect(finished.status(), `the sample order answered ${finished.status()}: ${await finished.text()}`).toBe(200);
  const thanks = page.getByTestId("sample-thanks");
  await expect(thanks).toContainText("nach einer Stunde automatisch bearbeitet");
  return thanks;
}
