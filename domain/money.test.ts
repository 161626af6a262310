import { formatMoney, formatAmount, formatQuantity, includedTax, localeFor, money, quantityDecimal } from "./money";

const spaces = (text: string) => text.replace(/\u00a0/g, " ");

describe("money formatting", () => {
  test.each([
    ["EUR", "de", "1.234,50 €", "1.234,50"],
    ["EUR", "at", "1.234,50 €", "1.234,50"],
    ["EUR", "fr", "1 234,50 €", "1 234,50"],
    ["EUR", "it", "1.234,50 €", "1.234,50"],
    ["EUR", "nl", "€ 1.234,50", "1.234,50"],
    ["EUR", "en", "€1,234.50", "1,234.50"],
    ["CHF", "de", "CHF 1’234.50", "1’234.50"],
    ["CHF", "fr", "CHF 1’234.50", "1’234.50"],
    ["CHF", "it", "CHF 1’234.50", "1’234.50"],
  ])("%s in %s", (currency, language, withCurrency, value) => {
    expect(spaces(formatMoney(123450, currency, language))).toBe(withCurrency);
    expect(spaces(formatAmount(123450, currency, language))).toBe(value);
  });

  test("small, large and negative amounts", () => {
    expect(spaces(formatMoney(5, "EUR", "de"))).toBe("0,05 €");
    expect(spaces(formatMoney(123456789, "EUR", "de"))).toBe("1.234.567,89 €");
    expect(spaces(formatMoney(-1230, "EUR", "en"))).toBe("-€12.30");
    expect(money(4995, "EUR", "de")).toMatchObject({ value: 49.95, amount: 4995, currency: "EUR" });
  });

  test("locales and tax", () => {
    expect(localeFor("CHF", "fr")).toBe("fr-CH");
    expect(localeFor("EUR", "at")).toBe("de-AT");
    expect(localeFor("EUR", "en")).toBe("en-IE");
    expect(includedTax(11900, 19)).toBe(1900);
  });

  test("unknown currencies and languages fall back to euros in German, with the code as symbol", () => {
    expect(spaces(formatMoney(123450, "EUR", "xx"))).toBe("1.234,50 €");
    expect(spaces(formatMoney(123450, "USD", "de"))).toBe("1.234,50 USD");
    expect(spaces(formatMoney(123450, "CHF", "en"))).toBe("CHF 1’234.50");
  });

  test("fractions of a minor unit are rounded, never printed", () => {
    expect(spaces(formatMoney(1999.5, "EUR", "de"))).toBe("20,00 €");
    expect(money(1999.4, "EUR", "de")).toMatchObject({ amount: 1999, value: 19.99, formattedValue: "19,99" });
  });
});

describe("quantity formatting", () => {
  test.each([
    ["de", "1.234,5"],
    ["at", "1.234,5"],
    ["fr", "1 234,5"],
    ["it", "1.234,5"],
    ["nl", "1.234,5"],
    ["en", "1,234.5"],
  ])("in %s the language's separators", (language, expected) => {
    expect(spaces(formatQuantity(1234.5, language))).toBe(expected);
  });

  test("the Swiss shop writes measures like the catalogue's texts of its language, and money the Swiss way", () => {
    for (const language of ["de", "fr", "it"]) {
      expect(formatQuantity(2.2, language)).toBe("2,2");
      expect(quantityDecimal(language)).toBe(",");
      expect(spaces(formatMoney(250, "CHF", language))).toBe("CHF 2.50");
    }
    expect(quantityDecimal("en")).toBe(".");
  });

  test("an unknown language is written like German", () => {
    expect(formatQuantity(2.5, "xx")).toBe("2,5");
    expect(quantityDecimal("xx")).toBe(",");
  });

  test("at most three decimals, no trailing zeros, no decimal separator for whole numbers", () => {
    expect(formatQuantity(12, "de")).toBe("12");
    expect(formatQuantity(2.25, "de")).toBe("2,25");
    expect(formatQuantity(10.2 / 0.85, "de")).toBe("12");
    expect(formatQuantity(1.23456, "de")).toBe("1,235");
    expect(formatQuantity(0.0004, "de")).toBe("0");
    expect(formatQuantity(-2.5, "en")).toBe("-2.5");
    expect(formatQuantity(-0.0001, "en")).toBe("0");
  });
});
