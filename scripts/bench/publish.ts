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
 * Options: --pages 52000 (DE at 50,000 products has 52,442) --runs 4.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { publishRelease } from "../lib/builder/release";
import { ROOT } from "../lib/shops";
import { medianBy } from "./build-report";

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

async function main() {
  const { values } = parseArgs({ options: { pages: { type: "string", default: "52000" }, runs: { type: "string", default: "4" } } });
  const pages = Number(values.pages);
  const runs = Number(values.runs);
  if (!Number.isInteger(pages) || pages < 1) throw new Error(`--pages must be a whole number of at least 1: ${values.pages}`);
  if (!Number.isInteger(runs) || runs < 2) throw new Error(`--runs must be a whole number of at least 2: ${values.runs}`);
  const work = join(ROOT, ".bench", "publish");
  rmSync(work, { recursive: true, force: true });
  const source = join(work, "public");
  console.log(`writing a build of ${pages} pages (${2 * pages} files) ...`);
  writeBuild(source, pages);
  const dist = join(work, "dist");
  const lines: string[] = [];
  const rebuilds: { seconds: number }[] = [];
  for (let run = 0; run <= runs; run += 1) {
    if (run > 0) writeFileSync(join(source, "produkt/p-7.html"), `<html><body>price ${run}</body></html>`);
    const started = performance.now();
    const result = await publishRelease({ source, distRoot: dist, shop: "DE", buildId: run + 1 });
    const took = seconds(started);
    if (run > 0) rebuilds.push({ seconds: took });
    const what = run === 0 ? "cold, every file new" : run === 1 ? "one page changed, no release two back yet" : "one page changed";
    lines.push(`publish ${run + 1} (${what}): ${took.toFixed(2)} s, ${result.written.length} files written`);
    console.log(lines.at(-1));
  }
  const copy = join(work, "cp-al");
  let started = performance.now();
  execFileSync("cp", ["-al", source, copy]);
  const linked = seconds(started);
  started = performance.now();
  rmSync(copy, { recursive: true });
  const removed = seconds(started);
  const reused = medianBy(rebuilds.slice(1), (run) => run.seconds).seconds;
  console.log(`\npublishing ${pages} pages (${2 * pages} files; load average ${loadavg()[0]!.toFixed(1)})`);
  for (const line of lines) console.log(`  ${line}`);
  console.log(`  peer: cp -al of the build ${linked.toFixed(2)} s, removing it ${removed.toFixed(2)} s`);
  console.log(
    `  a publish after one change (median of ${rebuilds.length - 1}): ${reused.toFixed(2)} s, ${(reused / (linked + removed)).toFixed(2)}x of cp -al and its removal`,
  );
  rmSync(work, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
