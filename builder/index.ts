/**
 * The builder in a process of its own (`npm run builder`, scripts/builder.ts) or inside
 * another (`npm start`, the browser tests' setup): startBuilder claims and runs builds of the
 * shop API on `origin` until stopped (docs/decisions/0034).
 */
import { spawn } from "node:child_process";
import { availableParallelism, hostname } from "node:os";
import { join } from "node:path";
import type { LocalEnvironment } from "@config/shop-config";
import { hasSharedBuildCaches, publishShop, renderShop } from "@scripts/lib/build-shop";
import { localSecret } from "@scripts/lib/local-worker";
import { ROOT } from "@scripts/lib/shops";
import { builderApi, type BuilderApi, type ClaimedBuild } from "./api";
import { builderLoop, type BuildJob, type BuildOutcome } from "./builder";
import { drainShops, type DrainReport } from "./drain";
import { backOfficeHostFor, environmentOf, reloadLocalWorker, servedByLocalWorker } from "./served";

export { builderApi } from "./api";
export { backOfficeHostFor } from "./served";
export type { ClaimedBuild } from "./api";
export { builderLoop } from "./builder";
export type { BuildJob, BuildOutcome } from "./builder";
export type { DrainedBuild, DrainReport } from "./drain";

export interface StartBuilderOptions {
  /** The shop API (locally the worker serving the shops): http://localhost:8787. */
  origin: string;
  /** Only these shops' builds (default: any). */
  shops?: string[];
  /**
   * The local environment whose hosts the worker on `origin` serves (default: the one whose
   * port the origin names, 8787 development, 8797 test; none for other origins). A local worker
   * on another port (bench:edge's) names it to be reached on its back-office and shop hosts.
   */
  environment?: LocalEnvironment;
  distRoot?: string;
  workspaceRoot?: string;
  /** BUILDER_TOKEN (default: the BUILDER_TOKEN variable, else the local worker's .dev.vars). */
  token?: string;
  /** GRAPHQL_TOKEN for the build's data (default: the GRAPHQL_TOKEN variable, else .dev.vars). */
  graphqlToken?: string;
  pollMs?: number;
  /** How many shops build at once (default: buildConcurrency()). */
  concurrency?: number;
  log?: (line: string) => void;
  /** Gatsby's own output (default: dropped; the builder logs phases). */
  gatsbyLog?: (line: string) => void;
  /** Another job than the Gatsby build (tests). */
  job?: BuildJob;
  /**
   * A shell command that makes the published release live elsewhere (CI: `wrangler deploy`),
   * run after the local publish with SHOP, BUILD_ID, CHANGE_IDS and RELEASE_DIR set; the build
   * counts as published only when it exits with 0.
   */
  deployCommand?: string;
}

export interface RunningBuilder {
  stop(): Promise<void>;
  /** Settles when the loop ends (after stop()). */
  done: Promise<BuildOutcome[]>;
}

/** Names the builder in leases: host-pid. */
export function builderName(): string {
  return `${hostname()}-${process.pid}`;
}

/**
 * How many shops build at once by default: BUILD_CONCURRENCY, else one per CPU core up to 4
 * (a Gatsby build mostly keeps one core busy; docs/decisions/0034).
 */
export function buildConcurrency(): number {
  const configured = Number(process.env.BUILD_CONCURRENCY);
  if (Number.isInteger(configured) && configured >= 1) return configured;
  return Math.max(1, Math.min(4, availableParallelism()));
}

/** The builder's bearer token: BUILDER_TOKEN, else the local worker's. */
export function builderToken(): string {
  const token = process.env.BUILDER_TOKEN ?? localSecret("BUILDER_TOKEN");
  if (!token) throw new Error("No BUILDER_TOKEN: set the variable (the shop API's builder token) or run `npm start` once to create .dev.vars");
  return token;
}

/** What the Gatsby build of a claimed build is told: a full sync of the catalogue when the build needs one (a nightly rebuild, publish now). */
export function renderEnvironment(build: Pick<ClaimedBuild, "fullSync">): Record<string, string> {
  return build.fullSync ? { CATALOGUE_FULL_SYNC: "1" } : {};
}

/** The Gatsby build of a claimed shop from the shop API's /graphql, published as a release into distRoot. */
export function gatsbyJob(options: Omit<StartBuilderOptions, "job" | "token" | "pollMs">): BuildJob {
  const distRoot = options.distRoot ?? join(ROOT, "dist");
  const environment = options.environment ?? environmentOf(options.origin);
  const local = environment !== null || /^http:\/\/(localhost|127\.0\.0\.1)(:|\/|$)/.test(options.origin);
  const served = servedByLocalWorker(options.origin, environment);
  return {
    async render(build, { signal, progress }) {
      const rendered = await renderShop(build.shop, {
        // The pages of a local environment load its widget stand-in (site/sourcing/shop-for-build.ts); a deployed one's build says its own.
        env: { ...renderEnvironment(build), ...(environment ? { ENVIRONMENT_NAME: environment } : {}) },
        graphqlUrl: new URL("/graphql", options.origin).toString(),
        graphqlToken: options.graphqlToken ?? process.env.GRAPHQL_TOKEN,
        distRoot,
        workspaceRoot: options.workspaceRoot,
        log: options.gatsbyLog ?? (() => undefined),
        signal,
        onProgress: progress,
      });
      return { output: rendered.output, peakRssMb: rendered.peakRssMb };
    },
    async publish(build, rendered, { onLive }) {
      const result = await publishShop(build.shop, rendered.output, {
        distRoot,
        origin: options.origin,
        buildId: build.id,
        changeIds: build.changeIds,
        served,
        reload: local ? () => reloadLocalWorker(options.origin) : undefined,
        // With a deploy command the build is live only once that has run.
        onLive: options.deployCommand ? undefined : onLive,
        log: options.log,
      });
      if (options.deployCommand)
        await runDeploy(
          options.deployCommand,
          { SHOP: build.shop, BUILD_ID: String(build.id), CHANGE_IDS: build.changeIds.join(","), RELEASE_DIR: result.releaseDir },
          options.log,
        );
      return { pages: result.pages, pagesRewritten: result.pagesRewritten.length, release: result.release, publishedAt: result.publishedAt };
    },
  };
}

function runDeploy(command: string, env: Record<string, string>, log: ((line: string) => void) | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const recent: string[] = [];
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (!line.trim()) continue;
        log?.(`[deploy ${env.SHOP}] ${line}`);
        recent.push(line);
        if (recent.length > 40) recent.shift();
      }
    };
    child.stdout.on("data", forward);
    child.stderr.on("data", forward);
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`the deploy command failed with exit code ${code}:\n${recent.join("\n")}`))));
  });
}

function apiFor(options: StartBuilderOptions): BuilderApi {
  return builderApi({
    origin: options.origin,
    host: backOfficeHostFor(options.origin, ROOT, options.environment ?? environmentOf(options.origin)) ?? undefined,
    token: options.token ?? builderToken(),
    builder: builderName(),
  });
}

export interface DrainBuildsOptions extends Omit<StartBuilderOptions, "pollMs" | "deployCommand"> {
  shops: string[];
  /** Names the publish's actor in the pipeline (e.g. "npm start"). */
  actor?: string;
  /** The builder's own lines per build (claimed, phases); default: dropped. */
  detail?: (line: string) => void;
  timeoutMs?: number;
}

/**
 * The first builds of a local run (`npm start`, the browser tests' setup, bench:edge) through the
 * pipeline: publish now of the shops, carrying every change that waits for them, then their builds
 * run here until none is queued or running (drain.ts). Logs `Building shop DE (1/8) ...` and
 * `  DE: N pages in S s (M pages written)` per shop.
 */
export function drainBuilds(options: DrainBuildsOptions): Promise<DrainReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const job = options.job ?? gatsbyJob({ ...options, log: options.detail });
  return drainShops(apiFor(options), job, {
    shops: options.shops,
    actor: options.actor,
    log,
    detail: options.detail,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency ?? buildConcurrency(),
    // Without caches to start from, the first Gatsby build leaves them for the others (about a quarter less CPU each).
    firstAlone: !options.job && !hasSharedBuildCaches(options.workspaceRoot),
  });
}

export function startBuilder(options: StartBuilderOptions): RunningBuilder {
  const log = options.log ?? ((line: string) => console.log(line));
  const api = apiFor(options);
  const job = options.job ?? gatsbyJob({ ...options, log });
  const stop = new AbortController();
  const done = builderLoop(api, job, {
    log,
    stop: stop.signal,
    shops: options.shops,
    pollMs: options.pollMs,
    concurrency: options.concurrency ?? buildConcurrency(),
  });
  return {
    done,
    async stop() {
      stop.abort();
      await done;
    },
  };
}
