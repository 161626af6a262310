import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { moneyFormat, quantityDecimal } from "@domain/money";

/**
 * The rules every shipped text keeps, as checks over a page's visible text (and the texts its
 * page data carries): no raw translation key, no text of another language, no internal note, numbers and
 * units written as the page's language writes them, money always with the shop's currency.
 * Pure functions over text, so the checks themselves are unit-tested (tests/unit/shipped-texts.test.ts).
 */
const LOCALES = join(__dirname, "..", "..", "..", "locales");
export const LOCALE_LANGUAGES = ["de", "at", "en", "fr", "it", "nl"] as const;

type Tree = { [key: string]: string | Tree };
function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(
    ([key, value]) => (typeof value === "string" ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`)) as [string, string][],
  );
}

/** Every text of a language's locale files (all of locales/<lang>/*.json), by file and key. */
export function localeTexts(language: string): { file: string; key: string; text: string }[] {
  return readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) => leaves(JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")) as Tree).map(([key, text]) => ({ file, key, text })));
}

/** The keys of every locale file of every language, plural suffixes and the namespace-prefixed form included. */
export function localeKeys(): Set<string> {
  const keys = new Set<string>();
  for (const language of LOCALE_LANGUAGES)
    for (const { file, key } of localeTexts(language)) {
      const bare = key.replace(/_(zero|one|two|few|many|other)$/, "");
      for (const each of [key, bare]) {
        keys.add(each);
        keys.add(`${file.replace(/\.json$/, "")}:${each}`);
      }
    }
  return keys;
}

/** A raw key on a page: a dotted (or namespace:dotted) word that is a key of some locale file. */
export function rawKeys(text: string, keys: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const [token] of text.matchAll(/[A-Za-z][\w-]*(?::[\w-]+)?(?:\.[\w-]+)+/g)) if (keys.has(token!)) found.add(token!);
  return [...found];
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
/** The phrases of a locale text a page may show literally: the parts between placeholders and tags, of two words and 12 characters at least. */
function phrases(text: string): string[] {
  return text
    .split(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)|\{[a-z]+\}/i)
    .map((part) => squash(part).replace(/^[\s.,:;!?–-]+|[\s.,:;!?–-]+$/g, ""))
    .filter((part) => part.length >= 12 && part.includes(" "));
}

/** German and Austrian German are one page language here: their texts are not each other's foreign words. */
const family = (language: string) => (language === "at" ? "de" : language);

/**
 * A finder of other languages' texts on a page of `language`: the phrases of every other
 * language's locale texts that no text of the page's own language (or its family) contains.
 */
export function foreignPhraseFinder(language: string): (text: string) => string[] {
  const own = LOCALE_LANGUAGES.filter((each) => family(each) === family(language));
  const ownTexts = own.flatMap((each) => localeTexts(each).map((entry) => squash(entry.text)));
  const byStart = new Map<string, Set<string>>();
  for (const other of LOCALE_LANGUAGES) {
    if (own.includes(other)) continue;
    for (const { text } of localeTexts(other))
      for (const phrase of phrases(text)) {
        if (ownTexts.some((mine) => mine.includes(phrase))) continue;
        const start = phrase.split(" ", 2).join(" ");
        if (!byStart.has(start)) byStart.set(start, new Set());
        byStart.get(start)!.add(phrase);
      }
  }
  return (text: string) => {
    const page = squash(text);
    const found = new Set<string>();
    const words = page.split(" ");
    let index = 0;
    for (let i = 0; i < words.length - 1; i++) {
      for (const phrase of byStart.get(`${words[i]} ${words[i + 1]}`) ?? []) if (page.startsWith(phrase, index)) found.add(phrase);
      index += words[i]!.length + 1;
    }
    return [...found];
  };
}

/** Notes for the people who make the shop, and values that leaked from code, which no shopper should read. */
const INTERNAL: [RegExp, string][] = [
  [/\b(TODO|FIXME|XXX|TBD)\b/, "a to-do note"],
  [/\binternal\b/i, "an internal note"],
  [/\blorem ipsum\b/i, "placeholder text"],
  [/\((\S[^()]*)\)\s*\(\1\)/, "a unit said twice"],
  [/\bundefined\b/, "undefined"],
  [/\bNaN\b/, "NaN"],
  [/(^|[\s:(])null([\s.,)]|$)/, "null"],
  [/\[object Object\]/, "[object Object]"],
  [/\{\{[^}]*\}\}/, "an unfilled placeholder"],
];
export function internalNotes(text: string): string[] {
  return INTERNAL.flatMap(([pattern, what]) => {
    const match = pattern.exec(text);
    return match ? [`${what} ("${text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).trim()}")`] : [];
  });
}

const asSlug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-");
/**
 * A slug where a name belongs: a lower-case hyphenated word of the visible text that is the last
 * path segment of links on the page none of which it names, e.g. "chene-fils" beside a link to
 * /fabricants/chene-fils/ named "Chêne & Fils". A word that names a link of its own ("Brise-vue",
 * "Brise-vue 2 produits") is a word, not a slug.
 */
export function slugsAsNames(text: string, links: readonly { href: string; text: string }[]): string[] {
  const names = new Map<string, string[]>();
  for (const link of links) {
    const segment = link.href
      .split(/[?#]/)[0]!
      .replace(/\/$/, "")
      .split("/")
      .pop()!
      .replace(/\.html$/, "");
    if (segment.includes("-") && link.text.trim() !== "") names.set(segment, [...(names.get(segment) ?? []), link.text.trim()]);
  }
  const found = new Set<string>();
  for (const [word] of text.matchAll(/(?<![\w/.-])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w/.-])/g)) {
    const named = names.get(word!);
    if (named && !named.some((name) => asSlug(name).includes(word!))) found.add(`${word} (${named[0]})`);
  }
  return [...found];
}

/** A unit written after a number: what a measure's number is followed by. */
const UNIT = String.raw`(?:m²|m2|m³|mm|cm|m|km|kg|g|l|ml|Stk\.|pcs|pz\.)(?![\w²³])`;
/**
 * Measures written another way than the page's language writes them (domain/money.ts
 * formatQuantity): a decimal number before a unit whose decimal separator is not the
 * language's, e.g. "37.7 cm" on a German page or "2.2 m²" on a French one.
 */
export function foreignMeasures(text: string, language: string): string[] {
  const decimal = quantityDecimal(language);
  const found = new Set<string>();
  for (const match of text.matchAll(new RegExp(String.raw`(?<![\d.,’])(\d+)([.,])(\d{1,2})(?![\d.,’])\s?${UNIT}`, "g")))
    if (match[2] !== decimal) found.add(match[0]);
  return [...found];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * Amounts written against the shop's money format (domain/money.ts formatMoney), e.g. "10 €"
 * without cents, "12.50 €" on a German page: every amount beside the currency must be one
 * formatMoney writes.
 */
export function misformattedAmounts(text: string, currency: string, language: string): string[] {
  const format = moneyFormat(currency, language);
  const symbol = currency === "EUR" ? "€" : currency;
  const number = String.raw`\d{1,3}(?:${escape(format.group)}\d{3})*${escape(format.decimal)}\d{2}`;
  const space = String.raw`[\s\u00a0]?`;
  const written = new RegExp(format.pattern.startsWith("{c}") ? `^${escape(symbol)}${space}${number}$` : `^${number}${space}${escape(symbol)}$`);
  const candidates = format.pattern.startsWith("{c}")
    ? new RegExp(String.raw`${escape(symbol)}[\s\u00a0]?\d(?:[\d.,’'\u00a0]*\d)?`, "g")
    : new RegExp(String.raw`(?<![\w.,’])\d(?:[\d.,’'\u00a0]*\d)?[\s\u00a0]?${escape(symbol)}`, "g");
  const found = new Set<string>();
  for (const [candidate] of text.matchAll(candidates)) {
    const amount = candidate!.trim();
    if (!written.test(amount)) found.add(amount);
  }
  return [...found];
}

/** An amount in another shop's currency: "€" on a page of the Swiss shop, "CHF" on a euro shop's page. */
export function foreignCurrency(text: string, currency: string): string[] {
  const pattern = currency === "CHF" ? /€|\bEUR\b/g : /\bCHF\b/g;
  return [...new Set([...text.matchAll(pattern)].map((match) => text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30).trim()))];
}

/** An order value without currency: a number right before the words for order value, no currency before or after it ("ab 1200 Bestellwert", "à partir de 1200 de commande"). */
const ORDER_VALUE =
  /(?<![\w.,’]|(?:CHF|€)[\s\u00a0]?)(\d[\d.,’'\u00a0 ]*\d|\d)[\s\u00a0]+(Bestellwert|Warenwert|Einkaufswert|de commande|d[’']achats?|di ordine|d[’']ordine|di acquisto|order value|bestelwaarde)/g;
export function bareAmounts(text: string): string[] {
  return [...new Set([...text.matchAll(ORDER_VALUE)].map((match) => match[0]))];
}

/** The texts of a page's data that the page shows: string values, without those of fields that name rather than say (paths, codes, ids). */
const NOT_SHOWN =
  /^(sku|skus|ean|slug|path|paths|url|href|link|src|image|images|id|ids|code|codes|identifier|type|pageType|language|languages|currency|component(Chunk)?Name|matchPath|webpackCompilationHash|staticQueryHashes|hash|origin|prefix|domainPrefixes|categoryId|parentId|parentSku|manufacturerId|unit|value|updatedAt|createdAt|date|validFrom|validTo|kind|role|family|icon|logo|poster|sort|sorts|alternates|trail|hreflang)$/i;
export function pageDataTexts(data: unknown, key = ""): string[] {
  if (typeof data === "string") return NOT_SHOWN.test(key) || /^(\/|https?:|#)/.test(data) ? [] : [data];
  if (Array.isArray(data)) return data.flatMap((each) => pageDataTexts(each, key));
  if (data && typeof data === "object") return Object.entries(data).flatMap(([name, value]) => pageDataTexts(value, name));
  return [];
}
