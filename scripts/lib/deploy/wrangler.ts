/**
 * The one seam every deploy step talks to Cloudflare through: `wrangler` with arguments and
 * extra environment variables, answering its standard output. The deploy runs the real CLI;
 * the rehearsal answers the same calls locally (rehearsal-wrangler.ts).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "../shops";
import { WRANGLER_ENV } from "../local-worker";

export type Wrangler = (args: string[], env?: Record<string, string>) => Promise<string>;

/** A wrangler call that failed: its arguments and the end of its output, never the environment (it holds the API token). */
export class WranglerError extends Error {
  constructor(args: string[], output: string) {
    super(`wrangler ${args.join(" ")} failed:\n${output.trim().split("\n").slice(-20).join("\n")}`);
  }
}

/** The wrangler CLI of node_modules, offline except for the calls themselves (no metrics, no update check). */
export function cliWrangler(base: Record<string, string> = {}): Wrangler {
  return (args, env = {}) =>
    new Promise((resolve, reject) => {
      execFile(
        join(ROOT, "node_modules", ".bin", "wrangler"),
        args,
        { cwd: ROOT, env: { ...process.env, ...WRANGLER_ENV, CI: "true", ...base, ...env }, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new WranglerError(args, `${stdout}\n${stderr}`)) : resolve(stdout)),
      );
    });
}

/** The version id `wrangler versions upload` ("Worker Version ID: <uuid>") or `wrangler deploy` ("Current Version ID: <uuid>") prints. */
export function uploadedVersionId(output: string): string {
  const id = /(?:Worker|Current) Version ID:\s*([0-9a-f-]{36})/i.exec(output)?.[1];
  if (!id) throw new Error(`wrangler printed no version id:\n${output.trim().split("\n").slice(-10).join("\n")}`);
  return id;
}

/** The version serving all traffic in `wrangler deployments status --json`. */
export function liveVersionId(statusJson: string): string | null {
  const status = JSON.parse(statusJson) as { versions?: { version_id: string; percentage: number }[] } | null;
  return status?.versions?.find((version) => version.percentage === 100)?.version_id ?? null;
}

/** The version serving all traffic now; null for a worker never deployed (wrangler's "has no deployments", the API's "does not exist" 10007). */
export async function liveVersion(wrangler: Wrangler, args: string[]): Promise<string | null> {
  try {
    return liveVersionId(await wrangler(["deployments", "status", "--json", ...args]));
  } catch (error) {
    if (error instanceof WranglerError && /has no deployments|does not exist|code: 10007/.test(error.message)) return null;
    throw error;
  }
}
