/** The `uploads` table (migrations/0010_uploads.sql): who uploaded which file, and where its bytes are in R2. */
import { sql, type SqlFragment } from "@worker/lib/sql";

/** The types an upload can be stored with (the table's CHECK): what core/uploads/file-type.ts can sniff. */
import type { UploadContentType } from "@domain/api/uploads";

export type { UploadContentType };

export interface UploadRow {
  id: string;
  owner_id: string;
  shop_id: string;
  file_name: string;
  content_type: UploadContentType;
  size: number;
  r2_key: string;
  purpose: string;
  attached_type: string | null;
  attached_id: string | null;
  created_at: string;
}

export interface Upload {
  id: string;
  /** The visitor who uploaded it (visitors.id). */
  ownerId: string;
  shopId: string;
  fileName: string;
  contentType: UploadContentType;
  size: number;
  r2Key: string;
  purpose: string;
  /** What it was attached to later (e.g. a complaint), null until then. */
  attachedTo: { type: string; id: string } | null;
  createdAt: string;
}

export function uploadOf(row: UploadRow): Upload {
  return {
    id: row.id,
    ownerId: row.owner_id,
    shopId: row.shop_id,
    fileName: row.file_name,
    contentType: row.content_type,
    size: row.size,
    r2Key: row.r2_key,
    purpose: row.purpose,
    attachedTo: row.attached_type !== null && row.attached_id !== null ? { type: row.attached_type, id: row.attached_id } : null,
    createdAt: row.created_at,
  };
}

const COLUMNS = sql`id, owner_id, shop_id, file_name, content_type, size, r2_key, purpose, attached_type, attached_id, created_at`;

export const insertUpload = (upload: Omit<Upload, "attachedTo">): SqlFragment =>
  sql`INSERT INTO uploads (id, owner_id, shop_id, file_name, content_type, size, r2_key, purpose, created_at)
      VALUES (${upload.id}, ${upload.ownerId}, ${upload.shopId}, ${upload.fileName}, ${upload.contentType}, ${upload.size}, ${upload.r2Key}, ${upload.purpose}, ${upload.createdAt})`;

export const selectUpload = (id: string, shopId: string): SqlFragment => sql`SELECT ${COLUMNS} FROM uploads WHERE id = ${id} AND shop_id = ${shopId}`;

/** Marks an upload attached to what it belongs to (e.g. `rma`, a complaint's number): only while it is still unattached and `when` holds. */
export const attachUpload = (id: string, attachedType: string, attachedId: string, now: Date, when: SqlFragment = sql`1`): SqlFragment =>
  sql`UPDATE uploads SET attached_type = ${attachedType}, attached_id = ${attachedId}, attached_at = ${now.toISOString()}
      WHERE id = ${id} AND attached_id IS NULL AND ${when}`;

/** How many uploads of `purpose` the owner holds that are not attached to anything yet. */
export const countUnattached = (ownerId: string, shopId: string, purpose: string): SqlFragment =>
  sql`SELECT COUNT(*) AS n FROM uploads WHERE owner_id = ${ownerId} AND shop_id = ${shopId} AND purpose = ${purpose} AND attached_id IS NULL`;

/** Deletes at most `limit` uploads created before `before` and never attached; returns their R2 keys. */
export const deleteUnattachedBefore = (before: Date, limit: number): SqlFragment =>
  sql`DELETE FROM uploads WHERE id IN (SELECT id FROM uploads WHERE attached_id IS NULL AND created_at < ${before.toISOString()} ORDER BY created_at LIMIT ${limit})
      RETURNING r2_key`;
