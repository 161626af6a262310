import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, relative } from "node:path";
import { SERVICE_TOKENS } from "@shop-api/core/service-token";
import { CLIENT_IP_HEADER, TRUSTED_PROXY_HEADER } from "@worker/lib/shop-headers";
import { ROOT } from "./shops";

/** wrangler offline: no metrics, no update check, no cf.json download. */
export const WRANGLER_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" } as const;

export interface LocalWorkerOptions {
  port: number;
  /** wrangler's local state (D1) folder; default .wrangler/state. */
  persistTo?: string;
  /** Folder with dist/<SHOP>/ builds; default dist. */
  assets?: string;
  log?: (line: string) => void;
  /** Another entry than wrangler.jsonc's main (e.g. worker/shop-api/main.ts). */
  script?: string;
  /** Variables over wrangler.jsonc's vars (`--var NAME:VALUE`), e.g. ENVIRONMENT_NAME or the browser tests' SMTP_PORT. */
  vars?: Record<string, string>;
}

export interface LocalWorker {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Local secrets of the worker, random per checkout: the shop API's token per purpose (docs/decisions/0027), the ALTCHA
 * challenges' HMAC key, the key that signs the order confirmation's returns link (core/returns-link.ts), the key that
 * signs the offer mail's link (core/offer-link.ts), the Stripe stand-in's secret key and webhook secret
 * (scripts/lib/stripe-stand-in.ts), the PayPal stand-in's client id, client secret and webhook id
 * (scripts/lib/paypal-stand-in.ts; config paymentProviders names them), and the secret a local tool proves itself
 * with as a trusted proxy (worker/edge/client-address.ts).
 */
const LOCAL_SECRETS = [
  ...SERVICE_TOKENS,
  "ALTCHA_HMAC_KEY",
  "RMA_LINK_SECRET",
  "OFFER_LINK_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "PAYPAL_CLIENT_ID",
  "PAYPAL_CLIENT_SECRET",
  "PAYPAL_WEBHOOK_ID",
  "TRUSTED_PROXY_SECRET",
] as const;
export type LocalSecret = (typeof LOCAL_SECRETS)[number];

const DEV_VARS = join(ROOT, ".dev.vars");

/** Makes sure .dev.vars exists (wrangler and getPlatformProxy read it) with every local secret (48 random hex characters); adds those it lacks. */
export function ensureDevVars(path = DEV_VARS): void {
  const current = existsSync(path) ? readFileSync(path, "utf8") : "";
  const missing = LOCAL_SECRETS.filter((name) => !new RegExp(`^${name}=`, "m").test(current));
  if (missing.length === 0) return;
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${current}${separator}${missing.map((name) => `${name}=${randomBytes(24).toString("hex")}\n`).join("")}`);
}

/** The value of a variable in the text of a .dev.vars file (surrounding quotes removed), or undefined. */
export function devVar(text: string, name: string): string | undefined {
  const match = new RegExp(`^${name}=(.*)$`, "m").exec(text);
  return match ? match[1]!.trim().replace(/^(["'])(.*)\1$/, "$2") : undefined;
}

/** A local secret as the local worker reads it from .dev.vars (created first when missing). */
export function localSecret(name: LocalSecret, path = DEV_VARS): string {
  ensureDevVars(path);
  return devVar(readFileSync(path, "utf8"), name)!;
}

/**
 * The headers a local tool sends as a trusted proxy in front of the local worker, vouching for
 * `ip` as the client's address (worker/edge/client-address.ts): benchmarks, the attack battery and
 * browser tests that stand for many clients. A client without the secret has no address of its own.
 */
export function trustedProxyHeaders(ip: string): Record<string, string> {
  return { [TRUSTED_PROXY_HEADER]: localSecret("TRUSTED_PROXY_SECRET"), [CLIENT_IP_HEADER]: ip };
}

/**
 * The file whose modification time makes the local worker on this port (and only that one)
 * reload and list its assets again (builder/served.ts reloadLocalWorker, docs/decisions/0034).
 */
export function reloadTrigger(port: number, root = ROOT): string {
  return join(root, ".wrangler", "reload", String(port));
}

/**
 * wrangler.jsonc for the worker on one port: its top level (local development), with that port's
 * reload trigger added to the custom build's watch_dir, so a builder publishing for this worker
 * reloads it and no other `wrangler dev` of the checkout (the browser tests' worker next to
 * `npm start`'s); the deployed environments are left out. Written next to wrangler.jsonc (paths
 * in it are relative to the config's folder, and .dev.vars is read from there).
 */
export async function writeDevConfig(port: number, root = ROOT): Promise<string> {
  const trigger = relative(root, reloadTrigger(port, root));
  mkdirSync(join(root, ".wrangler", "reload"), { recursive: true });
  writeFileSync(reloadTrigger(port, root), `${new Date().toISOString()}\n`);
  return writeLocalConfig(`dev-${port}`, root, [trigger]);
}

/**
 * The config a local bundle of the worker is made with (workerd-worker.ts bundleWorker: the browser tests', the
 * shop API tests' and the benchmarks' workers, each made by `wrangler deploy --dry-run`): wrangler.jsonc's top level
 * with the cached config check, so a test run's bundles check the unchanged config once instead of each starting
 * npx and tsx for it. A deploy bundles with wrangler.jsonc itself.
 */
export function writeBundleConfig(root = ROOT): Promise<string> {
  return writeLocalConfig("bundle", root, []);
}

/**
 * wrangler.jsonc's top level (local development) as `.wrangler-<name>.json` beside it, its build command's config check
 * run only when what it reads changed (check-config-cached.mjs, stamp `.wrangler/config-check/<name>`), `watched`
 * added to the build's watch_dir. Written whole at once: workers started side by side may write the same config.
 */
async function writeLocalConfig(name: string, root: string, watched: string[]): Promise<string> {
  const { experimental_readRawConfig } = await import("wrangler");
  const { env: _deployed, ...local } = experimental_readRawConfig({ config: join(root, "wrangler.jsonc") }).rawConfig;
  const { command, watch_dir: watchDir } = local.build ?? {};
  if (!command || !Array.isArray(watchDir)) throw new Error("wrangler.jsonc has no build command with a watch_dir list");
  const stamp = relative(root, join(root, ".wrangler", "config-check", name));
  const build = { ...local.build, command: `node scripts/check-config-cached.mjs ${stamp} ${command}`, watch_dir: [...watchDir, ...watched] };
  const path = join(root, `.wrangler-${name}.json`);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ ...local, build }, null, 2)}\n`);
  renameSync(temporary, path);
  return path;
}

/** Starts `wrangler dev` (the worker with the in-process shop API and local D1) and waits until /graphql answers. */
export async function startLocalWorker(options: LocalWorkerOptions): Promise<LocalWorker> {
  ensureDevVars();
  await assertPortFree(options.port);
  const config = await writeDevConfig(options.port);
  // wrangler refuses to start without its assets folder; a fresh checkout has no builds yet.
  mkdirSync(options.assets ?? join(ROOT, "dist"), { recursive: true });
  // --test-scheduled: GET /__scheduled?cron=... runs the cron trigger's jobs (docs/decisions/0029;
  // /cdn-cgi/handler/scheduled cannot reach a worker with static assets in the local tooling).
  const args = [
    "dev",
    ...(options.script ? [options.script] : []),
    "--config",
    config,
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--log-level",
    "warn",
    "--test-scheduled",
  ];
  if (options.persistTo) args.push("--persist-to", options.persistTo);
  if (options.assets) args.push("--assets", options.assets);
  for (const [name, value] of Object.entries(options.vars ?? {})) args.push("--var", `${name}:${value}`);
  const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), args, {
    cwd: ROOT,
    env: { ...process.env, ...WRANGLER_ENV, CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      output.push(line);
      options.log?.(`[worker] ${line}`);
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  // wrangler runs in its own process group (so it can be stopped with its workerd); make
  // sure it does not outlive this process when that exits without stopping it.
  const stopOnExit = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
    rmSync(reloadTrigger(options.port), { force: true });
    rmSync(config, { force: true });
  };
  process.once("exit", stopOnExit);
  child.once("exit", () => process.removeListener("exit", stopOnExit));
  const origin = `http://127.0.0.1:${options.port}`;
  await waitUntilReady(child, origin, output);
  return {
    origin,
    async stop() {
      await stopProcess(child);
      // No trigger without its worker: a builder then reloads every worker of the checkout instead.
      rmSync(reloadTrigger(options.port), { force: true });
      rmSync(config, { force: true });
    },
  };
}

async function waitUntilReady(child: ChildProcess, origin: string, output: string[]): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output.slice(-30).join("\n")}`);
    try {
      const response = await fetch(`${origin}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
        body: JSON.stringify({ query: "{ shops { id } }" }),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stopProcess(child);
  throw new Error(`wrangler dev did not answer on ${origin} within 90 s:\n${output.slice(-30).join("\n")}`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      resolve();
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5000).unref();
  });
}

/**
 * Fails when something else keeps listening on the port (its answers would be taken for
 * ours); waits a few seconds first, for a worker this process just stopped.
 */
export async function assertPortFree(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await portIsFree(port))) {
    if (Date.now() > deadline) throw new Error(`Port ${port} is already in use; stop what serves it (another \`npm start\` or test run) and try again`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
