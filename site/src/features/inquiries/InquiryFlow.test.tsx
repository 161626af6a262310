import { byTestId, clickOn, closeBrowser, fieldLabelled, mount, settle, typeInto, unmountAll } from "@tests/kit/browser-dom";
import React from "react";
import { stubApi, type RecordedCall } from "@tests/kit/account-screens";
import InquiryFlow, { skuFromPath } from "./InquiryFlow";

jest.mock("gatsby-plugin-react-i18next", () =>
  jest.requireActual<typeof import("@tests/kit/page-translations")>("../../../../tests/kit/page-translations").pageTranslations("de"),
);
jest.mock("@site/lib/captcha", () => ({
  CAPTCHA_HEADER: "X-Captcha-Token",
  shopCaptcha: () => ({ provider: "altcha" }),
  captchaToken: async () => "captcha-token",
}));

const SHOP = { domainPrefixes: [] as string[] };
const SEARCH_HIT = {
  identifier: "PARKETT-EICHE-1",
  projectId: null,
  sku: "PARKETT-EICHE-1",
  name: "Eiche Landhausdiele",
  manufacturer: null,
  price: null,
  unitPrice: { value: 54.87, amount: 5487, currency: "EUR", formattedValue: "54,87", formattedWithCurrency: "54,87 €", unit: "SQM", unitLabel: "m²" },
  image: { url: "https://media.example/eiche.jpg", alt: "Eiche" },
  link: "/eiche-landhausdiele.html",
  deliveryTime: { min: 2, max: 4, express: false },
  sellingOutSoon: false,
  inStock: true,
};
/** What the search answers for a sku: a close match first, the exact one after it. */
const searchAnswer = (hits: unknown[]) => ({
  status: 200,
  data: { query: "x", searchResults: [{ type: "products", name: "products", results: hits, totalResults: hits.length, offset: 0 }] },
});

function api(search = searchAnswer([{ ...SEARCH_HIT, sku: "PARKETT-EICHE-10", name: "Eiche Landhausdiele XL" }, SEARCH_HIT])): RecordedCall[] {
  return stubApi((call) => {
    if (call.path.startsWith("/apiv2/search?")) return search;
    if (call.path === "/apiv2/shipping/costs/current-country") return { status: 200, data: { code: "de", name: "Deutschland", availableCountries: [] } };
    if (call.method === "POST" && call.path === "/apiv2/inquiry") return { status: 200, data: { inquiryId: "Q-0123456789", type: "bulk" } };
    return undefined;
  });
}

async function open(path: string, type: "product" | "bulk" = "bulk") {
  window.history.replaceState(null, "", `http://de.localhost:8797${path}`);
  const container = await mount(<InquiryFlow shop={SHOP} language="de" type={type} countries={["de", "at"]} />);
  await settle();
  return container;
}

const previous = process.env.GATSBY_INQUIRIES;
beforeEach(() => {
  process.env.GATSBY_INQUIRIES = "on";
});
afterEach(() => {
  if (previous === undefined) delete process.env.GATSBY_INQUIRIES;
  else process.env.GATSBY_INQUIRIES = previous;
  unmountAll();
});
afterAll(closeBrowser);

test("the sku is any remainder of the address below the page", () => {
  expect(skuFromPath("/grossabnehmeranfrage/PARKETT-EICHE-1", "/grossabnehmeranfrage/")).toBe("PARKETT-EICHE-1");
  expect(skuFromPath("/grossabnehmeranfrage/PARKETT-EICHE-1/", "/grossabnehmeranfrage/")).toBe("PARKETT-EICHE-1");
  expect(skuFromPath("/fr/fragen-zum-produkt/A%20B%2FC", "/fr/fragen-zum-produkt/")).toBe("A B/C");
  expect(skuFromPath("/fragen-zum-produkt/a/b", "/fragen-zum-produkt/")).toBe("a/b");
  expect(skuFromPath("/fragen-zum-produkt/", "/fragen-zum-produkt/")).toBeNull();
  expect(skuFromPath("/fragen-zum-produkt/%E0%A4%A", "/fragen-zum-produkt/")).toBeNull();
  expect(skuFromPath("/grossabnehmeranfrage/X", "/fragen-zum-produkt/")).toBeNull();
});

test("the bulk-buyer page loads the product of its address, takes the inquiry and thanks with the number and the way back", async () => {
  const calls = api();
  const container = await open("/grossabnehmeranfrage/PARKETT-EICHE-1");
  expect(calls.find((call) => call.path.startsWith("/apiv2/search?"))?.path).toBe("/apiv2/search?query=PARKETT-EICHE-1&limit=10&log=false");
  expect(byTestId(container, "inquiry-product")?.textContent).toBe("Eiche LandhausdieleArt.-Nr. PARKETT-EICHE-1");
  expect(byTestId(container, "inquiry-product")?.querySelector("img")?.getAttribute("src")).toBe("https://media.example/eiche.jpg");
  expect(fieldLabelled(container, "Menge in m² (optional)").value).toBe("");

  await typeInto(fieldLabelled(container, "Ihre Nachricht zum Projekt"), "Hotelneubau, 1200 m² in drei Etagen.");
  await typeInto(fieldLabelled(container, "Menge in m² (optional)"), "1200");
  await clickOn(byTestId(container, "inquiry-next"));
  while (byTestId(container, "inquiry-form")?.dataset.step !== "contact") await clickOn(byTestId(container, "inquiry-next"));
  await typeInto(fieldLabelled(container, "Name"), "Hotel Seeblick GmbH");
  await typeInto(fieldLabelled(container, "E-Mail-Adresse"), "einkauf@seeblick.example");
  await clickOn(byTestId(container, "inquiry-submit"));
  await settle();

  expect(calls.filter((call) => call.method === "POST").map((call) => call.body)).toEqual([
    {
      type: "bulk",
      sku: "PARKETT-EICHE-1",
      message: "Hotelneubau, 1200 m² in drei Etagen.",
      name: "Hotel Seeblick GmbH",
      email: "einkauf@seeblick.example",
      countryCode: "de",
      quantity: 1200,
      answers: {},
    },
  ]);
  expect(byTestId(container, "inquiry-form")).toBeNull();
  expect(byTestId(container, "inquiry-thanks")?.querySelector("h2")?.textContent).toBe("Vielen Dank für Ihre Anfrage");
  expect(byTestId(container, "inquiry-number")?.textContent).toBe("Q-0123456789");
  const back = byTestId(container, "inquiry-back-to-product");
  expect([back?.tagName, back?.getAttribute("href"), back?.textContent]).toEqual(["A", "/eiche-landhausdiele.html", "Zurück zum Produkt"]);
});

test("a sku the search does not know still gets the form (the shop API decides); no sku: no form; inquiries off: the spec's words", async () => {
  api(searchAnswer([]));
  let container = await open("/fragen-zum-produkt/UNBEKANNT-9", "product");
  expect(byTestId(container, "inquiry-product")?.textContent).toBe("UNBEKANNT-9Art.-Nr. UNBEKANNT-9");
  expect(byTestId(container, "inquiry-form")).not.toBeNull();
  unmountAll();

  container = await open("/fragen-zum-produkt/", "product");
  expect(byTestId(container, "inquiry-form")).toBeNull();
  expect(byTestId(container, "inquiry-no-product")?.textContent).toContain("Diese Adresse nennt keinen Artikel.");
  unmountAll();

  process.env.GATSBY_INQUIRIES = "off";
  const calls = api();
  container = await open("/fragen-zum-produkt/PARKETT-EICHE-1", "product");
  expect(byTestId(container, "inquiry-form")).toBeNull();
  expect(byTestId(container, "inquiries-unavailable")?.textContent).toBe("Leider sind Anfragen derzeit nicht verfügbar");
  expect(calls).toHaveLength(0);
});
