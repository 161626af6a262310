/**
 * The page after a placed order (/checkout/success/?order=DE-100001): the order number,
 * what was ordered at which totals, the delivery, the payment (the bank details and
 * reference for prepayment; for an online payment its true state as the provider's webhook
 * set it: paid, pending (a debit or transfer on its way), failed; with another try or another
 * method that keep the order, PaymentRetry.tsx) and what happens next. Read live from GET /apiv2/checkout/order/{number}, which
 * answers only the visitor who placed the order (anyone else sees "not found").
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { TFunction } from "i18next";
import { countryName } from "@domain/countries";
import type { VisitorOrderView } from "@domain/api/orders";
import { homePath, type ShopRouting } from "@domain/routes";
import { useOrder } from "./checkout-api";
import { PaymentRetry, paymentRetryPossible } from "./PaymentRetry";
import { writtenDate } from "@domain/calendar-date";
import { deliveryWindow } from "@domain/delivery-window";
import { trackEcommerce } from "@site/lib/tracking/data-layer";
import { orderPurchase } from "@site/lib/tracking/ecommerce";
import { firstSightOfOrder } from "@site/lib/tracking/use-track";
import "./checkout-page.css";

const ORDER_NUMBER = /^[A-Z]{2,8}-[0-9]{1,12}$/;
/** How often the page asks again while an online payment waits for the provider's confirmation. */
const PENDING_REFRESH_MS = 5000;

/** The order number of the page's query, or null when there is none that could be one. */
export function orderNumberOf(search: string): string | null {
  const number = new URLSearchParams(search).get("order")?.trim().toUpperCase() ?? "";
  return ORDER_NUMBER.test(number) ? number : null;
}

/** What happens next, in order (right of return 30 days). */
export function nextSteps(order: VisitorOrderView, t: TFunction, language: string): string[] {
  const steps = [t("checkout.success.next.confirmation", { email: order.email })];
  if (order.paymentMethod === "prepayment") steps.push(t("checkout.success.next.prepayment", { amount: order.totals.grandTotal.formattedWithCurrency }));
  else if (order.paymentState === "pending") steps.push(t("checkout.success.next.onlinePending"));
  const date = order.delivery?.date;
  if (order.deliveryMode === "on_call_storage") steps.push(t("checkout.success.next.storage"));
  else if (order.deliveryMode === "requested_date" && order.desiredDate)
    steps.push(t("checkout.success.next.requested", { date: writtenDate(order.desiredDate, language) }));
  else if (date) {
    const days = deliveryWindow(date, order.delivery?.latestDate, language);
    steps.push(t(`checkout.success.next.${days.kind}`, days.params));
  }
  steps.push(t("checkout.success.next.shipped"));
  steps.push(t("checkout.success.next.withdrawal"));
  return steps;
}

export function OrderSuccessPage({ shop, language }: { shop: ShopRouting; language: string }) {
  const { t } = useTranslation("checkout");
  const [number, setNumber] = React.useState<string | null | undefined>(undefined);
  React.useEffect(() => setNumber(orderNumberOf(window.location.search)), []);
  const [pending, setPending] = React.useState(false);
  const { data: order, error, isLoading } = useOrder(number ?? null, pending ? PENDING_REFRESH_MS : 0);
  React.useEffect(() => setPending(order?.paymentState === "pending"), [order?.paymentState]);
  // Tag manager: GA4 purchase, once per order in this browser (not for a failed or cancelled payment).
  React.useEffect(() => {
    if (!order || order.paymentState === "failed" || order.paymentState === "cancelled") return;
    if (firstSightOfOrder(order.orderNumber, window.localStorage)) trackEcommerce(orderPurchase(order));
  }, [order]);

  if (number === undefined || (number && isLoading && !order)) {
    return (
      <div className="order-success" data-testid="order-success" aria-busy="true">
        <h1>{t("checkout.success.title")}</h1>
        <p className="muted">{t("checkout.success.loading")}</p>
      </div>
    );
  }
  if (!number || !order) {
    return (
      <div className="order-success" data-testid="order-success">
        <h1>{t("checkout.success.notFoundTitle")}</h1>
        <p role={error ? "alert" : undefined}>{t("checkout.success.notFound")}</p>
        <p>
          <a className="button" href={homePath(shop, language)}>
            {t("checkout.continueShopping")}
          </a>
        </p>
      </div>
    );
  }

  const address = order.shippingAddress;
  const bank = order.paymentInstructions;
  const { totals } = order;
  return (
    <div className="order-success" data-testid="order-success">
      <h1>{t("checkout.success.title")}</h1>
      <p className="order-number">
        {t("checkout.success.number")} <strong data-testid="order-number">{order.orderNumber}</strong>
      </p>

      <section aria-labelledby="order-success-payment">
        <h2 id="order-success-payment">{t("checkout.success.payment")}</h2>
        <p data-testid="payment-state" data-state={order.paymentState ?? "offline"}>
          {t(`checkout.payment.methods.${order.paymentMethod}`)}
          {order.paymentState ? ` – ${t(`checkout.success.paymentState.${order.paymentState}`)}` : ""}
        </p>
        {bank ? (
          <div className="bank-details" data-testid="bank-details">
            <p>{t("checkout.success.bank.intro", { amount: bank.amount.formattedWithCurrency })}</p>
            <dl>
              <dt>{t("checkout.success.bank.holder")}</dt>
              <dd>{bank.bankAccount.holder}</dd>
              <dt>{t("checkout.success.bank.bank")}</dt>
              <dd>{bank.bankAccount.bank}</dd>
              <dt>{t("checkout.success.bank.iban")}</dt>
              <dd>{bank.bankAccount.iban}</dd>
              <dt>{t("checkout.success.bank.bic")}</dt>
              <dd>{bank.bankAccount.bic}</dd>
              <dt>{t("checkout.success.bank.amount")}</dt>
              <dd>{bank.amount.formattedWithCurrency}</dd>
              <dt>{t("checkout.success.bank.reference")}</dt>
              <dd>{bank.reference}</dd>
            </dl>
          </div>
        ) : null}
        {order.paymentState === "pending" && order.paymentProgress === "processing" ? (
          <p data-testid="payment-processing">{t("checkout.success.progress.processing")}</p>
        ) : null}
        {paymentRetryPossible(order) ? <PaymentRetry order={order} /> : null}
      </section>

      <section aria-labelledby="order-success-next">
        <h2 id="order-success-next">{t("checkout.success.nextTitle")}</h2>
        <ol className="next-steps">
          {nextSteps(order, t, language).map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="order-success-lines">
        <h2 id="order-success-lines">{t("checkout.success.lines")}</h2>
        <ul className="summary-lines">
          {order.lines.map((line) => (
            <li key={line.line} className="summary-line">
              <span className="summary-name">
                {line.name} <span className="muted small">{t("checkout.summary.sku", { sku: line.sku })}</span>
              </span>
              {line.kind === "sample" ? (
                <span className="summary-amount">{t("checkout.summary.free")}</span>
              ) : (
                <>
                  <span className="summary-quantity">
                    {t("checkout.summary.quantity", { quantity: line.quantity, price: line.packagePrice.formattedWithCurrency })}
                  </span>
                  <span className="summary-amount">{line.lineTotal.formattedWithCurrency}</span>
                </>
              )}
            </li>
          ))}
        </ul>
        <dl className="summary-totals">
          <dt>{t("checkout.summary.goods")}</dt>
          <dd>{totals.goods.formattedWithCurrency}</dd>
          {totals.prepaymentDiscount.amount > 0 ? (
            <>
              <dt>{t("checkout.summary.discount")}</dt>
              <dd>−{totals.prepaymentDiscount.formattedWithCurrency}</dd>
            </>
          ) : null}
          {totals.voucher ? (
            <>
              <dt>{t("checkout.summary.voucher", { code: totals.voucher.code })}</dt>
              <dd data-testid="order-voucher">−{totals.voucher.amount.formattedWithCurrency}</dd>
            </>
          ) : null}
          <dt>{t("checkout.summary.shipping")}</dt>
          <dd>{totals.shipping.formattedWithCurrency}</dd>
          <dt className="grand">{t("checkout.summary.grand")}</dt>
          <dd className="grand" data-testid="order-grand-total">
            {totals.grandTotal.formattedWithCurrency}
          </dd>
        </dl>
        <p className="muted small">{t("checkout.summary.tax", { label: totals.tax.label, amount: totals.tax.amount.formattedWithCurrency })}</p>
      </section>

      <section aria-labelledby="order-success-delivery">
        <h2 id="order-success-delivery">{t("checkout.success.delivery")}</h2>
        <p>{t(`checkout.delivery.modes.${order.deliveryMode}`)}</p>
        {address ? (
          <address className="order-address">
            {[
              `${address.firstname} ${address.lastname}`,
              address.companyName,
              address.street,
              `${address.postcode} ${address.city}`,
              countryName(address.countryCode, language),
            ]
              .filter((part): part is string => Boolean(part))
              .map((part) => (
                <span key={part}>
                  {part}
                  <br />
                </span>
              ))}
          </address>
        ) : null}
      </section>

      <p>
        <a className="button" href={homePath(shop, language)}>
          {t("checkout.continueShopping")}
        </a>
      </p>
    </div>
  );
}
