/**
 * The landing of the returns page: the order lookup (order or invoice
 * number, the order's e-mail, the billing postal code; one message whichever is wrong)
 * and, for a signed-in customer, the account info and the list of their orders to
 * pick from without typing anything.
 */
import React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { CAPTCHA_HEADER, captchaToken, shopCaptcha } from "@site/lib/captcha";
import { lookupOrder } from "./api";
import { lookupFormSchema, type LookupForm as LookupValues, type LookupFormInput } from "./forms";
import { useFormTexts } from "./useFormTexts";
import type { TextError } from "./selection";
import { formatDateTime, lookupErrorText } from "./texts";
import type { Customer, OrderListItem, RmaLookupAnswer } from "./types";

/** The captcha action of the order lookup (the shop API checks the same). */
export const LOOKUP_CAPTCHA_ACTION = "rma_lookup";

export function LookupForm({
  prefill,
  notice,
  onFound,
  submitLabel,
}: {
  prefill: string;
  notice: TextError | null;
  onFound: (answer: RmaLookupAnswer) => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation("returns");
  const texts = useFormTexts();
  const [failure, setFailure] = React.useState<TextError | null>(null);
  const form = useForm<LookupFormInput, unknown, LookupValues>({
    resolver: zodResolver(lookupFormSchema(texts)),
    defaultValues: { orderIncrementId: prefill, orderEmail: "", postalCode: "" },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The captcha token is fetched only now, at submit (docs/decisions/0024).
    const token = await captchaToken(shopCaptcha(), LOOKUP_CAPTCHA_ACTION).catch(() => null);
    if (!token) {
      setFailure({ key: "errors.captcha" });
      return;
    }
    const result = await lookupOrder(values, { [CAPTCHA_HEADER]: token });
    if (result.ok && result.data) onFound(result.data);
    else setFailure(lookupErrorText(result));
  });
  const shown = failure ?? notice;
  const field = (name: keyof LookupFormInput, label: string, type: string, autoComplete: string) => (
    <div className="form-row">
      <label htmlFor={`returns-${name}`}>{label}</label>
      <input
        id={`returns-${name}`}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? `returns-${name}-error` : undefined}
        {...form.register(name)}
      />
      {errors[name]?.message ? (
        <span className="field-error" id={`returns-${name}-error`} role="alert">
          {errors[name]?.message}
        </span>
      ) : null}
    </div>
  );
  return (
    <form noValidate className="returns-lookup" data-testid="returns-lookup" onSubmit={(event) => void submit(event)}>
      <h2>{t("returns.lookup.title")}</h2>
      <p>{t("returns.lookup.intro")}</p>
      {field("orderIncrementId", t("returns.lookup.orderIncrementId"), "text", "off")}
      {field("orderEmail", t("returns.lookup.orderEmail"), "email", "email")}
      {field("postalCode", t("returns.lookup.postalCode"), "text", "postal-code")}
      {shown ? (
        <p className="field-error" role="alert" data-testid="lookup-error">
          {t(`returns.${shown.key}`, shown.params ?? {})}
        </p>
      ) : null}
      <div className="returns-actions">
        <button type="submit" className="button" disabled={form.formState.isSubmitting} data-testid="lookup-submit">
          {submitLabel ?? t("returns.lookup.submit")}
        </button>
      </div>
    </form>
  );
}

/** The account-info step and return-invoice list: who is signed in, and their orders to pick from. */
export function AccountOrders({
  customer,
  orders,
  locale,
  busy,
  onPick,
}: {
  customer: Customer;
  orders: OrderListItem[];
  locale: string;
  busy: string | null;
  onPick: (number: string) => void;
}) {
  const { t } = useTranslation("returns");
  return (
    <section className="returns-account" data-testid="returns-account" aria-labelledby="returns-account-title">
      <h2 id="returns-account-title">{t("returns.account.title")}</h2>
      <p data-testid="account-info">{t("returns.account.signedInAs", { name: `${customer.firstName} ${customer.surname}`.trim(), email: customer.email })}</p>
      {orders.length === 0 ? (
        <p>{t("returns.account.none")}</p>
      ) : (
        <>
          <p>{t("returns.account.intro")}</p>
          <ul className="returns-orders">
            {orders.map((order) => (
              <li key={order.number} data-testid="account-order">
                <span>
                  {t("returns.account.order", { number: order.number, date: formatDateTime(order.placedAt, locale) })}
                  {order.grandTotal ? <> · {order.grandTotal.formattedWithCurrency}</> : null}
                </span>
                <button type="button" className="button secondary" disabled={busy !== null} onClick={() => onPick(order.number)}>
                  {busy === order.number ? t("returns.loading") : t("returns.account.choose")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="muted small">{t("returns.account.other")}</p>
    </section>
  );
}
