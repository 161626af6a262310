import { homePath } from "@domain/routes";
import { schemeFor, type Environment, type ShopDirectory } from "@config/shop-config";
import { text } from "../lib/texts";
import { escapeHtml } from "../lib/escape-html";

/** The host names no shop, so the page speaks German and English side by side. */
const PAGE_LANGUAGES = ["de", "en"] as const;

/** The page's texts in both languages, joined with ` / `, escaped. */
const bilingual = (key: string) => escapeHtml(PAGE_LANGUAGES.map((language) => text(language, "errors", key)).join(" / "));

/** The no-shop-found page: links to every shop's preferred host of the environment (from config only). */
export function noShopPage(directory: ShopDirectory, environment: Environment): string {
  const scheme = schemeFor(directory.config, environment);
  const items = directory.config.shops
    .map((shop) => {
      const host = shop.hosts[environment][0] ?? shop.hosts.production[0]!;
      return `<li><a href="${scheme}://${escapeHtml(host)}${homePath(shop, shop.defaultLanguage)}">${escapeHtml(shop.name)}</a> <small>(${escapeHtml(shop.id)}, ${escapeHtml(shop.currency)})</small></li>`;
    })
    .join("\n");
  const title = bilingual("noShop.title");
  return `<!doctype html>
<html lang="${PAGE_LANGUAGES[0]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{color:#7a4a12}</style></head>
<body><main><h1>${title}</h1>
<p>${bilingual("noShop.text")}</p>
<ul>
${items}
</ul></main></body></html>`;
}
