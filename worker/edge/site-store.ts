import type { R2Bucket } from "@cloudflare/workers-types";
import type { ShopDefinition } from "@config/shop-config";
import type { FetchBinding, WorkerEnv } from "../env";
import {
  blobKey,
  parsePointer,
  parseRelease,
  parseShard,
  pointerKey,
  releaseKey,
  shardKey,
  shardOf,
  siteFileEtag,
  type SiteFileEntry,
  type SiteRelease,
  type SiteShard,
} from "../lib/site-assets";
import { fetchAsset } from "./build-assets";
import type { EdgeContext } from "./context";
import { PageError } from "./page-error";

/**
 * Where a shop's published build is read from (docs/decisions/0053): one interface for the edge's
 * pieces that read build files (static pages, error pages, SPEC routes, the CSP manifest), chosen
 * per shop by `assets` in config/shops.json.
 *
 *   static  Workers Static Assets: `dist/<SHOP>/` in the ASSETS binding (docs/decisions/0002)
 *   r2      the SITE_ASSETS bucket in the layout of worker/lib/site-assets.ts, the Cache API in front
 *
 * Both answer a file as ASSETS does: the body with its content type and ETag, 304 for a
 * matching If-None-Match, no body for HEAD, null when the build has no such file, a 503
 * PageError when the store cannot be read. The edge adds its cache policy on top.
 */
export interface SiteStore {
  /** A file of the shop's live build (`/index.html`, `/page-data/app-data.json`), or null. */
  file(shopId: string, file: string, request: Request): Promise<Response | null>;
  /** Names the live build: what the edge caches about a build (its CSP manifest) is kept per version. */
  version(shopId: string): Promise<string>;
}

/** Today's store: the shop's folder of the ASSETS binding. A new build is a new deployment (or a reload), so its version never changes within an isolate. */
export function staticSiteStore(assets: FetchBinding): SiteStore {
  return {
    file: (shopId, file, request) => fetchAsset(assets, `/${shopId}${file}`, request),
    version: () => Promise.resolve("static"),
  };
}

/** The part of the Cache API the R2 store uses (caches.default in the Workers runtime). */
export interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/** The part of an R2 bucket the R2 store reads. */
export type SiteBucket = Pick<R2Bucket, "get">;

export interface R2SiteStoreOptions {
  /** The Cache API in front of the bucket (default caches.default where the runtime has it). */
  cache?: EdgeCache | null;
  /** How long the live release is taken as known before the pointer is read again (ms). */
  pointerTtlMs?: number;
  now?: () => number;
}

/** The pointer is read again at most once a second: a new release is served within about a second of its switch. */
export const POINTER_TTL_MS = 1000;
const CACHE_ORIGIN = "https://site-assets.internal/";
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files up to this size are kept in the Cache API (read whole); larger ones stream from R2. */
const CACHED_FILE_BYTES = 16 * 1024 * 1024;
const MAX_SHARDS_KEPT = 512;
const MAX_RELEASES_KEPT = 16;

function defaultCache(): EdgeCache | null {
  const storage = (globalThis as { caches?: { default?: EdgeCache } }).caches;
  return storage?.default ?? null;
}

/** True when an If-None-Match header names the tag (or `*`); weak comparison, as for GET. */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === bare;
  });
}

const unavailable = () => new PageError(503, "site store unavailable");

/**
 * A shop's builds in R2: the pointer names the live release (kept for `pointerTtlMs`), the
 * release its shards, a shard each file's content hash; shards and files are immutable, kept
 * in memory (shards, releases) and in the Cache API (shards, files). One request resolves the
 * pointer once, so it reads one release; an unfinished publish (no pointer write yet) is never
 * seen.
 */
export function r2SiteStore(bucket: SiteBucket, options: R2SiteStoreOptions = {}): SiteStore {
  const cache = options.cache === undefined ? defaultCache() : options.cache;
  const ttl = options.pointerTtlMs ?? POINTER_TTL_MS;
  const now = options.now ?? Date.now;
  const pointers = new Map<string, { release: string | null; until: number; loading?: Promise<string | null> }>();
  const releases = new Map<string, Promise<SiteRelease>>();
  const shards = new Map<string, Promise<SiteShard>>();

  async function readJson(key: string, immutable: boolean): Promise<unknown> {
    const cacheKey = new Request(`${CACHE_ORIGIN}${key}`);
    if (immutable && cache) {
      const hit = await cache.match(cacheKey).catch(() => undefined);
      if (hit) return hit.json();
    }
    let object;
    try {
      object = await bucket.get(key);
    } catch {
      throw unavailable();
    }
    if (!object) return null;
    const text = await object.text();
    if (immutable && cache) {
      await cache.put(cacheKey, new Response(text, { headers: { "content-type": "application/json", "cache-control": IMMUTABLE } })).catch(() => undefined);
    }
    return JSON.parse(text) as unknown;
  }

  /** The live release's name (null: the shop has none published). */
  function liveRelease(shopId: string): Promise<string | null> {
    const known = pointers.get(shopId);
    const at = now();
    if (known && known.until > at) return Promise.resolve(known.release);
    if (known?.loading) return known.loading;
    const loading = (async () => {
      try {
        const value = await readJson(pointerKey(shopId), false);
        const pointer = value === null ? null : parsePointer(value);
        if (value !== null && !pointer) throw unavailable();
        pointers.set(shopId, { release: pointer?.release ?? null, until: now() + ttl });
        return pointer?.release ?? null;
      } catch (error) {
        // The pointer could not be read: the release known until now stays served (it is whole, and
        // kept in the bucket) and the pointer is asked again after its time; without one, 503.
        if (known && known.until > 0) {
          console.warn(`site store: the live pointer of ${shopId} could not be read; serving release ${known.release ?? "(none)"} meanwhile`);
          pointers.set(shopId, { release: known.release, until: now() + ttl });
          return known.release;
        }
        pointers.delete(shopId);
        throw error;
      }
    })();
    pointers.set(shopId, { release: known?.release ?? null, until: known?.until ?? 0, loading });
    return loading;
  }

  function remember<T>(map: Map<string, Promise<T>>, key: string, limit: number, load: () => Promise<T>): Promise<T> {
    const known = map.get(key);
    if (known) {
      // Most recently used last.
      map.delete(key);
      map.set(key, known);
      return known;
    }
    const loading = load();
    map.set(key, loading);
    loading.catch(() => map.delete(key));
    while (map.size > limit) map.delete(map.keys().next().value!);
    return loading;
  }

  function release(shopId: string, name: string): Promise<SiteRelease> {
    return remember(releases, `${shopId}/${name}`, MAX_RELEASES_KEPT, async () => {
      const parsed = parseRelease(await readJson(releaseKey(shopId, name), true));
      if (!parsed) throw unavailable();
      return parsed;
    });
  }

  function shard(shopId: string, hash: string): Promise<SiteShard> {
    return remember(shards, `${shopId}/${hash}`, MAX_SHARDS_KEPT, async () => {
      const parsed = parseShard(await readJson(shardKey(shopId, hash), true));
      if (!parsed) throw unavailable();
      return parsed;
    });
  }

  async function entry(shopId: string, file: string): Promise<SiteFileEntry | null> {
    const name = await liveRelease(shopId);
    if (!name) return null;
    const live = await release(shopId, name);
    const files = (await shard(shopId, live.shards[shardOf(file, live.shards.length)]!)).files;
    return Object.hasOwn(files, file) ? files[file]! : null;
  }

  async function body(shopId: string, hash: string): Promise<BodyInit> {
    const key = blobKey(shopId, hash);
    const cacheKey = new Request(`${CACHE_ORIGIN}${key}`);
    if (cache) {
      const hit = await cache.match(cacheKey).catch(() => undefined);
      if (hit?.body) return hit.body as BodyInit;
    }
    let object;
    try {
      object = await bucket.get(key);
    } catch {
      throw unavailable();
    }
    // A release names only files written before it: a missing one is a broken store, not a 404.
    if (!object) throw unavailable();
    if (!cache || object.size > CACHED_FILE_BYTES) return object.body as unknown as BodyInit;
    const bytes = await object.arrayBuffer();
    await cache.put(cacheKey, new Response(bytes.slice(0), { headers: { "cache-control": IMMUTABLE } })).catch(() => undefined);
    return bytes;
  }

  return {
    async file(shopId, file, request) {
      const found = await entry(shopId, file);
      if (!found) return null;
      const [hash, size, contentType] = found;
      const etag = siteFileEtag(hash);
      const headers = new Headers({ "content-type": contentType, etag });
      if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      if (request.method === "HEAD") {
        headers.set("content-length", String(size));
        return new Response(null, { headers });
      }
      return new Response(await body(shopId, hash), { headers });
    },
    async version(shopId) {
      return (await liveRelease(shopId)) ?? "none";
    },
  };
}

const r2Stores = new WeakMap<object, SiteStore>();

/** The store of the shop's builds for this request's bindings (one R2 store, with its memory, per bucket binding). */
export function siteStoreFor(env: Pick<WorkerEnv, "ASSETS" | "SITE_ASSETS"> | undefined, shop: Pick<ShopDefinition, "id" | "assets">): SiteStore | null {
  if (shop.assets === "r2") {
    const bucket = env?.SITE_ASSETS;
    if (!bucket) throw new PageError(503, `shop ${shop.id} is published to R2 but the worker has no SITE_ASSETS binding`);
    let store = r2Stores.get(bucket);
    if (!store) {
      store = r2SiteStore(bucket);
      r2Stores.set(bucket, store);
    }
    return store;
  }
  return env?.ASSETS ? staticSiteStore(env.ASSETS) : null;
}

/** The store of the request's shop (the context's bindings). */
export function siteStore(c: EdgeContext, shop: Pick<ShopDefinition, "id" | "assets">): SiteStore | null {
  return siteStoreFor(c.env, shop);
}
