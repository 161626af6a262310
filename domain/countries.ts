import { htmlLanguage } from "./routes";

/** Intl's region names per language, made once: a list of 30 delivery countries asks 30 times. */
const regionNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(language: string): Intl.DisplayNames | null {
  const tag = htmlLanguage(language);
  if (!regionNames.has(tag)) {
    try {
      regionNames.set(tag, new Intl.DisplayNames([tag], { type: "region" }));
    } catch {
      regionNames.set(tag, null);
    }
  }
  return regionNames.get(tag) ?? null;
}

/** A country's name in the language (Intl's region names), or its code when the runtime has none. */
export function countryName(code: string, language: string): string {
  try {
    return namesIn(language)?.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}

/** A country as a chooser lists it: its code and its name in the page's language. */
export interface CountryOption {
  code: string;
  name: string;
}

/** A shop's delivery countries: its own (the first) first, the others by name in the page's language. */
export function sortedCountries<T extends { name: string }>(countries: readonly T[], language: string): T[] {
  const [home, ...others] = countries;
  const collator = new Intl.Collator(htmlLanguage(language));
  return home ? [home, ...others.sort((a, b) => collator.compare(a.name, b.name))] : [];
}

/**
 * The delivery countries named in the language and sorted (the shop's own first): what the header's chooser lists. The
 * build puts them into each language's shop data file, so a browser never loads Intl's region names for the header (a
 * new Intl.DisplayNames took Chromium 25-30 ms of main thread on every page load on a desktop machine).
 */
export function countryOptions(codes: readonly string[], language: string): CountryOption[] {
  return sortedCountries(
    codes.map((code) => ({ code, name: countryName(code, language) })),
    language,
  );
}
