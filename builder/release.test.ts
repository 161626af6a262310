import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { listFiles, syncDirectory } from "@scripts/lib/sync-directory";
import { digestsFile, isPageFile, liveRelease, publishRelease, releasesRoot, type ServedFile } from "./release";

function build(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A build of generation n: every file names it, so a reader can tell builds apart. */
function generation(root: string, n: number, pages = 40): string {
  const files: Record<string, string> = { "index.html": `gen ${n}`, [`app-${n}.js`]: `gen ${n}` };
  for (let i = 0; i < pages; i++) {
    files[`p${i}.html`] = `gen ${n} `.repeat(200);
    files[`page-data/p${i}.html/page-data.json`] = `gen ${n}`;
  }
  return build(root, `gen-${n}`, files);
}

describe("publishing a release", () => {
  let root: string;
  let dist: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "release-"));
    dist = join(root, "dist");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /**
   * A reader in a process of its own, as a visitor's requests: each pass reads a page, its
   * data, the home page and a last page, and the script the first page loads. Violations: a
   * file older than one read before it (the builds must switch once, in order), or a script a
   * page loads that is missing. Files are read by path each time, as the server does.
   */
  function startReader(dir: string, lastPage: string, stopFile: string) {
    const reader = spawn(
      process.execPath,
      [
        "-e",
        `const fs = require("fs"); const [dir, last, stop] = process.argv.slice(1); const until = Date.now() + 45000;
         let passes = 0, backwards = 0, missing = 0, newest = -1; const seen = new Set();
         const gen = (f) => Number(/^gen (\\d+)/.exec(fs.readFileSync(dir + "/" + f, "utf8"))[1]);
         while (Date.now() < until && !fs.existsSync(stop)) {
           let gens;
           try { gens = ["p0.html", "page-data/p0.html/page-data.json", "index.html", last].map(gen); } catch { missing++; continue; }
           if (!fs.existsSync(dir + "/app-" + gens[0] + ".js")) missing++;
           passes++; gens.forEach((g) => seen.add(g)); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
           for (const g of gens) { if (g < newest) backwards++; newest = Math.max(newest, g); }
         }
         console.log(JSON.stringify({ passes, backwards, missing, seen: seen.size }));`,
        dir,
        lastPage,
        stopFile,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    reader.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    return new Promise<{ passes: number; backwards: number; missing: number; seen: number }>((resolve) =>
      reader.on("exit", () => resolve(JSON.parse(out) as { passes: number; backwards: number; missing: number; seen: number })),
    );
  }

  test("a reader polling during publishes only ever moves from one whole build to the next, and finds every script a page loads", async () => {
    await publishRelease({ source: generation(root, 0, 200), distRoot: dist, shop: "DE" });
    const sources = Array.from({ length: 9 }, (_, n) => generation(root, n, 200));
    const reading = startReader(join(dist, "DE"), "p199.html", join(root, "stop"));
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (let n = 1; n <= 8; n++) {
      await publishRelease({ source: sources[n]!, distRoot: dist, shop: "DE" });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writeFileSync(join(root, "stop"), "");
    const result = await reading;
    expect(result.passes).toBeGreaterThan(100);
    expect(result.seen).toBeGreaterThan(5);
    expect(result.backwards).toBe(0);
    expect(result.missing).toBe(0);
  });

  test("the control: syncing files one by one into the live folder (the old publish) lets the same reader meet a mix", async () => {
    const live = join(root, "live");
    const sources = Array.from({ length: 9 }, (_, n) => generation(root, n, 200));
    syncDirectory(sources[0]!, live);
    const reading = startReader(live, "p199.html", join(root, "stop"));
    await new Promise((resolve) => setTimeout(resolve, 150));
    for (let n = 1; n <= 8; n++) {
      syncDirectory(sources[n]!, live);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    writeFileSync(join(root, "stop"), "");
    const result = await reading;
    expect(result.backwards + result.missing).toBeGreaterThan(0);
  });

  test("writes only what changed, keeps unchanged files (same inode and time), carries dropped scripts one release, records the build", async () => {
    const first = await publishRelease({
      source: build(root, "b1", { "index.html": "home", "a.html": "A", "app-1.js": "js1" }),
      distRoot: dist,
      shop: "DE",
      buildId: 1,
    });
    expect(first.written.sort()).toEqual(["a.html", "app-1.js", "index.html"]);
    expect(lstatSync(join(dist, "DE")).isSymbolicLink()).toBe(true);
    const homeBefore = statSync(join(dist, "DE", "index.html"));

    const second = await publishRelease({
      source: build(root, "b2", { "index.html": "home", "a.html": "A2", "app-2.js": "js2" }),
      distRoot: dist,
      shop: "DE",
      buildId: 2,
      changeIds: [5, 6],
    });
    expect(second.written.sort()).toEqual(["a.html", "app-2.js"]);
    expect(second.pagesRewritten).toEqual(["a.html"]);
    expect(second.carried).toEqual(["app-1.js"]);
    expect(second.unchanged).toBe(1);
    const homeAfter = statSync(join(dist, "DE", "index.html"));
    expect([homeAfter.ino, homeAfter.mtimeMs]).toEqual([homeBefore.ino, homeBefore.mtimeMs]);
    expect(readFileSync(join(dist, "DE", "app-1.js"), "utf8")).toBe("js1");
    expect(JSON.parse(readFileSync(join(dist, "DE", ".release.json"), "utf8"))).toMatchObject({
      shop: "DE",
      release: "build-2",
      buildId: 2,
      changeIds: [5, 6],
      pages: 2,
      pagesRewritten: 1,
      carried: ["app-1.js"],
    });
    expect(JSON.parse(readFileSync(join(dist, ".published.json"), "utf8")).DE.release).toBe("build-2");

    // The next release drops what was carried, and only the live and the previous release stay.
    await publishRelease({ source: build(root, "b3", { "index.html": "home", "a.html": "A3", "app-2.js": "js2" }), distRoot: dist, shop: "DE", buildId: 3 });
    expect(existsSync(join(dist, "DE", "app-1.js"))).toBe(false);
    expect(readdirSync(join(releasesRoot(dist), "DE")).sort()).toEqual(["build-2", "build-3"]);
    expect(liveRelease(dist, "DE")).toBe(join(releasesRoot(dist), "DE", "build-3"));
  });

  test("a rebuild in the same workspace reads only the files that changed; a file rewritten with other bytes of the same size is still published", async () => {
    const files: Record<string, string> = { "index.html": "home" };
    for (let i = 0; i < 50; i++) {
      files[`p${i}.html`] = `page ${String(i).padStart(2, "0")}`;
      files[`page-data/p${i}.html/page-data.json`] = `{"n":${String(i).padStart(2, "0")}}`;
    }
    const source = build(root, "public", files);
    const first = await publishRelease({ source, distRoot: dist, shop: "DE", buildId: 1 });
    expect(first.written).toHaveLength(101);

    // The same workspace rebuilt: one page and its data rewritten with other bytes of the same size, one page
    // rewritten with the same bytes (a new modification time), the rest untouched.
    writeFileSync(join(source, "p7.html"), "page 77");
    writeFileSync(join(source, "page-data/p7.html/page-data.json"), '{"n":77}');
    writeFileSync(join(source, "p8.html"), "page 08");
    const second = await publishRelease({ source, distRoot: dist, shop: "DE", buildId: 2 });
    expect(second.written.sort()).toEqual(["p7.html", "page-data/p7.html/page-data.json"]);
    expect(second.filesRead).toBe(3);
    expect(readFileSync(join(dist, "DE", "p7.html"), "utf8")).toBe("page 77");
    expect(readFileSync(join(dist, "DE", "page-data/p7.html/page-data.json"), "utf8")).toBe('{"n":77}');

    // Nothing changed: nothing read, nothing written.
    const third = await publishRelease({ source, distRoot: dist, shop: "DE", buildId: 3 });
    expect([third.written, third.filesRead, third.unchanged]).toEqual([[], 0, 101]);

    // A damaged memory only costs reading every file once.
    writeFileSync(digestsFile(dist, "DE"), "{not json");
    writeFileSync(join(source, "p9.html"), "page 99");
    const fourth = await publishRelease({ source, distRoot: dist, shop: "DE", buildId: 4 });
    expect(fourth.written).toEqual(["p9.html"]);
    expect(fourth.filesRead).toBe(2 * 101);
    expect(readFileSync(join(dist, "DE", "p9.html"), "utf8")).toBe("page 99");
  });

  test("names a build adds are in the live release, and asked of the server, before the switch; the reload is awaited", async () => {
    await publishRelease({ source: build(root, "b1", { "index.html": "v1", "app-1.js": "js1" }), distRoot: dist, shop: "DE", buildId: 1 });
    const asked: string[] = [];
    let reloads = 0;
    let reloadedAfterSwitch = false;
    const served: ServedFile = async (_shop, path) => {
      asked.push(path);
      const file = join(dist, "DE", path);
      if (path === "/app-2.js") {
        // Before the switch the live (old) release must already hold the new script, next to the old page.
        expect(readFileSync(join(dist, "DE", "index.html"), "utf8")).toBe("v1");
        return { status: existsSync(file) && reloads > 0 ? 200 : 404, etag: null };
      }
      return { status: 200, etag: reloadedAfterSwitch ? "new" : "old" };
    };
    const result = await publishRelease({
      source: build(root, "b2", { "index.html": "v2", "app-2.js": "js2" }),
      distRoot: dist,
      shop: "DE",
      buildId: 2,
      served,
      reload: () => {
        reloads += 1;
        if (reloads === 2) setTimeout(() => (reloadedAfterSwitch = true), 100);
      },
    });
    expect(reloads).toBe(2);
    expect(asked[0]).toBe("/app-2.js");
    expect(asked.at(-1)).toBe("/.release.json");
    expect(result.reloadMs).toBeGreaterThanOrEqual(90);
    expect(readFileSync(join(dist, "DE", "index.html"), "utf8")).toBe("v2");
  });

  /** Every file of a folder with its content. */
  const contents = (dir: string) => Object.fromEntries(listFiles(dir).map((file) => [file, readFileSync(join(dir, file), "utf8")]));

  test("the release two back is reused for the next one: each release holds exactly its build (and what it carries), and the kept releases are never changed", async () => {
    const builds: Record<string, string>[] = [
      { "index.html": "home", "a.html": "A1", "app-1.js": "js1", "page-data/a.html/page-data.json": "a1", "media/x": "file x", "x.html": "X" },
      { "index.html": "home", "a.html": "A2", "app-2.js": "js2", "page-data/a.html/page-data.json": "a2" },
      // a.html gone (its page-data folder goes with it), a name that was a folder becomes a file, and one that was a file a folder.
      { "index.html": "home2", "app-2.js": "js2", media: "now a file", "x.html/index.html": "in a folder" },
      { "index.html": "home2", "a.html": "A4", "app-2.js": "js2", "page-data/a.html/page-data.json": "a4", media: "now a file" },
      { "index.html": "home", "a.html": "A1", "app-1.js": "js1", "page-data/a.html/page-data.json": "a1", "media/x": "file x" },
    ];
    const folders = (dir: string) => listFiles(dir).length;
    let previous: { dir: string; files: Record<string, string> } | null = null;
    const firstFolder = join(releasesRoot(dist), "DE", "build-1");
    let firstFolderInode = 0;
    for (const [n, files] of builds.entries()) {
      const buildId = n + 1;
      const live = liveRelease(dist, "DE");
      const liveFiles = live ? contents(live) : null;
      const result = await publishRelease({ source: build(root, `r${buildId}`, files), distRoot: dist, shop: "DE", buildId });
      if (buildId === 1) firstFolderInode = statSync(firstFolder).ino;
      const expected: Record<string, string> = { ...files };
      for (const file of result.carried) expected[file] = liveFiles![file]!;
      const { [".release.json"]: record, ...served } = contents(join(dist, "DE"));
      expect(served).toEqual(expected);
      expect(JSON.parse(record!)).toMatchObject({ release: `build-${buildId}`, carried: result.carried });
      // The release that was live keeps its files as they were (the previous one, for pages browsers still hold), with
      // the new build's added names linked in before the switch; nothing else is kept.
      if (live) {
        const after = contents(live);
        expect(after).toMatchObject(liveFiles!);
        const linkedIn = Object.keys(after).filter((file) => !(file in liveFiles!));
        for (const file of linkedIn) expect([file, after[file]]).toEqual([file, files[file]]);
        expect(linkedIn.filter(isPageFile)).toEqual([]);
      }
      if (previous) expect(existsSync(previous.dir)).toBe(false);
      expect(readdirSync(join(releasesRoot(dist), "DE")).sort()).toEqual(buildId === 1 ? ["build-1"] : [`build-${buildId - 1}`, `build-${buildId}`]);
      previous = live ? { dir: live, files: liveFiles! } : null;
      expect(folders(join(dist, "DE"))).toBe(Object.keys(expected).length + 1);
    }
    // build-3 was made from build-1's folder (the same inode), build-5 from build-3's.
    expect(statSync(join(releasesRoot(dist), "DE", "build-5")).ino).toBe(firstFolderInode);
    // Folders the builds no longer have are gone with their files (build-3 had no page-data/a.html).
    expect(readdirSync(join(releasesRoot(dist), "DE", "build-4", "page-data"))).toEqual(["a.html"]);
  });

  test("a staging folder an interrupted publish left, with stray and wrong files, is brought in line by the next publish", async () => {
    await publishRelease({ source: build(root, "b1", { "index.html": "v1", "a.html": "A", "app-1.js": "js1" }), distRoot: dist, shop: "DE", buildId: 1 });
    const live = liveRelease(dist, "DE")!;
    // What a publish that stopped half-way could leave: a file cut short, a stray file and folder, a file where the build has a folder.
    build(join(releasesRoot(dist), "DE"), ".staging-build-2", { "index.html": "v", "a.html": "half", "stray.html": "x", "deep/er/file": "y", "app-2.js": "z" });
    build(root, "b2", { "index.html": "v1", "a.html": "A2", "app-2.js/x.js": "js2" });
    const result = await publishRelease({ source: join(root, "b2"), distRoot: dist, shop: "DE", buildId: 2 });
    const { [".release.json"]: _record, ...served } = contents(join(dist, "DE"));
    expect(served).toEqual({ "index.html": "v1", "a.html": "A2", "app-2.js/x.js": "js2", "app-1.js": "js1" });
    expect(result.written.sort()).toEqual(["a.html", "app-2.js/x.js"]);
    // Unchanged files are the live release's own (one inode), and that release was not touched.
    expect(statSync(join(dist, "DE", "index.html")).ino).toBe(statSync(join(live, "index.html")).ino);
    expect(contents(live)).toMatchObject({ "index.html": "v1", "a.html": "A", "app-1.js": "js1" });
    expect(existsSync(join(liveRelease(dist, "DE")!, "deep"))).toBe(false);
  });

  test("a plain dist/<SHOP> folder of the old layout becomes the previous release", async () => {
    build(dist, "DE", { "index.html": "old", "x.html": "X" });
    const result = await publishRelease({ source: build(root, "b1", { "index.html": "new" }), distRoot: dist, shop: "DE", buildId: 9 });
    expect(result.deleted).toEqual(["x.html"]);
    expect(lstatSync(join(dist, "DE")).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dist, "DE", "index.html"), "utf8")).toBe("new");
    expect(readdirSync(join(releasesRoot(dist), "DE")).sort()).toEqual(["build-9", "legacy"]);
  });
});
