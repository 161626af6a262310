/**
 * locales/<lang>/server.json: the texts the shop API and GraphQL answer with. Every
 * language has every key German has, with the same {{placeholders}}, so no answer
 * silently falls back to German or to a key.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const LOCALES = join(__dirname, "..", "..", "locales");

type Tree = { [key: string]: string | Tree };

function entries(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : entries(value, path);
  });
}

const placeholders = (template: string) => [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const read = (language: string): Map<string, string> => new Map(entries(JSON.parse(readFileSync(join(LOCALES, language, "server.json"), "utf8")) as Tree));

const german = read("de");
const others = readdirSync(LOCALES).filter((language) => language !== "de");

test("the six shop languages have server texts", () => {
  expect([...others].sort()).toEqual(["at", "en", "fr", "it", "nl"]);
  expect(german.size).toBeGreaterThan(0);
});

test.each(others)("%s has every key of German, with its placeholders, and no other", (language) => {
  const texts = read(language);
  for (const [key, template] of german) {
    expect(texts.has(key) ? key : `missing: ${key}`).toBe(key);
    expect(texts.get(key)!.trim()).not.toBe("");
    expect([key, placeholders(texts.get(key)!)]).toEqual([key, placeholders(template)]);
  }
  expect([...texts.keys()].filter((key) => !german.has(key))).toEqual([]);
});
