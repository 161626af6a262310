/**
 * Reading the files of an upload request (multipart/form-data, one or more `file` parts)
 * within the shop config's `uploads` limits, enforced while the body is read: a declared
 * Content-Length over the request limit is refused before reading, the body's bytes are
 * counted as they arrive (a lying or missing Content-Length changes nothing), a file is
 * refused as soon as it grows over the file limit, and only the file being read is held.
 *
 * Checks per file part, in the order they can be made: the count of files, a file name
 * at all, its extension (from the headers, before any byte is read), its size (while
 * reading), then at its end: not empty, and its type from its first bytes. Every refusal
 * names the file (`params.file`, the sanitised name) with a code the storefront
 * translates. Parts not named `file` are read past and ignored.
 */
import type { UploadRefusalCode } from "@domain/api/uploads";
import type { UploadSettings } from "@config/shop-config";
import { multipartBoundary, MultipartError, multipartEvents } from "@worker/lib/multipart";
import { fail, invalid, MESSAGES, type ApiErrorItem, type ApiFailure } from "../envelope";
import { hasAllowedExtension, sanitiseFileName } from "./file-name";
import type { UploadContentType } from "@shop-api/tables/uploads";
import { sniffImageType } from "./file-type";

export type UploadLimits = Pick<UploadSettings, "maxFileBytes" | "maxFiles" | "maxRequestBytes">;

export interface ReceivedFile {
  /** The sanitised file name. */
  name: string;
  /** The type its first bytes show. */
  contentType: UploadContentType;
  bytes: Uint8Array;
}

const megabytes = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10;

const fill = (template: string, params: NonNullable<ApiErrorItem["params"]>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export const uploadFailed = (file: string | null): ApiFailure =>
  file
    ? fail(400, fill(MESSAGES.uploadFailed, { file }), "upload_failed" satisfies UploadRefusalCode, { field: "file", params: { file } })
    : fail(400, MESSAGES.invalid, "upload_failed" satisfies UploadRefusalCode, { field: "file" });

const fileTooLarge = (file: string, maxBytes: number): ApiFailure => {
  const params = { file, maxBytes, maxMegabytes: megabytes(maxBytes) };
  return fail(413, fill(MESSAGES.fileTooLarge, params), "file_too_large" satisfies UploadRefusalCode, { field: "file", params });
};

const uploadTooLarge = (maxBytes: number): ApiFailure => {
  const params = { maxBytes, maxMegabytes: megabytes(maxBytes) };
  return fail(413, fill(MESSAGES.uploadTooLarge, params), "upload_too_large" satisfies UploadRefusalCode, { field: "file", params });
};

const tooManyFiles = (maxFiles: number): ApiFailure =>
  invalid("file", fill(MESSAGES.tooManyFiles, { maxFiles }), "too_many_files" satisfies UploadRefusalCode, { maxFiles });

const extensionNotAllowed = (file: string): ApiFailure =>
  invalid("file", fill(MESSAGES.extensionNotAllowed, { file }), "extension_not_allowed" satisfies UploadRefusalCode, { file });

const typeNotAllowed = (file: string): ApiFailure =>
  invalid("file", fill(MESSAGES.typeNotAllowed, { file }), "type_not_allowed" satisfies UploadRefusalCode, { file });

/** The body's chunks, counted: over `limit` bytes the reading stops with `tooLarge()`; a broken stream is `broken()`. */
async function* countedChunks(
  body: ReadableStream<Uint8Array>,
  limit: number,
  tooLarge: () => ApiFailure,
  broken: () => ApiFailure,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw broken();
      });
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

interface FileInProgress {
  name: string;
  chunks: Uint8Array[];
  size: number;
}

function finishFile(file: FileInProgress): ReceivedFile {
  if (file.size === 0) throw uploadFailed(file.name);
  const bytes = new Uint8Array(file.size);
  let offset = 0;
  for (const chunk of file.chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType = sniffImageType(bytes);
  if (!contentType) throw typeNotAllowed(file.name);
  return { name: file.name, contentType, bytes };
}

/**
 * Reads the request's files and hands each accepted one to `accept` as soon as it is
 * complete (the caller stores it); throws the refusal of the first file or limit that
 * fails. Resolves with the number of files accepted (at least one).
 */
export async function readUploadedFiles(request: Request, limits: UploadLimits, accept: (file: ReceivedFile) => Promise<void>): Promise<number> {
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary) throw fail(415, MESSAGES.invalid, "upload_failed" satisfies UploadRefusalCode, { field: "file" });
  if (Number(request.headers.get("content-length") ?? 0) > limits.maxRequestBytes) throw uploadTooLarge(limits.maxRequestBytes);
  if (!request.body) throw invalid("file", MESSAGES.required, "required");

  let current: FileInProgress | null = null;
  let files = 0;
  const chunks = countedChunks(
    request.body,
    limits.maxRequestBytes,
    () => uploadTooLarge(limits.maxRequestBytes),
    () => uploadFailed(current?.name ?? null),
  );
  try {
    for await (const event of multipartEvents(chunks, boundary)) {
      if (event.kind === "part") {
        current = null;
        if (event.headers.name !== "file") continue;
        if (++files > limits.maxFiles) throw tooManyFiles(limits.maxFiles);
        if (!event.headers.fileName) throw uploadFailed(null);
        const name = sanitiseFileName(event.headers.fileName);
        if (!hasAllowedExtension(name)) throw extensionNotAllowed(name);
        current = { name, chunks: [], size: 0 };
      } else if (event.kind === "data") {
        if (!current) continue;
        current.size += event.bytes.byteLength;
        if (current.size > limits.maxFileBytes) throw fileTooLarge(current.name, limits.maxFileBytes);
        current.chunks.push(event.bytes);
      } else if (current) {
        const file = finishFile(current);
        current = null;
        await accept(file);
      }
    }
  } catch (error) {
    if (error instanceof MultipartError) throw uploadFailed(current?.name ?? null);
    throw error;
  }
  if (files === 0) throw invalid("file", MESSAGES.required, "required");
  return files;
}
