/**
 * `npm run import -- <file...>`: imports catalogue files (JSON, product or price CSV).
 *
 * Without --origin/--remote the files go into the local D1 of `wrangler dev` (migrations are
 * applied first), into every shop database its configuration declares (docs/decisions/0064), and the media files a JSON file names that lie beside it at their paths
 * (`images/...`, `downloads/...pdf`, `videos/...mp4`) go into the local media store: checked by
 * their bytes first (a wrong one refuses the file), photos get their AVIF/WebP sizes
 * (scripts/media/uploads.ts, docs/decisions/0068). Each file is validated as a whole and applied in one transaction;
 * a refused file lists every problem and the command exits with 1. The import records the
 * rebuild request of the shops it changed; when the local worker of `npm start` answers
 * (http://localhost:8787, not with LOCAL_STATE_DIR set), it is asked to enqueue it at once
 * (POST /admin/builder/sweep), so its builder publishes the change; without a worker the
 * shops rebuild on the next `npm start`.
 * --origin URL imports into the shop API at URL instead (a deployed shop; --remote takes the
 * URL from SHOP_API_ORIGIN): each file is posted to <URL>/admin/catalogue/import
 * (scripts/lib/remote-import.ts), the same write as the console's upload, which triggers the
 * rebuild there. The token (--token, else CATALOGUE_IMPORT_TOKEN) is the shop API's
 * CATALOGUE_IMPORT_TOKEN, at least 32 characters; the shop API refuses an address after 10
 * wrong tokens for 15 minutes. Behind Cloudflare Access, CF_ACCESS_CLIENT_ID and
 * CF_ACCESS_CLIENT_SECRET give the request an Access service token.
 * Exit codes: 0 imported, 1 a file or the token refused or the shop API unreachable, 2 a bad
 * command line (an unknown option, no token, an origin that is not http(s), a missing file).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { importCatalogueEverywhere } from "@shop-api/catalogue/apply-import";
import { detectCsvFormat } from "@shop-api/catalogue/csv-import";
import type { CatalogueDocument, ImportFormat } from "@shop-api/catalogue/import-format";
import { MIN_TOKEN_LENGTH } from "@shop-api/core/service-token";
import { allShops } from "@shop-api/core/shop";
import { everyShopDatabaseOf } from "@shop-api/core/shop-database";
import { BuilderApiError, builderApi } from "@builder/api";
import { backOfficeHostFor } from "@builder/served";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { reportImport } from "./lib/import-report";
import { localSecret } from "./lib/local-worker";
import { importIntoShopApi, importOrigin, type ImportJob } from "./lib/remote-import";
import { applyLocalMigrations, ROOT, withLocalBindings } from "./local-d1";
import { localStateDir } from "./lib/local-state";
import { MEDIA_CACHE_FOLDER, MEDIA_FOLDER, MEDIA_UPLOADS_FOLDER } from "./generate-media";
import { writeMedia } from "./media/store";
import { findUploads, keepUploads, uploadItems, type FoundUploads } from "./media/uploads";

const FORMATS: readonly ImportFormat[] = ["json", "csv-products", "csv-prices"];

const COMMAND = {
  command: "npm run import --",
  summary:
    "Imports catalogue files into the local database (npm start's), or with --origin/--remote into a deployed shop through its shop API. Exit 0 imported, 1 refused or unreachable, 2 a bad command line.",
  options: {
    format: { type: "string", choices: FORMATS, description: "the files' format (default: from each file's name and header)" },
    source: { type: "string", value: "name", description: "the import's source in the history (default: the file's name)" },
    origin: { type: "string", value: "url", description: "import into the shop API at this origin (a deployed shop) instead of the local database" },
    remote: { type: "boolean", description: "import into the deployed shop whose shop API origin SHOP_API_ORIGIN names" },
    token: { type: "string", value: "token", description: "the shop API's CATALOGUE_IMPORT_TOKEN, for --origin/--remote (default: CATALOGUE_IMPORT_TOKEN)" },
  },
  positionals: { name: "file...", description: "the import files (JSON, product or price CSV), imported in order", required: true },
  examples: [
    "npm run import -- catalogue.json",
    "npm run import -- prices.csv --format csv-prices",
    'npm run import -- prices.csv --origin https://admin.bodenhaus.example --token "$CATALOGUE_IMPORT_TOKEN"',
    "SHOP_API_ORIGIN=https://admin.bodenhaus.example npm run import -- prices.csv --remote",
  ],
} satisfies CommandSpec<Record<string, OptionSpec>>;

function inferFormat(file: string, text: string): ImportFormat | undefined {
  const ext = extname(file).toLowerCase();
  if (ext === ".json") return "json";
  if (ext === ".csv" || ext === ".txt") return detectCsvFormat(text);
  if (text.trimStart().startsWith("{")) return "json";
  return detectCsvFormat(text);
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

/** Where the files go: the shop API of a deployed shop (its origin and token), or the local database. */
function remoteTarget(values: { origin?: string; remote: boolean; token?: string }): { origin: string; token: string } | null {
  if (values.origin !== undefined && values.remote) refuseUsage(COMMAND, "--origin and --remote name the shop API twice: pass one");
  const given = values.remote ? process.env.SHOP_API_ORIGIN?.trim() : values.origin;
  if (values.remote && !given) refuseUsage(COMMAND, "--remote takes the shop API's origin from SHOP_API_ORIGIN, which is not set");
  if (given === undefined) {
    if (values.token !== undefined) refuseUsage(COMMAND, "--token is for --origin or --remote: the local import needs none");
    return null;
  }
  const checked = importOrigin(given!);
  if ("problem" in checked) refuseUsage(COMMAND, checked.problem);
  const token = values.token ?? process.env.CATALOGUE_IMPORT_TOKEN;
  if (!token) refuseUsage(COMMAND, "importing into a shop API needs its token: --token, or CATALOGUE_IMPORT_TOKEN");
  if (token.length < MIN_TOKEN_LENGTH) {
    refuseUsage(
      COMMAND,
      `the token must be the shop API's CATALOGUE_IMPORT_TOKEN, at least ${MIN_TOKEN_LENGTH} characters (wrong tokens lock this address out for a while)`,
    );
  }
  return { origin: checked.origin, token };
}

/** Each file read, with its format; a file that is missing or cannot be read is a bad command line. */
function readJobs(files: readonly string[], format: ImportFormat | undefined, source: string | undefined): ImportJob[] {
  return files.map((file) => {
    if (!existsSync(file)) refuseUsage(COMMAND, `${file}: no such file`);
    if (!statSync(file).isFile()) refuseUsage(COMMAND, `${file}: not a file`);
    const text = readFileSync(file, "utf8");
    const fileFormat = format ?? inferFormat(file, text);
    if (!fileFormat) refuseUsage(COMMAND, `${file}: cannot tell the format from the name or header; pass --format`);
    return { file, text, format: fileFormat, source: source ?? basename(file) };
  });
}

/** The media files beside a JSON import file at the paths it names, checked by their bytes. */
export function mediaBeside(job: ImportJob): FoundUploads {
  let document: CatalogueDocument;
  try {
    document = JSON.parse(job.text) as CatalogueDocument;
  } catch {
    // Not JSON: the import refuses the file with its own report.
    return { files: new Map(), problems: [] };
  }
  return job.format === "json" ? findUploads([document], dirname(job.file)) : { files: new Map(), problems: [] };
}

/** Keeps the taken files in the local state (npm start takes them again) and writes them into the local media store. */
async function storeMedia(media: FoundUploads): Promise<void> {
  const state = localStateDir();
  keepUploads(media.files, join(state, MEDIA_UPLOADS_FOLDER));
  const stats = await writeMedia(uploadItems(media.files), { out: join(ROOT, "dist", MEDIA_FOLDER), cacheDir: join(state, MEDIA_CACHE_FOLDER), prune: false });
  console.log(`✓ ${stats.paths} media file(s) taken into the media store (${stats.files} files with the images' sizes, ${stats.rendered} made)`);
}

async function main(): Promise<number> {
  const { values, positionals } = runCommandLine(COMMAND);
  const target = remoteTarget(values);
  const jobs = readJobs(positionals, values.format as ImportFormat | undefined, values.source);
  if (target) return importIntoShopApi(target.origin, target.token, jobs);

  await applyLocalMigrations();
  const code = await withLocalBindings(async (env) => {
    const databases = everyShopDatabaseOf(
      env,
      allShops().map((shop) => shop.id),
    );
    for (const job of jobs) {
      const started = Date.now();
      const media = mediaBeside(job);
      if (media.problems.length > 0) {
        console.error(`✗ ${job.file} (${job.format}) refused, nothing was written: ${media.problems.length} media file(s) refused`);
        for (const problem of media.problems) console.error(`  ${problem}`);
        return 1;
      }
      const result = await importCatalogueEverywhere(databases, { format: job.format, text: job.text }, { source: job.source });
      const outcome = result.ok ? { ok: true as const, importId: result.importId, counts: result.counts, changedProducts: result.changedSkus.length } : result;
      // Later files may depend on earlier ones: stop at the first refused file.
      if (!reportImport(job.file, job.format, outcome, (Date.now() - started) / 1000)) return 1;
      if (media.files.size > 0) await storeMedia(media);
    }
    return 0;
  });
  const origin = process.env.LOCAL_STATE_DIR ? undefined : DEFAULT_LOCAL_ORIGIN;
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
      process.exit(1);
    },
  );
}
