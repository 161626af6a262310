/**
 * The cart page's voucher: a field to apply a code and, once one is applied, the
 * voucher with the way to remove it. The codes the shop API refuses with are worded from
 * locales/<lang>/checkout.json (`cart.voucher.*`); a voucher the quote had to leave out (redeemed
 * by another order, expired) is said with its code. The calls (useQuote.ts) answer the page's
 * quote, so the totals beside follow at once.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CheckoutQuote } from "@domain/checkout";
import type { ApiResult } from "@site/api/client";
import { voucherErrorText } from "./cart-texts";
import { writtenDate } from "@domain/calendar-date";

export interface VoucherActions {
  apply(code: string): Promise<ApiResult<CheckoutQuote>>;
  remove(): Promise<ApiResult<CheckoutQuote>>;
}

export function VoucherField({ quote, language, busy, actions }: { quote: CheckoutQuote; language: string; busy: boolean; actions: VoucherActions }) {
  const { t } = useTranslation("checkout");
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState("");
  const [pending, setPending] = React.useState(false);
  const input = React.useRef<HTMLInputElement>(null);
  const voucher = quote.voucher;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (code.trim() === "") {
      setError(t("cart.voucher.errors.required"));
      input.current?.focus();
      return;
    }
    setPending(true);
    setError(null);
    setStatus("");
    const result = await actions.apply(code);
    setPending(false);
    if (result.ok && result.data?.voucher) {
      setCode("");
      setStatus(t("cart.voucher.applied", { code: result.data.voucher.code }));
    } else {
      setError(voucherErrorText(t, result));
      input.current?.focus();
    }
  };

  const remove = async () => {
    if (pending) return;
    setPending(true);
    setStatus("");
    const result = await actions.remove();
    setPending(false);
    if (result.ok) setStatus(t("cart.voucher.removed"));
    else setError(t("cart.voucher.errors.general"));
  };

  return (
    <section className="cart-voucher" aria-labelledby="cart-voucher-title" data-testid="voucher">
      <h2 id="cart-voucher-title">{t("cart.voucher.title")}</h2>
      {quote.notices.map((notice) => (
        <p key={`${notice.code}-${notice.params.code}`} className="cart-voucher-notice" role="alert" data-testid="voucher-notice">
          {t(`cart.voucher.notices.${notice.code}`, { code: notice.params.code })}
        </p>
      ))}
      {voucher ? (
        <div className="cart-voucher-applied" data-testid="voucher-applied">
          <p>
            {t("cart.voucher.info", { code: voucher.code, amount: voucher.amount.formattedWithCurrency })}
            {voucher.validUntil ? (
              <span className="muted small"> ({t("cart.voucher.validUntil", { date: writtenDate(voucher.validUntil, language) })})</span>
            ) : null}
          </p>
          <button
            type="button"
            className="button secondary"
            onClick={() => void remove()}
            disabled={pending || busy}
            aria-label={t("cart.voucher.removeLabel", { code: voucher.code })}
            data-testid="voucher-remove"
          >
            {t("cart.voucher.remove")}
          </button>
          {error ? (
            <p className="field-error" role="alert" data-testid="voucher-error">
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <form className="cart-voucher-form" noValidate onSubmit={(event) => void submit(event)}>
          <label htmlFor="cart-voucher-code">{t("cart.voucher.label")}</label>
          <div className="cart-voucher-row">
            <input
              ref={input}
              id="cart-voucher-code"
              name="code"
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "cart-voucher-error" : undefined}
              data-testid="voucher-code"
            />
            <button type="submit" className="button secondary" disabled={pending || busy} data-testid="voucher-apply">
              {pending ? t("cart.voucher.applying") : t("cart.voucher.apply")}
            </button>
          </div>
          {error ? (
            <p id="cart-voucher-error" className="field-error" role="alert" data-testid="voucher-error">
              {error}
            </p>
          ) : null}
        </form>
      )}
      <p className="visually-hidden" role="status" data-testid="voucher-status">
        {status}
      </p>
    </section>
  );
}
