import type { LocaleEdges } from "./page-data";

/**
 * Head components render outside the i18next provider, so they read the page's
 * locale data directly. `key` is `namespace.key` of the translation file.
 */
export function headTranslate(locales: LocaleEdges, key: string): string {
  const [section, name] = key.split(".") as [string, string];
  for (const { node } of locales.edges) {
    const value = (JSON.parse(node.data) as Record<string, Record<string, string>>)[section]?.[name];
    if (value) return value;
  }
  return key;
}
