import { readFileSync } from "node:fs";
import { join } from "node:path";
import { boardDistinction, planTexts, unitLabel } from "./texts";

const LANGUAGES = ["de", "at", "en", "fr", "it", "nl"];
const load = (language: string) =>
  JSON.parse(readFileSync(join(__dirname, "..", "..", "..", "..", "locales", language, "terrace-ui.json"), "utf8")) as Record<string, unknown>;

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function lookup(texts: Record<string, unknown>) {
  return (key: string) => (key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts) as string) ?? key;
}

test("every shop language has every planner text, none empty", () => {
  const reference = keys(load("de")).sort();
  for (const language of LANGUAGES) {
    const texts = load(language);
    expect(keys(texts).sort()).toEqual(reference);
    for (const key of reference) expect(lookup(texts)(key).trim()).not.toBe("");
  }
});

test("the plan rules speak the page's language; the step rule in English word for word", () => {
  expect(planTexts(lookup(load("en"))).areaEmpty).toBe("Please fill field room area to continue to the next step");
  const german = planTexts(lookup(load("de")));
  expect(german.sideTooLong).toBe("Eine Seite kann höchstens {max} m lang sein.");
  expect(unitLabel(lookup(load("de")), "SQM")).toBe("m²");
  expect(unitLabel(lookup(load("de")), "XYZ")).toBe("XYZ");
});

describe("boardDistinction: boards of the same name are told apart", () => {
  const german = lookup(load("de"));
  const t = (key: string, options: Record<string, unknown> = {}) => german(key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  const board = (sku: string, name: string, manufacturer: string | null) => ({ sku, name, manufacturer });
  const boards = [
    board("BH-100153", "Terrassendiele WPC steingrau 4000 mm", "Terra Deck"),
    board("BH-100163-1", "Terrassendiele WPC steingrau 4000 mm", "Holzwerk Nord"),
    board("BH-100164", "Terrassendiele WPC steingrau 4000 mm", null),
    board("BH-100089", "Terrassendiele Douglasie 3960 mm", "Terra Deck"),
  ];

  test("a shared name gets the manufacturer and the item number, which no two boards share", () => {
    const shown = boards.slice(0, 3).map((each) => boardDistinction(each, boards, t));
    expect(shown).toEqual(["Terra Deck, Art.-Nr. BH-100153", "Holzwerk Nord, Art.-Nr. BH-100163-1", "Art.-Nr. BH-100164"]);
    expect(new Set(shown).size).toBe(3);
  });

  test("a name of its own gets nothing more", () => {
    expect(boardDistinction(boards[3]!, boards, t)).toBe("");
    expect(boardDistinction(boards[0]!, [boards[0]!], t)).toBe("");
  });
});
