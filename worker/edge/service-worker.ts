import type { MiddlewareHandler } from "hono";
import type { Language, ShopDefinition } from "@config/shop-config";
import { escapeHtml } from "../lib/escape-html";
import { textsFor } from "../lib/texts";
import { HASHED_BUNDLE } from "./cache-policy";
import type { EdgeEnv } from "./context";

/**
 * The service worker at /sw.js (docs/decisions/0051), written by the edge per
 * shop from the config, not by the build, so the kill switch ships without a build:
 *
 * - `enabled`: network first for pages (every navigation asks the network past the browser's
 *   HTTP cache, and the worker never answers a page from a cache: a page is never older than
 *   the current deploy), cache first for the content-hashed bundles and /static/
 *   files (their names change with their content), and when the network is gone the offline
 *   page in the language of the path (the shop's language prefix, else its default language),
 *   carried in the script itself, so it needs no request. Everything else (page-data, the API,
 *   third parties) goes past the worker as if there were none.
 * - `kill-switch`: a worker that replaces the old one at the same path, deletes the shop's
 *   caches, unregisters itself and reloads its pages without a worker.
 *
 * /sw.js is revalidated on every update check (no-cache) and served with the site's CSP
 * (security-headers.ts; the CSP of a worker script governs the worker).
 */
export const SERVICE_WORKER_PATH = "/sw.js";
/** Caches the worker owns start with this; the kill switch deletes exactly those. */
export const CACHE_PREFIX = "bh-";
export const ASSET_CACHE = `${CACHE_PREFIX}assets-v1`;
/** Hashed files kept at most; the oldest go first. */
export const MAX_CACHED_ASSETS = 120;

const LANGUAGE_TAGS: Record<Language, string> = { de: "de", at: "de-AT", en: "en", fr: "fr", it: "it", nl: "nl" };

/** The offline page in one language: no script, inline style only, a link to try the address again. */
export function offlinePage(shopName: string, language: Language): string {
  const t = textsFor(language, "errors");
  return `<!doctype html><html lang="${LANGUAGE_TAGS[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t("offline.title"))} | ${escapeHtml(shopName)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1d2327}a{color:#7a4a12}</style></head>
<body><main data-offline-page><h1>${escapeHtml(t("offline.title"))}</h1><p>${escapeHtml(t("offline.text"))}</p><p><a href="">${escapeHtml(t("offline.retry"))}</a></p></main>
<footer><p>${escapeHtml(shopName)}</p></footer></body></html>`;
}

/** The offline pages of a shop by path prefix ("" for the shop's default language). */
function offlinePages(shop: ShopDefinition): Record<string, string> {
  const pages: Record<string, string> = { "": offlinePage(shop.name, shop.defaultLanguage) };
  for (const language of shop.domainPrefixes) pages[`/${language}`] = offlinePage(shop.name, language);
  return pages;
}

const OFFLINE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
};

/** The caching worker of a shop. */
export function cachingWorkerScript(shop: ShopDefinition): string {
  return `"use strict";
// ${shop.id}: network first for pages, cache first for hashed files, an offline page (docs/decisions/0051).
const ASSET_CACHE = ${JSON.stringify(ASSET_CACHE)};
const CACHE_PREFIX = ${JSON.stringify(CACHE_PREFIX)};
const MAX_CACHED_ASSETS = ${MAX_CACHED_ASSETS};
const HASHED = new RegExp(${JSON.stringify(HASHED_BUNDLE.source)});
const OFFLINE_PAGES = ${JSON.stringify(offlinePages(shop))};
const OFFLINE_HEADERS = ${JSON.stringify(OFFLINE_HEADERS)};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== ASSET_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function offlinePage(pathname) {
  const prefix = "/" + (pathname.split("/")[1] || "");
  const html = Object.prototype.hasOwnProperty.call(OFFLINE_PAGES, prefix) ? OFFLINE_PAGES[prefix] : OFFLINE_PAGES[""];
  return new Response(html, { status: 503, headers: OFFLINE_HEADERS });
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_CACHED_ASSETS))) await cache.delete(key);
}

async function cacheFirst(event) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && response.type === "basic") {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy).then(() => trim(cache)));
  }
  return response;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Network first, past the HTTP cache (no validators either: an ETag that outlived its content cannot bring
    // back an old page), never from a cache of this worker. A request of its own: a navigation request cannot be
    // re-issued with other options; redirects stay the browser's (manual).
    const fresh = new Request(request.url, { method: "GET", headers: request.headers, credentials: "same-origin", redirect: "manual", cache: "no-store" });
    event.respondWith(fetch(fresh).catch(() => offlinePage(url.pathname)));
    return;
  }
  if (url.pathname.startsWith("/static/") || HASHED.test(url.pathname)) event.respondWith(cacheFirst(event));
});
`;
}

/** The kill switch: replaces any worker at the same path, deletes its caches and unregisters itself. */
export function killSwitchScript(shop: ShopDefinition): string {
  return `"use strict";
// ${shop.id}: the service worker is switched off (docs/decisions/0051).
const CACHE_PREFIX = ${JSON.stringify(CACHE_PREFIX)};
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(CACHE_PREFIX)).map((key) => caches.delete(key))))
      .then(() => self.registration.unregister())
      .then(() => self.clients.matchAll({ type: "window" }))
      .then((clients) => Promise.all(clients.map((client) => client.navigate(client.url).catch(() => null)))),
  );
});
`;
}

export function serviceWorkerScript(shop: ShopDefinition): string {
  return shop.serviceWorker === "kill-switch" ? killSwitchScript(shop) : cachingWorkerScript(shop);
}

/** GET/HEAD /sw.js of a shop host: the script of the shop's mode, revalidated on every check. */
export function serviceWorker(): MiddlewareHandler<EdgeEnv> {
  const scripts = new Map<string, string>();
  return async (c, next) => {
    const site = c.get("site");
    if (site.kind !== "shop" || new URL(c.req.url).pathname !== SERVICE_WORKER_PATH) return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    let script = scripts.get(site.shop.id);
    if (script === undefined) {
      script = serviceWorkerScript(site.shop);
      scripts.set(site.shop.id, script);
    }
    return new Response(c.req.method === "HEAD" ? null : script, {
      headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache", "service-worker-allowed": "/" },
    });
  };
}
