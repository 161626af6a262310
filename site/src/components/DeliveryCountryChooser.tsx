import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import { readCookie } from "../lib/banner";
import { htmlLanguage } from "../../../domain/routes";

/**
 * Delivery-country chooser (SPEC 3 Shipping state: currentCountry, availableCountries).
 * The choice is kept in a cookie and announced with a `bh:delivery-country` event, which
 * the live delivery box listens to. Country names come from Intl at build time.
 */
export const DELIVERY_COUNTRY_COOKIE = "bh_delivery_country";

export function DeliveryCountryChooser({ countries, language }: { countries: string[]; language: string }) {
  const { t } = useTranslation();
  const [country, setCountry] = React.useState(countries[0] ?? "");
  React.useEffect(() => {
    const saved = readCookie(document.cookie, DELIVERY_COUNTRY_COOKIE);
    if (saved && countries.includes(saved)) setCountry(saved);
  }, [countries]);
  if (countries.length === 0) return null;
  const names = new Intl.DisplayNames([htmlLanguage(language)], { type: "region" });
  const sorted = [countries[0]!, ...countries.slice(1).sort((a, b) => (names.of(a.toUpperCase()) ?? a).localeCompare(names.of(b.toUpperCase()) ?? b))];
  return (
    <div className="country-chooser">
      <label htmlFor="delivery-country" className="visually-hidden">
        {t("header.deliveryCountry")}
      </label>
      <select
        id="delivery-country"
        value={country}
        onChange={(event) => {
          const value = event.target.value;
          setCountry(value);
          document.cookie = `${DELIVERY_COUNTRY_COOKIE}=${value}; Max-Age=${365 * 24 * 3600}; Path=/; SameSite=Lax`;
          window.dispatchEvent(new CustomEvent("bh:delivery-country", { detail: value }));
        }}
      >
        {sorted.map((code) => (
          <option key={code} value={code}>
            {names.of(code.toUpperCase()) ?? code.toUpperCase()}
          </option>
        ))}
      </select>
    </div>
  );
}
