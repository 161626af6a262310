/**
 * The checkout (/checkout/, /{lang}/checkout/ on CH): e-mail, billing address
 * and an optional different shipping address (with the sample flow's house-number
 * confirm), delivery mode and desired date (pre-filled from the cart page's choice),
 * payment method from the shop's list, the order summary from the checkout quote priced
 * for exactly these choices, acceptance of the terms and the right of withdrawal, and the
 * order. The form validates with the shop API's own schema (domain/checkout-form.ts);
 * the API's refusals show at their field in the spec's words. The order goes out with an
 * Idempotency-Key per attempt (a retry never orders twice) and the quote's total as
 * `expectedTotal` (a price change is shown, not charged).
 *
 * Loaded on demand by CheckoutPageTemplate (react-hook-form and zod stay out of the page bundle).
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { useForm, type FieldPath } from "react-hook-form";
import { mutate } from "swr";
import { STORAGE_MINIMUM_ORDER_VALUE, type QuoteMode } from "@domain/checkout";
import { addressesWithoutHouseNumber, orderFormSchema, type OrderForm } from "@domain/checkout-form";
import { countryName } from "@domain/countries";
import type { PaymentMethod } from "@domain/payment-methods";
import { formatMoney } from "@domain/money";
import { cartPath, homePath, orderSuccessPath, type ShopRouting } from "@domain/routes";
import { PATHS, type ApiResult } from "@site/api/client";
import { HouseNumberConfirm } from "@site/components/HouseNumberConfirm";
import { PaymentMarks } from "@site/components/PaymentMarks";
import { AddressFields } from "./AddressFields";
import { newIdempotencyKey, placeOrderCall, useAddressLookupAvailable, useCheckoutQuote, useCustomerType, useDebounced } from "./checkout-api";
import { errorText, linkPieces, orderFormTexts, sortErrors } from "./order-texts";
import { writtenDate } from "@domain/calendar-date";
import { deliveryWindow } from "@domain/delivery-window";
import { DEFAULT_DELIVERY_CHOICE, readDeliveryChoice } from "./delivery-choice";
import type { LegalLinks } from "./legal-links";
import { initialValues, orderResolver, type CheckoutFormValues } from "./order-body";
import { OrderSummary } from "./OrderSummary";
import { attemptFor, settles, type SubmitAttempt } from "./submit-attempt";
import type { PlacedOrder } from "@domain/api/orders";
import "./checkout-page.css";
import { trackEcommerce } from "@site/lib/tracking/data-layer";
import { addPaymentInfo, addShippingInfo, quoteItems, valueEvent } from "@site/lib/tracking/ecommerce";
import { useTrackOnce } from "@site/lib/tracking/use-track";

export interface CheckoutShop extends ShopRouting {
  deliveryCountries: string[];
}

export function CheckoutPage({ shop, language, legal }: { shop: CheckoutShop; language: string; legal: LegalLinks }) {
  const { t } = useTranslation("checkout");
  const texts = React.useMemo(() => orderFormTexts(t), [t]);
  const schema = React.useMemo(() => orderFormSchema(texts, shop.deliveryCountries), [texts, shop.deliveryCountries]);
  const countries = React.useMemo(
    () => shop.deliveryCountries.map((code) => ({ code, name: countryName(code, language) })),
    [shop.deliveryCountries, language],
  );
  const lookup = useAddressLookupAvailable();
  const business = useCustomerType() === "business";
  const form = useForm<CheckoutFormValues, unknown, OrderForm>({
    resolver: React.useMemo(() => orderResolver(schema), [schema]),
    defaultValues: initialValues(DEFAULT_DELIVERY_CHOICE, shop.deliveryCountries[0] ?? ""),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { register, setValue, formState } = form;

  // The cart page's choice, kept in this tab (known only after hydration).
  React.useEffect(() => {
    const choice = readDeliveryChoice();
    setValue("deliveryMode", choice.mode);
    setValue("desiredDate", choice.desiredDate ?? "");
  }, [setValue]);

  const [deliveryMode, desiredDate, paymentMethod, differentShipping, billingCountry, billingPostcode, shippingCountry, shippingPostcode, vatId] = form.watch([
    "deliveryMode",
    "desiredDate",
    "paymentMethod",
    "differentShipping",
    "billingAddress.countryCode",
    "billingAddress.postcode",
    "shippingAddress.countryCode",
    "shippingAddress.postcode",
    "billingAddress.vatId",
  ]);
  const [countryKnown, setCountryKnown] = React.useState(false);
  const shipTo = differentShipping ? { country: shippingCountry, postcode: shippingPostcode } : { country: billingCountry, postcode: billingPostcode };
  const postcode = useDebounced(shipTo.postcode, 500);
  // A business customer's VAT ID: the quote tells whether the order is charged net under the reverse charge.
  const quotedVatId = useDebounced(vatId, 500);
  const {
    data: quote,
    error: quoteError,
    isValidating,
    mutate: refreshQuote,
  } = useCheckoutQuote({
    country: countryKnown ? shipTo.country : null,
    postcode,
    mode: deliveryMode,
    desiredDate: desiredDate || null,
    payment: paymentMethod || null,
    vatId: quotedVatId,
    billingCountry,
  });

  // The country to start with: the visitor's delivery country, as the first quote (asked without one) names it.
  React.useEffect(() => {
    if (!quote || countryKnown) return;
    setCountryKnown(true);
    if (!shop.deliveryCountries.includes(quote.country.code)) return;
    for (const field of ["billingAddress.countryCode", "shippingAddress.countryCode"] as const)
      if (!form.getFieldState(field).isDirty) setValue(field, quote.country.code);
  }, [quote, countryKnown, shop.deliveryCountries, form, setValue]);

  const reasonText = (mode: QuoteMode): string =>
    mode.reason ? t(`checkout.reasons.${mode.reason}`, { value: formatMoney(STORAGE_MINIMUM_ORDER_VALUE, quote?.currency ?? "EUR", language) }) : "";

  // A mode the order cannot have (express abroad, storage without an account): the quote priced another, so does the form.
  const [modeNotice, setModeNotice] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!quote || isValidating || quote.lines.length === 0) return;
    const chosen = quote.modes.find((mode) => mode.mode === deliveryMode);
    if (chosen && !chosen.available && quote.mode !== deliveryMode) {
      setModeNotice(t("checkout.delivery.switched", { mode: t(`checkout.delivery.modes.${deliveryMode}`), reason: reasonText(chosen) }));
      setValue("deliveryMode", quote.mode);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quote, isValidating, deliveryMode]);
  // The payment method chosen must still be offered.
  React.useEffect(() => {
    if (quote && paymentMethod && !quote.paymentMethods.some((method) => method.code === paymentMethod)) setValue("paymentMethod", "");
  }, [quote, paymentMethod, setValue]);

  // Tag manager: GA4 begin_checkout once the checkout has its quote.
  useTrackOnce(quote && quote.lines.length > 0 ? "begin_checkout" : "", () =>
    quote && quote.lines.length > 0 ? valueEvent("begin_checkout", quote.currency, quoteItems(quote.lines)) : null,
  );
  const [submitting, setSubmitting] = React.useState(false);
  const [general, setGeneral] = React.useState<string[]>([]);
  const [lineErrors, setLineErrors] = React.useState<Map<number, string>>(new Map());
  const [priceChange, setPriceChange] = React.useState<{ before: string; now: string } | null>(null);
  const [pendingBody, setPendingBody] = React.useState<OrderForm | null>(null);
  const [withoutNumber, setWithoutNumber] = React.useState<Set<string>>(new Set());
  const attempt = React.useRef<SubmitAttempt | null>(null);
  const generalRef = React.useRef<HTMLDivElement>(null);

  const refused = (result: ApiResult<PlacedOrder>) => {
    const sorted = sortErrors(t, result.errors, language, differentShipping);
    for (const [field, message] of sorted.fields) form.setError(field as FieldPath<CheckoutFormValues>, { type: "server", message }, { shouldFocus: true });
    setLineErrors(sorted.lines);
    const changed = result.errors.find((error) => error.code === "price_changed" && error.field === "expectedTotal");
    if (changed?.params && quote) {
      const f = (minor: unknown) => formatMoney(Number(minor), quote.currency, language);
      setPriceChange({ before: f(changed.params.expectedTotal), now: f(changed.params.grandTotal) });
      setGeneral(sorted.general.filter((text) => text !== errorText(t, changed, language)));
    } else setGeneral(sorted.general);
    // Prices, stock or the cart changed: the summary shows them as they now are.
    if (result.status === 409 || sorted.lines.size > 0 || result.errors.some((error) => error.field === "cart" || error.field === "voucher"))
      void refreshQuote();
    if (sorted.fields.length === 0) generalRef.current?.focus();
  };

  const send = async (body: OrderForm) => {
    // Sent even while the quote is being asked again (it may start between the click and the form's validation):
    // the order carries the total the visitor sees, and the shop API refuses it if the total has changed meanwhile.
    if (!quote || submitting) return;
    // Tag manager: the delivery and payment chosen, as GA4 add_shipping_info and add_payment_info.
    trackEcommerce(addShippingInfo(quote.currency, quoteItems(quote.lines), body.deliveryMode));
    trackEcommerce(addPaymentInfo(quote.currency, quoteItems(quote.lines), body.paymentMethod));
    const payload = { ...body, expectedTotal: quote.expectedTotal };
    const current = attemptFor(attempt.current, JSON.stringify(payload), newIdempotencyKey);
    attempt.current = current;
    setSubmitting(true);
    setGeneral([]);
    setPriceChange(null);
    setLineErrors(new Map());
    const result = await placeOrderCall(payload, current.key);
    if (settles(result.status, result.errors)) attempt.current = null;
    if (result.ok && result.data) {
      await mutate(PATHS.cart);
      const number = result.data.orderNumber;
      window.location.assign(result.data.payment?.redirectUrl ?? `${orderSuccessPath(shop, language)}?${new URLSearchParams({ order: number }).toString()}`);
      return;
    }
    setSubmitting(false);
    refused(result);
  };

  const onValid = (body: OrderForm) => {
    const missing = addressesWithoutHouseNumber(body).filter((key) => !withoutNumber.has(body[key]!.street));
    if (missing.length > 0) {
      setPendingBody(body);
      return;
    }
    void send(body);
  };

  if (!quote) {
    return (
      <div className="checkout-page" data-testid="checkout-page" aria-busy={!quoteError}>
        <h1>{t("checkout.title")}</h1>
        {quoteError ? (
          <div role="alert" className="checkout-failed">
            <p>{t("checkout.loadFailed")}</p>
            <button type="button" className="button secondary" onClick={() => void refreshQuote()}>
              {t("checkout.retry")}
            </button>
          </div>
        ) : (
          <p className="muted">{t("checkout.loading")}</p>
        )}
      </div>
    );
  }

  if (quote.lines.length === 0) {
    return (
      <div className="checkout-page" data-testid="checkout-page">
        <h1>{t("checkout.title")}</h1>
        <div className="checkout-empty" data-testid="checkout-empty">
          <p>{t("checkout.empty")}</p>
          <p>
            <a className="button" href={homePath(shop, language)}>
              {t("checkout.continueShopping")}
            </a>{" "}
            <a className="button link" href={cartPath(shop, language)}>
              {t("checkout.backToCart")}
            </a>
          </p>
        </div>
      </div>
    );
  }

  const errors = formState.errors;
  const blocking = quote.canCheckout ? [] : quote.problems;
  // The total shown may still change: the quote is being asked again, or a postcode or VAT ID typed has not been
  // asked for yet. The order waits for it (the button would otherwise be enabled in the half second before the
  // postcode's quote starts, and a click that lands as that quote starts finds the button disabled and is lost).
  const totalPending = isValidating || postcode !== shipTo.postcode || quotedVatId !== vatId;
  const fieldError = (message: string | undefined, id: string) =>
    message ? (
      <span className="field-error" id={id} role="alert">
        {message}
      </span>
    ) : null;
  const dateRange = quote.desiredDate;
  const termsPieces = linkPieces(t("checkout.terms.label"), { terms: legal.terms, withdrawal: legal.withdrawal });

  return (
    <div className="checkout-page" data-testid="checkout-page">
      <h1>{t("checkout.title")}</h1>
      <div className="checkout-layout">
        <form noValidate className="checkout-form" onSubmit={(event) => void form.handleSubmit(onValid)(event)} aria-busy={submitting}>
          <div ref={generalRef} tabIndex={-1} className="checkout-messages" aria-live="polite">
            {general.map((text) => (
              <p key={text} className="commerce-alert alert-error" role="alert" data-testid="checkout-error">
                {text}
              </p>
            ))}
            {priceChange ? (
              <p className="commerce-alert alert-warning" role="alert" data-testid="price-changed">
                {t("checkout.priceChanged", priceChange)}
              </p>
            ) : null}
            {blocking.map((problem) => (
              <p key={problem} className="commerce-alert alert-warning" role="status">
                {t(`checkout.blocked.${problem}`)} <a href={cartPath(shop, language)}>{t("checkout.backToCart")}</a>
              </p>
            ))}
          </div>

          <section aria-labelledby="checkout-contact">
            <h2 id="checkout-contact">{t("checkout.contact.title")}</h2>
            <div className="form-row">
              <label htmlFor="checkout-email">{t("checkout.contact.email")}</label>
              <input
                id="checkout-email"
                type="email"
                autoComplete="email"
                aria-invalid={!!errors.email}
                aria-describedby={errors.email ? "checkout-email-error checkout-email-hint" : "checkout-email-hint"}
                {...register("email")}
              />
              <span className="muted small" id="checkout-email-hint">
                {t("checkout.contact.emailHint")}
              </span>
              {fieldError(errors.email?.message, "checkout-email-error")}
            </div>
          </section>

          <section aria-labelledby="checkout-billing">
            <h2 id="checkout-billing">{t("checkout.billing.title")}</h2>
            <AddressFields prefix="billingAddress" form={form} countries={countries} business={business} lookup={lookup} />
            <label className="checkbox-row">
              <input type="checkbox" data-testid="different-shipping" {...register("differentShipping")} /> {t("checkout.shipping.different")}
            </label>
          </section>

          {differentShipping ? (
            <section aria-labelledby="checkout-shipping">
              <h2 id="checkout-shipping">{t("checkout.shipping.title")}</h2>
              <AddressFields prefix="shippingAddress" form={form} countries={countries} business={business} lookup={lookup} />
            </section>
          ) : null}

          {withoutNumber.size > 0 ? (
            <p className="warning small" role="status" data-testid="house-number-warning">
              {t("checkout.houseNumber.warning")}
            </p>
          ) : null}
          {pendingBody ? (
            <HouseNumberConfirm
              id="checkout-house-number-title"
              question={t("checkout.houseNumber.question")}
              continueLabel={t("checkout.houseNumber.continue")}
              editLabel={t("checkout.houseNumber.edit")}
              onContinue={() => {
                const body = pendingBody;
                setPendingBody(null);
                setWithoutNumber((streets) => new Set([...streets, ...addressesWithoutHouseNumber(body).map((key) => body[key]!.street)]));
                void send(body);
              }}
              onEdit={() => {
                const first = addressesWithoutHouseNumber(pendingBody)[0] ?? "billingAddress";
                setPendingBody(null);
                form.setFocus(`${first}.street`);
              }}
            />
          ) : null}

          <section aria-labelledby="checkout-delivery">
            <h2 id="checkout-delivery">{t("checkout.delivery.title")}</h2>
            {modeNotice ? (
              <p className="commerce-alert alert-warning" role="status">
                {modeNotice}
              </p>
            ) : null}
            <fieldset className="choice-list" aria-describedby={errors.deliveryMode ? "checkout-deliveryMode-error" : undefined}>
              <legend className="visually-hidden">{t("checkout.delivery.modesLabel")}</legend>
              {quote.modes.map((mode) => (
                <label key={mode.mode} className={mode.available ? "choice" : "choice unavailable"} data-testid={`delivery-mode-${mode.mode}`}>
                  <input type="radio" value={mode.mode} disabled={!mode.available} {...register("deliveryMode")} />
                  <span className="choice-label">{t(`checkout.delivery.modes.${mode.mode}`)}</span>
                  <span className="choice-detail muted small">{mode.available ? modeDetail(mode, t, language) : reasonText(mode)}</span>
                  {mode.available && mode.cost ? <span className="choice-price">{mode.cost.formattedWithCurrency}</span> : null}
                </label>
              ))}
            </fieldset>
            {fieldError(errors.deliveryMode?.message, "checkout-deliveryMode-error")}
            {deliveryMode === "requested_date" ? (
              <div className="form-row">
                <label htmlFor="checkout-desiredDate">{t("checkout.delivery.date")}</label>
                <input
                  id="checkout-desiredDate"
                  type="date"
                  min={dateRange?.earliest}
                  max={dateRange?.latest}
                  aria-invalid={!!errors.desiredDate}
                  aria-describedby={errors.desiredDate ? "checkout-desiredDate-error checkout-desiredDate-hint" : "checkout-desiredDate-hint"}
                  {...register("desiredDate")}
                />
                {dateRange ? (
                  <span className="muted small" id="checkout-desiredDate-hint">
                    {t("checkout.delivery.dateHint", { from: writtenDate(dateRange.earliest, language), to: writtenDate(dateRange.latest, language) })}
                  </span>
                ) : null}
                {fieldError(errors.desiredDate?.message, "checkout-desiredDate-error")}
              </div>
            ) : null}
          </section>

          <section aria-labelledby="checkout-payment">
            <h2 id="checkout-payment">{t("checkout.payment.title")}</h2>
            {quote.paymentMethods.length === 0 ? <p className="muted">{t("checkout.payment.none")}</p> : null}
            <fieldset className="choice-list" aria-describedby={errors.paymentMethod ? "checkout-paymentMethod-error" : undefined}>
              <legend className="visually-hidden">{t("checkout.payment.title")}</legend>
              {quote.paymentMethods.map((method) => (
                <label key={method.code} className="choice" data-testid={`payment-method-${method.code}`}>
                  <input type="radio" value={method.code} {...register("paymentMethod")} />
                  <span className="choice-label">
                    {t(`checkout.payment.methods.${method.code}`)}
                    <PaymentMarks method={method.code as PaymentMethod} countries={shop.deliveryCountries} />
                  </span>
                  <span className="choice-detail muted small">
                    {method.code === "prepayment"
                      ? t("checkout.payment.hints.prepayment", { amount: quote.prepayment.saving.formattedWithCurrency, percent: quote.prepayment.percent })
                      : method.kind === "online"
                        ? t("checkout.payment.hints.online")
                        : t(`checkout.payment.hints.${method.code}`)}
                  </span>
                </label>
              ))}
            </fieldset>
            {fieldError(errors.paymentMethod?.message, "checkout-paymentMethod-error")}
          </section>

          <section aria-labelledby="checkout-terms-title">
            <h2 id="checkout-terms-title" className="visually-hidden">
              {t("checkout.terms.title")}
            </h2>
            <label className="checkbox-row" htmlFor="checkout-acceptTerms">
              <input
                id="checkout-acceptTerms"
                type="checkbox"
                aria-invalid={!!errors.acceptTerms}
                aria-describedby={errors.acceptTerms ? "checkout-acceptTerms-error" : undefined}
                data-testid="accept-terms"
                {...register("acceptTerms")}
              />{" "}
              <span>
                {termsPieces.map((piece, index) =>
                  "tag" in piece && piece.href ? (
                    <a key={index} href={piece.href} target="_blank" rel="noopener">
                      {piece.text}
                    </a>
                  ) : (
                    <React.Fragment key={index}>{piece.text}</React.Fragment>
                  ),
                )}
              </span>
            </label>
            {fieldError(errors.acceptTerms?.message, "checkout-acceptTerms-error")}
            {legal.privacy ? (
              <p className="muted small">
                <a href={legal.privacy} target="_blank" rel="noopener">
                  {t("checkout.terms.privacy")}
                </a>
              </p>
            ) : null}
          </section>

          <div className="checkout-submit">
            <p className="checkout-total">
              {t("checkout.summary.grand")}: <strong>{quote.totals.grand.formattedWithCurrency}</strong>
            </p>
            <button type="submit" className="button primary" disabled={submitting || totalPending || blocking.length > 0} data-testid="place-order">
              {submitting ? t("checkout.submitting") : t("checkout.submit")}
            </button>
          </div>
        </form>
        <OrderSummary quote={quote} lineErrors={lineErrors} cartHref={cartPath(shop, language)} />
      </div>
    </div>
  );
}

/** When a mode delivers (its day or window, domain/delivery-window.ts, as the confirmation mail words it), or what storage on call does. */
function modeDetail(mode: QuoteMode, t: (key: string, params?: Record<string, unknown>) => string, language: string): string {
  if (mode.mode === "on_call_storage") return t("checkout.delivery.storage");
  if (mode.mode === "requested_date") return t("checkout.delivery.requested");
  if (!mode.date) return "";
  const days = deliveryWindow(mode.date, mode.latestDate, language);
  return t(`checkout.delivery.${days.kind}`, days.params);
}
