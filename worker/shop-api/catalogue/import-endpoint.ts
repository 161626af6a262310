/**
 * POST /admin/catalogue/import?format=json|csv-products|csv-prices&source=name
 * The merchandiser's import over HTTP, authenticated with
 * `Authorization: Bearer <CATALOGUE_IMPORT_TOKEN>` (core/service-token.ts). The upload is
 * read as a stream and decoded as it arrives: a Content-Length over MAX_IMPORT_BYTES is
 * refused before reading, a body without one as soon as it passes the limit, and only
 * the text is held, never the bytes as well (the import validates the whole file before
 * it writes anything, so the text itself must be whole). A refused file is 422 with one
 * error per problem (its field, and its row for CSV); nothing is written then. A written
 * import's rebuild request (its changeId) is sent to REBUILD_QUEUE right after the write;
 * if that fails the sweep sends it (docs/decisions/0032).
 */
import { readLimitedText } from "../../lib/read-limited-body";
import type { ApiContext } from "../core/context";
import { ApiFailure, fail, MESSAGES } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import { sendRebuildRequests } from "../core/rebuild-queue";
import { requireServiceToken } from "../core/service-token";
import { importCatalogue } from "./apply-import";
import type { ImportFormat } from "./import-format";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const FORMATS: ImportFormat[] = ["json", "csv-products", "csv-prices"];
const CONTENT_TYPES: Record<ImportFormat, string[]> = {
  json: ["application/json", "text/json"],
  "csv-products": ["text/csv", "application/csv", "text/plain"],
  "csv-prices": ["text/csv", "application/csv", "text/plain"],
};

const tooLarge = () => fail(413, `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, "body_too_large");

export async function importRoute(ctx: ApiContext): Promise<Reply> {
  const { request } = ctx;
  if (request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed", {}, { allow: "POST" });
  await requireServiceToken(ctx, "CATALOGUE_IMPORT_TOKEN", "catalogue-import");

  const format = (ctx.url.searchParams.get("format") ?? "json") as ImportFormat;
  if (!FORMATS.includes(format)) throw fail(400, `Unknown format '${format}' (allowed: ${FORMATS.join(", ")})`, "unknown_format", { field: "format" });
  const source = (ctx.url.searchParams.get("source") ?? "http").replace(/[^\w .@/-]/g, "_").slice(0, 200) || "http";

  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES[format].includes(contentType)) {
    throw fail(415, `Content-Type must be ${CONTENT_TYPES[format].join(" or ")} for format ${format}`, "unsupported_media_type");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES) throw tooLarge();
  const text = await readLimitedText(request.body, MAX_IMPORT_BYTES);
  if (text === null) throw tooLarge();

  const result = await importCatalogue(ctx.db, { format, text }, { source, actor: "http", now: ctx.now });
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
  if (result.changeId !== null) await sendRebuildRequests(ctx.env, [result.changeId], ctx.now);
  return reply({ importId: result.importId, changeId: result.changeId, changedSkus: result.changedSkus.length, counts: result.counts });
}
