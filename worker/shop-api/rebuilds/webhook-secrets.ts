/**
 * The catalogue webhook's signing secrets (Standard Webhooks: `whsec_` and the base64 of 24 to
 * 64 random bytes). D1's webhook_secrets holds the current secret and the rotated ones, each
 * valid 24 hours after its rotation; while the table is empty, the environment's
 * CATALOGUE_WEBHOOK_SECRET is the secret (the first rotation keeps it valid 24 hours more).
 */
import type { RotatedWebhookSecret, WebhookStatus } from "@domain/back-office/publishing";
import type { ShopApiEnv } from "@worker/env";
import { base64Bytes } from "@worker/lib/base64";
import {
  insertCurrentSecret,
  retireCurrentSecret,
  retireEnvironmentSecret,
  selectWebhookSecrets,
  webhookSecretOf,
  type WebhookSecret,
  type WebhookSecretRow,
} from "../tables/webhooks";

export const PREVIOUS_SECRET_VALID_HOURS = 24;
const SECRET_FORMAT = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** The key bytes of a whsec_ secret, or null when it is not one. */
export function secretKey(secret: string): Uint8Array<ArrayBuffer> | null {
  if (!SECRET_FORMAT.test(secret)) return null;
  try {
    const bytes = base64Bytes(secret.slice("whsec_".length));
    return bytes.length >= 24 && bytes.length <= 64 ? bytes : null;
  } catch {
    return null;
  }
}

export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}

async function secretRows(env: Pick<ShopApiEnv, "DB">): Promise<WebhookSecret[]> {
  return (await selectWebhookSecrets().prepare(env.DB).all<WebhookSecretRow>()).results.map(webhookSecretOf);
}

/** The secrets a signature may be made with now: the current one and the rotated ones still valid (environment secret included). */
export async function validSecrets(env: Pick<ShopApiEnv, "DB" | "CATALOGUE_WEBHOOK_SECRET">, now: Date): Promise<string[]> {
  const rows = await secretRows(env);
  const fromEnv = env.CATALOGUE_WEBHOOK_SECRET ? [env.CATALOGUE_WEBHOOK_SECRET] : [];
  if (rows.length === 0) return fromEnv;
  const nowIso = now.toISOString();
  return rows
    .filter((row) => row.retiredAt === null || (row.validUntil !== null && row.validUntil > nowIso))
    .flatMap((row) => (row.secret === null ? fromEnv : [row.secret]));
}

export async function webhookStatus(env: Pick<ShopApiEnv, "DB" | "CATALOGUE_WEBHOOK_SECRET">, now: Date): Promise<WebhookStatus> {
  const rows = await secretRows(env);
  const nowIso = now.toISOString();
  const current = rows.find((row) => row.retiredAt === null);
  const previous = rows.filter((row) => row.retiredAt !== null && row.validUntil !== null && row.validUntil > nowIso).map((row) => row.validUntil!);
  return {
    configured: (await validSecrets(env, now)).some((secret) => secretKey(secret) !== null),
    rotatedAt: current?.createdAt ?? null,
    previousValidUntil: previous.sort().at(-1) ?? null,
  };
}

/** Makes a new current secret; the previous one (or the environment's) stays valid 24 hours. Answers the new secret (shown once). */
export async function rotateWebhookSecret(env: Pick<ShopApiEnv, "DB" | "CATALOGUE_WEBHOOK_SECRET">, actor: string, now: Date): Promise<RotatedWebhookSecret> {
  const secret = newWebhookSecret();
  const validUntil = new Date(now.getTime() + PREVIOUS_SECRET_VALID_HOURS * 3600 * 1000);
  const statements = [
    ...(env.CATALOGUE_WEBHOOK_SECRET ? [retireEnvironmentSecret(now, validUntil)] : []),
    retireCurrentSecret(now, validUntil),
    insertCurrentSecret(secret, now, actor),
  ];
  await env.DB.batch(statements.map((statement) => statement.prepare(env.DB)));
  return { secret, previousValidUntil: validUntil.toISOString() };
}
