/**
 * The order detail's totals: an order placed under the reverse charge says its amounts are net, names its
 * grand total net and shows the invoice's note as its tax line; any other order shows its tax as included.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { money } from "@domain/money";
import type { StaffOrderDetail } from "@domain/back-office/orders";
import { formatMoneyValue } from "../intl";
import { t } from "../texts";
import { OrderTotals } from "./OrderTotals";

const eur = (minor: number) => money(minor, "EUR", "de");
const totals = (reverseCharge: boolean, taxLabel: string, tax: number): StaffOrderDetail["totals"] => ({
  goods: eur(8985),
  prepaymentDiscount: eur(0),
  voucher: null,
  shipping: eur(595),
  grandTotal: eur(9580),
  tax: eur(tax),
  taxLabel,
  reverseCharge,
});
/** The page's text without markup, one space between elements. */
const shown = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/&amp;/g, "&")
    .trim();

test("a reverse-charge order: every amount net, the grand total named net, the tax line the invoice's note at 0", () => {
  const html = renderToStaticMarkup(<OrderTotals totals={totals(true, "Btw verlegd", 0)} />);
  const text = shown(html);
  expect(text).toContain(t("orders.netAmounts"));
  expect(text).toContain(`${t("orders.grandTotalNet")} ${formatMoneyValue(eur(9580))}`);
  expect(text).toContain(`Btw verlegd ${formatMoneyValue(eur(0))}`);
  expect(text).not.toContain(`${t("orders.grandTotal")} ${formatMoneyValue(eur(9580))}`);
});

test("an order charged with VAT: no net notice, the grand total and the included tax as before", () => {
  const text = shown(renderToStaticMarkup(<OrderTotals totals={totals(false, "inkl. 19 % MwSt.", 1530)} />));
  expect(text).not.toContain(t("orders.netAmounts"));
  expect(text).not.toContain(t("orders.grandTotalNet"));
  expect(text).toContain(`${t("orders.grandTotal")} ${formatMoneyValue(eur(9580))}`);
  expect(text).toContain(`inkl. 19 % MwSt. ${formatMoneyValue(eur(1530))}`);
});
