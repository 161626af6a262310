/**
 * The order detail's payments (service, ops): every money movement of the payment ledger (the
 * charge, refunds, chargebacks, refunds staff transferred back by bank) with its provider, the
 * provider's id, amount, state and time, and what the order took, gave back and may still refund
 * (domain/api/payments.ts StaffOrderPayments).
 */
import { BANK_TRANSFER_PROVIDER, type StaffOrderPayments } from "@domain/api/payments";
import { formatMoneyValue, formatTime } from "../intl";
import { t } from "../texts";

export function OrderPayments({ payments }: { payments: StaffOrderPayments }) {
  return (
    <section aria-labelledby="payments-title" data-testid="order-payments">
      <h2 id="payments-title">{t("orders.payments.title")}</h2>
      <dl className="facts">
        <dt>{t("orders.payments.method")}</dt>
        <dd>
          {payments.method} · {t(payments.online ? "orders.payments.online" : "orders.payments.offline")}
        </dd>
        <dt>{t("orders.payments.paid")}</dt>
        <dd>{formatMoneyValue(payments.paid)}</dd>
        <dt>{t("orders.payments.refunded")}</dt>
        <dd>{formatMoneyValue(payments.refunded)}</dd>
        <dt>{t("orders.payments.refundable")}</dt>
        <dd data-testid="order-refundable">
          <strong>{formatMoneyValue(payments.refundable)}</strong>
        </dd>
      </dl>
      {payments.movements.length === 0 ? (
        <p className="notice">{t("orders.payments.none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("orders.when")}</th>
              <th scope="col">{t("orders.payments.kind")}</th>
              <th scope="col">{t("orders.payments.provider")}</th>
              <th scope="col">{t("orders.payments.providerRef")}</th>
              <th scope="col">{t("orders.payments.amount")}</th>
              <th scope="col">{t("orders.payments.state")}</th>
            </tr>
          </thead>
          <tbody>
            {payments.movements.map((movement) => (
              <tr key={`${movement.provider}-${movement.providerRef}`}>
                <td>{formatTime(movement.at)}</td>
                <td>{t(`orders.payments.kind.${movement.kind}`)}</td>
                <td>{movement.provider === BANK_TRANSFER_PROVIDER ? t("orders.payments.bankTransfer") : movement.provider}</td>
                <td>
                  <code>{movement.providerRef}</code>
                </td>
                <td>
                  {movement.kind === "charge" ? "" : "−"}
                  {formatMoneyValue(movement.amount)}
                </td>
                <td>{movement.state}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
