/**
 * The demo catalogue's media store (docs/decisions/0046, 0068): every image path the catalogue
 * documents name (products, categories, manufacturer logos, configurator swatches, video
 * posters, whatever field holds an `/images/...` path), the flag of every delivery country the
 * API answers with, and the products' downloads (PDF) and videos (MP4), written to one folder
 * shared by all shops in the naming of domain/media.ts. Raster images are drawn by art.ts and
 * encoded with sharp, PDFs written by documents.ts, videos made by video.ts; a merchant's own
 * file at a named path (uploads.ts) is taken instead of a drawn one. Each distinct file is
 * made once into a cache keyed by the hash of what it shows, so a warm start renders nothing
 * and only links the cached files into place.
 */
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import sharp, { type Sharp } from "sharp";
import type { Language } from "@config/shop-config";
import { FALLBACK_WIDTH, MEDIA_WIDTHS, VARIANT_FORMATS, isDocumentOrVideoPath, mediaFiles, mediaHeight, variantPath } from "@domain/media";
import type { CatalogueDocument, ProductRecord } from "@shop-api/catalogue/import-format";
import { TEXT } from "../catalogue-demo/vocabulary";
import { colourOf, drawRaster, flagSvg, hashText, logoSvg, textureOf, type RasterSpec } from "./art";
import { pdfSpec, renderPdf, type PdfSpec } from "./documents";
import { renderVideo, type VideoFormat } from "./video";

/** Bump when the drawing or the encoding changes: every cached file is made anew. */
const RENDER_VERSION = 2;

export type MediaItem =
  | { kind: "raster"; spec: RasterSpec }
  | { kind: "svg"; svg: string }
  | { kind: "pdf"; spec: PdfSpec }
  | { kind: "video"; spec: RasterSpec; format: VideoFormat }
  /** A merchant's own file (uploads.ts): a raster image gets its variants made from it, any other file is taken as it is. */
  | { kind: "upload"; file: string; digest: string };

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
  collectFiles(documents, seed, items);
  return items;
}

/**
 * The products' downloads and videos: each download a PDF of the product in its language (a
 * laying guide when the demo titles it so, else a datasheet); every video of a kind of floor
 * (the world of the product's category) one shared clip.
 */
function collectFiles(documents: CatalogueDocument[], seed: number, items: Map<string, MediaItem>): void {
  const makers = new Map(documents.flatMap((document) => document.manufacturers ?? []).map((maker) => [maker.id, maker.name]));
  const video = (world: string, format: VideoFormat): MediaItem => ({
    kind: "video",
    spec: { texture: textureOf(world, world), colour: colourOf(world, world), seed: hashText(`${seed}:video:${world}`) },
    format,
  });
  for (const product of documents.flatMap((document) => document.products ?? [])) {
    const world = product.category.split("-")[0]!;
    const maker = (product.manufacturer && makers.get(product.manufacturer)) || "";
    for (const [language, downloads] of Object.entries(product.downloads ?? {}) as [Language, NonNullable<ProductRecord["downloads"]>[Language]][]) {
      for (const download of downloads ?? []) {
        if (!isDocumentOrVideoPath(download.url) || !download.url.endsWith(".pdf") || items.has(download.url)) continue;
        const kind = download.title === TEXT.guide[language] ? "guide" : "datasheet";
        items.set(download.url, { kind: "pdf", spec: pdfSpec(product, language, download.title, kind, maker) });
      }
    }
    const urls = [
      ...(product.media ?? []).filter((media) => media.kind === "video").map((media) => media.url),
      ...Object.values(product.tutorials ?? {}).flatMap((tutorials) =>
        (tutorials ?? []).flatMap((tutorial) => (tutorial.type === "video" && tutorial.url ? [tutorial.url] : [])),
      ),
    ];
    for (const url of urls) {
      const format = /\.(mp4|webm)$/.exec(url)?.[1] as VideoFormat | undefined;
      if (format && isDocumentOrVideoPath(url) && !items.has(url)) items.set(url, video(world, format));
    }
  }
}

export interface MediaStats {
  /** Paths named (the catalogue's and the flags). */
  paths: number;
  /** Files in the media folder. */
  files: number;
  bytes: number;
  /** Distinct files made now: pictures drawn and encoded, PDFs, videos (0 on a warm start). */
  rendered: number;
  /** Distinct files taken from the cache. */
  reused: number;
  /** Stale files removed from the media folder. */
  removed: number;
  seconds: number;
}

/** The cache folder's name for an item: what it shows (an upload: its bytes), never its path. */
const keyOf = (item: MediaItem) =>
  createHash("sha256")
    .update(`${RENDER_VERSION}:${JSON.stringify(item.kind === "upload" ? { kind: item.kind, digest: item.digest } : item)}`)
    .digest("hex")
    .slice(0, 20);

/** The fallback, the AVIF/WebP of every width into the cache folder (fallback.jpg, 400.avif, ...). */
async function encodeRaster(full: Sharp, folder: string): Promise<void> {
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

/** The one file of a PDF, a video or an upload taken as it is, in its cache folder. */
const SINGLE_FILE = "file";

/** Makes an item's files in its cache folder. */
async function render(item: MediaItem, folder: string): Promise<void> {
  const height = mediaHeight(FALLBACK_WIDTH);
  if (item.kind === "raster") {
    return encodeRaster(sharp(drawRaster(item.spec, FALLBACK_WIDTH, height), { raw: { width: FALLBACK_WIDTH, height, channels: 3 } }), folder);
  }
  if (item.kind === "upload" && isRasterUpload(item.file)) {
    // A merchant's photo: cut to the store's 4:3 around its middle, at the fallback width.
    return encodeRaster(sharp(item.file).rotate().resize(FALLBACK_WIDTH, height, { fit: "cover" }).flatten({ background: "#ffffff" }), folder);
  }
  mkdirSync(folder, { recursive: true });
  const target = join(folder, SINGLE_FILE);
  if (item.kind === "pdf") writeFileSync(target, await renderPdf(item.spec));
  else if (item.kind === "video") await renderVideo(item.spec, target, item.format);
  else if (item.kind === "upload") copyFileSync(item.file, target);
}

const isRasterUpload = (file: string) => /\.(jpe?g|png)$/i.test(file);

/** True when the item's cache folder is complete. */
const cached = (item: MediaItem, folder: string) =>
  existsSync(join(folder, item.kind === "raster" || (item.kind === "upload" && isRasterUpload(item.file)) ? `${MEDIA_WIDTHS[0]}.avif` : SINGLE_FILE));

/** The cache file behind each file of a store path: a raster path's fallback and variants, or the one file. */
function sources(path: string, item: MediaItem, folder: string): [string, string][] {
  if (item.kind !== "raster" && !(item.kind === "upload" && isRasterUpload(item.file))) return [[path, join(folder, SINGLE_FILE)]];
  const files: [string, string][] = [[path, join(folder, "fallback.jpg")]];
  for (const width of MEDIA_WIDTHS) for (const format of VARIANT_FORMATS) files.push([variantPath(path, width, format), join(folder, `${width}.${format}`)]);
  return files;
}

/** Puts the cached file at the store path: a hard link (no bytes copied), a copy across file systems. */
function place(source: string, target: string): void {
  const current = statSync(target, { throwIfNoEntry: false });
  const cachedFile = statSync(source);
  if (current && current.ino === cachedFile.ino && current.dev === cachedFile.dev) return;
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

/** Writes the media store to `out` (files named by domain/media.ts), making only what the cache lacks; removes other files unless `prune` is false. */
export async function writeMedia(items: Map<string, MediaItem>, options: { out: string; cacheDir: string; prune?: boolean }): Promise<MediaStats> {
  const started = Date.now();
  mkdirSync(options.cacheDir, { recursive: true });
  let rendered = 0;
  let reused = 0;
  const seenKeys = new Set<string>();
  const expected = new Set<string>();
  const renders = new Map<string, { item: MediaItem; folder: string }>();
  const placements: { path: string; item: MediaItem; folder: string }[] = [];
  for (const [path, item] of items) {
    for (const file of item.kind === "raster" || item.kind === "upload" ? mediaFiles(path) : [path]) expected.add(file);
    if (item.kind === "svg") {
      const target = join(options.out, path);
      if (!existsSync(target) || readFileSync(target, "utf8") !== item.svg) {
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, item.svg);
      }
      continue;
    }
    const key = keyOf(item);
    const folder = join(options.cacheDir, key);
    if (!seenKeys.has(key)) {
      seenKeys.add(key);
      if (cached(item, folder)) reused++;
      else {
        rendered++;
        renders.set(key, { item, folder });
      }
    }
    placements.push({ path, item, folder });
  }
  // Drawing runs in this thread while sharp and ffmpeg encode on their own; two at a time keep both busy.
  const queue = [...renders.values()];
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await render(next.item, next.folder);
    }),
  );
  for (const { path, item, folder } of placements) for (const [file, source] of sources(path, item, folder)) place(source, join(options.out, file));
  let removed = 0;
  let bytes = 0;
  let files = 0;
  // Without pruning (an import adding its files) only the items' own files are counted.
  for (const file of options.prune === false ? [...expected] : listFiles(options.out)) {
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
