/**
 * POST /admin/catalogue/import?format=json|csv-products|csv-prices&source=name
 * The merchandiser's import over HTTP, authenticated with
 * `Authorization: Bearer <CATALOGUE_IMPORT_TOKEN>` (core/service-token.ts). The upload is
 * read as a stream (import-upload.ts): only the text is held, never the bytes as well (the
 * import validates the whole file before it writes anything, so the text itself must be
 * whole). A refused file is 422 with one error per problem (its field, and its row for
 * CSV); nothing is written then. A written
 * import's rebuild request (its changeId) is sent to REBUILD_QUEUE right after the write;
 * if that fails the sweep sends it (docs/decisions/0032).
 */
import type { CatalogueImportAnswer } from "@domain/api/imports";
import type { ApiContext } from "../core/context";
import { fail, MESSAGES } from "../core/envelope";
import { reply, type Reply } from "../core/route";
import { requireServiceToken } from "../core/service-token";
import { applyImportUpload, readImportUpload, uploadLabel } from "./import-upload";

export async function importRoute(ctx: ApiContext): Promise<Reply<CatalogueImportAnswer>> {
  if (ctx.request.method !== "POST") throw fail(405, MESSAGES.methodNotAllowed, "method_not_allowed", {}, { allow: "POST" });
  await requireServiceToken(ctx, "CATALOGUE_IMPORT_TOKEN", "catalogue-import");
  const upload = await readImportUpload(ctx, "json");
  const applied = await applyImportUpload(ctx, upload, { source: uploadLabel(ctx, "source", "http", 200), actor: "http" });
  return reply({ importId: applied.importId, changeId: applied.changeId, changedSkus: applied.changedProducts, counts: applied.counts });
}
