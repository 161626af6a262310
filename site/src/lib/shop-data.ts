import { registerTexts } from "../i18n/i18next";
import type { ChromeData, ShopTexts } from "./page-data";

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
 *   language) renders with the language's loaded data while its own file loads, then
 *   with its own; one of another language renders once its file is there.
 */
export type ShopData = ChromeData & { language: string };

/** The file name stem the build gives a shop language's data: <language>-<16 hex digits of its content hash>. */
export const SHOP_DATA_ID = /^[a-z]{2}(-[A-Z]{2})?-[0-9a-f]{16}$/;

export function shopDataHref(id: string): string {
  if (!SHOP_DATA_ID.test(id)) throw new Error(`Not a shop data file: ${JSON.stringify(id)}`);
  return `/static/shop-data/${id}.json`;
}

/** The language of a shop data id (everything before the hash). */
export function shopDataLanguage(id: string): string {
  return id.slice(0, id.lastIndexOf("-"));
}

const loaded = new Map<string, ShopData>();
const latest = new Map<string, string>();
const loading = new Map<string, Promise<ShopData>>();
const listeners = new Set<() => void>();
let reader: ((id: string) => unknown) | null = null;
let version = 0;

/** Checks the shape of a shop data file (it comes over the network) and returns it typed. */
export function parseShopData(value: unknown, id: string): ShopData {
  const data = value as Partial<ShopData> | null;
  const texts = data?.locales as Partial<ShopTexts> | undefined;
  const valid =
    data !== null &&
    typeof data === "object" &&
    data.language === shopDataLanguage(id) &&
    typeof data.shopInfo === "object" &&
    data.shopInfo !== null &&
    Array.isArray(data.menu?.nodes) &&
    Array.isArray(data.cmsLinks?.nodes) &&
    Array.isArray(data.blocks?.nodes) &&
    texts !== undefined &&
    Array.isArray(texts.namespaces) &&
    typeof texts.resources === "object" &&
    texts.resources !== null;
  if (!valid) throw new Error(`The shop data file ${id} is not one of this shop's language ${shopDataLanguage(id)}`);
  return data as ShopData;
}

/** Registers a shop data file's content: its texts for i18next, the rest for the pages. */
export function registerShopData(id: string, value: unknown): ShopData {
  const data = parseShopData(value, id);
  loaded.set(id, data);
  latest.set(data.language, id);
  registerTexts(data.language, data.locales);
  version += 1;
  for (const listener of listeners) listener();
  return data;
}

/** The static render's way to a shop data file: synchronous, from the build's output (gatsby-ssr.tsx). */
export function setShopDataReader(read: ((id: string) => unknown) | null): void {
  reader = read;
}

/** The data of a shop data file if it is registered (or the static render can read it). */
export function shopDataFor(id: string): ShopData | null {
  const known = loaded.get(id);
  if (known) return known;
  if (!reader || !SHOP_DATA_ID.test(id)) return null;
  return registerShopData(id, reader(id));
}

/** The most recently registered data of a language (a page of a newer build renders with it while its own file loads). */
export function latestShopData(language: string): ShopData | null {
  const id = latest.get(language);
  return id ? (loaded.get(id) ?? null) : null;
}

/** Loads and registers a shop data file once (concurrent calls share the request); a failed load can be tried again. */
export function loadShopData(id: string, fetcher: typeof fetch = (...args) => fetch(...args)): Promise<ShopData> {
  const known = loaded.get(id);
  if (known) return Promise.resolve(known);
  const pending = loading.get(id);
  if (pending) return pending;
  const request = (async () => {
    const response = await fetcher(shopDataHref(id), { credentials: "same-origin" });
    if (!response.ok) throw new Error(`The shop data file ${id} answered ${response.status}`);
    return registerShopData(id, await response.json());
  })();
  loading.set(id, request);
  const settle = () => loading.delete(id);
  request.then(settle, settle);
  return request;
}

export function subscribeShopData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function shopDataVersion(): number {
  return version;
}

/** Forgets every registration (tests). */
export function resetShopData(): void {
  loaded.clear();
  latest.clear();
  loading.clear();
  reader = null;
  version += 1;
}

/** The shop data file the page's HTML preloads (gatsby-ssr.tsx), if any. */
export function pageShopDataId(document: Pick<Document, "querySelector">): string | null {
  const id = document.querySelector("link[data-shop-data]")?.getAttribute("data-shop-data") ?? null;
  return id !== null && SHOP_DATA_ID.test(id) ? id : null;
}

/** Loads the page's shop data file before the first render (one retry); never rejects. */
export async function loadPageShopData(document: Pick<Document, "querySelector">, fetcher?: typeof fetch): Promise<void> {
  const id = pageShopDataId(document);
  if (!id) return;
  try {
    await loadShopData(id, fetcher);
  } catch {
    await loadShopData(id, fetcher).catch(() => undefined);
  }
}

/** The page's HTML names a shop data file that could not be loaded: hydrating would render without it. */
export function pageShopDataMissing(document: Pick<Document, "querySelector">): boolean {
  const id = pageShopDataId(document);
  return id !== null && !loaded.has(id);
}
