/**
 * `npm run bench:publish` (docs/decisions/0034 "Reusing the release two back"): what publishing a
 * shop's build to the static store costs at a catalogue's page count, without Gatsby.
 *
 * Writes a build of that many pages as Gatsby lays them out (`<page>.html` and
 * `page-data/<page>.html/page-data.json`, one folder each) into `.bench/publish/`, publishes it
 * once (cold), then --runs times more, each after one page changed (a price change), and prints
 * each publish's seconds and files written. Its peer in the same run: `cp -al` of the build, a
 * release folder of hard links made by coreutils, which is what any publish that makes a new
 * folder per release costs at the least (before removing an old one).
 *
 * Then the same for the R2 store (docs/decisions/0053), where a shop of that size goes because of
 * the platform's file limit: the build published to the SITE_ASSETS bucket of the worker in
 * workerd through the builder calls, cold and after each change, with the files' hashes
 * remembered as the builder does. `--stores static` measures the static store alone.
 *
 * Options: `npm run bench:publish -- --help`.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { r2AssetStore } from "@builder/asset-store";
import { publishRelease, type PublishResult } from "@builder/release";
import { workerBucketClient } from "@builder/site-bucket";
import { localSecret } from "../lib/local-worker";
import { refuseUsage, runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { ROOT } from "../lib/shops";
import { startWorkerdWorker } from "../lib/workerd-worker";
import { applyLocalMigrations } from "../local-d1";
import { medianBy } from "./build-report";

/** A port of its own: not 8787 (npm start), 8797 (browser tests), bench:assets (8785/8786), bench:build/api (8790/8791) nor bench:edge (8794-8799). */
const WORKERD_PORT = 8784;
const BACK_OFFICE_HOST = "admin.localhost:8787";
const STORES = ["static", "r2"] as const;
type Store = (typeof STORES)[number];

const seconds = (since: number) => (performance.now() - since) / 1000;

function writeBuild(source: string, pages: number) {
  mkdirSync(join(source, "produkt"), { recursive: true });
  for (let page = 0; page < pages; page += 1) {
    const path = `produkt/p-${page}.html`;
    mkdirSync(join(source, "page-data", path), { recursive: true });
    writeFileSync(join(source, path), `<html><body>${"product ".repeat(40)}${page}</body></html>`);
    writeFileSync(join(source, "page-data", path, "page-data.json"), `{"result":{"pageContext":{"page":${page}}}}`);
  }
}

/** Publishes the build cold, then --runs times after one page changed; the lines it printed and the median publish after a change with a release two back. */
async function measure(source: string, runs: number, publish: (run: number) => Promise<PublishResult>): Promise<{ lines: string[]; median: number }> {
  const lines: string[] = [];
  const rebuilds: { seconds: number }[] = [];
  for (let run = 0; run <= runs; run += 1) {
    if (run > 0) writeFileSync(join(source, "produkt/p-7.html"), `<html><body>price ${run}</body></html>`);
    const started = performance.now();
    const result = await publish(run);
    const took = seconds(started);
    if (run > 0) rebuilds.push({ seconds: took });
    const what = run === 0 ? "cold, every file new" : run === 1 ? "one page changed, no release two back yet" : "one page changed";
    lines.push(`publish ${run + 1} (${what}): ${took.toFixed(2)} s, ${result.written.length} files written`);
    console.log(lines.at(-1));
  }
  return { lines, median: medianBy(rebuilds.slice(1), (run) => run.seconds).seconds };
}

/** The static store: a release folder per publish under `work/dist`. */
function publishStatic(source: string, work: string) {
  return (run: number) => publishRelease({ source, distRoot: join(work, "dist"), shop: "DE", buildId: run + 1 });
}

/** The R2 store of a worker in workerd (in-memory bucket, a database of its own for the calls' checks), through the builder calls; `stop` ends the worker. */
async function r2Publisher(source: string, work: string) {
  const state = join(work, "state");
  process.env.LOCAL_STATE_DIR = state;
  await applyLocalMigrations();
  const worker = await startWorkerdWorker({ port: WORKERD_PORT, persistTo: state, outDir: join(work, "workerd"), assets: join(work, "assets") });
  const store = r2AssetStore(workerBucketClient({ origin: worker.origin, host: BACK_OFFICE_HOST, token: localSecret("BUILDER_TOKEN") }), {
    digests: () => join(work, "DE.r2-digests.json"),
    shards: () => join(work, "DE.r2-shards.json"),
  });
  return { publish: (run: number) => store.publish({ source, shop: "DE", buildId: run + 1 }), stop: () => worker.stop() };
}

const COMMAND = {
  command: "npm run bench:publish --",
  summary: "Publishing a large build after one changed page, into each store (static releases, R2).",
  options: {
    pages: { type: "integer", default: 52_000, min: 1, description: "pages of the build (DE at 50,000 products has 52,442)" },
    runs: { type: "integer", default: 4, min: 2, description: "publishes per store (the first is the full one)" },
    stores: { type: "list", default: STORES, value: STORES.join(","), description: "the stores measured" },
  },
  examples: ["npm run bench:publish", "npm run bench:publish -- --pages 5000 --stores static"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const pages = values.pages;
  const runs = values.runs;
  const stores = values.stores;
  const unknown = stores.filter((store) => !(STORES as readonly string[]).includes(store));
  if (unknown.length > 0 || stores.length === 0) refuseUsage(COMMAND, `--stores must name ${STORES.join(" and/or ")} (got '${stores.join(",")}')`);
  const work = join(ROOT, ".bench", "publish");
  rmSync(work, { recursive: true, force: true });
  const source = join(work, "public");
  const results = new Map<Store, { lines: string[]; median: number }>();
  for (const store of stores as Store[]) {
    // Every store publishes the same build from its first state.
    rmSync(source, { recursive: true, force: true });
    console.log(`${store}: writing a build of ${pages} pages (${2 * pages} files) ...`);
    writeBuild(source, pages);
    if (store === "static") results.set(store, await measure(source, runs, publishStatic(source, work)));
    else {
      const r2 = await r2Publisher(source, work);
      try {
        results.set(store, await measure(source, runs, r2.publish));
      } finally {
        await r2.stop();
      }
    }
  }
  const copy = join(work, "cp-al");
  let started = performance.now();
  execFileSync("cp", ["-al", source, copy]);
  const linked = seconds(started);
  started = performance.now();
  rmSync(copy, { recursive: true });
  const removed = seconds(started);
  console.log(`\npublishing ${pages} pages (${2 * pages} files; load average ${loadavg()[0]!.toFixed(1)})`);
  for (const [store, { lines, median }] of results) {
    console.log(`${store === "static" ? "static store (release folder)" : "R2 store (worker in workerd, builder calls)"}:`);
    for (const line of lines) console.log(`  ${line}`);
    console.log(
      `  a publish after one change (median of ${runs - 1}): ${median.toFixed(2)} s, ${(median / (linked + removed)).toFixed(2)}x of cp -al and its removal`,
    );
  }
  console.log(`peer: cp -al of the build ${linked.toFixed(2)} s, removing it ${removed.toFixed(2)} s`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
