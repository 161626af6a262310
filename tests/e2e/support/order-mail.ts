/**
 * The order confirmation mail against what the shopper was shown: every order a browser test
 * places is checked here. The order as its pages show it is the shop API's answer to the
 * visitor who placed it (`GET /apiv2/checkout/order/{number}`, the success page's data, read
 * from the page's origin with its cookies); the mail is read from the test run's mail catcher.
 * The mail must state the same lines (quantity, name, SKU, package price, line total), the
 * same totals, the same delivery address and the same delivery window, written by the pages'
 * own function (domain/delivery-window.ts) in the words of the mail's language; the checkout
 * page's delivery detail and the account's order page are checked against the same order.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { writtenDate } from "@domain/calendar-date";
import { countryName } from "@domain/countries";
import { deliveryWindow } from "@domain/delivery-window";
import type { VisitorOrderView } from "@domain/api/orders";
import { E2E_MAIL_CATCHER_PORTS, readInbox, type CaughtMail } from "@scripts/lib/mail-catcher";
import { ROOT } from "@scripts/lib/shops";
import { interpolate, text } from "@worker/lib/texts";

const INBOX = `http://127.0.0.1:${E2E_MAIL_CATCHER_PORTS.web}/`;

/** The confirmation mail of order `orderNumber` to `email`, once it is there (the worker sends it right after the answer). */
export async function confirmationMailOf(email: string, orderNumber: string): Promise<CaughtMail> {
  const matching = async () => (await readInbox(INBOX, email)).filter((mail) => mail.subject.includes(orderNumber));
  await expect.poll(async () => (await matching()).length, { message: `the confirmation of ${orderNumber}` }).toBe(1);
  return (await matching())[0]!;
}

/** The order as the success page shows it: the shop API's answer to the page's visitor, who placed it. */
export async function orderAsShown(page: Page, orderNumber: string): Promise<VisitorOrderView> {
  const answer = await page.evaluate(async (number) => {
    const response = await fetch(`/apiv2/checkout/order/${encodeURIComponent(number)}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as { data?: unknown } | null };
  }, orderNumber);
  if (answer.status !== 200 || !answer.body?.data) throw new Error(`the order ${orderNumber} could not be read: ${answer.status}`);
  return answer.body.data as VisitorOrderView;
}

/** A text of the storefront's locale files (locales/<lang>/<file>.json), its placeholders filled as i18next does. */
function siteText(language: string, file: string, key: string, params: Record<string, string> = {}): string {
  const tree = JSON.parse(readFileSync(join(ROOT, "locales", language, `${file}.json`), "utf8")) as Record<string, unknown>;
  const found = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  if (typeof found !== "string") throw new Error(`no text ${language}/${file} ${key}`);
  return interpolate(found, params);
}

/** What the checkout page says about the chosen mode's delivery (CheckoutPage's mode detail), for `order`. */
export function checkoutDeliveryText(order: VisitorOrderView, language: string): string {
  if (order.deliveryMode === "on_call_storage") return siteText(language, "checkout", "checkout.delivery.storage");
  if (order.deliveryMode === "requested_date") return siteText(language, "checkout", "checkout.delivery.requested");
  const days = deliveryWindow(order.delivery!.date!, order.delivery!.latestDate, language);
  return siteText(language, "checkout", `checkout.delivery.${days.kind}`, days.params);
}

/** The mail's sentence about the delivery of `order`: the same days, written by the same function. */
function mailDeliveryText(order: VisitorOrderView, language: string): string {
  const say = (key: string, params?: Record<string, string>) => text(language, "mail", `order-confirmation.${key}`, params);
  if (order.deliveryMode === "on_call_storage") return say("delivery.on_call_storage");
  if (order.deliveryMode === "requested_date") return say("delivery.requested_date", { date: writtenDate(order.desiredDate!, language) });
  const days = deliveryWindow(order.delivery!.date!, order.delivery!.latestDate, language);
  return say(`delivery.${order.deliveryMode}.${days.kind}`, days.params);
}

/** The lines of the mail's delivery address. */
function addressLines(order: VisitorOrderView, language: string): string[] {
  const address = (order.shippingAddress ?? order.billingAddress)!;
  return [
    `${address.firstname} ${address.lastname}`,
    address.companyName,
    address.street,
    `${address.postcode} ${address.city}`,
    countryName(address.countryCode, language),
  ].filter((part): part is string => Boolean(part));
}

/**
 * Expects the confirmation mail (both parts) to state `order` as its pages show it, in `language`:
 * its number, every product line, the totals, the delivery address and the delivery window.
 */
export function expectMailStatesOrder(mail: CaughtMail, order: VisitorOrderView, language: string): void {
  const say = (key: string, params?: Record<string, string | number>) => text(language, "mail", `order-confirmation.${key}`, params);
  const expected = [
    say("intro", { number: order.orderNumber }),
    ...order.lines
      .filter((line) => line.kind === "product")
      .map((line) =>
        say("line", {
          quantity: line.quantity,
          name: line.name,
          sku: line.sku,
          packagePrice: line.packagePrice.formattedWithCurrency,
          lineTotal: line.lineTotal.formattedWithCurrency,
        }),
      ),
    say("totals.goods", { value: order.totals.goods.formattedWithCurrency }),
    ...(order.totals.prepaymentDiscount.amount > 0 ? [say("totals.discount", { value: order.totals.prepaymentDiscount.formattedWithCurrency })] : []),
    ...(order.totals.voucher ? [say("totals.voucher", { code: order.totals.voucher.code, value: order.totals.voucher.amount.formattedWithCurrency })] : []),
    say("totals.shipping", { value: order.totals.shipping.formattedWithCurrency }),
    say("totals.grand", { value: order.totals.grandTotal.formattedWithCurrency }),
    say("totals.tax", { label: order.totals.tax.label, value: order.totals.tax.amount.formattedWithCurrency }),
    addressLines(order, language).join("\n"),
    mailDeliveryText(order, language),
  ];
  const html = mail.html
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/<br>/g, "\n");
  for (const part of expected) {
    expect(mail.text, `the mail's text states "${part}"`).toContain(part);
    expect(html, `the mail's HTML states "${part}"`).toContain(part);
  }
}

/** Expects the checkout page's order summary (its text, read before the order was placed) to have shown `order`'s lines and totals. */
export function expectCheckoutSummaryShowed(summary: string, order: VisitorOrderView): void {
  // innerText may turn the amounts' no-break spaces into spaces
  const spaced = (value: string) => value.replace(/[\u00a0\u202f]/g, " ");
  const shown = spaced(summary);
  const amounts = [order.totals.goods, order.totals.shipping, order.totals.grandTotal];
  for (const line of order.lines.filter((candidate) => candidate.kind === "product")) {
    expect(shown, `the checkout's summary shows ${line.sku}`).toContain(line.name);
    amounts.push(line.packagePrice, line.lineTotal);
  }
  for (const amount of amounts) expect(shown).toContain(spaced(amount.formattedWithCurrency));
}

/** Expects the account's order page (OrderDetails, open in `page`) to show the lines and totals `order` has. */
export async function expectAccountPageShowsOrder(page: Page, order: VisitorOrderView): Promise<void> {
  const details = page.getByTestId("order-details");
  await expect(details).toHaveAttribute("data-number", order.orderNumber);
  for (const line of order.lines.filter((candidate) => candidate.kind === "product")) {
    const row = details.locator(`[data-testid="order-line"][data-sku="${line.sku}"]`);
    await expect(row).toContainText(line.packagePrice.formattedWithCurrency);
    await expect(row).toContainText(line.lineTotal.formattedWithCurrency);
  }
  const totals = details.locator(".order-totals");
  for (const amount of [order.totals.goods, order.totals.shipping, order.totals.grandTotal, order.totals.tax.amount])
    await expect(totals).toContainText(amount.formattedWithCurrency);
  await expect(details).toContainText((order.shippingAddress ?? order.billingAddress)!.street);
}
