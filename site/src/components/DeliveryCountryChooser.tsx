import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { htmlLanguage } from "../../../domain/routes";
import { changeShippingCountry, DELIVERY_COUNTRY_CHANGED, useCurrentCountry, type DeliveryCountryChange } from "../features/commerce/hooks";

/**
 * The header's delivery-country chooser (SPEC 3 Shipping state: currentCountry,
 * availableCountries; SPEC 4 shipping-country selection), on every page: it shows the
 * visitor's current shipping country as the shop API knows it, sends a choice as the update
 * (PUT /apiv2/shipping/costs/country) and, once taken, the zone and the page's delivery data
 * are fetched again (commerce/hooks.ts changeShippingCountry: delivery boxes, cart and checkout
 * quotes). The zone's costs are announced in a status line. Another chooser of the page (the
 * product page's delivery box) changing the country moves this one too. Country names come
 * from Intl at build time.
 */
export function DeliveryCountryChooser({ countries, language }: { countries: string[]; language: string }) {
  const { t } = useTranslation();
  const { data: current } = useCurrentCountry();
  const [country, setCountry] = React.useState(countries[0] ?? "");
  const [busy, setBusy] = React.useState(false);
  const [status, setStatus] = React.useState("");
  React.useEffect(() => {
    if (current?.code && countries.includes(current.code)) setCountry(current.code);
  }, [countries, current?.code]);
  React.useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<DeliveryCountryChange>).detail;
      if (detail && countries.includes(detail.code)) setCountry(detail.code);
    };
    window.addEventListener(DELIVERY_COUNTRY_CHANGED, listener);
    return () => window.removeEventListener(DELIVERY_COUNTRY_CHANGED, listener);
  }, [countries]);
  if (countries.length === 0) return null;
  const names = new Intl.DisplayNames([htmlLanguage(language)], { type: "region" });
  const sorted = [countries[0]!, ...countries.slice(1).sort((a, b) => (names.of(a.toUpperCase()) ?? a).localeCompare(names.of(b.toUpperCase()) ?? b))];

  const choose = async (value: string) => {
    const previous = country;
    setCountry(value);
    setBusy(true);
    setStatus("");
    const result = await changeShippingCountry(value);
    setBusy(false);
    if (!result.ok) {
      setCountry(previous);
      setStatus(t("header.deliveryCountryFailed"));
      return;
    }
    const zone = result.zone?.shippingZone;
    const name = names.of(value.toUpperCase()) ?? value.toUpperCase();
    setStatus(
      zone
        ? t("header.deliveryCountryZone", {
            country: name,
            costs: zone.groups.map((group) => `${t(`header.shippingGroups.${group.name}`)} ${group.cost.formatted}`).join(" · "),
          })
        : t("header.deliveryCountryChosen", { country: name }),
    );
  };

  return (
    <div className="country-chooser" aria-busy={busy}>
      <label htmlFor="delivery-country" className="visually-hidden">
        {t("header.deliveryCountry")}
      </label>
      <select id="delivery-country" value={country} disabled={busy} data-testid="header-delivery-country" onChange={(event) => void choose(event.target.value)}>
        {sorted.map((code) => (
          <option key={code} value={code}>
            {names.of(code.toUpperCase()) ?? code.toUpperCase()}
          </option>
        ))}
      </select>
      <span className="visually-hidden" role="status" data-testid="header-delivery-status">
        {status}
      </span>
    </div>
  );
}
