/**
 * Saved terrace plans (migrations/0025_terrace.sql; docs/decisions/0043): `terrace_configurations`,
 * one row per number with the plan as JSON. Written by worker/shop-api/terrace; read there, by the
 * inquiries module (an offer request names one) and the offers module (the offer editor's prefill).
 * A configuration belongs to the shop it was saved in; no other shop finds it.
 */
import { sql, type SqlFragment } from "@worker/lib/sql";

export interface TerraceConfigurationRow {
  /** 10 characters of Crockford's base32 (50 random bits). */
  number: string;
  shop_id: string;
  /** The TerracePlan as JSON (domain/terrace/plan.ts). */
  plan: string;
  created_at: string;
}

export { normalizeTerraceNumber as normalizeConfigurationNumber, TERRACE_NUMBER as TERRACE_CONFIGURATION_NUMBER } from "@domain/terrace-configurations";

/** Writes a new configuration (a taken number fails the statement). */
export function insertTerraceConfiguration(number: string, shopId: string, planJson: string, now: Date): SqlFragment {
  return sql`INSERT INTO terrace_configurations (number, shop_id, plan, created_at) VALUES (${number}, ${shopId}, ${planJson}, ${now.toISOString()})`;
}

export function selectTerraceConfiguration(number: string, shopId: string): SqlFragment {
  return sql`SELECT * FROM terrace_configurations WHERE number = ${number} AND shop_id = ${shopId}`;
}

/** True when the shop has a configuration of this number (the offer request's check). */
export function selectTerraceConfigurationExists(number: string, shopId: string): SqlFragment {
  return sql`SELECT number FROM terrace_configurations WHERE number = ${number} AND shop_id = ${shopId}`;
}
