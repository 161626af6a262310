/**
 * The catalogue import into a deployed shop: each file is posted to the shop API's
 * POST <origin>/admin/catalogue/import?format=&source= with `Authorization: Bearer
 * <CATALOGUE_IMPORT_TOKEN>` (worker/shop-api/catalogue/import-endpoint.ts), one after the
 * other, stopping at the first refused file (later files may depend on earlier ones). The
 * shop API validates each file as a whole, writes it in one transaction and queues the
 * rebuild of the shops it changed. Behind Cloudflare Access (the back-office host,
 * docs/decisions/0033) the request carries the Access service token of CF_ACCESS_CLIENT_ID
 * and CF_ACCESS_CLIENT_SECRET when both are set: Access lets it through with its own
 * assertion, which the edge checks.
 */
import type { Envelope } from "@domain/api/envelope";
import type { CatalogueImportAnswer } from "@domain/api/imports";
import type { ApiErrorItem } from "@domain/api/errors";
import type { ImportFormat } from "@shop-api/catalogue/import-format";
import { reportImport } from "./import-report";

export interface ImportJob {
  file: string;
  text: string;
  format: ImportFormat;
  source: string;
}

const IMPORT_PATH = "/admin/catalogue/import";

/** A large file's import takes a while on the shop API; an answer later than this counts as none. */
const UPLOAD_TIMEOUT_MS = 5 * 60 * 1000;

const LOOPBACK = /^(localhost|[\w-]+\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The origin of the shop API to import into, or why it cannot be one: an http(s) URL, plain
 * http only to this machine (the token never crosses a network in clear).
 */
export function importOrigin(text: string): { origin: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: `the shop API's origin must be an http(s) URL such as https://admin.bodenhaus.example (got '${text}')` };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { problem: `the shop API's origin must be an http(s) URL such as https://admin.bodenhaus.example (got '${text}')` };
  }
  if (url.protocol === "http:" && !LOOPBACK.test(url.hostname)) {
    return { problem: `the shop API's origin must use https: the token is not sent over plain http to another machine (got '${text}')` };
  }
  return { origin: url.origin };
}

/** The upload's headers: the import token, the format's Content-Type, and the Access service token when the environment has one. */
export function importHeaders(token: string, format: ImportFormat, env: Record<string, string | undefined> = process.env): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, "Content-Type": format === "json" ? "application/json" : "text/csv" };
  const clientId = env.CF_ACCESS_CLIENT_ID?.trim();
  const clientSecret = env.CF_ACCESS_CLIENT_SECRET?.trim();
  if (clientId && clientSecret) {
    headers["CF-Access-Client-Id"] = clientId;
    headers["CF-Access-Client-Secret"] = clientSecret;
  }
  return headers;
}

/** The shop API's envelope around an import's answer; a refused row names its number in `params.row`. */
type ImportAnswer = Omit<Envelope<CatalogueImportAnswer>, "errors"> & {
  errors: (ApiErrorItem & { params?: { row?: number } })[];
};

function unreachable(origin: string, error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error && cause.name === "TimeoutError") return `the shop API on ${origin} did not answer within ${UPLOAD_TIMEOUT_MS / 1000} s`;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return `cannot reach the shop API on ${origin}: ${typeof code === "string" ? code : cause instanceof Error ? cause.message : String(cause)}`;
}

/** Imports the files into the shop API at the origin; prints progress and each outcome. 0 all imported, 1 refused or unreachable. */
export async function importIntoShopApi(origin: string, token: string, jobs: readonly ImportJob[]): Promise<0 | 1> {
  for (const [index, job] of jobs.entries()) {
    const url = new URL(IMPORT_PATH, origin);
    url.searchParams.set("format", job.format);
    url.searchParams.set("source", job.source);
    const kb = (Buffer.byteLength(job.text) / 1024).toFixed(1);
    console.log(`→ ${job.file} (${job.format}, ${kb} KB) to ${url.origin}${url.pathname}${jobs.length > 1 ? ` (${index + 1}/${jobs.length})` : ""} ...`);
    const started = Date.now();
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: importHeaders(token, job.format),
        body: job.text,
        signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      });
    } catch (error) {
      console.error(`✗ ${job.file}: ${unreachable(origin, error)}`);
      return 1;
    }
    const body = (await response.json().catch(() => null)) as ImportAnswer | null;
    const seconds = (Date.now() - started) / 1000;
    if (response.status === 200 && body?.data) {
      reportImport(job.file, job.format, { ok: true, importId: body.data.importId, counts: body.data.counts, changedProducts: body.data.changedSkus }, seconds);
      continue;
    }
    if (response.status === 422 && body) {
      const problems = body.errors.filter((error) => error.field).map((error) => ({ field: error.field!, message: error.message, row: error.params?.row }));
      if (problems.length > 0) {
        reportImport(job.file, job.format, { ok: false, problems }, seconds);
        return 1;
      }
    }
    const retryAfter = response.headers.get("retry-after");
    const message = body?.errors?.[0]?.message ?? response.statusText;
    console.error(
      `✗ ${job.file}: the shop API refused it: HTTP ${response.status}${message ? ` ${message}` : ""}${retryAfter ? ` (try again in ${retryAfter} s)` : ""}`,
    );
    return 1;
  }
  console.log(`Imported: the shop API on ${origin} rebuilds the shops the import changed.`);
  return 0;
}
