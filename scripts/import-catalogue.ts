/**
 * import-catalogue <file...> [--format json|csv-products|csv-prices] [--source name]
 *                  [--origin http://localhost:8787]
 *                  [--remote | --url https://shop-api/admin/catalogue/import] [--token TOKEN]
 *
 * Without --url/--remote the files go into the local D1 of `wrangler dev` (migrations are
 * applied first). Each file is validated as a whole and applied in one transaction;
 * a refused file lists every problem and the command exits with 1. The import records the
 * rebuild request of the shops it changed; when the local worker answers (--origin, default
 * http://localhost:8787 for the default local state), it is asked to enqueue it at once
 * (POST /admin/builder/sweep), so `npm start`'s builder publishes the change; without a
 * worker the shops rebuild on the next `npm start`.
 * --remote imports into a deployed shop: POST to $SHOP_API_ORIGIN/admin/catalogue/import, the
 * same write as the console's upload, which triggers the rebuild there. --url names the
 * endpoint itself. The token (--token, else CATALOGUE_IMPORT_TOKEN) is the shop API's
 * CATALOGUE_IMPORT_TOKEN, at least 32 characters; the shop API refuses an address after 10
 * wrong tokens for 15 minutes.
 */
import type { CatalogueImportAnswer } from "@domain/api/imports";
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import type { Envelope } from "@domain/api/envelope";
import type { ApiErrorItem } from "@domain/api/errors";
import { importCatalogue } from "@shop-api/catalogue/apply-import";
import { detectCsvFormat } from "@shop-api/catalogue/csv-import";
import type { ImportFormat, ImportProblem, ImportResult } from "@shop-api/catalogue/import-format";
import { MIN_TOKEN_LENGTH } from "@shop-api/core/service-token";
import { BuilderApiError, builderApi } from "@builder/api";
import { backOfficeHostFor } from "@builder/served";
import { localSecret } from "./lib/local-worker";
import { applyLocalMigrations, withLocalD1 } from "./local-d1";

const FORMATS: ImportFormat[] = ["json", "csv-products", "csv-prices"];

export function formatProblem(format: ImportFormat, problem: ImportProblem): string {
  if (problem.field === "(file)") return problem.row ? `row ${problem.row}: ${problem.message}` : problem.message;
  if (format === "json") return `${problem.field}: ${problem.message}`;
  return problem.row !== undefined ? `row ${problem.row}, column ${problem.field}: ${problem.message}` : `column ${problem.field}: ${problem.message}`;
}

export function inferFormat(file: string, text: string): ImportFormat | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".csv" || ext === ".txt") return detectCsvFormat(text);
  if (text.trimStart().startsWith("{")) return "json";
  return detectCsvFormat(text);
}

interface Options {
  files: string[];
  format?: ImportFormat;
  url?: string;
  token?: string;
  source?: string;
  /** The local worker serving the local D1 written (asked to enqueue the rebuild). */
  origin?: string;
}

/** The local worker of `npm start`, when the import writes its database (the default local state). */
const DEFAULT_LOCAL_ORIGIN = "http://localhost:8787";

export type GoLiveResult = { kind: "enqueued" } | { kind: "no-worker" } | { kind: "refused"; message: string };

/**
 * Asks the local worker to enqueue the rebuild requests the import just recorded (the queue
 * would otherwise take them with its next batch or the cron); the builder then publishes them.
 */
export async function goLive(origin: string, token: string): Promise<GoLiveResult> {
  try {
    await builderApi({ origin, host: backOfficeHostFor(origin) ?? undefined, token, builder: "import-catalogue", timeoutMs: 10_000 }).sweep();
    return { kind: "enqueued" };
  } catch (error) {
    if (error instanceof BuilderApiError && error.status === 0) return { kind: "no-worker" };
    return { kind: "refused", message: (error as Error).message };
  }
}

function parseArgs(argv: string[]): Options {
  const options: Options = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = () => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      return value;
    };
    if (arg === "--format") {
      const format = next() as ImportFormat;
      if (!FORMATS.includes(format)) throw new Error(`--format must be one of ${FORMATS.join(", ")}`);
      options.format = format;
    } else if (arg === "--url") options.url = next();
    else if (arg === "--token") options.token = next();
    else if (arg === "--source") options.source = next();
    else if (arg === "--help" || arg === "-h") {
      console.log(
        "usage: import-catalogue <file...> [--format json|csv-products|csv-prices] [--source name] [--origin LOCAL_WORKER] [--remote | --url URL] [--token TOKEN]",
      );
      process.exit(0);
    } else if (arg.startsWith("--")) throw new Error(`unknown option ${arg}`);
    else options.files.push(arg);
  }
  if (options.files.length === 0) throw new Error("name at least one file to import");
  options.token ??= process.env.CATALOGUE_IMPORT_TOKEN;
  if (options.url && !options.token) throw new Error("--url and --remote need --token (or CATALOGUE_IMPORT_TOKEN)");
  if (options.url && options.token!.length < MIN_TOKEN_LENGTH) {
    throw new Error(
      `--token must be the shop API's CATALOGUE_IMPORT_TOKEN: at least ${MIN_TOKEN_LENGTH} characters (wrong tokens lock this address out for a while)`,
    );
  }
  return options;
}

function report(file: string, format: ImportFormat, result: ImportResult, seconds: number): boolean {
  if (!result.ok) {
    console.error(`✗ ${file} (${format}) refused, nothing was written: ${result.problems.length} problem(s)`);
    for (const problem of result.problems) console.error(`  ${formatProblem(format, problem)}`);
    return false;
  }
  const counts = Object.entries(result.counts)
    .filter(([, n]) => n > 0)
    .map(([section, n]) => `${n} ${section}`)
    .join(", ");
  console.log(
    `✓ ${file} (${format}): import #${result.importId}, ${counts || "no records"}; ${result.changedSkus.length} product(s) changed (${seconds.toFixed(1)} s)`,
  );
  return true;
}

/** The shop API's envelope around an import's answer; a refused row names its number in `params.row`. */
type ImportAnswer = Omit<Envelope<CatalogueImportAnswer>, "errors"> & { errors: (ApiErrorItem & { params?: { row?: number } })[] };

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const jobs = options.files.map((file) => {
    const text = readFileSync(file, "utf8");
    const format = options.format ?? inferFormat(file, text);
    if (!format) throw new Error(`${file}: cannot tell the format from the name or header; pass --format`);
    return { file, text, format, source: options.source ?? basename(file) };
  });

  if (options.url) {
    let ok = true;
    for (const job of jobs) {
      const started = Date.now();
      const url = new URL(options.url);
      url.searchParams.set("format", job.format);
      url.searchParams.set("source", job.source);
      const response = await fetch(url, {
        method: "POST",
        headers: { Authorization: `Bearer ${options.token}`, "Content-Type": job.format === "json" ? "application/json" : "text/csv" },
        body: job.text,
      });
      const body = (await response.json().catch(() => ({ data: null, errors: [] }))) as ImportAnswer;
      const seconds = (Date.now() - started) / 1000;
      if (response.status === 200 && body.data) {
        console.log(`✓ ${job.file} (${job.format}): import #${body.data.importId}; ${body.data.changedSkus} product(s) changed (${seconds.toFixed(1)} s)`);
      } else if (response.status === 422) {
        const problems = body.errors.filter((error) => error.field).map((error) => ({ field: error.field!, message: error.message, row: error.params?.row }));
        ok = report(job.file, job.format, { ok: false, problems }, seconds) && ok;
        break;
      } else {
        const retryAfter = response.headers.get("retry-after");
        console.error(
          `✗ ${job.file}: HTTP ${response.status} ${body.errors[0]?.message ?? response.statusText}${retryAfter ? ` (try again in ${retryAfter} s)` : ""}`,
        );
        ok = false;
        break;
      }
    }
    return ok ? 0 : 1;
  }

  applyLocalMigrations();
  const code = await withLocalD1(async (db) => {
    for (const job of jobs) {
      const started = Date.now();
      const result = await importCatalogue(db, { format: job.format, text: job.text }, { source: job.source });
      // Later files may depend on earlier ones: stop at the first refused file.
      if (!report(job.file, job.format, result, (Date.now() - started) / 1000)) return 1;
    }
    return 0;
  });
  const origin = options.origin ?? (process.env.LOCAL_STATE_DIR ? undefined : DEFAULT_LOCAL_ORIGIN);
  if (origin) {
    const live = await goLive(origin, process.env.BUILDER_TOKEN ?? localSecret("BUILDER_TOKEN"));
    if (live.kind === "enqueued") console.log(`The rebuild is queued: the builder of the worker on ${origin} publishes the changed shops.`);
    else if (live.kind === "no-worker") console.log(`No worker answers on ${origin}: the changed shops rebuild on the next \`npm start\`.`);
    else console.log(`The worker on ${origin} did not take the rebuild (${live.message}); it runs with the queue's next batch.`);
  }
  return code;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(`import-catalogue: ${error.message}`);
      process.exit(2);
    },
  );
}
