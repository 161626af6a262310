/**
 * The console's import history (GET /admin/api/imports): the latest imports with who ran them
 * (cli, http or a staff member's e-mail), how many products changed and the change id of the
 * rebuild request written with them (null: the import concerned no shop).
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ImportHistoryEntry } from "@domain/back-office/catalogue";
import { sql } from "@worker/lib/sql";

export interface ImportHistoryRow {
  id: number;
  source: string;
  format: string;
  actor: string;
  started_at: string;
  rows: number;
  changed_products: number;
  change_id: number | null;
}

export const MAX_HISTORY = 200;

export async function importHistory(db: D1Database, limit: number): Promise<ImportHistoryEntry[]> {
  const rows = await sql`SELECT i.id, i.source, i.format, i.actor, i.started_at, i.rows, i.changed_products,
      (SELECT r.id FROM rebuild_requests r WHERE r.import_id = i.id) AS change_id
      FROM imports i ORDER BY i.id DESC LIMIT ${Math.max(1, Math.min(MAX_HISTORY, Math.floor(limit)))}`
    .prepare(db)
    .all<ImportHistoryRow>();
  return rows.results.map((row) => ({
    id: row.id,
    source: row.source,
    format: row.format,
    actor: row.actor,
    startedAt: row.started_at,
    rows: row.rows,
    changedProducts: row.changed_products,
    changeId: row.change_id,
  }));
}
