import type { ShopTexts } from "./page-data";

/**
 * Head components render outside the i18next provider, so they read the shop language's
 * texts directly. `key` is `section.key` of a translation file, searched in the
 * namespaces' order.
 */
export function headTranslate(locales: ShopTexts, key: string): string {
  const [section, name] = key.split(".") as [string, string];
  for (const namespace of locales.namespaces) {
    const value = (locales.resources[namespace] as Record<string, Record<string, unknown>> | undefined)?.[section]?.[name];
    if (typeof value === "string" && value) return value;
  }
  return key;
}
