import { byTestId, closeBrowser, fieldLabelled, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { SWRConfig } from "swr";
import { checkoutQuote } from "@tests/kit/checkout-quote";
import { CheckoutPage } from "./CheckoutPage";

jest.mock("./checkout-page.css", () => ({}));
jest.mock("./address-suggest.css", () => ({}));
// The visitor's words: the German locale through the pages' i18n runtime.
jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);

const originalFetch = global.fetch;
afterAll(() => closeBrowser());
afterEach(() => {
  global.fetch = originalFetch;
  unmountAll();
});

/** The shop API as the checkout calls it: every quote answers at once; the paths asked for, in order. */
function quotingApi(): string[] {
  const asked: string[] = [];
  global.fetch = (async (input: string) => {
    const path = String(input);
    asked.push(path);
    const data = path.startsWith("/apiv2/checkout/quote") ? checkoutQuote() : path === "/apiv2/isBusiness" ? "private" : { environment: {} };
    return new Response(JSON.stringify({ data, errors: [] }), { status: 200 });
  }) as typeof fetch;
  return asked;
}

const wait = (ms: number) => React.act(() => new Promise((resolve) => setTimeout(resolve, ms)));

test("ordering waits while the total may still change: a postcode typed is quoted half a second later, and the button is disabled until then", async () => {
  const asked = quotingApi();
  const page = await mount(
    <SWRConfig value={{ provider: () => new Map() }}>
      <CheckoutPage shop={{ domainPrefixes: [], deliveryCountries: ["de", "at"] }} language="de" legal={{ terms: null, withdrawal: null, privacy: null }} />
    </SWRConfig>,
  );
  const button = () => byTestId(page, "place-order") as HTMLButtonElement;
  await settle();
  expect(button().disabled).toBe(false);
  await typeInto(fieldLabelled(page, "PLZ"), "10115");
  // Not yet asked for: a click now would order with a total that is about to change.
  expect(asked.some((path) => path.includes("postcode=10115"))).toBe(false);
  expect(button().disabled).toBe(true);
  await wait(600);
  await settle();
  expect(asked.some((path) => path.includes("postcode=10115"))).toBe(true);
  expect(button().disabled).toBe(false);
});
