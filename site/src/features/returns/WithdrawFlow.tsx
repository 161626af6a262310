/**
 * The withdrawal from the contract (Directive 2023/2673, EU shops, consumers): a clearly
 * labelled "withdraw from contract" button on the order, a confirmation step, then the
 * confirmation (the shop API sends its mail at once). Reached from the account's order
 * (`?order=`, signed in), the signed link of the confirmation mail (`?order=&sig=`), the
 * returns page (the order it opened), or by a lookup here.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { returnsPath, type ShopRouting } from "@domain/routes";
import { recalledAccess, rememberAccess } from "./access-store";
import { accessOf, fetchCustomerRmaOrder, newIdempotencyKey, openSignedLink, requestWithdrawal, type RmaAccess } from "./api";
import { entryFromLocation } from "./flow";
import { LookupForm } from "./Landing";
import type { TextError } from "./selection";
import { dateLocale, formatDateTime, isAccessLost, submitErrorText } from "./texts";
import type { RmaLookupAnswer, RmaOrder } from "./types";

export type WithdrawStep = "start" | "lookup" | "order" | "confirm" | "done";

export default function WithdrawFlow({ shop, language }: { shop: ShopRouting; language: string }) {
  const { t } = useTranslation("returns");
  const locale = dateLocale(language);
  const [step, setStep] = React.useState<WithdrawStep>("start");
  const [order, setOrder] = React.useState<RmaOrder | null>(null);
  const [access, setAccess] = React.useState<RmaAccess | null>(null);
  const [prefill, setPrefill] = React.useState("");
  const [notice, setNotice] = React.useState<TextError | null>(null);
  const [error, setError] = React.useState<TextError | null>(null);
  const [busy, setBusy] = React.useState(false);
  const [requestedAt, setRequestedAt] = React.useState<string | null>(null);
  const key = React.useRef<string | null>(null);
  const sending = React.useRef(false);

  const opened = React.useCallback((next: RmaOrder, nextAccess: RmaAccess) => {
    setOrder(next);
    setAccess(nextAccess);
    setRequestedAt(next.withdrawal?.requestedAt ?? null);
    setStep(next.withdrawal ? "done" : "order");
  }, []);
  const found = React.useCallback(
    (answer: RmaLookupAnswer) => {
      rememberAccess(answer);
      opened(answer.order, accessOf(answer));
    },
    [opened],
  );

  React.useEffect(() => {
    let live = true;
    const entry = entryFromLocation(window.location.search);
    const toLookup = (number: string, word: TextError | null) => {
      if (!live) return;
      setPrefill(number);
      setNotice(word);
      setStep("lookup");
    };
    if (entry.kind === "link")
      void openSignedLink(entry.order, entry.sig).then((result) => {
        if (!live) return;
        if (result.ok && result.data) found(result.data);
        else toLookup(entry.order, { key: "lookup.linkInvalid" });
      });
    else if (entry.kind === "account") {
      const remembered = recalledAccess(entry.order);
      if (remembered) opened(remembered.order, accessOf(remembered));
      else
        void fetchCustomerRmaOrder(entry.order).then((result) => {
          if (!live) return;
          if (result.ok && result.data) found(result.data);
          else toLookup(entry.order, null);
        });
    } else toLookup("", null);
    return () => {
      live = false;
    };
  }, [found, opened]);

  const confirm = async () => {
    if (!order || !access || sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    // One key for this order's withdrawal on this page: a retry or a double click withdraws once.
    key.current ??= newIdempotencyKey();
    const result = await requestWithdrawal(access, order.orderNumber, key.current);
    sending.current = false;
    setBusy(false);
    if (result.ok && result.data) {
      setRequestedAt(result.data.withdrawal.requestedAt);
      setStep("done");
    } else if (isAccessLost(result) && access.kind === "token") {
      setPrefill(order.orderNumber);
      setNotice({ key: "errors.expired" });
      setStep("lookup");
    } else setError(submitErrorText(result));
  };

  const orderLine = order ? t("returns.order", { number: order.orderNumber, date: formatDateTime(order.placedAt, locale) }) : "";
  return (
    <div className="returns-flow withdraw-flow" data-testid="withdraw-screen" data-step={step}>
      {step === "start" ? <p className="muted">{t("returns.loading")}</p> : null}
      {step === "lookup" ? <LookupForm prefill={prefill} notice={notice} onFound={found} /> : null}
      {step === "order" && order ? (
        <section aria-labelledby="withdraw-order">
          <p id="withdraw-order" data-testid="withdraw-order">
            {orderLine}
          </p>
          {order.isConsumerEu ? (
            <>
              <p>{t("returns.withdraw.intro")}</p>
              <button type="button" className="button withdraw-button" onClick={() => setStep("confirm")} data-testid="withdraw-button">
                {t("returns.withdraw.button")}
              </button>
            </>
          ) : (
            <p className="warning" role="status" data-testid="withdraw-unavailable">
              {t("returns.withdraw.notAvailable")}
            </p>
          )}
        </section>
      ) : null}
      {step === "confirm" && order ? (
        <section aria-labelledby="withdraw-confirm-title" data-testid="withdraw-confirm">
          <h2 id="withdraw-confirm-title">{t("returns.withdraw.confirmTitle")}</h2>
          <p>{t("returns.withdraw.confirmText", { number: order.orderNumber, date: formatDateTime(order.placedAt, locale) })}</p>
          {error ? (
            <p className="field-error" role="alert" data-testid="withdraw-error">
              {t(`returns.${error.key}`, error.params ?? {})}
            </p>
          ) : null}
          <div className="returns-actions">
            <button type="button" className="button withdraw-button" disabled={busy} onClick={() => void confirm()} data-testid="withdraw-confirm-button">
              {busy ? t("returns.overview.submitting") : t("returns.withdraw.confirm")}
            </button>
            <button type="button" className="button secondary" disabled={busy} onClick={() => setStep("order")}>
              {t("returns.withdraw.cancel")}
            </button>
          </div>
        </section>
      ) : null}
      {step === "done" && order ? (
        <section aria-labelledby="withdraw-done-title" data-testid="withdraw-done">
          <h2 id="withdraw-done-title">{t("returns.withdraw.doneTitle")}</h2>
          <p>{orderLine}</p>
          {requestedAt ? (
            <p data-testid="withdraw-requested-at">{t("returns.withdraw.requestedAt", { date: formatDateTime(requestedAt, locale, true) })}</p>
          ) : null}
          <p>{t("returns.withdraw.mail")}</p>
          <p>
            <a href={returnsPath(shop, language)}>{t("returns.withdraw.toReturns")}</a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
