import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { TFunction } from "i18next";
import type { ProductData } from "@site/lib/page-data";
import type { ProductDelivery, ShippingZone } from "@domain/api/delivery";
import { Alerts, useAlerts } from "./alerts";
import { CART_QUANTITY_EVENT } from "./AddToCart";
import { htmlLanguage } from "@domain/routes";
import { useInterfaceToggle } from "@site/lib/interface-toggle";
import { readDeliveryChoice, saveDeliveryChoice } from "../checkout/delivery-choice";
import { STORAGE_MINIMUM_ORDER_VALUE, type DeliveryModeCode } from "@domain/checkout";
import { formatMoney } from "@domain/money";
import { changeShippingCountry, DELIVERY_COUNTRY_CHANGED, useCurrentCountry, useDelivery, type DeliveryCountryChange } from "./hooks";

/** Formats a calendar date (YYYY-MM-DD) like "Fr., 20.11." in the page's locale. */
export function formatDay(date: string, locale: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { weekday: "short", day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}

/** Formats the order deadline (an instant) as Berlin wall-clock time, e.g. "10:00". */
export function formatDeadline(instant: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", timeZone: "Europe/Berlin" }).format(new Date(instant));
}

/** The lines the delivery box shows for a delivery answer. */
export function deliveryLines(delivery: ProductDelivery, t: TFunction, locale: string): { key: string; text: string; tone?: string }[] {
  if (!delivery.isDeliverable) return [{ key: "none", text: delivery.noDeliveryMessage ?? t("delivery.notDeliverable"), tone: "notice" }];
  const lines: { key: string; text: string; tone?: string }[] = [];
  const standard = delivery.standard!;
  lines.push({
    key: "standard",
    text:
      standard.date === standard.latestDate
        ? t("delivery.standardOn", { date: formatDay(standard.date, locale) })
        : t("delivery.standardBetween", { from: formatDay(standard.date, locale), to: formatDay(standard.latestDate, locale) }),
  });
  lines.push({
    key: "cost",
    text: standard.cost.isFree ? standard.cost.label : t("delivery.cost", { cost: standard.cost.formatted }),
    tone: standard.cost.isFree ? "ok" : undefined,
  });
  if (delivery.isIsland) lines.push({ key: "island", text: t("delivery.island"), tone: "muted" });
  if (delivery.express) {
    lines.push({
      key: "express",
      text: t("delivery.express", {
        date: formatDay(delivery.express.date, locale),
        deadline: formatDeadline(delivery.express.deadline, locale),
        fee: delivery.express.fee.formatted,
      }),
    });
  }
  lines.push({
    key: "prepayment",
    text: t("delivery.prepayment", { percent: delivery.prepaymentDiscount.percentage, amount: delivery.prepaymentDiscount.amount.formattedWithCurrency }),
    tone: "muted",
  });
  return lines;
}

/** Why storage cannot be chosen: it needs an account and the order value, in the shop's own currency (never another shop's). */
export function storageHint(t: TFunction, currency: string, language: string): string {
  return t("delivery.storageHint", { value: formatMoney(STORAGE_MINIMUM_ORDER_VALUE, currency, language) });
}

/** The product page's delivery modes and the cart's (domain/checkout.ts): only the desired date is named differently. */
const CART_MODE: Record<ProductDelivery["deliveryModes"][number]["code"], DeliveryModeCode> = {
  standard: "standard",
  desired_date: "requested_date",
  on_call_storage: "on_call_storage",
  express: "express",
};

/**
 * The delivery modes of the product for the chosen country as choices: the
 * available ones can be picked, the others are shown disabled (storage: with its hint). The
 * pick is kept for the cart page, which starts with it (checkout/delivery-choice.ts) and
 * prices the whole cart with it there (a date for the desired date is chosen in the cart).
 */
function DeliveryModeChoice({
  modes,
  sku,
  currency,
  language,
  t,
}: {
  modes: ProductDelivery["deliveryModes"];
  sku: string;
  currency: string;
  language: string;
  t: TFunction;
}) {
  const [chosen, setChosen] = React.useState<DeliveryModeCode>("standard");
  React.useEffect(() => setChosen(readDeliveryChoice().mode), []);
  const name = `delivery-mode-${sku}`;
  return (
    <fieldset className="delivery-modes" data-testid="delivery-modes">
      <legend className="small">{t("delivery.modesLabel")}</legend>
      {modes.map((mode) => {
        const cartMode = CART_MODE[mode.code];
        return (
          <label key={mode.code} className={mode.available ? "delivery-mode" : "delivery-mode muted"} data-testid={`delivery-mode-${mode.code}`}>
            <input
              type="radio"
              name={name}
              value={mode.code}
              disabled={!mode.available}
              checked={mode.available && chosen === cartMode}
              onChange={() => setChosen(saveDeliveryChoice({ mode: cartMode, desiredDate: null }).mode)}
            />{" "}
            {t(`delivery.modes.${mode.code}`)}
            {!mode.available && mode.code === "on_call_storage" ? <span className="small"> · {storageHint(t, currency, language)}</span> : null}
          </label>
        );
      })}
      <p className="muted small">{t("delivery.modesNote")}</p>
    </fieldset>
  );
}

/**
 * Delivery box of the product page: live dates and costs for the chosen shipping
 * country and quantity, the delivery modes, and a country chooser that sends the
 * update and then refreshes zone and delivery data. The header's country chooser goes
 * through the same update (hooks.ts changeShippingCountry) and its zone shows here too.
 */
export function DeliveryBox({
  sku,
  product,
  language,
  quantity: initialQuantity = 1,
}: {
  sku: string;
  product: ProductData;
  language: string;
  quantity?: number;
}) {
  const { t } = useTranslation("commerce");
  const [quantity, setQuantity] = React.useState(initialQuantity);
  React.useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<{ sku: string; quantity: number }>).detail;
      if (detail?.sku === sku && detail.quantity >= 1) setQuantity(detail.quantity);
    };
    window.addEventListener(CART_QUANTITY_EVENT, listener);
    return () => window.removeEventListener(CART_QUANTITY_EVENT, listener);
  }, [sku]);
  const { data: current } = useCurrentCountry();
  const [postcode, setPostcode] = React.useState("");
  const [zone, setZone] = React.useState<ShippingZone | null>(null);
  const [updating, setUpdating] = React.useState(false);
  const { alerts, show, dismiss } = useAlerts();
  const country = current?.code ?? null;
  const { data: delivery, isLoading } = useDelivery(sku, country, quantity, country === "de" && /^\d{5}$/.test(postcode) ? postcode : undefined);
  const locale = htmlLanguage(language);
  // The box loads new delivery data (another country or quantity) while it shows the previous: reported as delivery loading.
  useInterfaceToggle("deliveryLoading", updating || (isLoading && delivery !== undefined));

  const choose = React.useCallback(
    async (code: string) => {
      setUpdating(true);
      const result = await changeShippingCountry(code);
      setUpdating(false);
      if (result.ok) setZone(result.zone);
      else show("error", t("alerts.failed"));
    },
    [show, t],
  );
  // Another chooser of the page (the header's) took a new country: its zone is this box's too.
  React.useEffect(() => {
    const listener = (event: Event) => setZone((event as CustomEvent<DeliveryCountryChange>).detail?.zone ?? null);
    window.addEventListener(DELIVERY_COUNTRY_CHANGED, listener);
    return () => window.removeEventListener(DELIVERY_COUNTRY_CHANGED, listener);
  }, []);

  return (
    <div className="delivery-box live" data-slot="delivery-box" data-testid="delivery-box" aria-busy={isLoading || updating}>
      {delivery ? (
        <ul className="delivery-lines">
          {deliveryLines(delivery, t, locale).map((line) => (
            <li key={line.key} className={line.tone ?? ""} data-testid={`delivery-${line.key}`}>
              {line.text}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("delivery.fallback", { min: product.delivery.minDays, max: product.delivery.maxDays })}</p>
      )}
      {delivery?.isDeliverable ? (
        <DeliveryModeChoice modes={delivery.deliveryModes} sku={sku} currency={delivery.prepaymentDiscount.amount.currency} language={language} t={t} />
      ) : null}
      {current ? (
        <div className="delivery-country">
          <label htmlFor={`delivery-country-${sku}`}>{t("delivery.country")}</label>{" "}
          <select
            id={`delivery-country-${sku}`}
            value={current.code}
            disabled={updating}
            onChange={(event) => void choose(event.target.value)}
            data-testid="delivery-country"
          >
            {current.availableCountries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
          {current.code === "de" ? (
            <>
              {" "}
              <label htmlFor={`delivery-postcode-${sku}`}>{t("delivery.postcode")}</label>{" "}
              <input
                id={`delivery-postcode-${sku}`}
                className="postcode-input"
                inputMode="numeric"
                maxLength={5}
                size={6}
                value={postcode}
                onChange={(event) => setPostcode(event.target.value.replace(/\D/g, "").slice(0, 5))}
              />
            </>
          ) : null}
          {zone?.shippingZone ? (
            <p className="muted small" data-testid="shipping-zone">
              {t("delivery.zone", {
                country: zone.country.name,
                costs: zone.shippingZone.groups.map((group) => `${t(`delivery.groups.${group.name}`)} ${group.cost.formatted}`).join(" · "),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      <Alerts alerts={alerts} onDismiss={dismiss} />
    </div>
  );
}
