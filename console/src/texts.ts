/**
 * The console's texts in the staff member's language (locales/<language>/console.json,
 * bundled at build time). The language is the one chosen with the switch (kept in the
 * browser), else the first of the browser's languages the console has (`de-AT` reads
 * German), else English. It is fixed when the console loads: the switch stores the choice
 * and loads the page again, so every text, date and number changes together.
 */
import de from "@locales/de/console.json";
import en from "@locales/en/console.json";
import fr from "@locales/fr/console.json";
import it from "@locales/it/console.json";

export type TextKey = keyof typeof en;

/** Every language has every key: the type check refuses a file that lacks one. */
const TEXTS: Record<ConsoleLanguage, Record<TextKey, string>> = { en, de, fr, it };

export const CONSOLE_LANGUAGES = ["en", "de", "fr", "it"] as const;
export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number];

/** The locale dates and numbers are written in. */
export const INTL_LOCALES: Record<ConsoleLanguage, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR", it: "it-IT" };

const STORAGE_KEY = "bh-console-language";

const isConsoleLanguage = (value: string): value is ConsoleLanguage => (CONSOLE_LANGUAGES as readonly string[]).includes(value);

/** The chosen language when it is one of the console's, else the first browser language it has (by its primary tag), else English. */
export function chooseLanguage(chosen: string | null, browser: readonly string[]): ConsoleLanguage {
  if (chosen !== null && isConsoleLanguage(chosen)) return chosen;
  for (const tag of browser) {
    const primary = tag.split("-")[0]!.toLowerCase();
    if (isConsoleLanguage(primary)) return primary;
  }
  return "en";
}

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language of this page (English outside a browser: the console's build). */
export const language: ConsoleLanguage = typeof window === "undefined" ? "en" : chooseLanguage(storedChoice(), window.navigator.languages ?? []);

/** Keeps the staff member's choice in this browser and loads the page again in it. */
export function switchLanguage(chosen: ConsoleLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, chosen);
  } catch {
    return;
  }
  window.location.reload();
}

/** The text of the key in `lang` (the page's language unless given) with `{name}` placeholders filled in. */
export function t(key: TextKey, params: Record<string, string | number> = {}, lang: ConsoleLanguage = language): string {
  return TEXTS[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
