import type { EdgeSettings, Language, ShopDefinition } from "@config/shop-config";
import { DAY_SECONDS, readCookie, serializeCookie } from "./cookies";

/**
 * The locale choice when the path does not decide: the stored locale cookie,
 * then the browser's languages (Accept-Language with q-values), then the fallback.
 * Bots are never moved by their browser languages.
 */

export const LOCALE_MAX_AGE_SECONDS = 365 * DAY_SECONDS;
export const BOT_PATTERN = /bot|googlebot|crawler|spider|robot|crawling/i;

export function isBot(userAgent: string | null): boolean {
  return userAgent !== null && BOT_PATTERN.test(userAgent);
}

/** Language ranges of an Accept-Language header, best first (q=0 dropped, ties keep their order). */
export function parseAcceptLanguage(header: string | null): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; index: number }[] = [];
  header.split(",").forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(";");
    const tag = (rawTag ?? "").trim().toLowerCase();
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/.test(tag)) return;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](\.\d{0,3})?)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (q > 0) ranges.push({ tag, q, index });
  });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map((range) => range.tag);
}

/** The first browser language whose primary subtag is one of `available` (`fr-CH` -> fr). */
export function browserLanguage(header: string | null, available: readonly Language[]): Language | undefined {
  for (const tag of parseAcceptLanguage(header)) {
    const primary = tag.split("-")[0] as Language;
    if (available.includes(primary)) return primary;
  }
  return undefined;
}

export type LocaleSource = "cookie" | "browser" | "fallback";

export function chooseLocale(
  request: Request,
  available: readonly Language[],
  settings: EdgeSettings,
  fallback: Language,
): { language: Language; source: LocaleSource } {
  const stored = readCookie(request, settings.localeCookie) as Language | undefined;
  if (stored && available.includes(stored)) return { language: stored, source: "cookie" };
  if (!isBot(request.headers.get("user-agent"))) {
    const browser = browserLanguage(request.headers.get("accept-language"), available);
    if (browser) return { language: browser, source: "browser" };
  }
  return { language: fallback, source: "fallback" };
}

/** The fallback language of a shop with prefixes: the config's fallback when the shop has it, else the shop's default. */
export function shopFallback(shop: ShopDefinition, fallbackLanguage: Language): Language {
  return shop.domainPrefixes.includes(fallbackLanguage) ? fallbackLanguage : shop.defaultLanguage;
}

/** Set-Cookie storing the chosen language for 365 days (host-only; Secure over https). */
export function localeSetCookie(settings: EdgeSettings, language: Language, https: boolean): string {
  return serializeCookie(settings.localeCookie, language, { maxAgeSeconds: LOCALE_MAX_AGE_SECONDS, secure: https, httpOnly: true, sameSite: "Lax" });
}
