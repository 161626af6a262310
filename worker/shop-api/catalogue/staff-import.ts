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
 * The body is the file itself (the Content-Type of its format), read as a stream up to
 * MAX_IMPORT_BYTES; the edge lets it through on these paths up to backOffice.maxImportBytes.
 */
import { readLimitedText } from "../../lib/read-limited-body";
import { ApiFailure, fail, MESSAGES } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import type { StaffContext } from "../core/staff-auth";
import { checkCatalogueImport, importCatalogue } from "./apply-import";
import { MAX_IMPORT_BYTES } from "./import-endpoint";
import type { ImportFormat, ImportProblem } from "./import-format";

const FORMATS: readonly ImportFormat[] = ["json", "csv-products", "csv-prices"];
const CONTENT_TYPES: Record<ImportFormat, string[]> = {
  json: ["application/json", "text/json", "text/plain"],
  "csv-products": ["text/csv", "application/csv", "text/plain"],
  "csv-prices": ["text/csv", "application/csv", "text/plain"],
};

export interface UploadCheck {
  valid: boolean;
  format: ImportFormat;
  problems: ImportProblem[];
  /** Records per section of a valid file. */
  counts: Record<string, number>;
  /** Products the file would change (a valid file). */
  changedProducts: number;
}

export interface UploadApplied {
  importId: number;
  changedProducts: number;
  counts: Record<string, number>;
  /** The rebuild request written with the import (its change id), when the import concerns a shop. */
  changeId: number | null;
}

/** The upload's format, name and text; refusals for an unknown format, a wrong Content-Type or a file too large. */
async function readUpload(ctx: StaffContext): Promise<{ format: ImportFormat; name: string; text: string }> {
  const format = (ctx.url.searchParams.get("format") ?? "") as ImportFormat;
  if (!FORMATS.includes(format)) throw fail(400, `Choose the file's format: ${FORMATS.join(", ")}.`, "unknown_format", { field: "format" });
  const name = (ctx.url.searchParams.get("name") ?? "upload").replace(/[^\w .@-]/g, "_").slice(0, 120) || "upload";
  const contentType = (ctx.request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES[format].includes(contentType)) {
    throw fail(415, `Content-Type must be ${CONTENT_TYPES[format].join(" or ")} for format ${format}`, "unsupported_media_type");
  }
  const tooLarge = () => fail(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`, "body_too_large");
  const declared = Number(ctx.request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES) throw tooLarge();
  const text = await readLimitedText(ctx.request.body, MAX_IMPORT_BYTES);
  if (text === null) throw tooLarge();
  if (text.trim() === "") throw fail(422, "The file is empty.", "empty_file", { field: "file" });
  return { format, name, text };
}

export async function validateUpload(ctx: StaffContext): Promise<Reply> {
  const { format, text } = await readUpload(ctx);
  const check = await checkCatalogueImport(ctx.db, { format, text }, { now: ctx.now });
  const result: UploadCheck = check.ok
    ? { valid: true, format, problems: [], counts: check.counts, changedProducts: check.changedSkus.length }
    : { valid: false, format, problems: check.problems, counts: {}, changedProducts: 0 };
  return reply(result);
}

export async function applyUpload(ctx: StaffContext): Promise<Reply> {
  const { format, name, text } = await readUpload(ctx);
  const result = await importCatalogue(ctx.db, { format, text }, { source: `console: ${name}`, actor: ctx.staff.email, now: ctx.now });
  if (!result.ok) {
    throw new ApiFailure(422, [
      { message: MESSAGES.invalid, code: "invalid" },
      ...result.problems.map((problem) => ({
        message: problem.message,
        code: "invalid",
        field: problem.field,
        ...(problem.row !== undefined ? { params: { row: problem.row } } : {}),
      })),
    ]);
  }
  const changeId = (result as { changeId?: number | null }).changeId ?? null;
  const applied: UploadApplied = { importId: result.importId, changedProducts: result.changedSkus.length, counts: result.counts, changeId };
  return reply(applied);
}
