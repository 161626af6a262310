/**
 * Test harness of the shop API as deployed: the real route table (`createShopApi`) with a
 * real local D1 (every migration) and R2 bucket from Miniflare, a pinned clock, and
 * helpers to count what a request wrote.
 */
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { countRows, createTestDatabase } from "./d1";
import type { ShopApiEnv } from "@worker/env";
import { createShopApi } from "@shop-api/app";

export interface ApiHarness {
  db: D1Database;
  uploads: R2Bucket;
  env: ShopApiEnv;
  setNow(iso: string): void;
  fetch(request: Request, env?: ShopApiEnv): Promise<Response>;
  dispose(): Promise<void>;
}

/** The harness on a fresh database and bucket. */
export async function createApiHarness(now = "2026-11-18T08:00:00Z"): Promise<ApiHarness> {
  const database = await createTestDatabase();
  let clock = new Date(now);
  const api = createShopApi({ now: () => clock });
  const env = database.env;
  return {
    db: database.db,
    uploads: env.UPLOADS,
    env,
    setNow(iso) {
      clock = new Date(iso);
    },
    // Work handed to waitUntil (the kept answer of a keyed write) has finished when the answer returns.
    fetch: async (request, otherEnv = env) => {
      const pending: Promise<unknown>[] = [];
      const response = await api.fetch(request, otherEnv, { waitUntil: (task) => void pending.push(task) });
      await Promise.all(pending);
      return response;
    },
    dispose: () => database.dispose(),
  };
}

/** Rows per table and objects in the bucket: tests check that a refused request wrote nothing. */
export async function storedCounts(harness: Pick<ApiHarness, "db" | "uploads">): Promise<Record<string, number>> {
  const counts: Record<string, number> = await countRows(harness.db, ["visitors", "uploads", "idempotency_keys"]);
  counts.r2Objects = (await harness.uploads.list()).objects.length;
  return counts;
}

export interface FilePart {
  name?: string;
  fileName?: string | null;
  /** Raw Content-Disposition parameters after `form-data`, instead of name and fileName. */
  disposition?: string;
  contentType?: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body written byte by byte (so tests control boundaries and headers). */
export function multipartBody(parts: FilePart[], boundary = "----TestBoundary7MA4YWxkTrZu0gW"): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = part.disposition ?? `; name="${part.name ?? "file"}"${part.fileName === null ? "" : `; filename="${part.fileName ?? "photo.jpg"}"`}`;
    chunks.push(
      encoder.encode(`--${boundary}\r\nContent-Disposition: form-data${disposition}\r\nContent-Type: ${part.contentType ?? "image/jpeg"}\r\n\r\n`),
      part.bytes,
      encoder.encode("\r\n"),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface UploadOptions {
  token?: string;
  shop?: string;
  headers?: Record<string, string>;
  purpose?: string | null;
  boundary?: string;
}

/** POST /apiv2/uploads with the given parts. */
export function uploadRequest(parts: FilePart[], options: UploadOptions = {}): Request {
  const { body, contentType } = multipartBody(parts, options.boundary);
  const query = options.purpose === null ? "" : `?purpose=${options.purpose ?? "complaint"}`;
  return new Request(`http://shop-api/apiv2/uploads${query}`, { method: "POST", headers: apiHeaders(options, { "content-type": contentType }), body });
}

export function apiHeaders(options: Pick<UploadOptions, "token" | "shop" | "headers">, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "x-shop-id": options.shop ?? "DE",
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...extra,
    ...options.headers,
  };
}
