/**
 * The planner's words (locales/<lang>/terrace-ui.json): the plan rules' messages for the shared
 * schema (domain/terrace/plan.ts terracePlanSchema) in the page's language, and sales unit labels.
 */
import type { TerraceTexts } from "@domain/terrace/plan";

type T = (key: string, options?: Record<string, unknown>) => string;

const KEYS: (keyof TerraceTexts)[] = [
  "required",
  "number",
  "tooFewPoints",
  "tooManyPoints",
  "tooManyCutouts",
  "coordinateRange",
  "sideTooLong",
  "areaTooLarge",
  "areaEmpty",
  "selfIntersecting",
  "direction",
  "houseWallEdge",
  "reference",
];

export function planTexts(t: T): TerraceTexts {
  return Object.fromEntries(KEYS.map((key) => [key, t(`plan.${key}`)])) as unknown as TerraceTexts;
}

/** A sales unit's label (m², m, Stk.); the code itself when the locale has none. */
export function unitLabel(t: T, code: string): string {
  const label = t(`units.${code}`);
  return label === `units.${code}` || label === "" ? code : label;
}

/**
 * What tells a board from the others of the same name (the catalogue may sell two "WPC decking
 * board stone grey 4000 mm"): its manufacturer, and its item number, which no two boards share.
 * Empty for a board whose name is its own.
 */
export function boardDistinction(board: { sku: string; name: string; manufacturer: string | null }, boards: readonly { name: string }[], t: T): string {
  if (boards.filter((other) => other.name === board.name).length < 2) return "";
  return [board.manufacturer, t("choose.itemNumber", { sku: board.sku })].filter(Boolean).join(", ");
}
