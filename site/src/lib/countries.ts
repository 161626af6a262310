import { htmlLanguage } from "@domain/routes";

/** A shop's delivery countries: its own (the first) first, the others by name in the page's language. */
export function sortedCountries<T extends { name: string }>(countries: readonly T[], language: string): T[] {
  const [home, ...others] = countries;
  const collator = new Intl.Collator(htmlLanguage(language));
  return home ? [home, ...others.sort((a, b) => collator.compare(a.name, b.name))] : [];
}
