import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { TFunction } from "i18next";
import type { CheckoutQuote, DeliveryModeCode, QuoteMode } from "@domain/checkout";
import { writtenDate } from "@domain/calendar-date";
import { deliveryWindow } from "@domain/delivery-window";
import { modeReasonText } from "./cart-texts";
import { sortedCountries } from "@domain/countries";

/** What a mode offers, in words: its delivery window, the bounds of a requested date, or storage. */
function modeHint(t: TFunction, mode: QuoteMode, language: string): string | null {
  if (!mode.available || !mode.date) return mode.mode === "on_call_storage" && mode.available ? t("cart.modeHints.on_call_storage") : null;
  if (mode.mode === "requested_date")
    return t("cart.modeHints.requested_date", { from: writtenDate(mode.date, language), to: writtenDate(mode.latestDate ?? mode.date, language) });
  const days = deliveryWindow(mode.date, mode.latestDate, language);
  return t(`cart.modeHints.${days.kind}`, days.params);
}

/**
 * Delivery country (the shop's delivery countries; a change goes to the shop API), a German
 * postcode for island deliveries, and the delivery modes: standard, a requested
 * date (a native date input bounded by the earliest and latest day), on call with storage,
 * express. An unavailable mode stays visible, disabled, with its reason in words.
 */
export function DeliveryOptions({
  quote,
  language,
  chosen,
  desiredDate,
  postcode,
  busy,
  onCountry,
  onPostcode,
  onMode,
  onDesiredDate,
}: {
  quote: CheckoutQuote;
  language: string;
  chosen: DeliveryModeCode;
  desiredDate: string | null;
  postcode: string;
  busy: boolean;
  onCountry: (code: string) => void;
  onPostcode: (postcode: string) => void;
  onMode: (mode: DeliveryModeCode) => void;
  onDesiredDate: (date: string | null) => void;
}) {
  const { t } = useTranslation("checkout");
  const dateProblem = quote.problems.find((problem) => problem.startsWith("desired_date_"));
  return (
    <section className="cart-delivery" aria-labelledby="cart-delivery-title" data-testid="cart-delivery">
      <h2 id="cart-delivery-title">{t("cart.delivery.title")}</h2>
      <div className="cart-delivery-place">
        <label htmlFor="cart-country">{t("cart.delivery.country")}</label>
        <select id="cart-country" value={quote.country.code} disabled={busy} onChange={(event) => onCountry(event.target.value)} data-testid="cart-country">
          {sortedCountries(quote.countries, language).map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
        {quote.country.code === "de" ? (
          <>
            <label htmlFor="cart-postcode">{t("cart.delivery.postcode")}</label>
            <input
              id="cart-postcode"
              className="postcode-input"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              size={6}
              value={postcode}
              onChange={(event) => onPostcode(event.target.value.replace(/\D/g, "").slice(0, 5))}
              aria-describedby="cart-postcode-hint"
            />
            <span id="cart-postcode-hint" className="muted small">
              {t("cart.delivery.postcodeHint")}
            </span>
          </>
        ) : null}
      </div>
      <fieldset className="cart-modes" data-testid="cart-modes">
        <legend>{t("cart.delivery.modes")}</legend>
        {quote.modes.map((mode) => {
          const id = `cart-mode-${mode.mode}`;
          const hint = modeHint(t, mode, language);
          const reason = mode.reason ? modeReasonText(t, mode.reason, quote.currency, language) : null;
          return (
            <div key={mode.mode} className={mode.available ? "cart-mode" : "cart-mode unavailable"} data-testid={id}>
              <input
                type="radio"
                id={id}
                name="delivery-mode"
                value={mode.mode}
                checked={chosen === mode.mode}
                disabled={busy || !mode.available}
                aria-describedby={`${id}-detail`}
                onChange={() => onMode(mode.mode)}
              />
              <label htmlFor={id}>
                <span className="cart-mode-name">{t(`cart.modes.${mode.mode}`)}</span>
                {mode.cost ? (
                  <span className="cart-mode-cost">{mode.cost.amount === 0 ? t("cart.shipping.free") : mode.cost.formattedWithCurrency}</span>
                ) : null}
              </label>
              <p id={`${id}-detail`} className={reason ? "cart-mode-reason small" : "muted small"} data-testid={reason ? "mode-reason" : "mode-hint"}>
                {reason ?? hint}
              </p>
              {mode.mode === "requested_date" && chosen === "requested_date" && quote.desiredDate ? (
                <div className="cart-desired-date">
                  <label htmlFor="cart-desired-date">{t("cart.delivery.date")}</label>
                  <input
                    id="cart-desired-date"
                    type="date"
                    min={quote.desiredDate.earliest}
                    max={quote.desiredDate.latest}
                    value={desiredDate ?? ""}
                    required
                    aria-invalid={dateProblem ? true : undefined}
                    aria-describedby={dateProblem ? "cart-desired-date-problem" : undefined}
                    onChange={(event) => onDesiredDate(event.target.value || null)}
                    data-testid="desired-date"
                  />
                  {dateProblem ? (
                    <p id="cart-desired-date-problem" className="cart-line-problem small" role="alert">
                      {t(`cart.blocked.${dateProblem}`, {
                        earliest: writtenDate(quote.desiredDate.earliest, language),
                        latest: writtenDate(quote.desiredDate.latest, language),
                      })}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}
