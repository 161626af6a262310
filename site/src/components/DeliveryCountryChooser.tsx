import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { CountryOption } from "@domain/countries";
import { useInterfaceToggle } from "../lib/interface-toggle";
import { changeShippingCountry, DELIVERY_COUNTRY_CHANGED, useCurrentCountry, type DeliveryCountryChange } from "../features/commerce/hooks";

/**
 * The header's delivery-country chooser (the shipping state's currentCountry
 * and availableCountries), on every page: it shows the
 * visitor's current shipping country as the shop API knows it, sends a choice as the update
 * (PUT /apiv2/shipping/costs/country) and, once taken, the zone and the page's delivery data
 * are fetched again (commerce/hooks.ts changeShippingCountry: delivery boxes, cart and checkout
 * quotes). The zone's costs are announced in a status line. Another chooser of the page (the
 * product page's delivery box) changing the country moves this one too. The countries come named
 * and sorted from the shop data file (domain/countries.ts countryOptions, at build time).
 */
export function DeliveryCountryChooser({ options }: { options: readonly CountryOption[] }) {
  const { t } = useTranslation();
  const { data: current } = useCurrentCountry();
  const [country, setCountry] = React.useState(options[0]?.code ?? "");
  const [busy, setBusy] = React.useState(false);
  const [status, setStatus] = React.useState("");
  // The country selection is open while its list has the focus (a native select shows its options then).
  const [selecting, setSelecting] = React.useState(false);
  useInterfaceToggle("countrySelection", selecting);
  const offered = React.useCallback((code: string) => options.some((option) => option.code === code), [options]);
  React.useEffect(() => {
    if (current?.code && offered(current.code)) setCountry(current.code);
  }, [offered, current?.code]);
  React.useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<DeliveryCountryChange>).detail;
      if (detail && offered(detail.code)) setCountry(detail.code);
    };
    window.addEventListener(DELIVERY_COUNTRY_CHANGED, listener);
    return () => window.removeEventListener(DELIVERY_COUNTRY_CHANGED, listener);
  }, [offered]);
  if (options.length === 0) return null;

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
    const name = options.find((option) => option.code === value)?.name ?? value.toUpperCase();
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
      <select
        id="delivery-country"
        value={country}
        disabled={busy}
        data-testid="header-delivery-country"
        onFocus={() => setSelecting(true)}
        onBlur={() => setSelecting(false)}
        onChange={(event) => void choose(event.target.value)}
      >
        {options.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <span className="visually-hidden" role="status" data-testid="header-delivery-status">
        {status}
      </span>
    </div>
  );
}
