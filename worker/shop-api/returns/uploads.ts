/**
 * POST /apiv2/rma/uploads: one image of a complaint (multipart/form-data, one part `file`),
 * before the complaint is sent. The core's uploads do the work (core/uploads: the type from
 * the bytes, JPEG, PNG, WebP or HEIC; 10 MiB a file; into R2, the row for the request's
 * visitor; a refusal stores nothing); this step adds who may upload (access.ts: a live lookup
 * of this visitor or a signed-in customer), one file per request, a cap on images waiting
 * for their complaint, and the contract's three error codes, each naming the file:
 *
 *   upload_error           the body or the file could not be read (empty, cut off, broken
 *                          multipart boundaries, not multipart, more than one file)
 *   file_too_large         over 10 MiB (params.maxBytes, maxMegabytes)
 *   extension_not_allowed  not .jpg/.jpeg/.png/.webp/.heic/.heif, or its bytes are no such image
 *
 * `params.reason` keeps the core's finer code (type_not_allowed, upload_too_large, ...).
 * Answers `{ uploadId, name, size }`; the id goes into the complaint's `uploadIds`, which
 * attaches the image to it (unattached images are deleted after 24 hours).
 */
import type { ReturnRefusalCode } from "@domain/api/returns";
import { MAX_RMA_IMAGES, type RmaUploadAnswer } from "@domain/returns-forms";
import { shopDirectory } from "@config/shops";
import type { ShopContext } from "../core/context";
import { ApiFailure, fail, type ApiErrorItem } from "../core/envelope";
import { receiveUploads } from "../core/uploads/handlers";
import { reply, type Reply } from "../core/route";
import { withVisitor } from "../core/visitor";
import { countUnattached } from "../tables/uploads";
import { requireUploadAccess } from "./access";
import { RETURNS_MESSAGES } from "./messages";

/** Images a visitor may hold for complaints not sent yet: two complaints' worth. */
export const MAX_PENDING_IMAGES = 2 * MAX_RMA_IMAGES;

/** The contract's code for each of the core's upload refusals. */
const CONTRACT_CODES: Readonly<Record<string, ReturnRefusalCode>> = {
  upload_failed: "upload_error",
  too_many_files: "upload_error",
  type_not_allowed: "extension_not_allowed",
  extension_not_allowed: "extension_not_allowed",
  file_too_large: "file_too_large",
  upload_too_large: "file_too_large",
};

function inContractCodes(failure: ApiFailure): ApiFailure {
  const errors = failure.errors.map((error): ApiErrorItem => {
    const code = error.code ? CONTRACT_CODES[error.code] : undefined;
    if (!code) return error;
    return { ...error, code, params: { ...(error.params ?? {}), reason: error.code! } };
  });
  return new ApiFailure(failure.status, errors, failure.headers);
}

export async function rmaUpload(ctx: ShopContext): Promise<Reply<RmaUploadAnswer>> {
  // 1. who: the visitor of a live lookup, or a signed-in customer
  const visitorCtx = await withVisitor(ctx);
  await requireUploadAccess(visitorCtx);
  // 2. not more images waiting than two complaints can take
  const owner = visitorCtx.visitorState.visitor;
  if (owner) {
    const pending = await countUnattached(owner.id, ctx.shop.id, "complaint").prepare(ctx.db).first<{ n: number }>();
    if ((pending?.n ?? 0) >= MAX_PENDING_IMAGES)
      throw fail(422, RETURNS_MESSAGES.tooManyPending.replace("{max}", String(MAX_PENDING_IMAGES)), "upload_error" satisfies ReturnRefusalCode, {
        field: "file",
        params: { reason: "too_many_pending", max: MAX_PENDING_IMAGES },
      });
  }
  // 3. the one file, checked by its bytes and stored (or nothing stored)
  let received;
  try {
    received = await receiveUploads(ctx, "complaint", { ...shopDirectory.config.uploads, maxFiles: 1 });
  } catch (error) {
    throw error instanceof ApiFailure ? inContractCodes(error) : error;
  }
  const [upload] = received;
  const answer: RmaUploadAnswer = { uploadId: upload!.id, name: upload!.fileName, size: upload!.size };
  return reply(answer);
}
