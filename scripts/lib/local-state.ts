/**
 * Where a local run keeps its state: wrangler's local state folder (D1, R2) and what lies beside
 * the database, such as the demo catalogue's import files. Each use has its own state
 * (`npm start`, the browser tests, each benchmark), so two of them running at once never read
 * each other's files.
 */
import { join, resolve } from "node:path";
import { ROOT } from "./shops";

/**
 * wrangler's local state folder: .wrangler/state (what `wrangler dev` uses), or
 * LOCAL_STATE_DIR for a separate one (browser tests, benchmarks).
 */
export function localStateDir(): string {
  return resolve(process.env.LOCAL_STATE_DIR ?? join(ROOT, ".wrangler", "state"));
}

/** The folder the demo catalogue's import files are written to and imported from: in the state they fill. */
export function demoCatalogueDir(stateDir = localStateDir()): string {
  return join(stateDir, "demo-catalogue");
}
