import { labelIn } from "./catalogue-label";

describe("labelIn: a catalogue label in the page's language", () => {
  const variant = { de: "Ausführung", fr: "Version", it: "Versione", en: "Version", nl: "Uitvoering" };

  test("a per-language label is shown in the page's language", () => {
    expect(labelIn(variant, "fr")).toBe("Version");
    expect(labelIn(variant, "it")).toBe("Versione");
    expect(labelIn(variant, "de")).toBe("Ausführung");
  });

  test("Austrian German and a language without a text fall back to German, then to any language", () => {
    expect(labelIn(variant, "at")).toBe("Ausführung");
    expect(labelIn({ de: "Farbe" }, "fr")).toBe("Farbe");
    expect(labelIn({ fr: "Couleur" }, "it")).toBe("Couleur");
  });

  test("one text is the same in every language", () => {
    expect(labelIn("15 mm", "fr")).toBe("15 mm");
  });

  test("bad data reads as no label rather than breaking the page", () => {
    expect(labelIn(undefined, "de")).toBe("");
    expect(labelIn(null, "de")).toBe("");
    expect(labelIn({}, "de")).toBe("");
    expect(labelIn({ fr: "  ", de: "Farbe" }, "fr")).toBe("Farbe");
    expect(labelIn({ fr: 3 } as unknown as Record<string, string>, "fr")).toBe("");
  });
});
