/**
 * How the publisher reaches the SITE_ASSETS bucket (docs/decisions/0053): an R2 binding (Jest
 * tests: Miniflare's local R2 over fetch, scripts/lib/bindings-over-fetch.ts), or the shop API's
 * builder calls (`/admin/builder/site-assets/*`, bearer BUILDER_TOKEN): locally the worker that
 * serves the shops and keeps wrangler's R2 state, in CI the deployed shop API.
 */
import type {
  SiteAssetDeleteRequest,
  SiteAssetGetRequest,
  SiteAssetKeys,
  SiteAssetListRequest,
  SiteAssetsDeleted,
  SiteAssetsWritten,
} from "@domain/api/site-assets";
import { request } from "node:http";
import type { ReceivedEnvelope } from "@domain/api/envelope";
import type { R2Bucket } from "@cloudflare/workers-types";

export interface SiteObject {
  key: string;
  bytes: Uint8Array;
}

export interface SiteBucketClient {
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Writes the objects (one batch: the caller splits and runs batches in parallel). */
  put(objects: SiteObject[]): Promise<void>;
  /** Every key under the prefix. */
  list(prefix: string): Promise<string[]>;
  delete(keys: string[]): Promise<void>;
  /** Largest batch `put` takes, in bytes and objects. */
  readonly batchBytes: number;
  readonly batchObjects: number;
}

/** An R2 binding (or anything shaped like one, such as bindings-over-fetch's client). */
export function r2BucketClient(bucket: Pick<R2Bucket, "get" | "put" | "list" | "delete">): SiteBucketClient {
  return {
    batchBytes: 8 * 1024 * 1024,
    batchObjects: 64,
    async get(key) {
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async put(objects) {
      await Promise.all(objects.map(({ key, bytes }) => bucket.put(key, bytes)));
    },
    async list(prefix) {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, cursor, limit: 1000 });
        keys.push(...page.objects.map((object) => object.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return keys;
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += 500) await bucket.delete(keys.slice(start, start + 500));
    },
  };
}

export interface WorkerBucketOptions {
  /** The shop API's origin (locally the worker: http://127.0.0.1:8787). */
  origin: string;
  /** BUILDER_TOKEN. */
  token: string;
  /** The Host to send: the back-office host locally (the edge forwards /admin/* there only); plain http only. */
  host?: string;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  body: Buffer;
}

/** The SITE_ASSETS bucket through the shop API's builder calls (worker/shop-api/site-assets/routes.ts). */
export function workerBucketClient(options: WorkerBucketOptions): SiteBucketClient {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const origin = new URL(options.origin);
  if (options.host && origin.protocol !== "http:") throw new Error(`a Host other than the origin's needs a plain http origin (got ${origin.origin})`);

  /** Every call is idempotent (the same key gets the same bytes), so a connection lost or a 503 is tried again, up to 3 times. */
  async function post(op: string, contentType: string, body: Uint8Array | string): Promise<Answer> {
    for (let attempt = 1; ; attempt++) {
      try {
        const answer = await postOnce(op, contentType, body);
        if (answer.status !== 503 || attempt >= 3) return answer;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }

  function postOnce(op: string, contentType: string, body: Uint8Array | string): Promise<Answer> {
    const url = new URL(`/admin/builder/site-assets/${op}`, origin);
    const headers = { authorization: `Bearer ${options.token}`, "content-type": contentType, host: options.host ?? url.host };
    return new Promise((resolve, reject) => {
      const req = request(
        { host: url.hostname.replace(/^\[|\]$/g, ""), port: url.port || 80, path: url.pathname, method: "POST", headers, timeout: timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on("error", reject);
      req.end(body);
    });
  }

  async function call<T>(op: string, body: unknown): Promise<T> {
    const answer = await post(op, "application/json", JSON.stringify(body));
    return data<T>(op, answer);
  }

  function data<T>(op: string, answer: Answer): T {
    const envelope = parseEnvelope<T>(answer.body);
    if (answer.status >= 200 && answer.status < 300 && envelope?.data !== undefined) return envelope.data as T;
    const message =
      envelope?.errors?.map((error) => `${error.message}${error.code ? ` (${error.code})` : ""}`).join("; ") ?? answer.body.toString("utf8").slice(0, 200);
    throw new Error(`site assets ${op}: HTTP ${answer.status} ${message}`);
  }

  return {
    batchBytes: 4 * 1024 * 1024,
    batchObjects: 400,
    async get(key) {
      const request: SiteAssetGetRequest = { key };
      const answer = await post("get", "application/json", JSON.stringify(request));
      if (answer.status === 404) return null;
      if (answer.status !== 200) data("get", answer);
      return new Uint8Array(answer.body);
    },
    async put(objects) {
      await post("put", "application/octet-stream", encodePutBatch(objects)).then((answer) => data<SiteAssetsWritten>("put", answer));
    },
    async list(prefix) {
      const keys: string[] = [];
      let cursor: string | null = null;
      do {
        const request: SiteAssetListRequest = cursor ? { prefix, cursor } : { prefix };
        const page = await call<SiteAssetKeys>("list", request);
        keys.push(...page.keys);
        cursor = page.cursor;
      } while (cursor);
      return keys;
    },
    async delete(keys) {
      for (let start = 0; start < keys.length; start += 500) {
        const request: SiteAssetDeleteRequest = { keys: keys.slice(start, start + 500) };
        await call<SiteAssetsDeleted>("delete", request);
      }
    },
  };
}

function parseEnvelope<T>(body: Buffer): ReceivedEnvelope<T> | null {
  try {
    return JSON.parse(body.toString("utf8")) as ReceivedEnvelope<T>;
  } catch {
    return null;
  }
}

/** One put batch: 4-byte length, JSON header `{ objects: [{ key, size }] }`, the bytes in order. */
export function encodePutBatch(objects: SiteObject[]): Buffer {
  const header = Buffer.from(JSON.stringify({ objects: objects.map(({ key, bytes }) => ({ key, size: bytes.byteLength })) }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.byteLength);
  return Buffer.concat([length, header, ...objects.map(({ bytes }) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))]);
}
