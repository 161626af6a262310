/**
 * A merchant's own media files (docs/decisions/0068): the import takes the photos, PDFs and
 * videos its documents name from the folder beside them, at the named path
 * (`<folder>/downloads/BH-1/datenblatt-de.pdf` for `/downloads/BH-1/datenblatt-de.pdf`). A file
 * is taken only when its bytes are what its name says (JPEG, PNG, `%PDF-`, an MP4 `ftyp` box,
 * a WebM EBML header); anything else is refused with one report line per file. Taken files are
 * kept in the local state's upload folder, so every later write of the store takes them again
 * instead of drawing, and a photo gets its AVIF/WebP sizes made like a drawn picture (store.ts).
 */
import { createHash } from "node:crypto";
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { isDocumentOrVideoPath, isRasterMedia } from "@domain/media";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { collectMedia, isImagePath, type MediaItem } from "./store";

export type MediaBytes = "jpeg" | "png" | "pdf" | "mp4" | "webm";

/** The kinds as a report line names them. */
const NAMED: Record<MediaBytes, string> = { jpeg: "a JPEG image", png: "a PNG image", pdf: "a PDF", mp4: "an MP4 video", webm: "a WebM video" };
const EXPECTED: Record<string, MediaBytes> = { jpg: "jpeg", jpeg: "jpeg", png: "png", pdf: "pdf", mp4: "mp4", webm: "webm" };
/** Enough of a file's head to tell its kind. */
const HEAD_BYTES = 16;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);

/** What a file's first bytes say it is, null when none of the kinds the store takes. */
export function mediaBytesKind(bytes: Uint8Array): MediaBytes | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [...Buffer.from("%PDF-")])) return "pdf";
  // ISO base media: a box size, then `ftyp`.
  if (startsWith(bytes, [...Buffer.from("ftyp")], 4)) return "mp4";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  return null;
}

/** The problem with a file for a store path, null when its bytes are what the path's extension says. */
export function mediaBytesProblem(path: string, bytes: Uint8Array): string | null {
  const expected = EXPECTED[path.slice(path.lastIndexOf(".") + 1).toLowerCase()];
  if (!expected) return `${path}: the store takes no such file (only JPEG, PNG, PDF, MP4 and WebM files)`;
  if (bytes.length === 0) return `${path}: the file is empty`;
  const found = mediaBytesKind(bytes);
  if (found !== expected) return `${path}: the file is not ${NAMED[expected]} (its bytes ${found ? `are ${NAMED[found]}` : "are of no known kind"})`;
  return null;
}

/** True for a path the merchant may supply a file for: a JPEG/PNG image, a PDF download, a video. */
export const isUploadPath = (path: string) => (isImagePath(path) && isRasterMedia(path)) || isDocumentOrVideoPath(path);

function head(file: string): Uint8Array {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

export interface FoundUploads {
  /** Store path -> the file taken for it. */
  files: Map<string, string>;
  /** One line per refused file. */
  problems: string[];
}

/** The files in `folder` at the paths the documents name, each checked by its bytes. */
export function findUploads(documents: CatalogueDocument[], folder: string): FoundUploads {
  const files = new Map<string, string>();
  const problems: string[] = [];
  for (const path of collectMedia(documents, [], 0).keys()) {
    if (!isUploadPath(path)) continue;
    const file = join(folder, path);
    if (!existsSync(file)) continue;
    if (!statSync(file).isFile()) {
      problems.push(`${path}: not a file`);
      continue;
    }
    const problem = mediaBytesProblem(path, head(file));
    if (problem) problems.push(problem);
    else files.set(path, file);
  }
  return { files, problems };
}

/** The store items of taken files (named by their bytes' digest, so a changed file is made anew). */
export function uploadItems(files: Map<string, string>): Map<string, MediaItem> {
  return new Map(
    [...files].map(([path, file]) => [path, { kind: "upload", file, digest: createHash("sha256").update(readFileSync(file)).digest("hex") }] as const),
  );
}

/** Keeps taken files in the upload folder at their store paths. */
export function keepUploads(files: Map<string, string>, uploadsDir: string): void {
  for (const [path, file] of files) {
    const target = join(uploadsDir, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}

/** Every file kept in the upload folder, by its store path (files of no store path are left out). */
export function keptUploads(uploadsDir: string, under = uploadsDir, found = new Map<string, string>()): Map<string, string> {
  if (!existsSync(under)) return found;
  for (const entry of readdirSync(under, { withFileTypes: true })) {
    const file = join(under, entry.name);
    if (entry.isDirectory()) keptUploads(uploadsDir, file, found);
    else {
      const path = `/${relative(uploadsDir, file).split("\\").join("/")}`;
      if (isUploadPath(path)) found.set(path, file);
    }
  }
  return found;
}
