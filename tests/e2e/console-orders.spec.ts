import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoStaffPassword } from "@scripts/lib/demo-staff";
import { isOrderable, type ProductNode } from "@scripts/lib/demo-products";
import { localSecret } from "@scripts/lib/local-worker";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "@scripts/lib/mail-catcher";
import { BACK_OFFICE_HOST, placeOrder, postToHost, type OrderAddress, type PlacedOrder } from "./support/orders";
import { demoProducts } from "./support/shopper";
import { testOrigin } from "./support/site";

/**
 * Staff change orders in the back office. Each test places its own DE order through the real
 * API (support/orders.ts). Service staff mark one shipped with DPD and a tracking number; the
 * history names them, and the shopper's shipping mail arrives in the local inbox with the
 * tracking link. The ERP ships another; a cancellation of it in the console is refused with
 * the message shown, and the order stays shipped.
 */
const DE = testOrigin("DE");
const BACK_OFFICE = `http://${BACK_OFFICE_HOST}`;
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const BERLIN: OrderAddress = { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", postcode: "10115", city: "Berlin", countryCode: "de" };

/** An orderable DE product with stock (another one each run, so the runs do not buy one product's stock empty). */
async function product(request: APIRequestContext): Promise<ProductNode> {
  const products = (await demoProducts(request, "DE")).filter((each) => isOrderable(each) && each.stock.quantity >= 2);
  if (products.length === 0) throw new Error("the DE demo catalogue has no orderable product with stock");
  return products[Math.floor(Math.random() * products.length)]!;
}

async function orderOf(page: Page, request: APIRequestContext, email: string): Promise<PlacedOrder> {
  const { sku } = await product(request);
  await page.goto(`${DE}/`);
  return placeOrder(page, { email, address: BERLIN, language: "de", lines: [{ sku, quantity: 1 }] });
}

/** Opens the order's page in the back office as the demo service account. */
async function openAsService(page: Page, orderNumber: string): Promise<void> {
  await page.goto(`${BACK_OFFICE}/orders/${orderNumber}`);
  await page.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
}

test("service staff ship an order with a tracking number, and the shipping mail with the tracking link arrives", async ({ page, request }) => {
  const email = `ship-${Date.now()}@example.com`;
  const order = await orderOf(page, request, email);
  await openAsService(page, order.orderNumber);

  const ship = page.getByRole("form", { name: "Mark as shipped" });
  await ship.getByLabel("Carrier").selectOption("dpd");
  // a number DPD does not hand out is refused before anything is sent
  await ship.getByLabel("Tracking number").fill("12345");
  await ship.getByRole("button", { name: "Mark as shipped and send the shipping mail" }).click();
  await expect(ship.getByRole("alert")).toHaveText("This is not a tracking number of DPD.");
  await expect(page.getByTestId("order-state")).toContainText("placed");

  await ship.getByLabel("Tracking number").fill("0123 4567 8901 23");
  await ship.getByRole("button", { name: "Mark as shipped and send the shipping mail" }).click();
  await expect(page.getByRole("status")).toHaveText("The order is marked as shipped; the shipping mail is on its way to the customer.");
  await expect(page.getByTestId("order-state")).toContainText("shipped");
  const entry = page.getByTestId("order-history").getByRole("row").filter({ hasText: "DPD, tracking number 01234567890123" });
  await expect(entry).toContainText("Shipped");
  await expect(entry.getByRole("link", { name: "DPD, tracking number 01234567890123" })).toHaveAttribute(
    "href",
    "https://tracking.dpd.de/status/de_DE/parcel/01234567890123",
  );

  // The shopper's mail, in the order's language, with the tracking link.
  const shipped = async () => (await readInbox(INBOX, email)).filter((mail) => mail.subject === `Ihre Bestellung ${order.orderNumber} ist unterwegs`);
  await expect.poll(async () => (await shipped()).length, { message: "the shipping mail" }).toBe(1);
  const [mail] = await shipped();
  expect(mail!.text).toContain("Sendungsnummer: 01234567890123");
  expect(mail!.text).toContain("https://tracking.dpd.de/status/de_DE/parcel/01234567890123");
  expect(mail!.html).toContain('href="https://tracking.dpd.de/status/de_DE/parcel/01234567890123"');
});

test("a cancellation of an order the ERP shipped is refused with the message shown, and nothing changes", async ({ page, request }) => {
  const order = await orderOf(page, request, `cancel-${Date.now()}@example.com`);
  const token = localSecret("ORDER_EVENTS_TOKEN");
  const event = { eventId: `${order.orderNumber}-shipped`, type: "shipped", time: new Date().toISOString(), lines: order.lines };
  const shipped = await postToHost(BACK_OFFICE_HOST, `/admin/orders/${order.orderNumber}/events`, event, { authorization: `Bearer ${token}` });
  expect(shipped.status).toBe(200);

  await openAsService(page, order.orderNumber);
  await expect(page.getByTestId("order-state")).toContainText("shipped");
  await page.getByRole("button", { name: "Cancel the order" }).click();
  await page.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(page.getByRole("alert")).toHaveText("This order is shipped: it can no longer be cancelled.");
  await expect(page.getByTestId("order-state")).toContainText("shipped");
  await expect(page.getByTestId("order-history").getByRole("row")).toHaveCount(3);
});
