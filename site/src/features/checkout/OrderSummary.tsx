/**
 * The order summary beside the checkout form: the cart's lines and samples, shipping,
 * the prepayment discount when prepayment is chosen, the voucher applied in the cart (or why
 * one was left out), tax and the grand total, all from
 * the checkout quote priced for the form's country, delivery mode and payment method
 * (the total the order is placed with). A line the shop API refused shows why.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CheckoutQuote } from "@domain/checkout";

export function OrderSummary({ quote, lineErrors, cartHref }: { quote: CheckoutQuote; lineErrors: Map<number, string>; cartHref: string }) {
  const { t } = useTranslation("checkout");
  const { totals } = quote;
  return (
    <section className="order-summary" aria-labelledby="order-summary-title" data-testid="order-summary">
      <h2 id="order-summary-title">{t("checkout.summary.title")}</h2>
      <ul className="summary-lines">
        {quote.lines.map((line, index) => {
          const problem = lineErrors.get(index) ?? (line.problem ? t(`checkout.errors.${line.problem.code}`, line.problem.params ?? {}) : null);
          return (
            <li key={line.itemId} className={problem ? "summary-line has-problem" : "summary-line"} data-testid="summary-line">
              <span className="summary-name">
                {line.name} <span className="muted small">{t("checkout.summary.sku", { sku: line.sku })}</span>
              </span>
              <span className="summary-quantity">
                {t("checkout.summary.quantity", { quantity: line.quantity, price: line.packagePrice.formattedWithCurrency })}
              </span>
              <span className="summary-amount">{line.rowTotal.formattedWithCurrency}</span>
              {problem ? (
                <span className="field-error" role="alert">
                  {problem}
                </span>
              ) : null}
            </li>
          );
        })}
        {quote.samples.map((sample) => (
          <li key={sample.itemId} className="summary-line sample">
            <span className="summary-name">
              {sample.name} <span className="muted small">{t("checkout.summary.sample")}</span>
            </span>
            <span className="summary-amount">{t("checkout.summary.free")}</span>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        <dt>{t("checkout.summary.goods")}</dt>
        <dd>{totals.goods.formattedWithCurrency}</dd>
        {totals.discount.amount > 0 ? (
          <>
            <dt>{t("checkout.summary.discount")}</dt>
            <dd>−{totals.discount.formattedWithCurrency}</dd>
          </>
        ) : null}
        {quote.voucher && totals.voucher ? (
          <>
            <dt>{t("checkout.summary.voucher", { code: quote.voucher.code })}</dt>
            <dd data-testid="summary-voucher">−{totals.voucher.formattedWithCurrency}</dd>
          </>
        ) : null}
        <dt>{t("checkout.summary.shipping")}</dt>
        <dd>{quote.shipping?.isFree ? t("checkout.summary.free") : totals.shipping.formattedWithCurrency}</dd>
        <dt className="grand">{t("checkout.summary.grand")}</dt>
        <dd className="grand" data-testid="summary-grand-total">
          {totals.grand.formattedWithCurrency}
        </dd>
      </dl>
      <p className="muted small">{t("checkout.summary.tax", { label: totals.taxLabel, amount: totals.tax.formattedWithCurrency })}</p>
      {quote.notices.map((notice) => (
        <p key={`${notice.code}-${notice.params.code}`} className="summary-notice" role="alert" data-testid="summary-notice">
          {t(`cart.voucher.notices.${notice.code}`, { code: notice.params.code })}
        </p>
      ))}
      <p>
        <a href={cartHref}>{t("checkout.summary.editCart")}</a>
      </p>
    </section>
  );
}
