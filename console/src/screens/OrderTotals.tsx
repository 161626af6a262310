/**
 * The order detail's totals (service, ops): goods, prepayment discount, voucher, shipping, the grand
 * total and the tax beside its label. An order placed under the reverse charge (docs/decisions/0075)
 * says that every amount is net, names its grand total net, and its tax line is the note its invoice
 * carries (the label the shop API words in the order's language), at 0.
 */
import type { StaffOrderDetail } from "@domain/back-office/orders";
import { formatMoneyValue } from "../intl";
import { t } from "../texts";

export function OrderTotals({ totals }: { totals: StaffOrderDetail["totals"] }) {
  return (
    <>
      <h2>{t("orders.totals")}</h2>
      {totals.reverseCharge && (
        <p className="notice" data-testid="order-net-amounts">
          {t("orders.netAmounts")}
        </p>
      )}
      <dl className="facts" data-testid="order-totals">
        <dt>{t("orders.goods")}</dt>
        <dd>{formatMoneyValue(totals.goods)}</dd>
        {totals.prepaymentDiscount.amount > 0 && (
          <>
            <dt>{t("orders.prepaymentDiscount")}</dt>
            <dd>−{formatMoneyValue(totals.prepaymentDiscount)}</dd>
          </>
        )}
        {totals.voucher && (
          <>
            <dt>{t("orders.voucher", { code: totals.voucher.code })}</dt>
            <dd data-testid="order-voucher">−{formatMoneyValue(totals.voucher.amount)}</dd>
          </>
        )}
        <dt>{t("orders.shipping")}</dt>
        <dd>{formatMoneyValue(totals.shipping)}</dd>
        <dt>{t(totals.reverseCharge ? "orders.grandTotalNet" : "orders.grandTotal")}</dt>
        <dd>
          <strong>{formatMoneyValue(totals.grandTotal)}</strong>
        </dd>
        <dt>{totals.taxLabel}</dt>
        <dd>{formatMoneyValue(totals.tax)}</dd>
      </dl>
    </>
  );
}
