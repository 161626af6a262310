/**
 * Draining the shops' builds (docs/decisions/0034): what `npm start`, the browser tests' setup
 * and bench:edge run for their first builds, through the same pipeline as every later change.
 * One "publish now" of the shops (POST /admin/builder/publish) merges every request that waits
 * for them (the demo catalogue's import) into one queued build per shop; the sweep sends what
 * else waits; then builds are claimed and run until the claim answers none and no build of these
 * shops is queued or running. So each shop is built once, and its build carries every change.
 * Several builds may run at once, each of another shop (the shop API hands out no second build
 * of a shop while one runs).
 */
import { BuilderApiError, type BuilderApi } from "./api";
import { runClaimedBuild, type BuildJob } from "./builder";
import { sleep } from "./sleep";

export interface DrainedBuild {
  shop: string;
  buildId: number;
  changeIds: number[];
  /** From the claim until the build was published. */
  seconds: number;
  pages: number;
  pagesRewritten: number;
  /** Highest resident memory of the Gatsby build, in MiB (null when not measured). */
  peakRssMb: number | null;
}

export interface DrainReport {
  /** The change id of the publish. */
  changeId: number;
  /** The change ids the publish carried into the builds (the waiting requests and its own). */
  carried: number[];
  /** The builds this drain published, in the order they ran. */
  builds: DrainedBuild[];
}

export interface DrainOptions {
  shops: string[];
  /** Names the publish's actor (e.g. "npm start"). */
  actor?: string;
  /** One line per build started and finished: `Building shop DE (1/8) ...`, `  DE: 421 pages in 30.2 s (421 pages written)`. */
  log: (line: string) => void;
  /** The builder's own lines per build (claimed, phases, published); default: dropped. */
  detail?: (line: string) => void;
  stop?: AbortSignal;
  /** Longest wait for a build that is not due yet or held by another builder (ms, default 2000). */
  pollMs?: number;
  /** Gives up when the shops are not drained after this long (ms, default 60 minutes). */
  timeoutMs?: number;
  /** How many builds run at once (default 1). */
  concurrency?: number;
  /**
   * The first build runs alone, the others start when it has ended: a first build of a workspace root leaves the
   * caches that the later shops' builds start from (scripts/lib/webpack-seed.ts), which a build beside it cannot use.
   */
  firstAlone?: boolean;
}

export class DrainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DrainError";
  }
}

/**
 * Publishes the shops through the builder API and runs their builds until none is queued or
 * running: `concurrency` builds at once (each of another shop), the first failure ends the drain.
 */
export async function drainShops(api: BuilderApi, job: BuildJob, options: DrainOptions): Promise<DrainReport> {
  const { shops, log } = options;
  const detail = options.detail ?? (() => undefined);
  const pollMs = options.pollMs ?? 2000;
  const deadline = Date.now() + (options.timeoutMs ?? 60 * 60_000);
  const publish = await api.publish(shops, options.actor);
  await api.sweep();
  const builds: DrainedBuild[] = [];
  let started = 0;
  let runningHere = 0;
  let waitingSaid = "";
  let failure: Error | null = null;
  let firstEnded: () => void = () => undefined;
  const first = options.firstAlone ? new Promise<void>((resolve) => (firstEnded = resolve)) : Promise.resolve();
  if (options.firstAlone && (options.concurrency ?? 1) > 1) log("The first build runs alone; the other shops start from its caches.");

  const worker = async (): Promise<void> => {
    for (;;) {
      if (failure) return;
      if (options.stop?.aborted) throw new DrainError(`stopped with ${shops.length - builds.length} shop(s) not built`);
      const answer = await api.claimAnswer(shops).catch((error: unknown) => {
        // No answer in time (a busy machine; the builds beside it): the claim is asked again, until the deadline.
        if (!(error instanceof BuilderApiError) || error.status !== 0 || Date.now() > deadline) throw error;
        log(`${error.message}; asking again ...`);
        return null;
      });
      if (!answer) {
        await sleep(pollMs, options.stop);
        continue;
      }
      const build = answer.build;
      if (build) {
        started += 1;
        runningHere += 1;
        waitingSaid = "";
        log(`Building shop ${build.shop} (${started}/${Math.max(started, publish.builds.length)}) ...`);
        const outcome = await runClaimedBuild(api, job, build, { log: detail, stop: options.stop }).finally(() => {
          runningHere -= 1;
        });
        // A failure or a stop throws below and lets the others go only once it is noted (the workers' catch).
        if (outcome.kind === "published" || outcome.kind === "lease-lost") firstEnded();
        if (outcome.kind === "published") {
          const { published } = outcome;
          log(`  ${build.shop}: ${published.pages} pages in ${outcome.seconds.toFixed(1)} s (${published.pagesRewritten} pages written)`);
          builds.push({
            shop: build.shop,
            buildId: build.id,
            changeIds: build.changeIds,
            seconds: outcome.seconds,
            pages: published.pages,
            pagesRewritten: published.pagesRewritten,
            peakRssMb: outcome.peakRssMb,
          });
          continue;
        }
        if (outcome.kind === "failed")
          throw new DrainError(
            `Building shop ${build.shop} failed (build #${build.id}; the live build stays, and the builder tries again later): ${outcome.error}`,
          );
        if (outcome.kind === "abandoned") throw new DrainError(`stopped while building shop ${build.shop} (build #${build.id})`);
        log(`  ${build.shop}: build #${build.id} was taken over by another builder; waiting for it`);
        continue;
      }
      const pending = answer.pending ?? { queued: 0, running: 0 };
      if (pending.queued === 0 && pending.running === 0) return;
      if (Date.now() > deadline)
        throw new DrainError(
          `gave up after ${Math.round((options.timeoutMs ?? 3_600_000) / 1000)} s: ${pending.queued} build(s) queued, ${pending.running} running`,
        );
      const dueInMs = answer.nextDueAt ? Date.parse(answer.nextDueAt) - Date.now() : Number.POSITIVE_INFINITY;
      const elsewhere = pending.running - runningHere;
      if (elsewhere > 0 && !(dueInMs > 0)) {
        const said = `waiting for ${elsewhere} build(s) of ${shops.join(", ")} that another builder runs (its lease ends it if that builder is gone) ...`;
        if (said !== waitingSaid) log(said);
        waitingSaid = said;
      }
      await sleep(Math.min(Math.max(dueInMs, 100), pollMs), options.stop);
    }
  };

  const failed = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
  };
  // The first worker lets the others start once its first build is published (or it ended: with the failure noted first).
  const workers = Array.from({ length: Math.max(1, Math.floor(options.concurrency ?? 1)) }, (_, index) =>
    index === 0 ? worker().catch(failed).finally(firstEnded) : first.then(worker).catch(failed),
  );
  await Promise.all(workers);
  if (failure) throw failure;
  return { changeId: publish.changeId, carried: publish.carried, builds };
}
