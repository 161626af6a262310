import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_CUSTOMER, DEMO_ORDERS } from "@scripts/lib/demo-history";
import { demoStaffPassword } from "@scripts/lib/demo-staff";
import { orderSample, sampleProduct } from "./support/shopper";
import { TEST_PORT, testOrigin } from "./support/site";

/**
 * Service staff in the back office: a shopper finishes a sample order in the DE shop; the
 * demo service account logs in on the back-office host, finds the order by its reference
 * code, opens it (address and samples), marks it shipped and downloads the CSV export; and
 * finds a demo customer's past orders (the demo history of the global setup) and opens one.
 */
const SHOP = testOrigin("DE");
/** The back-office host of the test environment (config/shops.json backOffice.hosts.test). */
const BACK_OFFICE = `http://admin.localhost:${TEST_PORT}`;

test("service staff see a shopper's sample order, mark it shipped and export it", async ({ page, request }) => {
  const product = await sampleProduct(request);
  const email = `service-view-${Date.now()}@example.com`;

  // The shopper orders a sample.
  const code = await orderSample(page, { origin: SHOP, product, email });
  if (!code) throw new Error("the thank-you message names no reference code");

  // Service staff log in on the back-office host.
  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Sample orders" }).click();
  await expect(page.getByRole("heading", { name: "Sample orders" })).toBeVisible();
  // the search report is not for service staff
  await expect(page.getByRole("navigation").getByRole("link", { name: "Search report" })).toHaveCount(0);

  // The order is in the list; found by its e-mail address, in the DE shop.
  await page.getByLabel("Shop").selectOption("DE");
  await page.getByLabel("Reference or e-mail").fill(email);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row).toContainText(email);
  await expect(row).toContainText("finished");

  // Opened: address, e-mail and the sample.
  await row.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { name: `Sample order ${code}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("finished");
  await expect(page.locator("address")).toContainText("Hauptstraße 5");
  await expect(page.locator("address")).toContainText("10115 Berlin");
  await expect(page.getByRole("link", { name: email })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(product.sku) })).toContainText(product.content.title);

  // Marked shipped, with who.
  await page.getByRole("button", { name: "Mark shipped" }).click();
  await page.getByRole("button", { name: "Yes, mark shipped" }).click();
  await expect(page.getByRole("status")).toHaveText("The order is marked shipped.");
  await expect(page.getByTestId("order-status")).toContainText("shipped by service@bodenhaus.example");
  await expect(page.getByRole("button", { name: "Mark cancelled" })).toHaveCount(0);

  // The CSV of the shipped orders of DE holds it.
  await page.getByRole("link", { name: "Back to the sample orders" }).click();
  await page.getByLabel("Shop").selectOption("DE");
  await page.getByLabel("State").selectOption("shipped");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("row", { name: new RegExp(code) })).toContainText("shipped");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^sample-orders-de-shipped-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFreference_code,shop,status,")).toBe(true);
  const line = csv.split("\r\n").find((entry) => entry.startsWith(`${code},`));
  expect(line).toBeDefined();
  expect(line).toContain(",DE,shipped,");
  expect(line).toContain(email);
  expect(line).toContain("service@bodenhaus.example");
  expect(line).toContain(product.sku);
});

test("service staff find a demo customer's past orders and open one", async ({ page }) => {
  // The global setup wrote the demo order history (scripts/lib/demo-history.ts) before the shops were served.
  await page.goto(`${BACK_OFFICE}/`);
  await page.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();

  // Found by the beginning of the e-mail address: her orders in the DE shop, in their states, newest first.
  await page.getByLabel("Order number or e-mail").fill(DEMO_CUSTOMER.split("@")[0]!);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const rows = page.getByRole("row").filter({ hasText: DEMO_CUSTOMER });
  await expect(rows).toHaveCount(DEMO_ORDERS.filter((order) => order.customer.email === DEMO_CUSTOMER).length);
  for (const state of ["placed", "shipped", "delivered", "cancelled"]) await expect(rows.filter({ hasText: state }).first()).toBeVisible();
  await expect(rows.first()).toContainText("placed");

  // Only the cancelled one when the state filter says so.
  await page.getByLabel("State").selectOption("cancelled");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: DEMO_CUSTOMER })).toHaveCount(1);

  // A delivered order: its address, its lines delivered in full and the ERP's history.
  await page.getByLabel("State").selectOption("delivered");
  await page.getByRole("button", { name: "Show", exact: true }).click();
  const deliveredRows = page.getByRole("row").filter({ hasText: DEMO_CUSTOMER });
  const deliveredCount = DEMO_ORDERS.filter((order) => order.customer.email === DEMO_CUSTOMER && order.state === "delivered").length;
  await expect(deliveredRows.filter({ hasText: "delivered" })).toHaveCount(deliveredCount);
  await expect(deliveredRows).toHaveCount(deliveredCount);
  const delivered = deliveredRows.first();
  const number = (await delivered.getByRole("link").textContent())!.trim();
  expect(number).toMatch(/^DE-\d+$/);
  await delivered.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-state")).toContainText("delivered");
  await expect(page.getByTestId("billing-address")).toContainText("Lindenstraße 12");
  await expect(page.getByTestId("billing-address")).toContainText("10969 Berlin");
  const history = page.getByTestId("order-history");
  for (const step of ["Placed", "Confirmed", "Shipped", "Delivered"])
    await expect(history.getByRole("cell", { name: step, exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("order-totals")).toContainText("€");
  await page.getByRole("link", { name: "Back to the orders" }).click();
  await expect(page.getByRole("heading", { name: "Orders", exact: true })).toBeVisible();
});
