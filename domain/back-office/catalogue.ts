/**
 * The answers of the back office's catalogue API (worker/shop-api/catalogue/staff-import.ts,
 * import-history-route.ts), as the shop API builds them and the console reads them:
 *   POST /admin/api/catalogue/validate?format=   UploadCheck
 *   POST /admin/api/catalogue/apply?format=      AppliedImport (also POST /admin/catalogue/import)
 *   GET  /admin/api/imports?limit=               ImportHistory
 */

export type ImportFormat = "json" | "csv-products" | "csv-prices";

/** One problem found while validating; nothing is written while any exist. */
export interface ImportProblem {
  /** 1-based row: record index in its JSON section, or the CSV data row (header = row 0). */
  row?: number;
  /** Field path, e.g. `products[3].unit` for JSON or `unit` for CSV. */
  field: string;
  message: string;
}

/** The check of an upload before Apply: what a valid file would change, or every problem of an invalid one. */
export interface UploadCheck {
  valid: boolean;
  format: ImportFormat;
  problems: ImportProblem[];
  /** Records per section of a valid file. */
  counts: Record<string, number>;
  /** Products the file would change (a valid file). */
  changedProducts: number;
}

export interface AppliedImport {
  importId: number;
  /** The rebuild request written with the import (its change id), when the import concerns a shop. */
  changeId: number | null;
  changedProducts: number;
  counts: Record<string, number>;
}

/** One import of the history: who ran it (cli, http or a staff member's e-mail), how many products changed, its change id. */
export interface ImportHistoryEntry {
  id: number;
  source: string;
  format: string;
  actor: string;
  startedAt: string;
  rows: number;
  changedProducts: number;
  /** The rebuild request written with the import; null when it concerned no shop. */
  changeId: number | null;
}

/** The latest imports, newest first. */
export interface ImportHistory {
  imports: ImportHistoryEntry[];
}
