/**
 * The builder's access to the SITE_ASSETS bucket (docs/decisions/0053), bearer BUILDER_TOKEN:
 * the builder publishes shops with `assets: "r2"` through these calls (locally wrangler's own
 * R2 state, in CI the deployed bucket, without R2 credentials on the build machine). Only keys
 * of the layout of worker/lib/site-assets.ts of a configured shop.
 *
 *   POST /admin/builder/site-assets/put     binary batch (below)           -> { written }
 *   POST /admin/builder/site-assets/get     { key }                        -> the object's bytes (404 not_found)
 *   POST /admin/builder/site-assets/list    { prefix, cursor? }            -> { keys, cursor }   (one page, up to 1,000 keys)
 *   POST /admin/builder/site-assets/delete  { keys }                       -> { deleted }        (up to 500 keys)
 *
 * A put batch is one body: a 4-byte big-endian length n, n bytes of JSON
 * `{ objects: [{ key, size }] }` (up to 1,000 objects), then the objects' bytes in that order;
 * the sizes must add up to the rest of the body exactly. Every object of a batch is written
 * before the answer (up to 8 at a time); a failed write fails the batch (503), and the builder
 * sends it again (writes of the same key and bytes are idempotent).
 */
import type {
  SiteAssetDeleteRequest,
  SiteAssetGetRequest,
  SiteAssetKeys,
  SiteAssetListRequest,
  SiteAssetsDeleted,
  SiteAssetsRefusalCode,
  SiteAssetsWritten,
} from "@domain/api/site-assets";
import { z } from "zod";
import type { ApiContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { readJson, validate } from "../core/request-body";
import { reply, type Params, type Reply } from "../core/route";
import { requireServiceToken } from "../core/service-token";
import { allShops } from "../core/shop";
import { shopPrefix, siteAssetKeyShop } from "@worker/lib/site-assets";

export const MAX_PUT_OBJECTS = 1000;
export const MAX_DELETE_KEYS = 500;
const PARALLEL_WRITES = 8;

const isConfiguredShop = (shop: string | null): boolean => shop !== null && allShops().some((each) => each.id === shop);
const siteKey = z
  .string()
  .refine((key) => isConfiguredShop(siteAssetKeyShop(key)), { message: "is not a site asset key of a configured shop", params: { code: "invalid_key" } });
const getBody: z.ZodType<SiteAssetGetRequest> = z.object({ key: siteKey }).strict();
const listBody: z.ZodType<SiteAssetListRequest> = z
  .object({
    prefix: z.string().refine((prefix) => allShops().some((shop) => prefix.startsWith(shopPrefix(shop.id))) && prefix.length <= 200, {
      message: "must start with sites/<SHOP>/ of a configured shop",
      params: { code: "invalid_prefix" },
    }),
    cursor: z.string().min(1).max(1000).optional(),
  })
  .strict();
const deleteBody: z.ZodType<SiteAssetDeleteRequest> = z.object({ keys: z.array(siteKey).min(1).max(MAX_DELETE_KEYS) }).strict();
const putHeader = z
  .object({
    objects: z
      .array(z.object({ key: siteKey, size: z.number().int().min(0) }).strict())
      .min(1)
      .max(MAX_PUT_OBJECTS),
  })
  .strict();

function bucketOf(ctx: ApiContext) {
  const bucket = ctx.env.SITE_ASSETS;
  if (!bucket) throw fail(503, "The site assets bucket is not bound (SITE_ASSETS).", "site_assets_unavailable" satisfies SiteAssetsRefusalCode);
  return bucket;
}

const badBatch = (message: string) => fail(400, message, "malformed_batch" satisfies SiteAssetsRefusalCode);

/** The objects of a put batch (see above); refuses anything that is not exactly one. */
export function parsePutBatch(body: Uint8Array): { key: string; bytes: Uint8Array }[] {
  if (body.byteLength < 4) throw badBatch("The batch has no header.");
  const headerLength = new DataView(body.buffer, body.byteOffset, body.byteLength).getUint32(0);
  if (headerLength > 256 * 1024 || 4 + headerLength > body.byteLength) throw badBatch("The batch header's length is out of range.");
  let header: unknown;
  try {
    header = JSON.parse(new TextDecoder().decode(body.subarray(4, 4 + headerLength)));
  } catch {
    throw badBatch("The batch header is not JSON.");
  }
  const { objects } = validate(putHeader, header);
  let offset = 4 + headerLength;
  const parsed = objects.map(({ key, size }) => {
    if (offset + size > body.byteLength) throw badBatch("The batch is shorter than its header says.");
    const bytes = body.subarray(offset, offset + size);
    offset += size;
    return { key, bytes };
  });
  if (offset !== body.byteLength) throw badBatch("The batch is longer than its header says.");
  return parsed;
}

export async function siteAssetsRoute(ctx: ApiContext, params: Params): Promise<Reply<SiteAssetsWritten | SiteAssetKeys | SiteAssetsDeleted> | Response> {
  if (ctx.request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed" satisfies SiteAssetsRefusalCode, {}, { allow: "POST" });
  await requireServiceToken(ctx, "BUILDER_TOKEN", "builder");
  const bucket = bucketOf(ctx);
  switch (params.op) {
    case "put": {
      const objects = parsePutBatch(new Uint8Array(await ctx.request.arrayBuffer()));
      for (let start = 0; start < objects.length; start += PARALLEL_WRITES) {
        try {
          await Promise.all(objects.slice(start, start + PARALLEL_WRITES).map(({ key, bytes }) => bucket.put(key, bytes)));
        } catch {
          throw fail(503, "Writing to the site assets bucket failed; send the batch again.", "site_assets_unavailable" satisfies SiteAssetsRefusalCode);
        }
      }
      return reply({ written: objects.length });
    }
    case "get": {
      const { key } = validate(getBody, await readJson(ctx.request));
      const object = await bucket.get(key);
      if (!object) throw fail(404, MESSAGES.notFound, "not_found");
      return new Response(object.body as unknown as BodyInit, {
        headers: { "content-type": "application/octet-stream", "cache-control": "private, no-store" },
      });
    }
    case "list": {
      const { prefix, cursor } = validate(listBody, await readJson(ctx.request));
      const listed = await bucket.list({ prefix, cursor, limit: 1000 });
      return reply({ keys: listed.objects.map((object) => object.key), cursor: listed.truncated ? listed.cursor : null });
    }
    case "delete": {
      const { keys } = validate(deleteBody, await readJson(ctx.request));
      await bucket.delete(keys);
      return reply({ deleted: keys.length });
    }
  }
  throw fail(404, MESSAGES.notFound, "not_found");
}
