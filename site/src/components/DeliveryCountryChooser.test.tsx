import { byTestId, closeBrowser, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import { stubApi } from "@tests/kit/account-screens";
import React from "react";
import { mutate, SWRConfig } from "swr";
import { DELIVERY_COUNTRY_CHANGED, type DeliveryCountryChange } from "../features/commerce/hooks";
import { countryOptions } from "@domain/countries";
import { DeliveryCountryChooser } from "./DeliveryCountryChooser";

jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../tests/kit/page-translations").pageTranslations("de"),
);

afterEach(async () => {
  unmountAll();
  await mutate(() => true, undefined, { revalidate: false });
});
afterAll(closeBrowser);

const COUNTRIES = ["de", "at", "nl"];
const available = COUNTRIES.map((code) => ({ code, name: code }));
const zone = (code: string) => ({
  status: 200,
  data: {
    country: { code, name: code },
    isDeliverable: true,
    shippingZone: { code: "eu", groups: [{ name: "parcel", cost: { amount: 1290, formatted: "12,90 €" } }] },
  },
});

const chooser = () =>
  mount(
    <SWRConfig value={{ dedupingInterval: 0, provider: () => new Map() }}>
      <DeliveryCountryChooser options={countryOptions(COUNTRIES, "de")} />
    </SWRConfig>,
  );

test("shows the visitor's country as the shop API knows it; a choice is sent as the update, then zone and delivery data are fetched and announced", async () => {
  let country = "at";
  const calls = stubApi((call) => {
    if (call.path === "/apiv2/shipping/costs/current-country") return { status: 200, data: { code: country, name: country, availableCountries: available } };
    if (call.method === "PUT" && call.path === "/apiv2/shipping/costs/country") {
      country = (call.body as { country: string }).country;
      return { status: 200, data: { currentCountry: { code: country, name: country }, availableCountries: available } };
    }
    if (call.path.startsWith("/apiv2/shipping/costs/country?code=")) return zone(country);
    return undefined;
  });
  const changes: DeliveryCountryChange[] = [];
  const listener = (event: Event) => changes.push((event as CustomEvent<DeliveryCountryChange>).detail);
  window.addEventListener(DELIVERY_COUNTRY_CHANGED, listener);
  try {
    const container = await chooser();
    const select = byTestId(container, "header-delivery-country") as HTMLSelectElement;
    expect(select.value).toBe("at");
    await typeInto(select, "nl");
    await settle();
    const put = calls.find((call) => call.method === "PUT");
    expect(put).toMatchObject({ path: "/apiv2/shipping/costs/country", body: { country: "nl" } });
    expect(calls.some((call) => call.path === "/apiv2/shipping/costs/country?code=nl")).toBe(true);
    expect(select.value).toBe("nl");
    expect(changes).toEqual([{ code: "nl", zone: zone("nl").data }]);
    expect(byTestId(container, "header-delivery-status")?.textContent).toBe("Lieferland Niederlande: Paket 12,90 €");
  } finally {
    window.removeEventListener(DELIVERY_COUNTRY_CHANGED, listener);
  }
});

test("a refused update keeps the country the visitor had and says so", async () => {
  stubApi((call) => {
    if (call.path === "/apiv2/shipping/costs/current-country") return { status: 200, data: { code: "de", name: "de", availableCountries: available } };
    if (call.method === "PUT")
      return { status: 422, errors: [{ message: "Delivery to this country is not possible.", code: "country_not_deliverable", field: "country" }] };
    return undefined;
  });
  const container = await chooser();
  const select = byTestId(container, "header-delivery-country") as HTMLSelectElement;
  await typeInto(select, "at");
  await settle();
  expect(select.value).toBe("de");
  expect(byTestId(container, "header-delivery-status")?.textContent).toBe("Das Lieferland konnte nicht geändert werden. Bitte versuchen Sie es erneut.");
});

test("another chooser of the page taking a country moves this one too", async () => {
  stubApi((call) =>
    call.path === "/apiv2/shipping/costs/current-country" ? { status: 200, data: { code: "de", name: "de", availableCountries: available } } : undefined,
  );
  const container = await chooser();
  await React.act(async () => {
    window.dispatchEvent(new CustomEvent(DELIVERY_COUNTRY_CHANGED, { detail: { code: "at", zone: null } }));
  });
  expect((byTestId(container, "header-delivery-country") as HTMLSelectElement).value).toBe("at");
});
