import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withDirLock } from "./dir-lock";
import { localSecret } from "./local-worker";
import { writeCspManifest } from "./script-hashes";
import { ROOT } from "./shops";
import { listFiles, syncDirectory, type SyncResult } from "./sync-directory";

/**
 * Builds one shop with Gatsby (docs/decisions/0001). Each shop keeps its own Gatsby
 * cache and output in .build/<SHOP>/ which is moved into place for its build, so a
 * rebuild after a catalogue change re-renders only the pages whose data changed.
 * The output gets the CSP manifest of its inline scripts (script-hashes.ts) and is then
 * synced to dist/<SHOP>/, writing only files that differ.
 */
const DEFAULT_WORKSPACES = join(ROOT, ".build");
const MARKER = ".shop";
const GATSBY_DIRS = [".cache", "public"] as const;

export interface BuildOptions {
  graphqlUrl: string;
  /** The shop API's GRAPHQL_TOKEN; default: the local worker's (.dev.vars). */
  graphqlToken?: string;
  log?: (line: string) => void;
  /** Where dist/<SHOP> lives (default: the project's dist/). */
  distRoot?: string;
  /** Where each shop's Gatsby cache and output are kept (default: .build/). */
  workspaceRoot?: string;
  /** Extra environment for the Gatsby build. */
  env?: Record<string, string>;
}

export interface BuildReport {
  shop: string;
  seconds: number;
  pages: number;
  rewrittenPages: string[];
  sync: SyncResult;
  /** Highest resident memory of the Gatsby process tree, in MiB. */
  peakRssMb: number;
}

export async function buildShop(shop: string, options: BuildOptions): Promise<BuildReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workspaces = options.workspaceRoot ?? DEFAULT_WORKSPACES;
  const started = Date.now();
  const peakRssMb = await withDirLock(
    join(ROOT, ".gatsby-build.lock"),
    async () => {
      parkLeftovers(workspaces);
      activate(workspaces, shop);
      try {
        return await runGatsby(shop, options, log);
      } finally {
        park(workspaces, shop);
      }
    },
    { onWait: (owner) => log(`[${shop}] waiting for another build (pid ${owner}) to finish ...`) },
  );
  const output = join(workspaces, shop, "public");
  const manifest = writeCspManifest(output);
  log(`[${shop}] CSP manifest: ${Object.keys(manifest.pages).length} pages, ${manifest.hashes.length} distinct inline scripts`);
  const sync = syncDirectory(output, join(options.distRoot ?? join(ROOT, "dist"), shop));
  const isPage = (file: string) => file.endsWith(".html");
  const pages = listFiles(output).filter(isPage).length;
  return { shop, seconds: (Date.now() - started) / 1000, pages, rewrittenPages: sync.written.filter(isPage), sync, peakRssMb };
}

/** Moves the shop's cache and output into the project root, where Gatsby expects them. */
function activate(workspaces: string, shop: string) {
  const workspace = join(workspaces, shop);
  mkdirSync(workspace, { recursive: true });
  for (const dir of GATSBY_DIRS) {
    const parked = join(workspace, dir);
    if (existsSync(parked)) renameSync(parked, join(ROOT, dir));
  }
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  writeFileSync(join(ROOT, ".cache", MARKER), JSON.stringify({ workspaces, shop }));
}

function park(workspaces: string, shop: string) {
  const workspace = join(workspaces, shop);
  for (const dir of GATSBY_DIRS) {
    const live = join(ROOT, dir);
    const parked = join(workspace, dir);
    if (!existsSync(live)) continue;
    rmSync(parked, { recursive: true, force: true });
    renameSync(live, parked);
  }
}

/** A build that was killed leaves its cache in the root; give it back to its shop (or drop it). */
function parkLeftovers(defaultWorkspaces: string) {
  const marker = join(ROOT, ".cache", MARKER);
  if (existsSync(marker)) {
    const left = JSON.parse(readFileSync(marker, "utf8")) as { workspaces?: string; shop: string };
    park(left.workspaces ?? defaultWorkspaces, left.shop);
    return;
  }
  for (const dir of GATSBY_DIRS) rmSync(join(ROOT, dir), { recursive: true, force: true });
}

/** Runs `gatsby build` for the shop; resolves with the peak memory of its process tree. */
function runGatsby(shop: string, options: BuildOptions, log: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...options.env,
        SHOP: shop,
        GRAPHQL_URL: options.graphqlUrl,
        GRAPHQL_TOKEN: options.graphqlToken ?? localSecret("GRAPHQL_TOKEN"),
        GATSBY_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, processGroupRssKb(child.pid));
    }, 500);
    const recent: string[] = [];
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.trim()) continue;
        log(`[${shop}] ${line}`);
        recent.push(line);
        if (recent.length > 60) recent.shift();
      }
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
    child.on("exit", (code) => {
      clearInterval(sampler);
      if (code === 0) resolve(Math.round(peakKb / 1024));
      else reject(new Error(`gatsby build for ${shop} failed with exit code ${code}:\n${recent.join("\n")}`));
    });
  });
}

/** Resident memory (KiB) of all processes in the group led by pid (Gatsby forks workers). */
function processGroupRssKb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const out = execFileSync("ps", ["-o", "rss=", "-g", String(pid)], { encoding: "utf8" });
    return out.split("\n").reduce((sum, line) => sum + (Number(line.trim()) || 0), 0);
  } catch {
    return 0;
  }
}
