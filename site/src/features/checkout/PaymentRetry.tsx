/**
 * Another try at an order's online payment (the order success page): "try again" pays the same
 * order with its method in a new attempt, "choose another method" with one of the order's
 * alternatives (the same total, `paymentAlternatives` of the order). Both keep the order and
 * lead to the provider's page. One idempotency key per try and method, so a double click or a
 * retry after no answer starts one payment.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { VisitorOrderView } from "@domain/api/orders";
import { newIdempotencyKey, retryPaymentCall } from "./checkout-api";

/** Another try is possible: the payment failed or expired, or it waits without a page (the provider was down) or with its page left unpaid. */
export function paymentRetryPossible(order: Pick<VisitorOrderView, "paymentState" | "paymentProgress">): boolean {
  if (order.paymentState === "failed" || order.paymentState === "cancelled") return true;
  return order.paymentState === "pending" && (order.paymentProgress === "not_started" || order.paymentProgress === "open");
}

export function PaymentRetry({ order }: { order: VisitorOrderView }) {
  const { t } = useTranslation("checkout");
  const alternatives = order.paymentAlternatives ?? [];
  const [method, setMethod] = React.useState(alternatives[0] ?? "");
  const [busy, setBusy] = React.useState(false);
  const [failed, setFailed] = React.useState(false);
  const keys = React.useRef(new Map<string, string>());

  const retry = async (chosen: string | undefined) => {
    setBusy(true);
    setFailed(false);
    const which = chosen ?? order.paymentMethod;
    const key = keys.current.get(which) ?? newIdempotencyKey();
    keys.current.set(which, key);
    const result = await retryPaymentCall(order.orderNumber, key, chosen);
    const redirect = result.ok ? result.data?.payment.redirectUrl : null;
    if (redirect) {
      window.location.assign(redirect);
      return;
    }
    // An answer that is final for this try (not a lost one or a server error): the next click is a new try.
    if (result.status !== 0 && result.status < 500) keys.current.delete(which);
    setBusy(false);
    setFailed(true);
  };

  const hint =
    order.paymentState === "pending" && order.paymentProgress ? t(`checkout.success.progress.${order.paymentProgress}`) : t("checkout.success.retryHint");
  return (
    <div className="payment-retry" data-testid="payment-retry">
      <p role={order.paymentProgress === "not_started" ? "alert" : undefined}>{hint}</p>
      <button type="button" className="button primary" disabled={busy} onClick={() => void retry(undefined)} data-testid="retry-payment">
        {t("checkout.success.retry")}
      </button>
      {alternatives.length > 0 ? (
        <fieldset className="payment-other-method">
          <legend>{t("checkout.success.otherMethod")}</legend>
          {alternatives.map((code) => (
            <label key={code}>
              <input type="radio" name="other-payment-method" value={code} checked={method === code} onChange={() => setMethod(code)} />{" "}
              {t(`checkout.payment.methods.${code}`)}
            </label>
          ))}
          <button type="button" className="button" disabled={busy || !method} onClick={() => void retry(method)} data-testid="other-payment-method">
            {t("checkout.success.otherMethodApply")}
          </button>
        </fieldset>
      ) : null}
      {failed ? (
        <p className="field-error" role="alert">
          {t("checkout.success.retryFailed")}
        </p>
      ) : null}
    </div>
  );
}
