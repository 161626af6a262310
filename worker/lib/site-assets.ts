/**
 * The R2 layout of a shop's published builds (docs/decisions/0053), shared by the publisher
 * (builder/r2-store.ts), the edge that reads it (worker/edge/site-store.ts) and the
 * shop API's upload route for the builder. Everything under `sites/<SHOP>/`:
 *
 *   live.json                  the pointer: which release is live (the one object a publish overwrites)
 *   releases/<release>.json    a release: its shards' hashes, written before the pointer names it
 *   index/<sha256>.json        one shard of a release's file list (path -> content hash, size, type)
 *   blobs/<sha256>             a file's bytes, named by their SHA-256 (shared by every release that has them)
 *
 * Shards and blobs are content-addressed and never change once written, so a reader may cache
 * them forever; only the pointer changes, in one write. A publish that stops before that write
 * leaves the old release served, whole.
 */

export const SITE_ASSET_PREFIX = "sites";
export const POINTER_FILE = "live.json";
const SHA256_HEX = /^[0-9a-f]{64}$/;
const RELEASE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** The pointer object: the live release of a shop. */
export interface SitePointer {
  version: 1;
  release: string;
  publishedAt: string;
}

/** A release object: how its file list is split, and each shard's content hash. */
export interface SiteRelease {
  version: 1;
  shop: string;
  release: string;
  /** Number of shards (a power of two); a path's shard is `shardOf(path, shards.length)`. */
  shards: string[];
  files: number;
}

/** One file of a release: content hash (hex SHA-256), size in bytes, content type. */
export type SiteFileEntry = [hash: string, size: number, contentType: string];

/** One shard of a release's file list: build path (`/index.html`) -> entry. */
export interface SiteShard {
  version: 1;
  files: Record<string, SiteFileEntry>;
}

export const isContentHash = (hash: string): boolean => SHA256_HEX.test(hash);
export const isReleaseName = (release: string): boolean => RELEASE_NAME.test(release);

export const shopPrefix = (shop: string): string => `${SITE_ASSET_PREFIX}/${shop}/`;
export const pointerKey = (shop: string): string => `${shopPrefix(shop)}${POINTER_FILE}`;
export const releaseKey = (shop: string, release: string): string => `${shopPrefix(shop)}releases/${release}.json`;
export const shardKey = (shop: string, hash: string): string => `${shopPrefix(shop)}index/${hash}.json`;
export const blobKey = (shop: string, hash: string): string => `${shopPrefix(shop)}blobs/${hash}`;

/** The shard a build path falls in (FNV-1a of its UTF-16 code units; `count` is a power of two). */
export function shardOf(path: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & (count - 1);
}

/** Shards for a release of this many files: about 256 files each, 1 to 4,096 shards. */
export function shardCountFor(files: number): number {
  let count = 1;
  while (count < 4096 && files / count > 256) count *= 2;
  return count;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export function parsePointer(value: unknown): SitePointer | null {
  if (!isRecord(value) || value.version !== 1 || typeof value.release !== "string" || !isReleaseName(value.release)) return null;
  return { version: 1, release: value.release, publishedAt: typeof value.publishedAt === "string" ? value.publishedAt : "" };
}

export function parseRelease(value: unknown): SiteRelease | null {
  if (!isRecord(value) || value.version !== 1 || typeof value.release !== "string" || typeof value.shop !== "string" || !Array.isArray(value.shards))
    return null;
  const shards = value.shards;
  const count = shards.length;
  if (count === 0 || count > 4096 || (count & (count - 1)) !== 0) return null;
  if (!shards.every((hash): hash is string => typeof hash === "string" && isContentHash(hash))) return null;
  return { version: 1, shop: value.shop, release: value.release, shards, files: typeof value.files === "number" ? value.files : 0 };
}

export function parseShard(value: unknown): SiteShard | null {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.files)) return null;
  const files: Record<string, SiteFileEntry> = {};
  for (const [path, entry] of Object.entries(value.files)) {
    if (!path.startsWith("/") || !Array.isArray(entry) || entry.length !== 3) return null;
    const [hash, size, type] = entry as unknown[];
    if (typeof hash !== "string" || !isContentHash(hash) || typeof size !== "number" || typeof type !== "string") return null;
    files[path] = [hash, size, type];
  }
  return { version: 1, files };
}

/** The ETag a stored file is served with: its content hash (strong; the same bytes have the same tag in every release). */
export const siteFileEtag = (hash: string): string => `"${hash.slice(0, 32)}"`;

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  map: "application/json",
  txt: "text/plain; charset=utf-8",
  xml: "application/xml",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/vnd.microsoft.icon",
  webmanifest: "application/manifest+json",
  woff: "font/woff",
  woff2: "font/woff2",
  pdf: "application/pdf",
};

/** The content type a build file is served with, by its extension (as Workers Static Assets names these: the `mime` package's type, text types with charset=utf-8). */
export function siteContentType(path: string): string {
  const dot = path.lastIndexOf(".");
  const extension = dot > path.lastIndexOf("/") ? path.slice(dot + 1).toLowerCase() : "";
  return TYPES[extension] ?? "application/octet-stream";
}

const HEX_DIGITS = [..."0123456789abcdef"];

/**
 * Prefixes that together cover every key of a shop's layout, each key under exactly one: the
 * pointer, the releases, and the shards and blobs by the first digit of their hash. Listing them
 * side by side reads a shop's 100,000 keys in a sixteenth of the round trips of one listing.
 */
export function shopListPrefixes(shop: string): string[] {
  const root = shopPrefix(shop);
  return [pointerKey(shop), `${root}releases/`, ...HEX_DIGITS.map((digit) => `${root}index/${digit}`), ...HEX_DIGITS.map((digit) => `${root}blobs/${digit}`)];
}

const KEY = /^sites\/([A-Z]{2,8})\/(?:live\.json|releases\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.json|index\/[0-9a-f]{64}\.json|blobs\/[0-9a-f]{64})$/;

/** The shop a key of the layout above belongs to, or null for any other key. */
export function siteAssetKeyShop(key: string): string | null {
  return KEY.exec(key)?.[1] ?? null;
}
