/**
 * A label of the catalogue that a shopper reads (a configurable attribute's name, its
 * options' names): one text for every language, or one per language
 * (`{ "de": "Ausführung", "fr": "Version" }`). Shown in the page's language; without a
 * text in it, Austrian German falls back to German, every language then to German and
 * last to any language the catalogue gives.
 */
export type CatalogueLabel = string | Readonly<Partial<Record<string, string>>>;

export function labelIn(label: CatalogueLabel | null | undefined, language: string): string {
  if (label == null) return "";
  if (typeof label === "string") return label;
  const text = (code: string) => (typeof label[code] === "string" && label[code]!.trim() !== "" ? label[code]! : undefined);
  return (
    text(language) ??
    text("de") ??
    Object.keys(label)
      .map(text)
      .find((each) => each !== undefined) ??
    ""
  );
}
