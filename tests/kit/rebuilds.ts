/** Fixtures of the rebuild pipeline's tests: settings, a base catalogue, price changes, queue batches, webhook signatures. */
import { createHmac, randomBytes } from "node:crypto";
import type { D1Database, Message, MessageBatch } from "@cloudflare/workers-types";
import type { RebuildSettings } from "@config/shop-config";
import { imported, sampleDocument } from "./catalogue";

export const SETTINGS: RebuildSettings = { quietSeconds: 5, maxDelaySeconds: 300, leaseSeconds: 120, maxAttempts: 4, retryBaseSeconds: 30, deployHooks: {} };

export const BUILDER_TOKEN = "builder-token-0123456789abcdef0123456789";

/** Empties the pipeline's tables (the catalogue stays). */
export async function resetPipeline(db: D1Database): Promise<void> {
  await db.batch(
    ["rebuild_request_shops", "builds", "rebuild_requests", "webhook_deliveries", "webhook_secrets"].map((table) => db.prepare(`DELETE FROM ${table}`)),
  );
}

/** The sample catalogue: P-100 sold in DE and CH, P-200 and its variant P-200-1 in DE only. */
export async function importBase(db: D1Database, now: Date): Promise<void> {
  await imported(db, sampleDocument(), { source: "base.json", now });
}

const CURRENCY: Record<string, string> = { DE: "EUR", CH: "CHF" };

/** Imports one new package price; answers the import's change id. */
export async function changePrice(
  db: D1Database,
  sku: "P-100" | "P-200-1",
  shop: "DE" | "CH",
  price: number,
  now: Date,
  actor?: string,
): Promise<number | null> {
  const prices = [{ sku, shop, currency: CURRENCY[shop], packagePrice: price, unitPrice: Math.round((price / 2) * 100) / 100 }];
  return imported(db, { prices }, { source: "prices.json", now, ...(actor ? { actor } : {}) });
}

export interface RecordedBatch extends MessageBatch<unknown> {
  acked: string[];
  retried: string[];
}

/** A MessageBatch as the Queues runtime hands it to the consumer, recording acks and retries. */
export function messageBatch(bodies: readonly unknown[], now: Date): RecordedBatch {
  const acked: string[] = [];
  const retried: string[] = [];
  const messages = bodies.map((body, index): Message<unknown> => ({
    id: `m-${index}-${randomBytes(4).toString("hex")}`,
    timestamp: now,
    body,
    attempts: 1,
    ack() {
      acked.push(this.id);
    },
    retry() {
      retried.push(this.id);
    },
  }));
  return {
    messages,
    queue: "bodenhaus-rebuilds",
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    acked,
    retried,
    ackAll: () => acked.push(...messages.map((message) => message.id)),
    retryAll: () => retried.push(...messages.map((message) => message.id)),
  };
}

export const newSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`;

/** A Standard Webhooks signature of the body with the secret (node:crypto, independent of the worker's code). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export function webhookRequest(body: string, headers: Record<string, string>): Request {
  return new Request("https://api.example/admin/hooks/catalogue", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
}

export function signedWebhook(secret: string, id: string, now: Date, body: unknown): Request {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(now.getTime() / 1000);
  return webhookRequest(text, { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": sign(secret, id, timestamp, text) });
}

export const builderRequest = (path: string, body: unknown, token: string | null = BUILDER_TOKEN): Request =>
  new Request(`https://api.example/admin/builder/${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
  });

export const secondsLater = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
