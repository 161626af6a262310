import { cartPath, checkoutPath, homePath, htmlLanguage, languagePrefix, manufacturerListPath, manufacturerPath, orderSuccessPath, slugPath } from "./routes";

const swiss = { domainPrefixes: ["de", "fr", "it"] };
const german = { domainPrefixes: [] as string[] };

describe("page URLs (SPEC 2.1)", () => {
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
