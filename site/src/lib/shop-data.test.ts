import {
  latestShopData,
  loadPageShopData,
  loadShopData,
  pageShopDataId,
  pageShopDataMissing,
  parseShopData,
  registerShopData,
  resetShopData,
  setShopDataReader,
  shopDataFor,
  shopDataHref,
  shopDataLanguage,
  shopDataVersion,
  subscribeShopData,
} from "./shop-data";
import { createInstance, registeredTexts } from "../i18n/i18next";

/** The shop data file of a shop language (docs/decisions/0052): registration, loading in the browser, reading in the static render. */
const DE = "de-0123456789abcdef";
const DE_NEWER = "de-fedcba9876543210";
const FR = "fr-00000000000000aa";

function shopData(language: string, name = "Bodenhaus") {
  return {
    language,
    locales: {
      namespaces: ["common", "product"],
      resources: { common: { nav: { home: language === "fr" ? "Accueil" : "Startseite" } }, product: { sku: "Art.-Nr." } },
    },
    shopInfo: {
      shopId: "DE",
      name,
      currency: "EUR",
      languages: [language],
      domainPrefixes: [],
      deliveryCountries: ["de"],
      origin: "https://x",
      paymentMethods: [],
      buildYear: 2026,
    },
    countries: [{ code: "de", name: language === "fr" ? "Allemagne" : "Deutschland" }],
    menu: { nodes: [] },
    cmsLinks: { nodes: [] },
    blocks: { nodes: [] },
    campaign: null,
  };
}

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
const head = (id: string | null) => ({ querySelector: () => (id === null ? null : ({ getAttribute: () => id } as unknown as Element)) });

beforeEach(() => resetShopData());

test("file names: language and 16 hex digits only; anything else is refused before a request", () => {
  expect(shopDataHref(DE)).toBe("/static/shop-data/de-0123456789abcdef.json");
  expect(shopDataLanguage(DE)).toBe("de");
  for (const bad of ["../../etc/passwd", "de-0123", "de-0123456789ABCDEF", "de-0123456789abcdef/../x", "", "de-0123456789abcdef.json"]) {
    expect(() => shopDataHref(bad)).toThrow(/Not a shop data file/);
  }
});

test("a file whose content does not match its language or lacks parts is refused", () => {
  expect(() => parseShopData(shopData("fr"), DE)).toThrow(/Not the shop data of de-/);
  expect(() => parseShopData(null, DE)).toThrow();
  expect(() => parseShopData("<html>", DE)).toThrow();
  const { menu: _menu, ...withoutMenu } = shopData("de");
  expect(() => parseShopData(withoutMenu, DE)).toThrow();
  const { countries: _countries, ...withoutCountries } = shopData("de");
  expect(() => parseShopData(withoutCountries, DE)).toThrow();
  expect(() => parseShopData({ ...shopData("de"), locales: { namespaces: "common", resources: {} } }, DE)).toThrow();
  expect(parseShopData(shopData("de"), DE).shopInfo.name).toBe("Bodenhaus");
});

test("registering makes the data and the language's texts available and tells subscribers", () => {
  const seen: number[] = [];
  const unsubscribe = subscribeShopData(() => seen.push(shopDataVersion()));
  registerShopData(DE, shopData("de"));
  unsubscribe();
  registerShopData(FR, shopData("fr"));
  expect(seen).toHaveLength(1);
  expect(shopDataFor(DE)?.language).toBe("de");
  expect(registeredTexts("fr")?.namespaces).toEqual(["common", "product"]);
  // An i18next instance of a page (given no resources by the plugin) translates from the registered texts.
  const i18n = createInstance({ resources: {}, lng: "fr", fallbackLng: "de", defaultNS: "translation", fallbackNS: [], keySeparator: "." });
  expect(i18n.t("nav.home")).toBe("Accueil");
  // The other namespaces are fallbacks, as gatsby-plugin-react-i18next sets them.
  expect(i18n.t("sku")).toBe("Art.-Nr.");
  expect(i18n.getFixedT(null, "product")("sku")).toBe("Art.-Nr.");
  expect(i18n.t("no.such.key")).toBe("no.such.key");
  // A language without registered texts gives the keys.
  expect(createInstance({ resources: {}, lng: "it" }).t("nav.home")).toBe("nav.home");
});

test("the static render reads files through its reader, only for valid names", () => {
  const read = jest.fn((id: string) => shopData(shopDataLanguage(id)));
  setShopDataReader(read);
  expect(shopDataFor(DE)?.shopInfo.name).toBe("Bodenhaus");
  expect(shopDataFor(DE)?.language).toBe("de");
  expect(read).toHaveBeenCalledTimes(1);
  expect(shopDataFor("../secrets")).toBeNull();
  expect(read).toHaveBeenCalledTimes(1);
  setShopDataReader(() => ({ hostile: true }));
  expect(() => shopDataFor(FR)).toThrow();
});

test("loading: one request for concurrent calls, registered once; a failed load rejects and can be retried", async () => {
  const fetcher = jest.fn(() => json(shopData("de")));
  const [a, b] = await Promise.all([loadShopData(DE, fetcher as unknown as typeof fetch), loadShopData(DE, fetcher as unknown as typeof fetch)]);
  expect(a).toBe(b);
  expect(fetcher).toHaveBeenCalledTimes(1);
  expect(fetcher).toHaveBeenCalledWith("/static/shop-data/de-0123456789abcdef.json", { credentials: "same-origin" });
  await loadShopData(DE, fetcher as unknown as typeof fetch);
  expect(fetcher).toHaveBeenCalledTimes(1);

  const failing = jest
    .fn()
    .mockReturnValueOnce(json({}, 503))
    .mockReturnValueOnce(json(shopData("fr")));
  await expect(loadShopData(FR, failing as unknown as typeof fetch)).rejects.toThrow(/503/);
  expect(shopDataFor(FR)).toBeNull();
  await expect(loadShopData(FR, failing as unknown as typeof fetch)).resolves.toMatchObject({ language: "fr" });

  const wrong = jest.fn(() => json(shopData("fr")));
  await expect(loadShopData(DE_NEWER, wrong as unknown as typeof fetch)).rejects.toThrow(/Not the shop data of/);
  expect(shopDataFor(DE_NEWER)).toBeNull();
});

test("a newer build's file of a language: the latest loaded one of the language stands in until it is there", async () => {
  registerShopData(DE, shopData("de", "Bodenhaus"));
  expect(latestShopData("de")?.shopInfo.name).toBe("Bodenhaus");
  expect(latestShopData("fr")).toBeNull();
  await loadShopData(DE_NEWER, (() => json(shopData("de", "Bodenhaus neu"))) as unknown as typeof fetch);
  expect(latestShopData("de")?.shopInfo.name).toBe("Bodenhaus neu");
  expect(shopDataFor(DE)?.shopInfo.name).toBe("Bodenhaus");
});

test("before the first render: the file the HTML preloads is loaded (one retry); if it cannot be, the page is not hydrated", async () => {
  expect(pageShopDataId(head(DE))).toBe(DE);
  expect(pageShopDataId(head("../x"))).toBeNull();
  expect(pageShopDataId(head(null))).toBeNull();
  expect(pageShopDataMissing(head(null))).toBe(false);

  const down = jest.fn(() => Promise.reject(new TypeError("network down")));
  await expect(loadPageShopData(head(DE), down as unknown as typeof fetch)).resolves.toBeNull();
  expect(down).toHaveBeenCalledTimes(2);
  expect(pageShopDataMissing(head(DE))).toBe(true);

  const flaky = jest
    .fn()
    .mockReturnValueOnce(Promise.reject(new TypeError("reset")))
    .mockReturnValueOnce(json(shopData("de")));
  await loadPageShopData(head(DE), flaky as unknown as typeof fetch);
  expect(pageShopDataMissing(head(DE))).toBe(false);
  expect(shopDataFor(DE)?.language).toBe("de");
});
