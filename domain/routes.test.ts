import {
  cartPath,
  checkoutPath,
  homePath,
  htmlLanguage,
  languagePrefix,
  manufacturerListPath,
  manufacturerPath,
  offerPath,
  orderSuccessPath,
  returnsPath,
  slugPath,
  withdrawPath,
} from "./routes";

const swiss = { domainPrefixes: ["de", "fr", "it"] };
const german = { domainPrefixes: [] as string[] };

describe("page URLs", () => {
  test("a shop with domain prefixes puts the language first", () => {
    expect(homePath(swiss, "fr")).toBe("/fr/");
    expect(slugPath(swiss, "fr", "parquet/chene")).toBe("/fr/parquet/chene.html");
    expect(manufacturerPath(swiss, "it", "holzwerk")).toBe("/it/produttori/holzwerk.html");
  });

  test("a shop without prefixes has none, whatever the language", () => {
    expect(languagePrefix(german, "de")).toBe("");
    expect(homePath(german, "de")).toBe("/");
    expect(slugPath(german, "de", "parkett")).toBe("/parkett.html");
    expect(manufacturerListPath(german, "de")).toBe("/hersteller.html");
  });

  test("every content page ends in .html", () => {
    for (const language of ["de", "at", "en", "fr", "it", "nl"]) {
      expect(manufacturerListPath(german, language)).toMatch(/^\/[a-z]+\.html$/);
    }
  });

  test("Austrian German is served as de-AT", () => {
    expect(htmlLanguage("at")).toBe("de-AT");
    expect(htmlLanguage("fr")).toBe("fr");
  });

  test("cart, checkout and success pages: under /checkout/, with the language prefix only where the shop has prefixes", () => {
    expect(cartPath(german, "de")).toBe("/checkout/cart/");
    expect(checkoutPath(german, "de")).toBe("/checkout/");
    expect(orderSuccessPath(german, "de")).toBe("/checkout/success/");
    expect(cartPath(swiss, "fr")).toBe("/fr/checkout/cart/");
    expect(checkoutPath(swiss, "it")).toBe("/it/checkout/");
    expect(orderSuccessPath(swiss, "de")).toBe("/de/checkout/success/");
    // a language the shop has no prefix for gets none (Austrian German on a shop without prefixes)
    expect(cartPath(german, "at")).toBe("/checkout/cart/");
  });
});

describe("returns pages", () => {
  test("the returns page and the withdrawal page under the language prefix where the shop has one", () => {
    expect(returnsPath(german, "de")).toBe("/returns/");
    expect(withdrawPath(german, "de")).toBe("/returns/withdraw/");
    expect(returnsPath(swiss, "fr")).toBe("/fr/returns/");
    expect(withdrawPath(swiss, "it")).toBe("/it/returns/withdraw/");
  });

  test("the withdrawal page lies under the returns page, and neither is a content page", () => {
    for (const shop of [german, swiss]) {
      for (const language of ["de", "fr", "it"]) {
        expect(withdrawPath(shop, language).startsWith(returnsPath(shop, language))).toBe(true);
        expect(returnsPath(shop, language)).not.toMatch(/\.html$/);
        expect(withdrawPath(shop, language)).toMatch(/\/$/);
      }
    }
  });
});

describe("offer page", () => {
  test("under /offer/ with the language prefix only where the shop has one", () => {
    expect(offerPath(german, "de")).toBe("/offer/");
    expect(offerPath(german, "at")).toBe("/offer/");
    expect(offerPath(swiss, "fr")).toBe("/fr/offer/");
    expect(offerPath(swiss, "it")).toBe("/it/offer/");
    expect(offerPath(swiss, "de")).not.toMatch(/\.html$/);
  });
});
