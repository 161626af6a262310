/**
 * The builder (docs/decisions/0034): claims the next due build of the shop API's queue with
 * a lease, renders the shop incrementally, publishes it at once and reports the outcome.
 * While it works it reports its phase (sourcing, rendering, publishing), which extends the
 * lease, at least every third of the lease. A lost lease (another builder took the build
 * over) stops the build before anything is published; a failed build is reported with its
 * error and leaves the live build as it was.
 */
import { LeaseLostError, type BuilderApi, type ClaimedBuild } from "./api";
import type { BuildPhase } from "@domain/back-office/publishing";
import type { BuildProgress } from "./gatsby-progress";
import { sleep } from "./sleep";

export interface RenderedBuild {
  /** The finished build's folder. */
  output: string;
  /** Highest resident memory of the build's processes, in MiB (when measured). */
  peakRssMb?: number;
}

export interface PublishedBuild {
  pages: number;
  pagesRewritten: number;
  release: string;
  publishedAt: string;
}

/** What a claimed build runs: the Gatsby build and the release publish (gatsby-job.ts), or a test's. */
export interface BuildJob {
  render(build: ClaimedBuild, context: { signal: AbortSignal; progress: (progress: BuildProgress) => void }): Promise<RenderedBuild>;
  /**
   * Publishes the rendered build. `onLive` is called once the build is switched live and what is
   * left is waiting for the server to serve it: the builder may start its next build then.
   */
  publish(build: ClaimedBuild, rendered: RenderedBuild, context: { onLive: () => void }): Promise<PublishedBuild>;
}

export type BuildOutcome =
  | { kind: "published"; build: ClaimedBuild; published: PublishedBuild; seconds: number; peakRssMb: number | null }
  | { kind: "failed"; build: ClaimedBuild; error: string }
  | { kind: "lease-lost"; build: ClaimedBuild }
  | { kind: "abandoned"; build: ClaimedBuild };

export interface RunOptions {
  log: (line: string) => void;
  /** Aborted when the builder is asked to stop: a build not yet publishing is left to its lease. */
  stop?: AbortSignal;
  /** Lower bound of the heartbeat interval in ms (default 500). */
  minHeartbeatMs?: number;
  /** Called when the build is switched live and only waits for the server (builderLoop frees its slot). */
  onLive?: () => void;
}

const MAX_ERROR_LENGTH = 4000;

/** Runs one claimed build to its end; never throws for the build's own failures. */
export async function runClaimedBuild(api: BuilderApi, job: BuildJob, build: ClaimedBuild, options: RunOptions): Promise<BuildOutcome> {
  const { log } = options;
  const label = `${build.shop} build #${build.id}`;
  const started = Date.now();
  const leaseMs = Math.max(3000, Date.parse(build.leaseUntil) - Date.now());
  const heartbeatMs = Math.max(options.minHeartbeatMs ?? 500, Math.floor(leaseMs / 3));
  const abort = new AbortController();
  let leaseLost = false;
  let state: { phase: BuildPhase; done: number; total: number } = { phase: "sourcing", done: 0, total: 0 };
  let sending: Promise<void> = Promise.resolve();

  const report = (): Promise<void> => {
    // Gatsby's counters may pass their announced total (pages added while rendering); the API refuses done > total.
    const { phase, done } = state;
    const total = Math.max(state.total, done);
    sending = sending.then(async () => {
      if (leaseLost) return;
      try {
        await api.progress(build.id, phase, done, total);
      } catch (error) {
        if (error instanceof LeaseLostError) {
          leaseLost = true;
          abort.abort(error);
          return;
        }
        log(`${label}: progress not recorded (${(error as Error).message}); trying again`);
      }
    });
    return sending;
  };
  const enter = (phase: BuildPhase, done = 0, total = 0) => {
    const changed = phase !== state.phase;
    state = { phase, done, total };
    if (changed) log(`${label}: ${phase}`);
  };
  let lastSent = 0;
  const onProgress = (progress: BuildProgress) => {
    if (progress.phase === "publishing") return;
    // Phases only move forward (Gatsby checks pages again after rendering began).
    const phase = state.phase === "rendering" ? "rendering" : progress.phase;
    const changed = phase !== state.phase;
    enter(phase, progress.done, progress.total);
    // Phase changes go out at once; page counts at most once a second.
    if (changed || Date.now() - lastSent > 1000) {
      lastSent = Date.now();
      void report();
    }
  };
  const heartbeat = setInterval(() => void report(), heartbeatMs);
  const onStop = () => {
    if (state.phase !== "publishing") abort.abort(new Error("the builder is stopping"));
  };
  options.stop?.addEventListener("abort", onStop, { once: true });
  if (options.stop?.aborted) onStop();

  try {
    log(`${label}: claimed (attempt ${build.attempt}, change ids ${build.changeIds.join(", ") || "none"})`);
    log(`${label}: sourcing`);
    await report();
    abort.signal.throwIfAborted();
    const rendered = await job.render(build, { signal: abort.signal, progress: onProgress });
    enter("publishing");
    // The lease must still be ours before anything goes live.
    await report();
    abort.signal.throwIfAborted();
    const published = await job.publish(build, rendered, { onLive: () => options.onLive?.() });
    clearInterval(heartbeat);
    const seconds = Math.round((Date.now() - started) / 100) / 10;
    await sending;
    await api.finish(build.id, { ok: true, pages: published.pages, pagesRewritten: published.pagesRewritten, seconds });
    log(
      `${label}: published ${published.release} at ${published.publishedAt} (${published.pagesRewritten} of ${published.pages} pages rewritten, ${seconds.toFixed(1)} s; change ids ${build.changeIds.join(", ") || "none"})`,
    );
    return { kind: "published", build, published, seconds, peakRssMb: rendered.peakRssMb ?? null };
  } catch (error) {
    clearInterval(heartbeat);
    await sending;
    if (leaseLost || error instanceof LeaseLostError) {
      log(`${label}: lease lost, another builder holds the build now; stopped without publishing`);
      return { kind: "lease-lost", build };
    }
    if (options.stop?.aborted && abort.signal.aborted) {
      log(`${label}: stopped before publishing; the build goes back to the queue when its lease ends (${build.leaseUntil} or later)`);
      return { kind: "abandoned", build };
    }
    const message = ((error as Error).message ?? String(error)).slice(-MAX_ERROR_LENGTH);
    log(`${label}: failed, the live build stays: ${message.split("\n")[0]}`);
    try {
      await api.finish(build.id, { ok: false, error: message });
    } catch (finishError) {
      log(`${label}: the failure could not be reported (${(finishError as Error).message}); the lease will expire`);
    }
    return { kind: "failed", build, error: message };
  } finally {
    clearInterval(heartbeat);
    options.stop?.removeEventListener("abort", onStop);
  }
}

export interface LoopOptions extends RunOptions {
  shops?: string[];
  /** How many builds run at once, each of another shop (default 1; `once` runs one). */
  concurrency?: number;
  /** Between claims when idle (ms, default 1000). */
  pollMs?: number;
  /** Claim and run one build, then return (waits up to onceWaitMs for a due build). */
  once?: boolean;
  onceWaitMs?: number;
}

/**
 * Claims and runs builds until `stop` aborts (or, with `once`, after one). Returns the outcomes.
 * Up to `concurrency` builds hold a slot at once, each of another shop (the shop API never hands
 * out a build of a shop whose other build is running). A build gives its slot back when it is
 * switched live: its wait for the server to serve it (a `wrangler dev` reload, 2-4 s) overlaps
 * the next build instead of delaying it (docs/decisions/0034).
 */
export async function builderLoop(api: BuilderApi, job: BuildJob, options: LoopOptions): Promise<BuildOutcome[]> {
  const slots = options.once ? 1 : Math.max(1, Math.floor(options.concurrency ?? 1));
  const outcomes: BuildOutcome[] = [];
  const running = new Set<Promise<void>>();
  const freed = new Signal();
  let held = 0;
  const pollMs = options.pollMs ?? 1000;
  const deadline = Date.now() + (options.onceWaitMs ?? 10 * 60_000);
  let lastError = "";
  let waitingSaid = false;
  while (!options.stop?.aborted) {
    if (held >= slots) {
      await freed.wait(options.stop);
      continue;
    }
    let build: ClaimedBuild | null = null;
    try {
      build = await api.claim(options.shops);
      lastError = "";
    } catch (error) {
      const message = (error as Error).message;
      if (message !== lastError) options.log(`cannot claim builds yet: ${message}`);
      lastError = message;
      await sleep(Math.max(pollMs, 5000), options.stop);
      continue;
    }
    if (build) {
      waitingSaid = false;
      held += 1;
      let holding = true;
      const release = () => {
        if (!holding) return;
        holding = false;
        held -= 1;
        freed.notify();
      };
      const run: Promise<void> = runClaimedBuild(api, job, build, { ...options, onLive: release }).then((outcome) => {
        outcomes.push(outcome);
        release();
        running.delete(run);
      });
      running.add(run);
      if (options.once) break;
      continue;
    }
    if (options.once) {
      if (Date.now() > deadline) {
        options.log(`no build became due within ${Math.round((options.onceWaitMs ?? 600_000) / 1000)} s`);
        break;
      }
      if (!waitingSaid) options.log(`waiting for a due build${options.shops?.length ? ` of ${options.shops.join(", ")}` : ""} ...`);
      waitingSaid = true;
    }
    await sleep(pollMs, options.stop);
  }
  await Promise.all(running);
  return outcomes;
}

/** Wakes whoever waits when notified (a freed slot), or when the signal aborts. */
class Signal {
  private waiters: (() => void)[] = [];

  wait(stop?: AbortSignal): Promise<void> {
    if (stop?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        stop?.removeEventListener("abort", done);
        resolve();
      };
      this.waiters.push(done);
      stop?.addEventListener("abort", done, { once: true });
    });
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
