/**
 * The shop config check of a local worker's reloads, skipped while nothing it reads changed
 * (docs/decisions/0034 "Reloads"):
 *
 *   node scripts/check-config-cached.mjs <stamp file> <check command ...>
 *
 * A builder's publish makes the local worker reload through its trigger file; wrangler then runs
 * the build command before it lists the assets again. The check itself (npx, tsx, the config's
 * validation) took 2 s on a quiet machine and 6-8 s under load, on every publish, for a config
 * that had not changed. This runs the check only when the fingerprint of what it reads (paths,
 * sizes and modification times of config/, worker/, domain/, scripts/, wrangler.jsonc, .dev.vars,
 * package.json, from the working directory) differs from the one of the last check that passed;
 * a failed check leaves no stamp, so it runs again on the next reload. Local bundles of the worker
 * (`wrangler deploy --dry-run` for the tests' and benchmarks' workers) check the same way, under a
 * stamp of their own. Plain Node, no tsx: it starts in a few milliseconds. `wrangler deploy` and
 * `wrangler dev` started by hand still run wrangler.jsonc's own command, the full check.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const WATCHED = ["config", "worker", "domain", "scripts", "wrangler.jsonc", ".dev.vars", "package.json"];

/** sha1 over path, size and modification time of every file under the watched paths (missing ones count as missing). */
function fingerprint(root) {
  const hash = createHash("sha1");
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(join(root, path));
    } catch {
      hash.update(`${path}\0missing\n`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(join(root, path)).sort()) if (name !== "node_modules") visit(join(path, name));
    } else {
      hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  };
  for (const path of WATCHED) visit(path);
  return hash.digest("hex");
}

function readStamp(path) {
  try {
    return readFileSync(path, "utf8").trim();
  } catch {
    return null;
  }
}

function main([stamp, ...command]) {
  if (!stamp || command.length === 0) {
    console.error("usage: node scripts/check-config-cached.mjs <stamp file> <check command ...>");
    return 2;
  }
  const root = process.cwd();
  // Taken before the check runs: an edit made while it runs is checked on the next reload.
  const current = fingerprint(root);
  if (readStamp(stamp) === current) {
    console.log("config/shops.json: unchanged since its last check");
    return 0;
  }
  const result = spawnSync(command[0], command.slice(1), { stdio: "inherit", shell: false });
  if (result.error) {
    console.error(`config check could not run: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) return result.status ?? 1;
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(`${stamp}.${process.pid}.tmp`, `${current}\n`);
  renameSync(`${stamp}.${process.pid}.tmp`, stamp);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
