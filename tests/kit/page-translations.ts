/**
 * A page's translations for component tests: `useTranslation` as gatsby-plugin-react-i18next
 * gives it to the pages, with the project's own locale files of one language and the pages'
 * i18n runtime (site/src/i18n), so a test reads the words a visitor reads. Use it from a
 * `jest.mock("gatsby-plugin-react-i18next", ...)` factory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "@site/i18n/i18next";

const LOCALES = join(__dirname, "..", "..", "locales");

export function pageTranslations(language = "en") {
  const namespaces = readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.replace(/\.json$/, ""));
  const resources = {
    [language]: Object.fromEntries(
      namespaces.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, language, `${ns}.json`), "utf8")) as Record<string, unknown>]),
    ),
  };
  const i18n = createInstance();
  i18n.init({ resources, lng: language, fallbackLng: "de", keySeparator: ".", nsSeparator: false, interpolation: { escapeValue: false } });
  const fixed = new Map<string, ReturnType<typeof i18n.getFixedT>>();
  const tFor = (namespace?: string) => {
    const key = namespace ?? "";
    if (!fixed.has(key)) fixed.set(key, i18n.getFixedT(null, namespace ?? null));
    return fixed.get(key)!;
  };
  return { useTranslation: (namespace?: string) => ({ t: tFor(namespace), i18n }) };
}
