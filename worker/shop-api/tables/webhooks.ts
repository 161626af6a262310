/**
 * The catalogue webhook's tables (migrations/0015_rebuilds.sql): `webhook_deliveries` (each
 * webhook-id accepted once) and `webhook_secrets` (the current signing secret and the rotated
 * ones still valid).
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface WebhookDeliveryRow {
  id: string;
  received_at: string;
  request_id: number | null;
}

export interface WebhookDelivery {
  id: string;
  receivedAt: string;
  requestId: number | null;
}

export const webhookDeliveryOf = (row: WebhookDeliveryRow): WebhookDelivery => ({ id: row.id, receivedAt: row.received_at, requestId: row.request_id });

export const selectDelivery = (id: string): SqlFragment => sql`SELECT id, received_at, request_id FROM webhook_deliveries WHERE id = ${id}`;

/** Records a delivery and the request it wrote (`requestId`: a value or a subquery within the batch); a known id is left as it is. */
export const insertDelivery = (id: string, now: Date, requestId: SqlFragment): SqlFragment =>
  sql`INSERT INTO webhook_deliveries (id, received_at, request_id) VALUES (${id}, ${now.toISOString()}, ${requestId}) ON CONFLICT (id) DO NOTHING`;

export const deleteDeliveriesBefore = (before: Date): SqlFragment => sql`DELETE FROM webhook_deliveries WHERE received_at < ${before.toISOString()}`;

export interface WebhookSecretRow {
  id: number;
  secret: string | null;
  created_at: string;
  created_by: string;
  retired_at: string | null;
  valid_until: string | null;
}

export interface WebhookSecret {
  id: number;
  /** null: the environment's CATALOGUE_WEBHOOK_SECRET, rotated away. */
  secret: string | null;
  createdAt: string;
  createdBy: string;
  retiredAt: string | null;
  validUntil: string | null;
}

export const webhookSecretOf = (row: WebhookSecretRow): WebhookSecret => ({
  id: row.id,
  secret: row.secret,
  createdAt: row.created_at,
  createdBy: row.created_by,
  retiredAt: row.retired_at,
  validUntil: row.valid_until,
});

/** Every secret row, newest first (a handful: one per rotation). */
export const selectWebhookSecrets = (): SqlFragment =>
  sql`SELECT id, secret, created_at, created_by, retired_at, valid_until FROM webhook_secrets ORDER BY id DESC LIMIT 50`;

/** Retires the current secret: it stays valid until `validUntil`. */
export const retireCurrentSecret = (now: Date, validUntil: Date): SqlFragment =>
  sql`UPDATE webhook_secrets SET retired_at = ${now.toISOString()}, valid_until = ${validUntil.toISOString()} WHERE retired_at IS NULL`;

/** When no row exists yet, the environment's secret (secret NULL) is recorded as retired, valid until `validUntil`. */
export const retireEnvironmentSecret = (now: Date, validUntil: Date): SqlFragment =>
  sql`INSERT INTO webhook_secrets (secret, created_at, created_by, retired_at, valid_until)
      SELECT NULL, ${now.toISOString()}, 'env', ${now.toISOString()}, ${validUntil.toISOString()} WHERE NOT EXISTS (SELECT 1 FROM webhook_secrets)`;

export const insertCurrentSecret = (secret: string, now: Date, createdBy: string): SqlFragment =>
  sql`INSERT INTO webhook_secrets (secret, created_at, created_by) VALUES (${secret}, ${now.toISOString()}, ${createdBy.slice(0, 200)})`;

/** Rows retired long ago are of no use (their validity ended). */
export const deleteSecretsExpiredBefore = (before: Date): SqlFragment =>
  sql`DELETE FROM webhook_secrets WHERE retired_at IS NOT NULL AND valid_until < ${before.toISOString()}`;
