import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES } from "@config/shop-config";

/** The edge's error, no-shop and developer-mode texts: locales/<lang>/errors.json. */
const LOCALES = join(__dirname, "../../locales");

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [inner, text] of leaves(value, path)) out.set(inner, text);
  }
  return out;
}

const read = (language: string) => leaves(JSON.parse(readFileSync(join(LOCALES, language, "errors.json"), "utf8")) as Tree);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const german = read("de");
const others = LANGUAGES.filter((language) => language !== "de");

describe("errors.json in every shop language", () => {
  test.each(others)("%s has every key of de, and no other", (language) => {
    const texts = read(language);
    expect([...texts.keys()].sort()).toEqual([...german.keys()].sort());
  });

  test.each(others)("%s: every text is filled and has the placeholders of de", (language) => {
    const texts = read(language);
    for (const [key, template] of german) {
      const translated = texts.get(key) ?? "";
      expect({ key, filled: translated.trim().length > 0 }).toEqual({ key, filled: true });
      expect({ key, placeholders: placeholders(translated) }).toEqual({ key, placeholders: placeholders(template) });
    }
  });
});
