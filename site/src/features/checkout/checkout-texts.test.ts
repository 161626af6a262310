import at from "@locales/at/checkout.json";
import de from "@locales/de/checkout.json";
import en from "@locales/en/checkout.json";
import fr from "@locales/fr/checkout.json";
import it from "@locales/it/checkout.json";
import nl from "@locales/nl/checkout.json";
import { DELIVERY_MODES, LINE_PROBLEMS, MODE_REASONS } from "@domain/checkout";

const LANGUAGES = { at, de, en, fr, it, nl };

/** Every key of a translation file with its text, `a.b.c`. */
function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value as Record<string, unknown>).map(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key)));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

test("every language has every cart text, with the same placeholders", () => {
  const reference = flatten(de);
  for (const [language, texts] of Object.entries(LANGUAGES)) {
    const flat = flatten(texts);
    expect([language, Object.keys(flat).sort()]).toEqual([language, Object.keys(reference).sort()]);
    for (const [key, text] of Object.entries(flat)) {
      expect([language, key, text.trim().length > 0]).toEqual([language, key, true]);
      expect([language, key, placeholders(text)]).toEqual([language, key, placeholders(reference[key]!)]);
    }
  }
});

test("every code the quote and the line changes can answer has its words", () => {
  const keys = Object.keys(flatten(de));
  const needed = [
    ...LINE_PROBLEMS.map((code) => `cart.problems.${code}`),
    "cart.problems.not_found",
    "cart.problems.sample_quantity",
    ...MODE_REASONS.map((reason) => `cart.reasons.${reason}`),
    ...DELIVERY_MODES.map((mode) => `cart.modes.${mode}`),
    ...["cart_empty", "not_deliverable", "too_many_lines", "desired_date_required", "desired_date_too_early", "desired_date_too_late", "lines"].map(
      (code) => `cart.blocked.${code}`,
    ),
    ...["abroad", "island", "decking"].map((reason) => `cart.shipping.notFree.${reason}`),
    ...["offshore", "express"].map((type) => `cart.shipping.surcharges.${type}`),
    ...["parcel", "freight"].map((group) => `cart.shipping.groups.${group}`),
  ];
  for (const key of needed) expect([key, keys.includes(key)]).toEqual([key, true]);
});

test("Austrian German says Kassa", () => {
  expect(at.cart.checkout).toBe("Zur Kassa");
  expect(de.cart.checkout).toBe("Zur Kasse");
});
