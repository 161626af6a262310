import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countFiles, cpuProfileTop, medianBy, medianPair, slowestSteps } from "./build-report";

describe("what the build benchmark reads from a build", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "build-report-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("counts the files of a published shop through its release link, not folders", () => {
    const release = join(dir, "releases", "build-1");
    mkdirSync(join(release, "page-data", "dielen"), { recursive: true });
    writeFileSync(join(release, "dielen.html"), "12345");
    writeFileSync(join(release, "page-data", "dielen", "page-data.json"), "{}");
    writeFileSync(join(release, "app.js"), "");
    symlinkSync(release, join(dir, "DE"));
    expect(countFiles(join(dir, "DE"))).toEqual({ count: 3, bytes: 7 });
    expect(countFiles(join(dir, "missing"))).toEqual({ count: 0, bytes: 0 });
  });

  test("names Gatsby's slowest steps from its output, with the shop's prefix or without", () => {
    const log = join(dir, "build.log");
    writeFileSync(
      log,
      [
        "[DE] success source and transform nodes - 12.503s",
        "[DE] success createPages - 0.950s",
        "[DE] success run queries in workers - 40.112s - 5835/5835 145.47/s",
        "success Building static HTML for pages - 21.000s - 5835/5835 277.86/s",
        "[DE] warn something - not a step",
        "[DE] info Total nodes: 22406, SitePage nodes: 5836 (use --verbose for breakdown)",
      ].join("\n"),
    );
    expect(slowestSteps(log, 3)).toBe("run queries in workers 40.1 s, Building static HTML for pages 21.0 s, source and transform nodes 12.5 s");
    expect(slowestSteps(join(dir, "none.log"))).toBe("(no output)");
  });

  test("adds up self time per function over all profiles in the folder", () => {
    const profile = (samples: number[], deltas: number[]) => ({
      nodes: [
        { id: 1, callFrame: { functionName: "", url: "", lineNumber: -1 } },
        { id: 2, callFrame: { functionName: "runQuery", url: "file:///x/node_modules/gatsby/dist/query/query-runner.js", lineNumber: 9 } },
        { id: 3, callFrame: { functionName: "createShopPages", url: "file:///work/x/site/sourcing/create-pages.ts", lineNumber: 99 } },
      ],
      samples,
      timeDeltas: deltas,
      startTime: 0,
      endTime: 1,
    });
    writeFileSync(join(dir, "a.cpuprofile"), JSON.stringify(profile([2, 2, 3], [1_000_000, 2_000_000, 1_000_000])));
    writeFileSync(join(dir, "b.cpuprofile"), JSON.stringify(profile([3, 1], [3_000_000, 1_000_000])));
    writeFileSync(join(dir, "notes.txt"), "not a profile");
    const lines = cpuProfileTop(dir, 2).split("\n");
    expect(lines).toEqual([
      "      4.0 s  50.0 %  createShopPages (site/sourcing/create-pages.ts:100)",
      "      3.0 s  37.5 %  runQuery (gatsby/dist/query/query-runner.js:10)",
    ]);
  });
});

describe("medianPair: the pair of repeated runs the benchmark's table shows", () => {
  const pair = (cold: number, trivial: number) => ({ cold: { seconds: cold }, trivial: { seconds: trivial } });

  test("is the pair with the median ratio, not the median of each column", () => {
    const pairs = [pair(60, 20), pair(70, 17), pair(66, 21)];
    expect(medianPair(pairs)).toBe(pairs[2]);
  });

  test("takes the lower middle pair of an even count and the only one of one", () => {
    const pairs = [pair(80, 20), pair(60, 20), pair(70, 20), pair(90, 20)];
    expect(medianPair(pairs)).toBe(pairs[2]);
    expect(medianPair([pairs[0]!])).toBe(pairs[0]);
  });

  test("refuses no runs at all", () => {
    expect(() => medianPair([])).toThrow("no builds");
  });
});

describe("medianBy: the incremental rebuild the benchmark reports of several", () => {
  const run = (seconds: number, sku: string) => ({ seconds, sku });

  test("is the run with the median seconds, the lower middle one of an even count", () => {
    expect(medianBy([run(61, "A"), run(55, "B"), run(58, "C")], (item) => item.seconds).sku).toBe("C");
    expect(medianBy([run(61, "A"), run(55, "B"), run(58, "C"), run(70, "D")], (item) => item.seconds).sku).toBe("C");
    expect(() => medianBy([], (item: { seconds: number }) => item.seconds)).toThrow("no builds");
  });
});
