/**
 * The rehearsal's wrangler: the deploy's calls answered on this machine, with a local account
 * folder standing in for Cloudflare. Local operations (`deploy --dry-run`) run the real CLI;
 * remote D1 calls run it against a local database in the account folder, except `d1 migrations
 * apply`, which the project's migrator answers (below); versions, deployments, secrets and
 * rollbacks are kept in the account's deployments.json. A call it has no stand-in for fails, so a
 * step added to the deploy is rehearsed or refused, never skipped.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { boundDatabase } from "@shop-api/core/shop-database";
import { withLocalBindings } from "../../local-d1";
import { applyRecordedMigrations, migrationFiles } from "../d1-migrations";
import { declaredDatabases, readWranglerConfig } from "./settings";
import { WranglerError, type Wrangler } from "./wrangler";

interface Deployment {
  versions: { version_id: string; percentage: number }[];
  message: string;
}

interface Account {
  versions: { id: string; message: string }[];
  deployments: Deployment[];
}

export interface RehearsalAccount {
  /** Folder of the local account: deployments.json and the D1 state (state/). */
  dir: string;
  /** Names of the worker secrets the account holds. */
  secrets: string[];
}

const option = (args: string[], name: string): string | undefined => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};

/** The live deployment of the rehearsal account (null before the first), for checks and tests. */
export function rehearsalDeployment(dir: string): Deployment | null {
  return readAccount(dir).deployments.at(-1) ?? null;
}

function readAccount(dir: string): Account {
  const file = join(dir, "deployments.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Account) : { versions: [], deployments: [] };
}

function writeAccount(dir: string, account: Account): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "deployments.json"), `${JSON.stringify(account, null, 2)}\n`);
}

/** `<id>@<percentage>%` arguments of `versions deploy` as a deployment's versions. */
function split(args: string[]): Deployment["versions"] {
  return args
    .map((arg) => /^([0-9a-f-]{36})@(\d{1,3})%$/.exec(arg))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ version_id: match[1]!, percentage: Number(match[2]) }));
}

export function rehearsalWrangler(account: RehearsalAccount, cli: Wrangler): Wrangler {
  return async (args, env) => {
    const [command, sub] = args;
    const state = readAccount(account.dir);
    if (command === "deploy" && args.includes("--dry-run")) return cli(args, env);
    if (command === "d1" && sub === "migrations" && args[2] === "apply" && args.includes("--remote")) return applyMigrations(account, args);
    if (command === "d1" && args.includes("--remote")) {
      return cli(
        args.flatMap((arg) => (arg === "--remote" ? ["--local", "--persist-to", join(account.dir, "state")] : [arg])),
        env,
      );
    }
    if (command === "secret" && sub === "list") return JSON.stringify(account.secrets.map((name) => ({ name, type: "secret_text" })));
    if (command === "deployments" && sub === "status") {
      // As wrangler answers for a worker never deployed.
      if (state.deployments.length === 0) throw new WranglerError(args, "✘ [ERROR] The Worker has no deployments.");
      return JSON.stringify(state.deployments.at(-1));
    }
    if (command === "versions" && sub === "upload") {
      // As Cloudflare: a worker's first version comes from `wrangler deploy`.
      if (state.deployments.length === 0) throw new WranglerError(args, "✘ [ERROR] This Worker does not exist on your account. [code: 10007]");
      const id = randomUUID();
      writeAccount(account.dir, { ...state, versions: [...state.versions, { id, message: option(args, "--message") ?? "" }] });
      return `Uploaded (rehearsal)\nWorker Version ID: ${id}\n`;
    }
    if (command === "deploy") {
      const id = randomUUID();
      const message = option(args, "--message") ?? "";
      writeAccount(account.dir, {
        versions: [...state.versions, { id, message }],
        deployments: [...state.deployments, { versions: [{ version_id: id, percentage: 100 }], message }],
      });
      return `Deployed (rehearsal)\nCurrent Version ID: ${id}\n`;
    }
    if (command === "versions" && sub === "deploy") {
      const versions = split(args);
      const unknown = versions.filter((version) => !state.versions.some((known) => known.id === version.version_id));
      if (versions.length === 0 || unknown.length > 0 || versions.reduce((sum, version) => sum + version.percentage, 0) !== 100)
        throw new Error(`wrangler ${args.join(" ")}: not a deployment of uploaded versions adding up to 100%`);
      writeAccount(account.dir, { ...state, deployments: [...state.deployments, { versions, message: option(args, "--message") ?? "" }] });
      return `Deployed (rehearsal): ${versions.map((version) => `${version.version_id}@${version.percentage}%`).join(" ")}\n`;
    }
    if (command === "rollback") {
      const target = args[1] && !args[1].startsWith("-") ? args[1] : previousLiveVersion(state);
      if (!target || !state.versions.some((version) => version.id === target))
        throw new Error(`wrangler rollback: no version ${target ?? "before the live one"} to roll back to`);
      const message = option(args, "--message") ?? "rollback";
      writeAccount(account.dir, { ...state, deployments: [...state.deployments, { versions: [{ version_id: target, percentage: 100 }], message }] });
      return `Rolled back (rehearsal) to ${target}\n`;
    }
    throw new Error(`the rehearsal has no stand-in for wrangler ${args.join(" ")}`);
  };
}

/**
 * `wrangler d1 migrations apply <database> --remote --env <environment> --config <file>` on the account's local
 * database: the project's migrator (scripts/lib/d1-migrations.ts) applies and records each file as wrangler does, in
 * one local runtime where wrangler starts one per migration (two databases of 42 migrations: 37 s against 4 s).
 * Answered as wrangler lists them: each applied file with ✅, or that there was none; a failing migration fails the
 * call with the database's error, the files before it applied and recorded.
 */
async function applyMigrations(account: RehearsalAccount, args: string[]): Promise<string> {
  const database = args[3] ?? "";
  const config = option(args, "--config");
  const environment = option(args, "--env");
  if (!config || !environment) throw new Error(`wrangler ${args.join(" ")}: the rehearsal needs --config and --env`);
  const declared = declaredDatabases(await readWranglerConfig(config), environment).find(
    (entry) => entry.binding === database || entry.database_name === database,
  );
  if (!declared) throw new WranglerError(args, `✘ [ERROR] Couldn't find a D1 DB with the name or binding '${database}' in your ${config} file.`);
  const files = migrationFiles(resolve(dirname(config), declared.migrations_dir ?? "migrations"));
  try {
    const applied = await withLocalBindings((env) => applyRecordedMigrations(boundDatabase(env, declared.binding), files), {
      config,
      environment,
      stateDir: join(account.dir, "state"),
    });
    return applied.length === 0 ? "✅ No migrations to apply!\n" : applied.map((name) => `│ ${name} │ ✅ │\n`).join("");
  } catch (error) {
    throw new WranglerError(args, `✘ [ERROR] ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The version that served all traffic before the live one (what `wrangler rollback` without an id goes back to). */
function previousLiveVersion(account: Account): string | undefined {
  const live = account.deployments.at(-1)?.versions.find((version) => version.percentage === 100)?.version_id;
  return account.deployments
    .map((deployment) => deployment.versions.find((version) => version.percentage === 100)?.version_id)
    .filter((id): id is string => id !== undefined && id !== live)
    .at(-1);
}
