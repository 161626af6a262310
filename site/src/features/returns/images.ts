/**
 * The photos of a complaint (docs/decisions/0025): at most 6 images, JPEG,
 * PNG, WebP or HEIC (as phones produce them), at most 10 MB each. The page checks what it
 * can before sending (the extension, the size, the count), so the visitor hears at once;
 * the shop API checks again by the bytes. Every error names its file.
 */
import { MAX_RMA_IMAGES } from "@domain/returns-forms";
import type { RmaUpload } from "./types";

export const MAX_IMAGES = MAX_RMA_IMAGES;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The extensions the shop API takes (worker/shop-api/core/uploads/file-name.ts). */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "heic", "heif"] as const;
/** For the file picker: the extensions and the image types browsers give them. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((extension) => `.${extension}`), "image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"].join(
  ",",
);

/** The codes of an image's error, each with its words under `returns.uploadErrors`. */
export type ImageErrorCode = "upload_error" | "file_too_large" | "extension_not_allowed" | "type_not_allowed";

export interface ImageError {
  code: ImageErrorCode;
  params: Record<string, string | number>;
}

export type ImageStatus = "uploading" | "done" | "error";

/** One chosen photo: its name and size, a preview (a data: URL; the pages' CSP allows those), and how its upload went. */
export interface ImageEntry {
  key: string;
  name: string;
  size: number;
  status: ImageStatus;
  preview: string | null;
  upload: RmaUpload | null;
  error: ImageError | null;
}

const megabytes = (bytes: number) => Math.round((bytes / 1_048_576) * 10) / 10;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** What is wrong with a file before it is sent, or null. */
export function checkImage(file: { name: string; size: number }): ImageError | null {
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { code: "extension_not_allowed", params: { file: file.name } };
  if (file.size > MAX_IMAGE_BYTES) return { code: "file_too_large", params: { file: file.name, maxMegabytes: megabytes(MAX_IMAGE_BYTES) } };
  if (file.size === 0) return { code: "upload_error", params: { file: file.name } };
  return null;
}

/** Images that count against the limit: those uploaded or on their way (failed ones do not). */
export function countingImages(entries: ImageEntry[]): number {
  return entries.filter((entry) => entry.status !== "error").length;
}

/**
 * Splits newly chosen files into those to upload and those refused at once: a file with a
 * wrong extension or size is refused with its error; beyond the limit of 6 the remaining
 * files are left out (`overLimit` says how many).
 */
export function planImages<F extends { name: string; size: number }>(
  entries: ImageEntry[],
  files: F[],
): { accepted: F[]; refused: { file: F; error: ImageError }[]; overLimit: number } {
  let room = MAX_IMAGES - countingImages(entries);
  const accepted: F[] = [];
  const refused: { file: F; error: ImageError }[] = [];
  let overLimit = 0;
  for (const file of files) {
    const error = checkImage(file);
    if (error) refused.push({ file, error });
    else if (room > 0) {
      accepted.push(file);
      room -= 1;
    } else overLimit += 1;
  }
  return { accepted, refused, overLimit };
}

const SERVER_CODES: Record<string, ImageErrorCode> = {
  upload_error: "upload_error",
  upload_failed: "upload_error",
  file_too_large: "file_too_large",
  upload_too_large: "file_too_large",
  extension_not_allowed: "extension_not_allowed",
  type_not_allowed: "type_not_allowed",
};

/** The shop API's refusal of an upload as the page's error for that file (anything unknown: the upload error, naming the file). */
export function uploadErrorOf(name: string, errors: { code?: string; params?: Record<string, string | number> }[]): ImageError {
  for (const error of errors) {
    // The finer reason first: an image whose bytes are none of the four types, whatever its name.
    const finer = typeof error.params?.reason === "string" ? SERVER_CODES[error.params.reason] : undefined;
    const code = finer === "type_not_allowed" ? finer : error.code ? SERVER_CODES[error.code] : undefined;
    if (code) return { code, params: { maxMegabytes: megabytes(MAX_IMAGE_BYTES), ...error.params, file: name } };
  }
  return { code: "upload_error", params: { file: name } };
}

/** The upload ids of the images that arrived, in the order they were chosen. */
export function uploadIds(entries: ImageEntry[]): string[] {
  return entries.filter((entry) => entry.status === "done" && entry.upload).map((entry) => entry.upload!.uploadId);
}
