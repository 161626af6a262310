/**
 * Image uploads on the wire (docs/decisions/0025): `POST /apiv2/uploads` (multipart) stores the
 * files in R2 and answers what it stored; the returns form's single image has its own call
 * (`RmaUploadAnswer`, domain/returns-forms.ts).
 */

/** The image types an upload may hold (by its bytes, whatever its name says). */
export type UploadContentType = "image/jpeg" | "image/png" | "image/webp" | "image/heic" | "image/heif";

export interface ReceivedUpload {
  id: string;
  fileName: string;
  contentType: UploadContentType;
  size: number;
}

export interface UploadsAnswer {
  uploads: ReceivedUpload[];
}

/** The refusals of an upload besides the core codes. */
export type UploadRefusalCode = "upload_failed" | "too_many_files" | "type_not_allowed" | "extension_not_allowed" | "file_too_large" | "upload_too_large";
