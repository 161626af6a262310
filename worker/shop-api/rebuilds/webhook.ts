/**
 * POST /admin/hooks/catalogue: a PIM or ERP says the catalogue changed (docs/decisions/0032).
 * Signed by the Standard Webhooks scheme (https://www.standardwebhooks.com): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a space-separated
 * list of `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">` keyed with the secret's
 * bytes (webhook-secrets.ts). The request is refused with 401 and nothing is written or sent
 * when the headers are missing or malformed, the timestamp is more than 5 minutes off (either
 * way), or no signature matches a valid secret (compared in constant time). A webhook-id seen
 * before is answered 200 with the first delivery's change id and changes nothing.
 *
 * Body (at most 256 KiB): `{ "type": "catalogue.changed", "timestamp"?: "...", "data": { "skus"?: [...], "shops"?: [...] } }`.
 * The request's shops: those named (configured shops only, else 422), and those that sell
 * the SKUs (product_shops; SKUs the catalogue does not know are listed in the answer); with
 * neither, every shop.
 */
import type { CatalogueWebhookAnswer, RebuildRefusalCode } from "@domain/api/builder";
import { z } from "zod";
import { jsonList } from "@worker/lib/json";
import { readLimitedBody } from "@worker/lib/read-limited-body";
import { sql } from "@worker/lib/sql";
import { sameSecret } from "../core/auth";
import type { ApiContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { validate } from "../core/request-body";
import { reply, type Reply } from "../core/route";
import { insertLastRequestShops, insertRequest, LAST_REQUEST_ID } from "../tables/rebuilds";
import { insertDelivery, selectDelivery, webhookDeliveryOf, type WebhookDeliveryRow } from "../tables/webhooks";
import { dispatchRequests } from "./requests";
import { configuredShopIds } from "./settings";
import { secretKey, validSecrets } from "./webhook-secrets";

export const MAX_WEBHOOK_BYTES = 256 * 1024;
export const TOLERANCE_SECONDS = 5 * 60;
const MAX_SKUS = 10_000;

const WEBHOOK_ID = /^[\x21-\x7e]{1,256}$/;
const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^v1,([A-Za-z0-9+/]{43}=)$/;

const bodySchema = z
  .object({
    type: z.literal("catalogue.changed"),
    timestamp: z.string().max(64).optional(),
    data: z
      .object({
        skus: z.array(z.string().min(1).max(100)).max(MAX_SKUS).optional(),
        shops: z
          .array(z.string().refine((id) => configuredShopIds().includes(id), { message: "is not a configured shop", params: { code: "unknown_shop" } }))
          .max(50)
          .optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

const unauthorised = (code: RebuildRefusalCode, message: string) => fail(401, message, code);

async function hmac(key: Uint8Array<ArrayBuffer>, content: Uint8Array<ArrayBuffer>): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, content));
  return btoa(String.fromCharCode(...signature));
}

/** The signed content: `<id>.<timestamp>.` and the body's bytes as received. */
function signedContent(id: string, timestamp: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  return content;
}

/** Checks headers, timestamp and signature; throws the 401 (or 503 without a secret). */
export async function verifyWebhook(ctx: ApiContext, body: Uint8Array): Promise<{ id: string }> {
  const headers = ctx.request.headers;
  const id = headers.get("webhook-id") ?? "";
  const timestamp = headers.get("webhook-timestamp") ?? "";
  const signatures = (headers.get("webhook-signature") ?? "").slice(0, 4096).split(" ").filter(Boolean);
  if (!WEBHOOK_ID.test(id) || !TIMESTAMP.test(timestamp) || signatures.length === 0 || signatures.length > 10) {
    throw unauthorised("invalid_signature_headers", "The webhook-id, webhook-timestamp and webhook-signature headers are missing or malformed.");
  }
  if (Math.abs(ctx.now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
    throw unauthorised("timestamp_out_of_tolerance", `The webhook-timestamp is more than ${TOLERANCE_SECONDS / 60} minutes from the server's time.`);
  }
  const keys = (await validSecrets(ctx.env, ctx.now)).map(secretKey).filter((key): key is Uint8Array<ArrayBuffer> => key !== null);
  if (keys.length === 0) {
    console.error("POST /admin/hooks/catalogue: no valid webhook secret (D1 webhook_secrets or CATALOGUE_WEBHOOK_SECRET, whsec_...)");
    throw fail(503, MESSAGES.notConfigured, "not_configured" satisfies RebuildRefusalCode);
  }
  const presented = signatures.map((entry) => SIGNATURE.exec(entry)?.[1]).filter((value): value is string => value !== undefined);
  const content = signedContent(id, timestamp, body);
  let matched = false;
  for (const key of keys) {
    const expected = await hmac(key, content);
    // Every comparison runs (constant time per signature, no early exit over the list).
    for (const signature of presented) if (await sameSecret(signature, expected)) matched = true;
  }
  if (!matched) throw unauthorised("invalid_signature", "No webhook-signature matches.");
  return { id };
}

export async function catalogueWebhookRoute(ctx: ApiContext): Promise<Reply<CatalogueWebhookAnswer>> {
  if (ctx.request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed" satisfies RebuildRefusalCode, {}, { allow: "POST" });
  const declared = Number(ctx.request.headers.get("content-length") ?? "0");
  const tooLarge = () => fail(413, `The body is larger than ${MAX_WEBHOOK_BYTES / 1024} KiB.`, "body_too_large" satisfies RebuildRefusalCode);
  if (Number.isFinite(declared) && declared > MAX_WEBHOOK_BYTES) throw tooLarge();
  const bytes = await readLimitedBody(ctx.request.body, MAX_WEBHOOK_BYTES);
  if (bytes === null) throw tooLarge();
  const { id } = await verifyWebhook(ctx, bytes);

  const seen = await selectDelivery(id).prepare(ctx.db).first<WebhookDeliveryRow>();
  if (seen) return reply({ changeId: webhookDeliveryOf(seen).requestId, duplicate: true });

  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw fail(400, MESSAGES.invalid, "malformed_json" satisfies RebuildRefusalCode);
  }
  const body = validate(bodySchema, parsed);
  const { shops, unknownSkus } = await shopsOf(ctx, body.data);

  const notSeen = sql`NOT EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ${id})`;
  const detail = `webhook ${id}: ${body.data.skus ? `${body.data.skus.length} SKUs` : "catalogue"}${body.data.shops ? `, shops ${body.data.shops.join(" ")}` : ""}`;
  const statements =
    shops.length > 0
      ? [
          insertRequest({ trigger: "webhook", actor: "webhook", detail, createdAt: ctx.now }, notSeen),
          insertLastRequestShops(shops, notSeen),
          insertDelivery(id, ctx.now, LAST_REQUEST_ID),
          selectDelivery(id),
        ]
      : [insertDelivery(id, ctx.now, sql`NULL`), selectDelivery(id)];
  const results = await ctx.db.batch<{ id: number } & WebhookDeliveryRow>(statements.map((statement) => statement.prepare(ctx.db)));
  const written = shops.length > 0 ? results[0]?.results[0]?.id : undefined;
  const delivery = results[results.length - 1]?.results[0];
  if (written !== undefined) await dispatchRequests(ctx.env, [written], { now: () => ctx.now });
  return reply({ changeId: delivery?.request_id ?? null, duplicate: written === undefined && shops.length > 0, shops, unknownSkus });
}

async function shopsOf(ctx: ApiContext, data: { skus?: string[]; shops?: string[] }): Promise<{ shops: string[]; unknownSkus: string[] }> {
  if (!data.skus && !data.shops) return { shops: configuredShopIds().sort(), unknownSkus: [] };
  const shops = new Set(data.shops ?? []);
  const unknownSkus: string[] = [];
  if (data.skus && data.skus.length > 0) {
    const skus = [...new Set(data.skus)];
    const rows = (
      await sql`SELECT p.sku, s.shop_id FROM products p LEFT JOIN product_shops s ON s.sku = p.sku WHERE p.sku IN ${jsonList(skus)}`
        .prepare(ctx.db)
        .all<{ sku: string; shop_id: string | null }>()
    ).results;
    const known = new Set(rows.map((row) => row.sku));
    unknownSkus.push(...skus.filter((sku) => !known.has(sku)));
    const configured = new Set(configuredShopIds());
    for (const row of rows) if (row.shop_id !== null && configured.has(row.shop_id)) shops.add(row.shop_id);
  }
  return { shops: [...shops].sort(), unknownSkus };
}
