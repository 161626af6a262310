import { expect, test } from "@playwright/test";
import { existsSync } from "node:fs";
import { testHost } from "./support/site";
import { SHOPS, alternatesOf, builtPages, builtRoot, decode, get, testLocation, visibleText } from "./support/crawl";
import {
  bareAmounts,
  foreignCurrency,
  foreignMeasures,
  foreignPhraseFinder,
  internalNotes,
  localeKeys,
  misformattedAmounts,
  pageDataTexts,
  rawKeys,
  slugsAsNames,
} from "./support/shipped-texts";

/**
 * Every shipped text of every built page of the e2e shops (DE, CH in German, French and
 * Italian, FR, NL in Dutch), in the HTML and in the page data the page renders after hydration: no raw
 * key of any locale file, no text of another language, no internal note or leaked value, no
 * slug where a name belongs, measures written as the page's language writes numbers, every
 * amount beside the shop's currency and written as domain/money.ts writes it, no other shop's
 * currency; and the catalogue's labels (the configuration's) in the page's language.
 */
const CRAWLED = [...SHOPS, { id: "NL", host: testHost("NL"), currency: "EUR" }];
const KEYS = localeKeys();
const finders = new Map<string, (text: string) => string[]>();
const foreignPhrases = (language: string) => {
  if (!finders.has(language)) finders.set(language, foreignPhraseFinder(language));
  return finders.get(language)!;
};

/** Where Gatsby keeps a page's data: /page-data/<path>/page-data.json, "index" for the root. */
const pageDataPath = (path: string) => `/page-data/${path.replace(/^\//, "").replace(/\/$/, "") || "index"}/page-data.json`;

/** The configuration's legend and option labels, as the product page renders them. */
function configurationLabels(html: string): string[] {
  const fieldset = /<fieldset[^>]*data-testid="configuration"[^>]*>([\s\S]*?)<\/fieldset>/.exec(html)?.[1];
  if (!fieldset) return [];
  return [...fieldset.matchAll(/<(?:legend|span)[^>]*>([^<]+)</g)].map((match) => decode(match[1]!).trim());
}

for (const shop of CRAWLED) {
  test(`every shipped text of ${shop.id} is in its page's language and format`, async () => {
    test.setTimeout(600_000);
    expect(existsSync(builtRoot(shop.id)), `${shop.id} is built`).toBe(true);
    const pages = builtPages(shop.id);
    expect(pages.length).toBeGreaterThan(20);
    const problems: string[] = [];
    let configured = 0;
    for (const path of pages) {
      const page = await get(shop.host, path);
      if (page.status !== 200) {
        problems.push(`${path}: status ${page.status}`);
        continue;
      }
      const html = page.body;
      const language = (/<html[^>]*lang="([^"]+)"/.exec(html)?.[1] ?? "").slice(0, 2);
      const links = [...html.matchAll(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({
        href: decode(match[1]!),
        text: visibleText(`<body>${match[2]!}`).trim(),
      }));
      const data = await get(shop.host, pageDataPath(path));
      const texts: [string, string][] = [["page", visibleText(html)]];
      if (data.status === 200) texts.push(["page data", pageDataTexts((JSON.parse(data.body) as { result?: unknown }).result).join("\n")]);
      for (const [where, text] of texts) {
        const say = (what: string) => (found: string) => problems.push(`${path} (${where}, ${language}): ${what} ${found}`);
        rawKeys(text, KEYS).forEach(say("raw key"));
        foreignPhrases(language)(text).forEach(say("another language's text"));
        internalNotes(text).forEach(say("internal:"));
        foreignMeasures(text, language).forEach(say("measure not in the page language's format:"));
        misformattedAmounts(text, shop.currency, language).forEach(say(`amount not written as ${shop.currency} in ${language}:`));
        foreignCurrency(text, shop.currency).forEach(say("another shop's currency:"));
        bareAmounts(text).forEach(say("amount without currency:"));
      }
      slugsAsNames(visibleText(html), links).forEach((slug) => problems.push(`${path}: slug where a name belongs: ${slug}`));

      // The configuration's labels come from the catalogue: on a page not in German, its legend is not the German
      // page's, nor are all its options (one option may be the same word in both languages, "Beige").
      const labels = configurationLabels(html);
      const german = [...alternatesOf(html)].filter(([hreflang]) => hreflang.startsWith("de")).flatMap(([, href]) => testLocation(href) ?? [])[0];
      if (labels.length > 0 && language !== "de" && german) {
        const other = await get(german.host, german.path);
        const [legend, ...options] = other.status === 200 ? configurationLabels(other.body) : [];
        configured += 1;
        if (labels[0] === legend) problems.push(`${path}: configuration legend in German: ${legend}`);
        const worded = labels.slice(1).filter((label) => /\p{L}{3}/u.test(label));
        if (worded.length > 0 && worded.every((label) => options.includes(label)))
          problems.push(`${path}: configuration options in German: ${worded.join(", ")}`);
      }
    }
    if (shop.id !== "DE") expect(configured, "product pages with a configuration were compared with their German page").toBeGreaterThan(0);
    expect(problems, problems.slice(0, 60).join("\n")).toEqual([]);
  });
}
