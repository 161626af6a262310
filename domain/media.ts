/**
 * The naming of the media store (docs/decisions/0046), shared by whatever writes it (the
 * demo generator, a merchant's media pipeline) and whatever reads it (the site's
 * ResponsiveImage, the worker). A raster image the catalogue names, e.g.
 * `/images/products/BH-100001-1.jpg`, is a JPEG of FALLBACK_WIDTH pixels at that path, and
 * beside it one AVIF and one WebP per width in MEDIA_WIDTHS:
 * `/images/products/BH-100001-1.400.avif`, `... .800.webp`. Vector images (SVG: logos,
 * flags) are one file at their path. Every raster image is 4:3.
 * Beside the pictures the store holds the products' downloads (PDF datasheets and laying
 * guides under `/downloads/`) and videos (MP4 or WebM under `/videos/`), one file each at the
 * path the catalogue names (docs/decisions/0068).
 */
export const MEDIA_WIDTHS = [400, 800] as const;
export const FALLBACK_WIDTH = 800;
export const MEDIA_ASPECT = { width: 4, height: 3 } as const;
export type VariantFormat = "avif" | "webp";
export const VARIANT_FORMATS: readonly VariantFormat[] = ["avif", "webp"];

const RASTER = /\.(jpe?g|png)$/i;

/** True for a media path the store keeps in variants (a JPEG or PNG path of our own, no query). */
export function isRasterMedia(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.includes("?") && RASTER.test(path);
}

/** `/images/a/b.jpg`, 400, avif -> `/images/a/b.400.avif`. */
export function variantPath(path: string, width: number, format: VariantFormat): string {
  return `${path.replace(RASTER, "")}.${width}.${format}`;
}

/** Every file the store holds for a media path: the path itself, and the variants of a raster image. */
export function mediaFiles(path: string): string[] {
  if (!isRasterMedia(path)) return [path];
  return [path, ...MEDIA_WIDTHS.flatMap((width) => VARIANT_FORMATS.map((format) => variantPath(path, width, format)))];
}

/** Height of a raster image of the given width. */
export function mediaHeight(width: number): number {
  return Math.round((width * MEDIA_ASPECT.height) / MEDIA_ASPECT.width);
}

/** The store's folders and the content type of each kind of file each holds, by extension. */
export const MEDIA_CONTENT_TYPES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "/images/": { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", svg: "image/svg+xml" },
  "/downloads/": { pdf: "application/pdf" },
  "/videos/": { mp4: "video/mp4", webm: "video/webm" },
};

/** The folder of the store a path is in (`/videos/`), null for any other path. */
export function mediaFolder(path: string): string | null {
  return Object.keys(MEDIA_CONTENT_TYPES).find((folder) => path.startsWith(folder)) ?? null;
}

/** The content type of a file of the store, null when its folder does not hold that kind of file. */
export function mediaContentType(path: string): string | null {
  const folder = mediaFolder(path);
  if (!folder) return null;
  return MEDIA_CONTENT_TYPES[folder]![path.slice(path.lastIndexOf(".") + 1).toLowerCase()] ?? null;
}

const DOCUMENT_OR_VIDEO = /^\/(downloads|videos)\/[A-Za-z0-9][A-Za-z0-9._/-]*\.(pdf|mp4|webm)$/;

/** True for a download or video path the catalogue may name as a file of the store (safe characters, never climbing out). */
export function isDocumentOrVideoPath(value: unknown): value is string {
  return typeof value === "string" && DOCUMENT_OR_VIDEO.test(value) && !value.includes("..") && !value.includes("//") && mediaContentType(value) !== null;
}
