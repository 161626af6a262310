import { htmlLanguage } from "./routes";

/** A country's name in the language (Intl's region names), or its code when the runtime has none. */
export function countryName(code: string, language: string): string {
  try {
    const names = new Intl.DisplayNames([htmlLanguage(language)], { type: "region" });
    return names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return code.toUpperCase();
  }
}
