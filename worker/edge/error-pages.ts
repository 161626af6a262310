import type { Language } from "@config/shop-config";
import { textsFor } from "../lib/texts";
import type { EdgeContext } from "./context";
import { escapeHtml } from "../lib/escape-html";
import type { ErrorStatus } from "./page-error";
import { siteStore, type SiteStore } from "./site-store";

/**
 * Error screens 400 (a malformed request address), 404, 503 and a generic 500, chosen by status, each
 * with a footer, in the shop's language. The build's own page is used when it has
 * one (`/<SHOP>/<lang>/<status>.html`, then `/<SHOP>/<status>.html` for the shop's
 * default language); otherwise the worker renders a small page with the texts of
 * locales/<lang>/errors.json. Nothing from the error itself (message, stack) ever
 * reaches the body.
 */

export interface ErrorPageShop {
  name: string;
  /** `/fr` on a shop with prefixes, "" otherwise. */
  prefix: string;
}

/** The worker's own error page: message, links home and to contact in the footer. */
export function renderErrorPage(status: ErrorStatus, language: Language, shop: ErrorPageShop | null): string {
  const t = textsFor(language, "errors");
  const message = t(status === 400 ? "page.badRequest" : status === 404 ? "page.notFound" : status === 503 ? "page.unavailable" : "page.general");
  const htmlLang = language === "at" ? "de-AT" : language;
  const home = escapeHtml(t("page.home"));
  const footer = shop
    ? `<footer><p>${escapeHtml(shop.name)}</p><nav><a href="${shop.prefix}/">${home}</a> · <a href="${shop.prefix}/${escapeHtml(t("page.contactPath"))}">${escapeHtml(t("page.contact"))}</a></nav></footer>`
    : `<footer><nav><a href="/">${home}</a></nav></footer>`;
  return `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${status} | ${escapeHtml(shop?.name ?? message)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}footer{margin-top:3rem;border-top:1px solid #ccc;padding-top:1rem}a{color:#7a4a12}</style></head>
<body><main><h1>${escapeHtml(message)}</h1><p>${status}</p></main>
${footer}
</body></html>`;
}

/** The page when showing the error page failed: English, plain, without shop or build. */
export function lastResortPage(): string {
  const t = textsFor("en", "errors");
  return `<!doctype html><title>${escapeHtml(t("pageFailed.title"))}</title><h1>${escapeHtml(t("pageFailed.heading"))}</h1><p><a href="/">${escapeHtml(t("page.home"))}</a></p>`;
}

/** The error page for this request's shop and language, as a response with the given status. */
export async function errorPageResponse(c: EdgeContext, status: ErrorStatus): Promise<Response> {
  const site = c.get("site");
  const language: Language = c.get("language") ?? (site?.kind === "shop" ? site.shop.defaultLanguage : "de");
  const headers = {
    "content-type": "text/html; charset=utf-8",
    "cache-control": status === 404 ? "public, max-age=60" : "no-store",
  };
  const head = c.req.method === "HEAD";
  c.set("buildPage", undefined);
  let store: SiteStore | null = null;
  try {
    store = site?.kind === "shop" ? siteStore(c, site.shop) : null;
  } catch {
    store = null;
  }
  if (site?.kind === "shop" && store) {
    const shop = site.shop;
    const candidates = shop.domainPrefixes.includes(language) ? [`/${language}/${status}.html`] : [];
    if (language === shop.defaultLanguage || !shop.domainPrefixes.includes(language)) candidates.push(`/${status}.html`);
    for (const file of candidates) {
      try {
        const page = await store.file(shop.id, file, new Request("https://assets.internal/"));
        if (page && page.ok) {
          c.set("buildPage", { shopId: shop.id, file });
          return new Response(head ? null : page.body, { status, headers });
        }
      } catch {
        // the worker's own page below
      }
    }
  }
  const shopInfo = site?.kind === "shop" ? { name: site.shop.name, prefix: site.shop.domainPrefixes.includes(language) ? `/${language}` : "" } : null;
  return new Response(head ? null : renderErrorPage(status, language, shopInfo), { status, headers });
}

/**
 * The answer to a request whose address is malformed (request-host.ts): 400, in the fallback language as no
 * shop is known; the envelope for an API path, the worker's own error page otherwise.
 */
export function badRequest(c: EdgeContext, api: boolean): Response {
  const language = c.get("language");
  const headers = { "cache-control": "no-store" };
  if (api) return Response.json({ status: 400, data: null, errors: [{ message: textsFor(language, "errors")("page.badRequest") }] }, { status: 400, headers });
  const body = c.req.method === "HEAD" ? null : renderErrorPage(400, language, null);
  return new Response(body, { status: 400, headers: { ...headers, "content-type": "text/html; charset=utf-8" } });
}
