/**
 * The console's texts: every language has every key of the English file, no empty text,
 * the same placeholders; the language chosen from the switch or the browser.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chooseLanguage, CONSOLE_LANGUAGES, t } from "./texts";

const LOCALES = join(__dirname, "..", "..", "locales");
const read = (language: string): Record<string, string> => JSON.parse(readFileSync(join(LOCALES, language, "console.json"), "utf8")) as Record<string, string>;
const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

const english = read("en");

describe("the console's texts", () => {
  it("are offered in every language that has a console file, and only those", () => {
    const withFile = readdirSync(LOCALES).filter((language) => {
      try {
        return readFileSync(join(LOCALES, language, "console.json")).length > 0;
      } catch {
        return false;
      }
    });
    expect([...CONSOLE_LANGUAGES].sort()).toEqual(withFile.sort());
  });

  it.each(CONSOLE_LANGUAGES.filter((language) => language !== "en"))("%s has every key, each with text and the English placeholders", (language) => {
    const texts = read(language);
    expect(Object.keys(texts).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect({ key, empty: text.trim() === "" }).toEqual({ key, empty: false });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english[key]!) });
    }
  });

  it("names each language in itself, a different name each", () => {
    const names = CONSOLE_LANGUAGES.map((language) => t("languageName", {}, language));
    expect(new Set(names).size).toBe(CONSOLE_LANGUAGES.length);
  });

  it("fills placeholders in the language asked for and leaves unknown ones as they are", () => {
    expect(t("orders.detailTitle", { number: "DE-100010" }, "de")).toBe("Bestellung DE-100010");
    expect(t("orders.detailTitle", {}, "fr")).toBe("Commande {number}");
    expect(t("welcome", { name: "{name}" }, "en")).toBe("Welcome, {name}. Choose a screen on the left.");
  });
});

describe("choosing the language", () => {
  it.each<[string | null, string[], string]>([
    [null, ["de-DE", "en"], "de"],
    [null, ["de-AT"], "de"],
    [null, ["fr-CH", "de"], "fr"],
    [null, ["it"], "it"],
    [null, ["nl-NL", "pl", "it-IT"], "it"],
    [null, ["pl-PL"], "en"],
    [null, [], "en"],
    [null, ["DE-de"], "de"],
    ["fr", ["de-DE"], "fr"],
    ["en", ["de-DE"], "en"],
    ["xx", ["it-IT"], "it"],
    ["<script>", [], "en"],
    ["", ["de"], "de"],
  ])("chosen %p with the browser's %p reads %s", (chosen, browser, expected) => {
    expect(chooseLanguage(chosen, browser)).toBe(expected);
  });
});
