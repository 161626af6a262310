/**
 * POST /admin/catalogue/import?format=json|csv-products|csv-prices&source=name
 * The merchandiser's import over HTTP, authenticated with
 * `Authorization: Bearer <CATALOGUE_IMPORT_TOKEN>`.
 */
import type { D1Database } from "@cloudflare/workers-types";
import { readLimitedBody } from "../../lib/read-limited-body";
import { importCatalogue } from "./apply-import";
import type { ImportFormat } from "./import-format";

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

const FORMATS: ImportFormat[] = ["json", "csv-products", "csv-prices"];
const CONTENT_TYPES: Record<ImportFormat, string[]> = {
  json: ["application/json", "text/json"],
  "csv-products": ["text/csv", "application/csv", "text/plain"],
  "csv-prices": ["text/csv", "application/csv", "text/plain"],
};

export interface ImportEndpointEnv {
  DB: D1Database;
  CATALOGUE_IMPORT_TOKEN?: string;
}

const json = (body: unknown, status: number, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers } });

export async function handleImportRequest(request: Request, env: ImportEndpointEnv): Promise<Response> {
  if (request.method !== "POST") return json({ message: "Method not allowed" }, 405, { Allow: "POST" });
  const token = env.CATALOGUE_IMPORT_TOKEN;
  if (!token) return json({ message: "Catalogue import is not configured" }, 503);
  const presented = /^Bearer\s+(.+)$/i.exec(request.headers.get("Authorization") ?? "")?.[1]?.trim() ?? "";
  if (!(await constantTimeEqual(presented, token))) {
    return json({ message: "Unauthorized" }, 401, { "WWW-Authenticate": 'Bearer realm="catalogue-import"' });
  }

  const url = new URL(request.url);
  const format = (url.searchParams.get("format") ?? "json") as ImportFormat;
  if (!FORMATS.includes(format)) return json({ message: `Unknown format '${format}' (allowed: ${FORMATS.join(", ")})` }, 400);
  const source = (url.searchParams.get("source") ?? "http").replace(/[^\w .@/-]/g, "_").slice(0, 200) || "http";

  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!CONTENT_TYPES[format].includes(contentType)) {
    return json({ message: `Content-Type must be ${CONTENT_TYPES[format].join(" or ")} for format ${format}` }, 415);
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES) return tooLarge();

  const body = await readLimitedBody(request.body as ReadableStream<Uint8Array> | null, MAX_IMPORT_BYTES);
  if (body === null) return tooLarge();

  const result = await importCatalogue(env.DB, { format, text: new TextDecoder().decode(body) }, { source });
  if (!result.ok) return json({ message: "The given data was invalid.", problems: result.problems }, 422);
  return json({ importId: result.importId, changedSkus: result.changedSkus.length, counts: result.counts }, 200);
}

function tooLarge(): Response {
  return json({ message: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` }, 413);
}


/** Compares SHA-256 digests byte by byte without an early exit, so timing reveals neither content nor length. */
async function constantTimeEqual(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [da, db] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  const x = new Uint8Array(da);
  const y = new Uint8Array(db);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0 && a.length > 0;
}
