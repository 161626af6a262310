import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./shops";
import { listFiles, syncDirectory, type SyncResult } from "./sync-directory";

/**
 * Builds one shop with Gatsby (docs/decisions/0001). Each shop keeps its own Gatsby
 * cache and output in .build/<SHOP>/ which is moved into place for its build, so a
 * rebuild after a catalogue change re-renders only the pages whose data changed.
 * The output is then synced to dist/<SHOP>/, writing only files that differ.
 */
const WORKSPACES = join(ROOT, ".build");
const MARKER = ".shop";
const GATSBY_DIRS = [".cache", "public"] as const;

export interface BuildOptions {
  graphqlUrl: string;
  log?: (line: string) => void;
  /** Where dist/<SHOP> lives (default: the project's dist/). */
  distRoot?: string;
}

export interface BuildReport {
  shop: string;
  seconds: number;
  pages: number;
  rewrittenPages: string[];
  sync: SyncResult;
}

export async function buildShop(shop: string, options: BuildOptions): Promise<BuildReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  parkLeftovers();
  activate(shop);
  try {
    await runGatsby(shop, options.graphqlUrl, log);
  } finally {
    park(shop);
  }
  const sync = syncDirectory(join(WORKSPACES, shop, "public"), join(options.distRoot ?? join(ROOT, "dist"), shop));
  const isPage = (file: string) => file.endsWith(".html");
  const pages = listFiles(join(WORKSPACES, shop, "public")).filter(isPage).length;
  return { shop, seconds: (Date.now() - started) / 1000, pages, rewrittenPages: sync.written.filter(isPage), sync };
}

/** Moves the shop's cache and output into the project root, where Gatsby expects them. */
function activate(shop: string) {
  const workspace = join(WORKSPACES, shop);
  mkdirSync(workspace, { recursive: true });
  for (const dir of GATSBY_DIRS) {
    const parked = join(workspace, dir);
    if (existsSync(parked)) renameSync(parked, join(ROOT, dir));
  }
  mkdirSync(join(ROOT, ".cache"), { recursive: true });
  writeFileSync(join(ROOT, ".cache", MARKER), shop);
}

function park(shop: string) {
  const workspace = join(WORKSPACES, shop);
  for (const dir of GATSBY_DIRS) {
    const live = join(ROOT, dir);
    const parked = join(workspace, dir);
    if (!existsSync(live)) continue;
    rmSync(parked, { recursive: true, force: true });
    renameSync(live, parked);
  }
}

/** A build that was killed leaves its cache in the root; give it back to its shop (or drop it). */
function parkLeftovers() {
  const marker = join(ROOT, ".cache", MARKER);
  if (existsSync(marker)) {
    park(readFileSync(marker, "utf8").trim());
    return;
  }
  for (const dir of GATSBY_DIRS) rmSync(join(ROOT, dir), { recursive: true, force: true });
}

function runGatsby(shop: string, graphqlUrl: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, "node_modules", ".bin", "gatsby"), ["build"], {
      cwd: ROOT,
      env: {
        ...process.env,
        SHOP: shop,
        GRAPHQL_URL: graphqlUrl,
        GATSBY_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) if (line.trim()) log(`[${shop}] ${line}`);
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`gatsby build for ${shop} failed with exit code ${code}`))));
  });
}
