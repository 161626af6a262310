/**
 * Who may read an upload: the one place that decides it. Today the visitor who uploaded
 * it (the same bearer token) and nobody else; staff of the back office get their rule
 * here when the back office comes.
 */
import type { Upload } from "../../tables/uploads";

export interface UploadReader {
  /** The caller's visitor id (SHA-256 of a well-formed bearer token), or null without one. */
  visitorId: string | null;
}

export function mayReadUpload(reader: UploadReader, upload: Pick<Upload, "ownerId">): boolean {
  return reader.visitorId !== null && reader.visitorId === upload.ownerId;
}
