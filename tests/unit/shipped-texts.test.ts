import {
  bareAmounts,
  foreignCurrency,
  foreignMeasures,
  foreignPhraseFinder,
  internalNotes,
  localeKeys,
  localeTexts,
  LOCALE_LANGUAGES,
  misformattedAmounts,
  pageDataTexts,
  rawKeys,
  slugsAsNames,
} from "../e2e/support/shipped-texts";

/** The checks of the shipped-text crawl (tests/e2e/consistency-texts.spec.ts) find what they are there for, and only that. */
describe("the shipped-text checks", () => {
  test("a raw key of any locale file is found, with or without its namespace; dotted words that are no key are not", () => {
    const keys = localeKeys();
    expect(rawKeys("Versand drawers.shippingExpress heute", keys)).toEqual(["drawers.shippingExpress"]);
    expect(rawKeys("terrace-ui:choose.itemNumber", keys)).toEqual(["terrace-ui:choose.itemNumber"]);
    expect(rawKeys("delivery.storageHint", keys)).toEqual(["delivery.storageHint"]);
    expect(rawKeys("www.bodenhaus.example und Art. 246a", keys)).toEqual([]);
  });

  test("another language's text is found on a page; the page's own language and Austrian German on a German page are not", () => {
    const french = foreignPhraseFinder("fr");
    expect(french("Choisir Express ist in diesem Shop nicht möglich. Merci")).toEqual(["Express ist in diesem Shop nicht möglich"]);
    expect(french("La livraison express n’est pas proposée dans cette boutique.")).toEqual([]);
    const german = foreignPhraseFinder("de");
    expect(german("Mit Kundenkonto ab 1.200,00 € Bestellwert bis zu 3 Monate kostenlos.")).toEqual([]);
    expect(german("Express delivery is not available in this shop.")).toContain("Express delivery is not available in this shop");
  });

  test("internal notes and leaked values are found, ordinary words are not", () => {
    for (const leak of ["Breite (mm) (mm)", "TODO: Preis", "ab undefined", "NaN m²", "[object Object]", "Preis: null", "internal note", "{{count}} Pakete"])
      expect(internalNotes(leak)).toHaveLength(1);
    expect(internalNotes("Breite (mm) 145, nullement interne, Annullierung")).toEqual([]);
  });

  test("a slug shown where its link names something else is found; a word that is its link's name is not", () => {
    const links = [
      { href: "/fr/fabricants/chene-fils/", text: "Chêne & Fils" },
      { href: "/fr/jardin/brise-vue.html", text: "Brise-vue 2 produits" },
      { href: "https://www.bodenhaus.example.fr/jardin/brise-vue.html", text: "France" },
    ];
    expect(slugsAsNames("Fabricant : chene-fils", links)).toEqual(["chene-fils (Chêne & Fils)"]);
    expect(slugsAsNames("Un brise-vue en bois", links)).toEqual([]);
  });

  test("measures follow the page language's decimal separator", () => {
    expect(foreignMeasures("Breite 37.7 cm, Inhalt 2,2 m²", "de")).toEqual(["37.7 cm"]);
    expect(foreignMeasures("Contenu 2.2 m² et 2,2 m²", "fr")).toEqual(["2.2 m²"]);
    expect(foreignMeasures("Content 2.2 m²", "en")).toEqual([]);
    expect(foreignMeasures("Lieferung am 08.12. und 1.200 m", "de")).toEqual([]);
  });

  test("amounts are written as the shop's money format writes them", () => {
    expect(misformattedAmounts("Express 10 € (Paket), sonst 5,95 €", "EUR", "de")).toEqual(["10 €"]);
    expect(misformattedAmounts("ab 1.200,00 € Bestellwert", "EUR", "de")).toEqual([]);
    expect(misformattedAmounts("CHF 1’234.50 und CHF 12,50", "CHF", "fr")).toEqual(["CHF 12,50"]);
    expect(misformattedAmounts("1\u00a0200,00\u00a0€", "EUR", "fr")).toEqual([]);
    expect(misformattedAmounts("Art. 100047 28,99 €", "EUR", "it")).toEqual([]);
  });

  test("another shop's currency and an order value without currency are found", () => {
    expect(foreignCurrency("ab 1.200 € (CHF im Schweizer Shop)", "EUR")).toHaveLength(1);
    expect(foreignCurrency("Express 10,00 €", "CHF")).toHaveLength(1);
    expect(foreignCurrency("CHF 12.50", "CHF")).toEqual([]);
    expect(bareAmounts("stockage à partir de 1200 de commande")).toEqual(["1200 de commande"]);
    expect(bareAmounts("Einlagerung ab 1.200 Bestellwert")).toEqual(["1.200 Bestellwert"]);
    expect(bareAmounts("ab 1.200,00 € Bestellwert")).toEqual([]);
    expect(bareAmounts("ab CHF 1’200.00 Bestellwert, dès CHF\u00a01’200.00 d'achat, vanaf € 1.200,00 bestelwaarde")).toEqual([]);
  });

  test("the texts of page data are those a page shows, not its paths and codes", () => {
    const data = {
      data: { product: { sku: "BH-1", slug: "eiche", title: "Eiche", content: { attributes: [{ code: "width_mm", label: "Breite" }] } } },
      path: "/eiche.html",
    };
    expect(pageDataTexts(data)).toEqual(["Eiche", "Breite"]);
  });
});

describe("the locale files", () => {
  test("name no amount of money: amounts are placeholders the shop fills in its currency (domain/money.ts formatMoney)", () => {
    const amounts = LOCALE_LANGUAGES.flatMap((language) =>
      localeTexts(language)
        .filter(({ text }) => /\d\s?(€|CHF)|(€|CHF)\s?\d|\d[\d.’ ]*\s(Bestellwert|de commande|di ordine|d[’']achats?)/.test(text))
        .map(({ file, key, text }) => `${language}/${file} ${key}: ${text}`),
    );
    expect(amounts).toEqual([]);
  });
});
