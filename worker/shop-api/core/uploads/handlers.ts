/**
 * The upload endpoints (docs/decisions/0025):
 *
 * `POST /apiv2/uploads?purpose=complaint` (multipart/form-data, one or more `file` parts)
 * stores each accepted file in R2 (binding UPLOADS) as soon as it is read, and when every
 * file of the request was accepted writes their rows in one D1 batch, owned by the
 * visitor (a first write creates the visitor; its token goes to the edge in the x-visitor-token header). A
 * refused or failed request deletes the R2 objects it wrote and writes nothing to D1.
 * Answers `{ uploads: [{ id, fileName, contentType, size }] }`.
 *
 * `GET /apiv2/uploads/:id` sends the bytes to those who may read them (access.ts), with
 * the stored (sniffed) type, as an attachment, `nosniff`, never cached and sandboxed by
 * its CSP; anyone else gets the same 404 as for an id that does not exist.
 */
import type { ReceivedUpload, UploadsAnswer } from "@domain/api/uploads";
import { z } from "zod";
import { shopDirectory } from "@config/shops";
import { insertUpload, selectUpload, uploadOf, type Upload, type UploadRow } from "@shop-api/tables/uploads";
import { randomToken } from "../auth";
import type { ShopContext } from "../context";
import { notFound } from "../envelope";
import { validate } from "../request-body";
import { reply, type Reply } from "../route";
import { ensureVisitor, withVisitor } from "../visitor";
import { mayReadUpload } from "./access";
import { attachmentDisposition } from "./file-name";
import { readUploadedFiles, type UploadLimits } from "./read-files";

/** What an upload can be for; an upload is attached later only to something of its purpose. */
export const UPLOAD_PURPOSES = ["complaint"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const uploadQuery = z.object({ purpose: z.enum(UPLOAD_PURPOSES) });

/** Upload ids: 16 random bytes, base64url. */
const UPLOAD_ID = /^[A-Za-z0-9_-]{22}$/;

/** The headers of a download: the stored type, never rendered by the browser, never cached. */
export const DOWNLOAD_HEADERS = {
  "x-content-type-options": "nosniff",
  "cache-control": "private, no-store",
  "content-security-policy": "default-src 'none'; sandbox",
  "cross-origin-resource-policy": "same-origin",
} as const;

/** Deletes the R2 objects of a request that failed; a failure here is logged, the request's own error stands. */
async function deleteObjects(ctx: ShopContext, keys: string[]): Promise<void> {
  try {
    await ctx.env.UPLOADS.delete(keys);
  } catch (error) {
    console.error("could not delete the R2 objects of a failed upload", keys, error);
  }
}

/** An upload as its request answers it. */
/**
 * Reads the request's files within `limits` (default: the config's `uploads`), stores each in
 * R2 as soon as it is accepted, and when every file was accepted writes their rows for the
 * request's visitor (created by this write if needed) in one batch. A refusal or failure
 * deletes the R2 objects already written and writes nothing to D1, then throws.
 */
export async function receiveUploads(ctx: ShopContext, purpose: UploadPurpose, limits: UploadLimits = shopDirectory.config.uploads): Promise<ReceivedUpload[]> {
  const stored: Omit<Upload, "attachedTo" | "ownerId">[] = [];
  try {
    await readUploadedFiles(ctx.request, limits, async (file) => {
      const id = randomToken(16);
      const upload = {
        id,
        shopId: ctx.shop.id,
        fileName: file.name,
        contentType: file.contentType,
        size: file.bytes.byteLength,
        r2Key: `uploads/${ctx.shop.id}/${ctx.now.toISOString().slice(0, 10)}/${id}`,
        purpose,
        createdAt: ctx.now.toISOString(),
      };
      stored.push(upload);
      await ctx.env.UPLOADS.put(upload.r2Key, file.bytes, { httpMetadata: { contentType: file.contentType } });
    });
    const visitor = await ensureVisitor(await withVisitor(ctx, { lazy: true }));
    await ctx.db.batch(stored.map((upload) => insertUpload({ ...upload, ownerId: visitor.id }).prepare(ctx.db)));
  } catch (error) {
    if (stored.length > 0)
      await deleteObjects(
        ctx,
        stored.map((upload) => upload.r2Key),
      );
    throw error;
  }
  return stored.map(({ id, fileName, contentType, size }) => ({ id, fileName, contentType, size }));
}

export async function postUploads(ctx: ShopContext): Promise<Reply<UploadsAnswer>> {
  const { purpose } = validate(uploadQuery, { purpose: ctx.url.searchParams.get("purpose") ?? undefined });
  return reply({ uploads: await receiveUploads(ctx, purpose) });
}

export async function getUpload(ctx: ShopContext, id: string): Promise<Response> {
  if (!UPLOAD_ID.test(id)) throw notFound();
  const row = await selectUpload(id, ctx.shop.id).prepare(ctx.db).first<UploadRow>();
  const visitorId = (await withVisitor(ctx, { lazy: true })).visitorState.tokenHash;
  if (!row || !mayReadUpload({ visitorId }, uploadOf(row))) throw notFound();
  const object = await ctx.env.UPLOADS.get(row.r2_key);
  if (!object) {
    console.error("upload without its R2 object", row.id);
    throw notFound();
  }
  // Read whole (at most uploads.maxFileBytes): R2's stream type is not the Response body type of this build.
  return new Response(await object.arrayBuffer(), {
    headers: {
      ...DOWNLOAD_HEADERS,
      "content-type": row.content_type,
      "content-length": String(row.size),
      "content-disposition": attachmentDisposition(row.file_name),
    },
  });
}
