/**
 * The console's catalogue upload (staff routes, merchandiser and ops):
 *   POST /admin/api/catalogue/validate?format=json|csv-products|csv-prices&name=<file name>
 *     parses, validates and plans the file exactly as the import does and writes nothing:
 *     `{ valid, problems: [{ row?, field, message }], counts, changedProducts }` (200 either way;
 *     every problem by row and field, capped as the import caps them).
 *   POST /admin/api/catalogue/apply?format=...&name=...
 *     the same import path as POST /admin/catalogue/import (apply-import.ts), with the staff
 *     member's e-mail as the import's actor and `console: <file name>` as its source: a file
 *     with problems is 422 with one error per problem (row in params.row) and nothing written.
 * The body is the file itself (the Content-Type of its format), read as the token endpoint
 * reads it (import-upload.ts); the edge lets it through on these paths up to
 * backOffice.maxImportBytes.
 */
import type { AppliedImport, UploadCheck } from "@domain/back-office/catalogue";
import { reply, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { checkCatalogueImport } from "./apply-import";
import { applyImportUpload, readImportUpload, uploadLabel } from "./import-upload";

export async function validateUpload(ctx: StaffContext): Promise<Reply<UploadCheck>> {
  const { format, text } = await readImportUpload(ctx);
  const check = await checkCatalogueImport(ctx.db, { format, text }, { now: ctx.now });
  const result: UploadCheck = check.ok
    ? { valid: true, format, problems: [], counts: check.counts, changedProducts: check.changedSkus.length }
    : { valid: false, format, problems: check.problems, counts: {}, changedProducts: 0 };
  return reply(result);
}

export async function applyUpload(ctx: StaffContext): Promise<Reply<AppliedImport>> {
  const upload = await readImportUpload(ctx);
  const applied: AppliedImport = await applyImportUpload(ctx, upload, {
    source: `console: ${uploadLabel(ctx, "name", "upload", 120)}`,
    actor: ctx.staff.email,
  });
  return reply(applied);
}
