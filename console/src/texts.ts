/** The console's texts (English only for staff): locales/en/console.json, bundled at build time. */
import texts from "../../locales/en/console.json";

export type TextKey = keyof typeof texts;

/** The text of the key with `{name}` placeholders filled in. */
export function t(key: TextKey, params: Record<string, string | number> = {}): string {
  return texts[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
