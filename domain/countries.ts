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
