import { registerTexts } from "../i18n/i18next";
import type { ChromeData } from "./page-data";

/**
 * What every page of a shop language shows alike (docs/decisions/0052): the texts, shop
 * info, menu, CMS links, header banners and the running campaign. The build writes them
 * once per shop language into /static/shop-data/<language>-<hash>.json (a content-hashed,
 * immutable file: site/sourcing/shop-data.ts) and names that file in each page's context
 * (`shopData`), instead of repeating them in every page's page-data.json.
 *
 * - The static render reads the file from the build's output (a reader set by
 *   gatsby-ssr.tsx), so every page's HTML has all of it.
 * - The HTML preloads the file (gatsby-ssr.tsx); the browser loads it before the first
 *   render (gatsby-browser.tsx onClientEntry), so hydration renders the same.
 * - A page reached in the browser whose file is not loaded yet (a newer build of the same
 *   language) renders with the language's latest loaded data while its own file loads,
 *   then with its own; one of another language renders once its file is there.
 * Kept small: it is part of every page's first-load JavaScript.
 */
export type ShopData = ChromeData & { language: string };

/** The file name stem the build gives a shop language's data: <language>-<16 hex digits of its content hash>. */
export const SHOP_DATA_ID = /^[a-z]{2}(-[A-Z]{2})?-[0-9a-f]{16}$/;

export function shopDataHref(id: string): string {
  if (!SHOP_DATA_ID.test(id)) throw new Error(`Not a shop data file: ${id}`);
  return `/static/shop-data/${id}.json`;
}

/** The language of a shop data id (everything before the hash). */
export const shopDataLanguage = (id: string): string => id.slice(0, id.lastIndexOf("-"));

/** Registered files by id, in the order they were registered; a pending load's promise until then. */
const loaded = new Map<string, ShopData>();
const loading = new Map<string, Promise<ShopData>>();
const listeners = new Set<() => void>();
let reader: ((id: string) => unknown) | null = null;

/** Checks the shape of a shop data file (it comes over the network) and returns it typed. */
export function parseShopData(value: unknown, id: string): ShopData {
  const data = value as ShopData | null;
  if (
    data?.language !== shopDataLanguage(id) ||
    !data.shopInfo ||
    !Array.isArray(data.countries) ||
    !Array.isArray(data.locales?.namespaces) ||
    !data.locales.resources ||
    ![data.menu, data.cmsLinks, data.blocks].every((list) => Array.isArray(list?.nodes))
  )
    throw new Error(`Not the shop data of ${id}`);
  return data;
}

/** Registers a shop data file's content: its texts for i18next, the rest for the pages. */
export function registerShopData(id: string, value: unknown): ShopData {
  const data = parseShopData(value, id);
  loaded.delete(id);
  loaded.set(id, data);
  registerTexts(data.language, data.locales);
  for (const listener of listeners) listener();
  return data;
}

/** The static render's way to a shop data file: synchronous, from the build's output (gatsby-ssr.tsx). */
export function setShopDataReader(read: ((id: string) => unknown) | null): void {
  reader = read;
}

/** The data of a shop data file if it is registered (or the static render can read it). */
export function shopDataFor(id: string): ShopData | null {
  return loaded.get(id) ?? (reader && SHOP_DATA_ID.test(id) ? registerShopData(id, reader(id)) : null);
}

/** The most recently registered data of a language (a page of a newer build renders with it while its own file loads). */
export function latestShopData(language: string): ShopData | null {
  let latest: ShopData | null = null;
  for (const data of loaded.values()) if (data.language === language) latest = data;
  return latest;
}

/** Loads and registers a shop data file once (concurrent calls share the request); a failed load can be tried again. */
export function loadShopData(id: string, fetcher: typeof fetch = fetch.bind(globalThis)): Promise<ShopData> {
  const known = loaded.get(id);
  if (known) return Promise.resolve(known);
  let request = loading.get(id);
  if (!request) {
    request = fetcher(shopDataHref(id), { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`Shop data ${id}: ${response.status}`);
        return response.json();
      })
      .then((value) => registerShopData(id, value))
      .finally(() => loading.delete(id));
    loading.set(id, request);
  }
  return request;
}

export function subscribeShopData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever a file is registered (useSyncExternalStore's snapshot). */
export const shopDataVersion = (): number => loaded.size;

/** Forgets every registration (tests). */
export function resetShopData(): void {
  loaded.clear();
  loading.clear();
  reader = null;
}

/** The shop data file the page's HTML preloads (gatsby-ssr.tsx), if any. */
export function pageShopDataId(document: Pick<Document, "querySelector">): string | null {
  const id = document.querySelector("link[data-shop-data]")?.getAttribute("data-shop-data");
  return id && SHOP_DATA_ID.test(id) ? id : null;
}

/** Loads the page's shop data file before the first render (one retry); never rejects. */
export function loadPageShopData(document: Pick<Document, "querySelector">, fetcher?: typeof fetch): Promise<unknown> {
  const id = pageShopDataId(document);
  return id ? loadShopData(id, fetcher).catch(() => loadShopData(id, fetcher).catch(() => null)) : Promise.resolve();
}

/** The page's HTML names a shop data file that could not be loaded: hydrating would render without it. */
export function pageShopDataMissing(document: Pick<Document, "querySelector">): boolean {
  const id = pageShopDataId(document);
  return id !== null && !loaded.has(id);
}
