import { schemeFor, type Environment, type ShopDirectory } from "../config/shop-config";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The no-shop-found page: links to every shop's preferred host of the environment (from config only). */
export function noShopPage(directory: ShopDirectory, environment: Environment): string {
  const scheme = schemeFor(directory.config, environment);
  const items = directory.config.shops
    .map((shop) => {
      const host = shop.hosts[environment][0] ?? shop.hosts.production[0]!;
      const prefix = shop.domainPrefixes.length > 0 ? `/${shop.defaultLanguage}/` : "/";
      return `<li><a href="${scheme}://${escapeHtml(host)}${prefix}">${escapeHtml(shop.name)}</a> <small>(${escapeHtml(shop.id)}, ${escapeHtml(shop.currency)})</small></li>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Shop nicht gefunden / Shop not found</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}a{color:#7a4a12}</style></head>
<body><main><h1>Shop nicht gefunden / Shop not found</h1>
<p>Für diese Adresse gibt es keinen Shop. Bitte wählen Sie Ihr Land. / There is no shop at this address. Please choose your country.</p>
<ul>
${items}
</ul></main></body></html>`;
}
