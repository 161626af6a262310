/**
 * Money (and quantity) formatting per shop currency and language, the same in the
 * shop API, GraphQL and the pages' browser code.
 *
 * Deliberately table-driven instead of Intl.NumberFormat: ICU data differs between
 * Node and workerd versions (de-AT puts € first and groups with a space, it-IT does not
 * group four-digit numbers, de-CH switched its group separator), and build output must
 * not depend on the runtime. Spaces inside formatted amounts are no-break spaces
 * (U+00A0) so a price never wraps.
 */
const NBSP = "\u00a0";

interface MoneyFormat {
  /** BCP 47 locale this format corresponds to (documentation, and for consumers). */
  locale: string;
  group: string;
  decimal: string;
  /** `{n}` is the formatted number, `{c}` the currency symbol. */
  pattern: string;
}

const EUR_FORMATS: Record<string, MoneyFormat> = {
  de: { locale: "de-DE", group: ".", decimal: ",", pattern: `{n}${NBSP}{c}` },
  at: { locale: "de-AT", group: ".", decimal: ",", pattern: `{n}${NBSP}{c}` },
  fr: { locale: "fr-FR", group: NBSP, decimal: ",", pattern: `{n}${NBSP}{c}` },
  it: { locale: "it-IT", group: ".", decimal: ",", pattern: `{n}${NBSP}{c}` },
  nl: { locale: "nl-NL", group: ".", decimal: ",", pattern: `{c}${NBSP}{n}` },
  en: { locale: "en-IE", group: ",", decimal: ".", pattern: `{c}{n}` },
};

/** Swiss francs are written the Swiss way in every language of the CH shop: CHF 1’234.50. */
const CHF_FORMATS: Record<string, MoneyFormat> = {
  de: { locale: "de-CH", group: "’", decimal: ".", pattern: `{c}${NBSP}{n}` },
  fr: { locale: "fr-CH", group: "’", decimal: ".", pattern: `{c}${NBSP}{n}` },
  it: { locale: "it-CH", group: "’", decimal: ".", pattern: `{c}${NBSP}{n}` },
};

const SYMBOLS: Record<string, string> = { EUR: "€", CHF: "CHF" };

export function moneyFormat(currency: string, language: string): MoneyFormat {
  if (currency === "CHF") return CHF_FORMATS[language] ?? CHF_FORMATS.de!;
  return EUR_FORMATS[language] ?? EUR_FORMATS.de!;
}

/** Locale used for a currency and language, e.g. de-CH for CHF in German. */
export function localeFor(currency: string, language: string): string {
  return moneyFormat(currency, language).locale;
}

/** Digits of a whole number with the format's group separator every three places. */
function grouped(whole: string, format: MoneyFormat): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, format.group);
}

/** Formats minor units as a number with two decimals, e.g. 123450 → "1.234,50". */
export function formatAmount(minor: number, currency: string, language: string): string {
  const format = moneyFormat(currency, language);
  const negative = minor < 0;
  const abs = Math.abs(Math.round(minor));
  const whole = Math.floor(abs / 100).toString();
  const cents = (abs % 100).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${grouped(whole, format)}${format.decimal}${cents}`;
}

/**
 * Formats a quantity (an area, a package's content, a measure, a rating) the way the page's
 * language writes numbers, with at most three decimals: 1234.5 → "1.234,5" in de, "1 234,5"
 * in fr, "1,234.5" in en. In the Swiss shop too: the catalogue's texts (titles, descriptions,
 * features) are written per language and shared by the shops of that language, so a page
 * writes every measure one way ("2,2 m²" beside "6,5 mm"). Only amounts of money follow their
 * currency (CHF 1’234.50).
 */
export function formatQuantity(value: number, language: string): string {
  const format = EUR_FORMATS[language] ?? EUR_FORMATS.de!;
  const thousandths = Math.round(Math.abs(value) * 1000);
  const whole = Math.floor(thousandths / 1000).toString();
  const decimals = (thousandths % 1000).toString().padStart(3, "0").replace(/0+$/, "");
  const sign = value < 0 && thousandths > 0 ? "-" : "";
  return `${sign}${grouped(whole, format)}${decimals ? `${format.decimal}${decimals}` : ""}`;
}

/** The decimal separator of quantities in a language (formatQuantity), e.g. "," in de, fr and it. */
export function quantityDecimal(language: string): string {
  return (EUR_FORMATS[language] ?? EUR_FORMATS.de!).decimal;
}

/** Formats minor units with the currency, e.g. 123450 EUR de → "1.234,50 €". */
export function formatMoney(minor: number, currency: string, language: string): string {
  const format = moneyFormat(currency, language);
  const number = formatAmount(Math.abs(minor), currency, language);
  const text = format.pattern.replace("{n}", number).replace("{c}", SYMBOLS[currency] ?? currency);
  return minor < 0 ? `-${text}` : text;
}

export interface MoneyValue {
  value: number;
  amount: number;
  currency: string;
  formattedValue: string;
  formattedWithCurrency: string;
}

export function money(minor: number, currency: string, language: string): MoneyValue {
  const amount = Math.round(minor);
  return {
    value: amount / 100,
    amount,
    currency,
    formattedValue: formatAmount(amount, currency, language),
    formattedWithCurrency: formatMoney(amount, currency, language),
  };
}

/** Tax included in a gross amount (minor units), rounded to a whole minor unit. */
export function includedTax(grossMinor: number, ratePercent: number): number {
  return Math.round(grossMinor - grossMinor / (1 + ratePercent / 100));
}
