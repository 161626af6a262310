import { expect, test } from "@playwright/test";
import { isOrderable } from "@scripts/lib/demo-products";
import { demoStaffPassword } from "@scripts/lib/demo-staff";
import { E2E_MAIL_CATCHER_PORTS, readInbox } from "@scripts/lib/mail-catcher";
import { DE_ORIGIN, orderWithCard } from "./support/online-payment";
import { confirmationMailOf } from "./support/order-mail";
import { deliverOrder } from "./support/orders";
import { demoProducts } from "./support/shopper";
import { TEST_PORT } from "./support/site";

/**
 * Withdrawal, refund and credit note in one flow (docs/decisions/0071, 0074): a DE guest pays by
 * card on the Stripe stand-in, the goods are delivered, the guest withdraws with the confirmation
 * mail's link, service staff accept the withdrawal and set it refunded in the back office, the
 * case shows the refund, and the credit note's mail is in the guest's inbox.
 */
const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;
const BACK_OFFICE = `http://admin.localhost:${TEST_PORT}`;

test("a guest withdraws from an order paid by card; staff refund it; the refund shows and the credit note arrives", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = `widerruf-karte-${Date.now()}@kunden.example`;
  const products = (await demoProducts(request, "DE")).filter((node) => isOrderable(node) && node.stock.quantity >= 5);
  const product = products[Math.floor(Math.random() * products.length)]!;
  await orderWithCard(page, product.sku, email);
  await page.locator("[data-outcome=succeed]").click();
  await expect(page).toHaveURL((url) => url.origin === DE_ORIGIN && url.searchParams.has("order"));
  await expect(page.getByTestId("payment-state")).toHaveAttribute("data-state", "paid");
  const orderNumber = new URL(page.url()).searchParams.get("order")!;
  await deliverOrder({ orderNumber, lines: [{ sku: product.sku, quantity: 1 }] });

  // The guest withdraws through the confirmation mail's signed link.
  const confirmation = await confirmationMailOf(email, orderNumber);
  const found = /https?:\/\/[^\s"'<>]+\/returns\/\?order=[A-Z0-9-]+&(?:amp;)?sig=[A-Za-z0-9_-]+/.exec(`${confirmation.text}\n${confirmation.html}`);
  if (!found) throw new Error(`no returns link in "${confirmation.subject}"`);
  const link = new URL(found[0].replace(/&amp;/g, "&"));
  await page.goto(`${DE_ORIGIN}${link.pathname}${link.search}`);
  await page.getByTestId("to-withdraw").click();
  await page.getByRole("button", { name: "Vertrag hier widerrufen" }).click();
  await page.getByRole("button", { name: "Widerruf bestätigen" }).click();
  await expect(page.getByTestId("withdraw-done")).toContainText("Ihr Widerruf ist bei uns eingegangen.");

  // Service staff accept it and set it refunded: the refund goes back through Stripe.
  await page.goto(`${BACK_OFFICE}/returns`);
  await page.getByLabel("E-mail address").fill("service@bodenhaus.example");
  await page.getByLabel("Password").fill(demoStaffPassword());
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByRole("row").filter({ hasText: orderNumber }).getByRole("link").first().click();
  for (const status of ["accepted", "refunded"]) {
    const form = page.getByRole("form", { name: "Change the status" });
    await form.getByLabel("New status").selectOption(status);
    await form.getByRole("button", { name: "Set status" }).click();
    await form.getByRole("button", { name: "Yes, set it and send the mail" }).click();
    await expect(page.getByTestId("rma-status")).toContainText(status);
  }
  await expect(page.getByTestId("rma-refund")).toHaveText(/^Refunded: /);

  // The credit note (with its PDF) in the guest's inbox.
  await expect
    .poll(async () => (await readInbox(INBOX, email)).map((mail) => mail.subject).find((subject) => /^Ihre Gutschrift GS-DE-\d{4}-\d{6}$/.test(subject)))
    .toBeTruthy();
});
