/**
 * One way to take a catalogue file over HTTP, for the token endpoint
 * (POST /admin/catalogue/import) and the console (POST /admin/api/catalogue/validate|apply):
 * the format from `?format=`, the Content-Type it needs, the file read as a stream up to
 * MAX_IMPORT_BYTES (a Content-Length over it refused before reading), and a refused import
 * as 422 with one error per problem (its field, and its row for CSV in params.row).
 */
import type { AppliedImport } from "@domain/back-office/catalogue";
import { readLimitedText } from "@worker/lib/read-limited-body";
import type { ApiContext } from "../core/context";
import { ApiFailure, fail, MESSAGES } from "../core/envelope";
import { sendRebuildRequests } from "../core/rebuild-queue";
import { allShops } from "../core/shop";
import { everyShopDatabaseOf } from "../core/shop-database";
import { importCatalogueEverywhere } from "./apply-import";
import type { ImportFormat, ImportProblem } from "./import-format";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const FORMATS: readonly ImportFormat[] = ["json", "csv-products", "csv-prices"];
const CONTENT_TYPES: Record<ImportFormat, string[]> = {
  json: ["application/json", "text/json", "text/plain"],
  "csv-products": ["text/csv", "application/csv", "text/plain"],
  "csv-prices": ["text/csv", "application/csv", "text/plain"],
};

export interface ImportUpload {
  format: ImportFormat;
  text: string;
}

/** The upload's format and text; refusals for an unknown format, a wrong Content-Type, a file too large or empty. */
export async function readImportUpload(ctx: ApiContext, defaultFormat?: ImportFormat): Promise<ImportUpload> {
  const format = (ctx.url.searchParams.get("format") ?? defaultFormat ?? "") as ImportFormat;
  if (!FORMATS.includes(format)) throw fail(400, `Unknown format '${format}' (allowed: ${FORMATS.join(", ")})`, "unknown_format", { field: "format" });
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
  return { format, text };
}

/** A label from a query parameter, safe to store and show (file names, `source`). */
export function uploadLabel(ctx: ApiContext, parameter: string, fallback: string, maxLength: number): string {
  return (ctx.url.searchParams.get(parameter) ?? fallback).replace(/[^\w .@/-]/g, "_").slice(0, maxLength) || fallback;
}

/** Imports the upload (whole or nothing) and sends its rebuild request to the queue; a refused file throws 422. */
export async function applyImportUpload(ctx: ApiContext, upload: ImportUpload, labels: { source: string; actor: string }): Promise<AppliedImport> {
  // The catalogue goes into every database that holds shops (core/shop-database.ts).
  const result = await importCatalogueEverywhere(
    everyShopDatabaseOf(
      ctx.env,
      allShops().map((shop) => shop.id),
    ),
    upload,
    { ...labels, now: ctx.now },
  );
  if (!result.ok) throw importRefusal(result.problems);
  if (result.changeId !== null) await sendRebuildRequests(ctx.env, [result.changeId], ctx.now);
  return { importId: result.importId, changeId: result.changeId, changedProducts: result.changedSkus.length, counts: result.counts };
}

function importRefusal(problems: readonly ImportProblem[]): ApiFailure {
  return new ApiFailure(422, [
    { message: MESSAGES.invalid, code: "invalid" },
    ...problems.map((problem) => ({
      message: problem.message,
      code: "invalid",
      field: problem.field,
      ...(problem.row !== undefined ? { params: { row: problem.row } } : {}),
    })),
  ]);
}
