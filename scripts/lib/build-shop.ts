import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { r2AssetStore, staticAssetStore, type AssetPublishResult, type AssetStore } from "@builder/asset-store";
import { digestsFile, r2ShardsFile, type ServedFile } from "@builder/release";
import { backOfficeHostFor, reloadLocalWorker } from "@builder/served";
import { workerBucketClient } from "@builder/site-bucket";
import { gatsbyProgress, type BuildProgress } from "@builder/gatsby-progress";
import { withDirLock } from "./dir-lock";
import { localSecret } from "./local-worker";
import { writeCspManifest } from "./script-hashes";
import { hasWebpackSeed, keepWebpackSeed, seedWebpackCache } from "./webpack-seed";
import { buildCodeHash } from "./build-code";
import { loadShopConfig, ROOT } from "./shops";
import type { SyncResult } from "./sync-directory";

/**
 * Builds one shop with Gatsby (docs/decisions/0001). Each shop has its own Gatsby project
 * root in .build/<SHOP>/: links to the project's sources beside the shop's own .cache and
 * public, so the shops build at the same time, and a rebuild after a catalogue change
 * re-renders only the pages whose data changed.
 * The output gets the CSP manifest of its inline scripts (script-hashes.ts) and is then
 * published as a release that dist/<SHOP> switches to at once (builder/release.ts,
 * docs/decisions/0034); only files that differ are written.
 */
const DEFAULT_WORKSPACES = join(ROOT, ".build");
/**
 * What each shop's project root links from the project (the paths Gatsby and gatsby-config.ts
 * resolve from the root); its .cache and public are its own. The lockfile makes the workspace
 * the project root of the Parcel run that compiles gatsby-config and gatsby-node: Parcel takes
 * the nearest folder with a lockfile and crawls all of it on every build (2.4-4 s over the whole
 * project with every shop's output, 0.2 s over one workspace; docs/decisions/0034).
 */
const PROJECT_LINKS = ["package.json", "package-lock.json", "node_modules", "site", "static", "locales"];

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
  /** Node options for the Gatsby process that NODE_OPTIONS refuses (e.g. `--cpu-prof`, for the build benchmark). */
  nodeArgs?: string[];
  /** Stops the Gatsby build (its process group is killed; nothing is published). */
  signal?: AbortSignal;
  /** Makes a worker serving dist/ reload its file list after publishing (default: the local worker serving graphqlUrl, builder/served.ts reloadLocalWorker). */
  reload?: () => void;
  /** Called as Gatsby reports its steps (sourcing, rendering with pages done/total). */
  onProgress?: (progress: BuildProgress) => void;
  /** Where buildShop publishes (default: the shop's store by config/shops.json, assetStoreFor). */
  store?: AssetStore;
}

export interface PublishShopOptions {
  distRoot?: string;
  /** The build and the change ids going live (recorded in the release). */
  buildId?: number;
  changeIds?: number[];
  /** The serving worker, asked whether it lists new files and has reloaded (builder/release.ts). */
  served?: ServedFile;
  /** Makes the serving worker reload its file list (builder/served.ts reloadLocalWorker). */
  reload?: () => void;
  /** Called right after the switch, before the wait for the serving worker (builder/release.ts). */
  onLive?: () => void;
  log?: (line: string) => void;
  /** The shop API's origin: a shop published to R2 uploads through its builder calls (docs/decisions/0053). */
  origin?: string;
  /** Another store than the shop's configured one (tests, benchmarks). */
  store?: AssetStore;
}

export interface RenderResult {
  shop: string;
  /** The finished build, with its CSP manifest. */
  output: string;
  seconds: number;
  peakRssMb: number;
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

/** Builds the shop and publishes it. */
export async function buildShop(shop: string, options: BuildOptions): Promise<BuildReport> {
  const started = Date.now();
  const rendered = await renderShop(shop, options);
  const published = await publishShop(shop, rendered.output, {
    store: options.store,
    distRoot: options.distRoot,
    origin: new URL(options.graphqlUrl).origin,
    log: options.log,
    reload: options.reload ?? (() => reloadLocalWorker(new URL(options.graphqlUrl).origin)),
  });
  return {
    shop,
    seconds: (Date.now() - started) / 1000,
    pages: published.pages,
    rewrittenPages: published.pagesRewritten,
    sync: { written: published.written, deleted: published.deleted, unchanged: published.unchanged },
    peakRssMb: rendered.peakRssMb,
  };
}

/**
 * The store a shop is published to, by `assets` in config/shops.json (docs/decisions/0053):
 * dist/<SHOP> as a release folder (static), or the SITE_ASSETS bucket through the shop API at
 * `origin` with the builder's token (r2; the files' hashes remembered beside the static store's,
 * so a rebuild reads only the files it rewrote).
 */
export function assetStoreFor(shop: string, options: { distRoot?: string; origin?: string } = {}): AssetStore {
  const definition = loadShopConfig().shops.find((each) => each.id === shop);
  const distRoot = options.distRoot ?? join(ROOT, "dist");
  if (definition?.assets === "r2") {
    if (!options.origin) throw new Error(`${shop} is published to R2 (assets "r2" in config/shops.json): the shop API's origin is needed to upload`);
    const token = process.env.BUILDER_TOKEN ?? localSecret("BUILDER_TOKEN");
    return r2AssetStore(workerBucketClient({ origin: options.origin, host: backOfficeHostFor(options.origin) ?? undefined, token }), {
      digests: (published) => digestsFile(distRoot, published, "r2"),
      shards: (published) => r2ShardsFile(distRoot, published),
    });
  }
  return staticAssetStore(distRoot);
}

/** Publishes a finished build of the shop at once to its store: dist/<SHOP> (builder/release.ts) or R2 (builder/r2-release.ts). */
export function publishShop(shop: string, output: string, options: PublishShopOptions = {}): Promise<AssetPublishResult> {
  const store = options.store ?? assetStoreFor(shop, { distRoot: options.distRoot, origin: options.origin });
  return store.publish({
    source: output,
    shop,
    buildId: options.buildId,
    changeIds: options.changeIds,
    served: options.served,
    reload: options.reload,
    onLive: options.onLive,
    log: options.log,
  });
}

/** Whether a new workspace under the root starts from the caches of an earlier build (webpack-seed.ts). */
export function hasSharedBuildCaches(workspaceRoot = DEFAULT_WORKSPACES): boolean {
  return hasWebpackSeed(workspaceRoot);
}

/** The shop's Gatsby project root: `.build/<SHOP>`, or under the given root (the benchmark's builds). */
export function shopWorkspace(shop: string, workspaceRoot = DEFAULT_WORKSPACES): string {
  return join(workspaceRoot, shop);
}

/** Runs the shop's Gatsby build in its workspace and adds the CSP manifest; publishes nothing. */
export async function renderShop(shop: string, options: BuildOptions): Promise<RenderResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workspaceRoot = options.workspaceRoot ?? DEFAULT_WORKSPACES;
  const workspace = shopWorkspace(shop, workspaceRoot);
  const started = Date.now();
  mkdirSync(workspace, { recursive: true });
  const { peakRssMb, output } = await withDirLock(
    `${workspace}.lock`,
    async () => {
      options.signal?.throwIfAborted();
      linkProject(workspace);
      const output = outputFolder(workspace);
      if (seedWebpackCache(workspace, workspaceRoot)) log(`[${shop}] webpack cache seeded from an earlier shop's build`);
      const peakRssMb = await runGatsby(shop, workspace, options, log);
      keepWebpackSeed(workspace, workspaceRoot);
      return { peakRssMb, output };
    },
    { onWait: (owner) => log(`[${shop}] waiting for another build of ${shop} (pid ${owner}) to finish ...`) },
  );
  // Each page's inline scripts remembered by file identity: a rebuild reads only the pages Gatsby rewrote.
  const manifest = writeCspManifest(output, { memo: join(workspace, ".csp-scripts.json") });
  log(`[${shop}] CSP manifest: ${Object.keys(manifest.pages).length} pages, ${manifest.hashes.length} distinct inline scripts`);
  return { shop, output, seconds: (Date.now() - started) / 1000, peakRssMb };
}

/**
 * Gatsby compiles gatsby-config.ts and gatsby-node.ts into the root's .cache/compiled only when
 * they are files of the root (Parcel writes a linked one's output beside it), so these are
 * one-line re-exports of the project's, with the hash of the build code they run (build-code.ts).
 */
const GATSBY_ENTRIES = { "gatsby-config.ts": "export { default } from", "gatsby-node.ts": "export * from" } as const;

/**
 * Makes the workspace a Gatsby project root: links to the project's sources beside its own .cache
 * and public. When the build code changed since the workspace's last build, its gatsby files
 * change with the hash they name, so Gatsby deletes its cache (a cold build), and Parcel's cache
 * goes too: Parcel notices changes inside the workspace only, and the code lives outside it.
 */
function linkProject(workspace: string) {
  const code = buildCodeHash(ROOT);
  let codeChanged = false;
  for (const [name, statement] of Object.entries(GATSBY_ENTRIES)) {
    const entry = join(workspace, name);
    const text = `${statement} ${JSON.stringify(relative(workspace, join(ROOT, name.replace(/\.ts$/, ""))))};\n// build code ${code}\n`;
    const current = lstatSync(entry, { throwIfNoEntry: false });
    if (current?.isFile() && readFileSync(entry, "utf8") === text) continue;
    rmSync(entry, { force: true });
    writeFileSync(entry, text);
    codeChanged = true;
  }
  if (codeChanged) rmSync(join(workspace, ".cache", ".parcel-cache"), { recursive: true, force: true });
  for (const name of PROJECT_LINKS) {
    const target = join(ROOT, name);
    if (existsSync(target)) linkTo(target, join(workspace, name));
  }
}

/** Makes `link` a symbolic link to `target`, replacing whatever else is there. */
function linkTo(target: string, link: string) {
  const current = lstatSync(link, { throwIfNoEntry: false });
  if (current?.isSymbolicLink() && readlinkSync(link) === target) return;
  if (current) rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link);
}

/**
 * Where Gatsby's output of the workspace is: `<workspace>.public` beside it, which the workspace's
 * `public` links to. Gatsby compiles gatsby-config and gatsby-node with Parcel on every build, and
 * Parcel walks all of its project root (the workspace, docs/decisions/0034) twice to find changed
 * files, without following links. At 50,000 products the output is 105,000 files in 52,000
 * folders, which that walk took seconds over on every rebuild (docs/decisions/0054). A workspace
 * whose output is still a folder of its own keeps it: the folder is moved out.
 */
export function outputFolder(workspace: string): string {
  const output = `${workspace}.public`;
  const link = join(workspace, "public");
  if (lstatSync(link, { throwIfNoEntry: false })?.isDirectory() && !existsSync(output)) renameSync(link, output);
  mkdirSync(output, { recursive: true });
  linkTo(output, link);
  return output;
}

/** Runs `gatsby build` for the shop; resolves with the peak memory of its process tree. */
function runGatsby(shop: string, root: string, options: BuildOptions, log: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const gatsby = join(ROOT, "node_modules", ".bin", "gatsby");
    const [command, args] = options.nodeArgs?.length ? [process.execPath, [...options.nodeArgs, gatsby, "build"]] : [gatsby, ["build"]];
    const child = spawn(command, args, {
      cwd: root,
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
    const progress = gatsbyProgress((step) => options.onProgress?.(step));
    const abort = () => {
      try {
        if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    };
    options.signal?.addEventListener("abort", abort, { once: true });
    let peakKb = 0;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, processGroupRssKb(child.pid));
    }, 500);
    const recent: string[] = [];
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.trim()) continue;
        log(`[${shop}] ${line}`);
        progress(line);
        recent.push(line);
        if (recent.length > 60) recent.shift();
      }
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.on("error", (error) => {
      clearInterval(sampler);
      options.signal?.removeEventListener("abort", abort);
      reject(error);
    });
    child.on("exit", (code) => {
      clearInterval(sampler);
      options.signal?.removeEventListener("abort", abort);
      if (options.signal?.aborted) reject(new Error(`gatsby build for ${shop} was stopped: ${String(options.signal.reason)}`));
      else if (code === 0) resolve(Math.round(peakKb / 1024));
      else reject(new Error(`gatsby build for ${shop} failed with exit code ${code}:\n${recent.join("\n")}`));
    });
  });
}

/**
 * Resident memory (KiB) of all processes in the group led by pid (Gatsby forks workers), read from /proc: a `ps` per
 * sample, twice a second through every build, cost the parent a fork of itself each time (about 10 CPU-s of the browser
 * tests' setup). 0 where there is no /proc.
 */
export function processGroupRssKb(pid: number | undefined): number {
  if (!pid) return 0;
  let kb = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // After the command's name in parentheses: state, parent, process group, ...
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pid) continue;
      kb += Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${entry}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb;
}
