import { expect, test } from "@playwright/test";
import { isOrderable, productsQuery, type ProductNode } from "../../scripts/lib/demo-products";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "../../scripts/lib/mail-catcher";
import { localSecret } from "../../scripts/lib/local-worker";
import { TEST_WORKER, testOrigin } from "./support/site";

/**
 * A finished sample order reaches the shopper: after the three-step checkout the
 * confirmation is in the local mail catcher's inbox (the global setup's maildev), sent
 * by the worker under `wrangler dev` over SMTP right after the answer.
 */
const ORIGIN = testOrigin("DE");
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;

test("finishing a sample order sends the confirmation with the sample to the address of step 1", async ({ page, request }) => {
  // Node does not resolve *.localhost (browsers do); the worker answers /graphql on any host.
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    data: { query: productsQuery("DE") },
  });
  const nodes = ((await response.json()) as { data: { products: { nodes: ProductNode[] } } }).data.products.nodes;
  const product = nodes.find((p) => isOrderable(p) && p.samples.active);
  if (!product) throw new Error("no product with samples in the demo catalogue");
  const email = `muster-${Date.now()}@example.com`;

  await page.goto(`${ORIGIN}/${product.slug}.html`);
  await page.keyboard.press("Shift");
  await page.getByTestId("sample-button").click();
  await expect(page.getByTestId("alert-success").first()).toHaveText(/Artikel wurde zum Warenkorb hinzugefügt/);
  await page.getByTestId("sample-panel").getByTestId("sample-checkout").click();

  const modal = page.getByTestId("sample-checkout-modal");
  await modal.getByLabel("E-Mail-Adresse", { exact: true }).fill(email);
  await modal.getByTestId("sample-step1-next").click();
  await modal.getByLabel("Vorname", { exact: true }).fill("Erika");
  await modal.getByLabel("Nachname", { exact: true }).fill("Muster");
  await modal.getByLabel("Straße und Hausnummer", { exact: true }).fill("Hauptstraße 5");
  await modal.getByLabel("PLZ", { exact: true }).fill("10115");
  await modal.getByLabel("Ort", { exact: true }).fill("Berlin");
  await modal.getByTestId("sample-step2-next").click();
  await expect(modal.getByTestId("sample-package")).toContainText(product.content.title);
  await modal.getByTestId("sample-finish").click();
  const thanks = page.getByTestId("sample-thanks");
  await expect(thanks).toContainText("nach einer Stunde automatisch bearbeitet");
  const code = /\((S[A-Z0-9]+)\)/.exec((await thanks.textContent()) ?? "")?.[1];
  expect(code).toBeTruthy();

  await expect.poll(async () => (await readInbox(INBOX, email)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await readInbox(INBOX, email);
  expect(mail!.subject).toBe(`Ihre Musterbestellung ${code} bei Bodenhaus Deutschland`);
  expect(mail!.from).toEqual([{ address: "service@bodenhaus.example", name: "Bodenhaus" }]);
  expect(mail!.text).toContain(`Art.-Nr. ${product.sku}`);
  expect(mail!.text).toContain(product.content.title);
  expect(mail!.text).toContain("Hauptstraße 5\n10115 Berlin");
  expect(mail!.html).toContain(`Art.-Nr. ${product.sku}`);
});
