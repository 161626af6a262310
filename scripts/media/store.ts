/**
 * The demo catalogue's media store (docs/decisions/0046): every image path the catalogue
 * documents name (products, categories, manufacturer logos, configurator swatches, video
 * posters, whatever field holds an `/images/...` path) and the flag of every delivery
 * country the API answers with, written to one folder shared by all shops in the naming of
 * domain/media.ts. Raster images are drawn by art.ts and encoded with sharp; each
 * distinct picture is rendered once into a cache keyed by the hash of what it shows, so a
 * warm start renders nothing and only links the cached files into place.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import sharp from "sharp";
import { FALLBACK_WIDTH, MEDIA_WIDTHS, VARIANT_FORMATS, mediaFiles, mediaHeight, variantPath } from "@domain/media";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { colourOf, drawRaster, flagSvg, hashText, logoSvg, textureOf, type RasterSpec } from "./art";

/** Bump when the drawing or the encoding changes: every cached picture is rendered anew. */
const RENDER_VERSION = 2;

export type MediaItem = { kind: "raster"; spec: RasterSpec } | { kind: "svg"; svg: string };

interface Context {
  world: string;
  text: string;
  name: string;
}

const IMAGE_PATH = /^\/images\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(jpe?g|png|svg)$/;

/** True for a string a catalogue field may hold as one of our image paths. */
export function isImagePath(value: unknown): value is string {
  return typeof value === "string" && IMAGE_PATH.test(value) && !value.includes("..") && !value.includes("//");
}

/** What a record tells about the pictures inside it (a product's world and title, a category's, a manufacturer's name). */
function contextOf(record: Record<string, unknown>, outer: Context): Context {
  const content = record.content as Record<string, { title?: string }> | undefined;
  if (typeof record.sku === "string" && typeof record.category === "string") {
    return { world: record.category.split("-")[0]!, text: content?.de?.title ?? record.sku, name: outer.name };
  }
  const translations = record.translations as Record<string, { name?: string }> | undefined;
  if (typeof record.id === "string" && "parentId" in record) {
    return { world: record.id.split("-")[0]!, text: translations?.de?.name ?? record.id, name: outer.name };
  }
  if (typeof record.logo === "string" && typeof record.name === "string") return { ...outer, name: record.name };
  if (typeof record.label === "string" && typeof record.value === "string") return { ...outer, text: `${record.label} ${record.value}` };
  return outer;
}

/** Walks a document for every image path (video posters are the `poster` field of a video), each with the record it belongs to. */
function walk(value: unknown, context: Context, found: (path: string, context: Context) => void): void {
  if (isImagePath(value)) return found(value, context);
  if (Array.isArray(value)) {
    for (const item of value) walk(item, context, found);
    return;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const inner = contextOf(record, context);
    for (const item of Object.values(record)) walk(item, inner, found);
  }
}

/**
 * Every media path of the documents and of the delivery countries' flags, with what to draw.
 * Products of the same decor, texture and picture number share one picture (one render).
 */
export function collectMedia(documents: CatalogueDocument[], countries: string[], seed: number): Map<string, MediaItem> {
  const items = new Map<string, MediaItem>();
  const add = (path: string, context: Context) => {
    if (items.has(path)) return;
    const file = path.slice(path.lastIndexOf("/") + 1).replace(/\.[a-z]+$/i, "");
    if (path.endsWith(".svg")) {
      const flag = path.startsWith("/images/flags/") ? flagSvg(file.toLowerCase()) : null;
      items.set(path, { kind: "svg", svg: flag ?? logoSvg(context.name || file.replace(/[-_]+/g, " ")) });
      return;
    }
    // Products' pictures are numbered (-1, -2): the same decor shares them. Anything else (a category) has its own.
    const numbered = /-(\d+)$/.exec(file)?.[1];
    const picture = numbered ? Number(numbered) : file;
    const colour = colourOf(context.text || file, context.world);
    const texture = path.startsWith("/images/videos/") ? "poster" : textureOf(context.world, context.text || file);
    items.set(path, { kind: "raster", spec: { texture, colour, seed: hashText(`${seed}:${texture}:${colour.join(",")}:${picture}`) } });
  };
  for (const document of documents) walk(document, { world: "", text: "", name: "" }, add);
  for (const code of countries) add(`/images/flags/${code.toLowerCase()}.svg`, { world: "", text: "", name: "" });
  return items;
}

export interface MediaStats {
  /** Paths named (the catalogue's and the flags). */
  paths: number;
  /** Files in the media folder. */
  files: number;
  bytes: number;
  /** Distinct pictures drawn and encoded now (0 on a warm start). */
  rendered: number;
  /** Distinct pictures taken from the cache. */
  reused: number;
  /** Stale files removed from the media folder. */
  removed: number;
  seconds: number;
}

const keyOf = (item: MediaItem) =>
  createHash("sha256")
    .update(`${RENDER_VERSION}:${JSON.stringify(item)}`)
    .digest("hex")
    .slice(0, 20);

/** The cached files of one picture, by their suffix in the media store (".jpg", ".400.avif", ...). */
async function renderRaster(spec: RasterSpec, folder: string): Promise<void> {
  const height = mediaHeight(FALLBACK_WIDTH);
  const full = sharp(drawRaster(spec, FALLBACK_WIDTH, height), { raw: { width: FALLBACK_WIDTH, height, channels: 3 } });
  const tmp = `${folder}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const jobs: Promise<unknown>[] = [full.clone().jpeg({ quality: 78, mozjpeg: true }).toFile(join(tmp, "fallback.jpg"))];
  for (const width of MEDIA_WIDTHS) {
    const sized = width === FALLBACK_WIDTH ? full.clone() : full.clone().resize(width, mediaHeight(width));
    jobs.push(
      sized
        .clone()
        .avif({ quality: 50, effort: 0 })
        .toFile(join(tmp, `${width}.avif`)),
    );
    jobs.push(
      sized
        .clone()
        .webp({ quality: 72, effort: 2 })
        .toFile(join(tmp, `${width}.webp`)),
    );
  }
  await Promise.all(jobs);
  rmSync(folder, { recursive: true, force: true });
  renameSync(tmp, folder);
}

/** The cache file behind each file of a raster path. */
function rasterSources(path: string, folder: string): [string, string][] {
  const sources: [string, string][] = [[path, join(folder, "fallback.jpg")]];
  for (const width of MEDIA_WIDTHS) for (const format of VARIANT_FORMATS) sources.push([variantPath(path, width, format), join(folder, `${width}.${format}`)]);
  return sources;
}

/** Puts the cached file at the store path: a hard link (no bytes copied), a copy across file systems. */
function place(source: string, target: string): void {
  const current = statSync(target, { throwIfNoEntry: false });
  const cached = statSync(source);
  if (current && current.ino === cached.ino && current.dev === cached.dev) return;
  mkdirSync(dirname(target), { recursive: true });
  if (current) rmSync(target);
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

function listFiles(root: string, under = root): string[] {
  if (!existsSync(under)) return [];
  return readdirSync(under, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(root, join(under, entry.name)) : [`/${relative(root, join(under, entry.name)).split("\\").join("/")}`],
  );
}

/** Writes the media store to `out` (files named by domain/media.ts), rendering only pictures the cache lacks. */
export async function writeMedia(items: Map<string, MediaItem>, options: { out: string; cacheDir: string }): Promise<MediaStats> {
  const started = Date.now();
  mkdirSync(options.cacheDir, { recursive: true });
  let rendered = 0;
  let reused = 0;
  const renderedKeys = new Set<string>();
  const expected = new Set<string>();
  const renders = new Map<string, { spec: RasterSpec; folder: string }>();
  const placements: { path: string; folder: string }[] = [];
  for (const [path, item] of items) {
    for (const file of mediaFiles(path)) expected.add(file);
    const key = keyOf(item);
    if (item.kind === "svg") {
      const target = join(options.out, path);
      if (!existsSync(target) || readFileSync(target, "utf8") !== item.svg) {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, item.svg);
      }
      continue;
    }
    const folder = join(options.cacheDir, key);
    if (!renderedKeys.has(key)) {
      renderedKeys.add(key);
      if (existsSync(join(folder, `${MEDIA_WIDTHS[0]}.avif`))) reused++;
      else {
        rendered++;
        renders.set(key, { spec: item.spec, folder });
      }
    }
    placements.push({ path, folder });
  }
  // Drawing runs in this thread while sharp encodes on its own; two at a time keep both busy.
  const queue = [...renders.values()];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await renderRaster(next.spec, next.folder);
    }),
  );
  for (const { path, folder } of placements) for (const [file, source] of rasterSources(path, folder)) place(source, join(options.out, file));
  let removed = 0;
  let bytes = 0;
  let files = 0;
  for (const file of listFiles(options.out)) {
    if (!expected.has(file)) {
      rmSync(join(options.out, file));
      removed++;
      continue;
    }
    files++;
    bytes += statSync(join(options.out, file)).size;
  }
  return { paths: items.size, files, bytes, rendered, reused, removed, seconds: (Date.now() - started) / 1000 };
}
