import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { R2Bucket } from "@cloudflare/workers-types";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { r2SiteStore, staticSiteStore, type EdgeCache, type SiteStore } from "@worker/edge/site-store";
import type { FetchBinding } from "@worker/env";
import { blobKey, pointerKey, releaseKey, shardKey, shopListPrefixes, shopPrefix, siteFileEtag } from "@worker/lib/site-assets";
import { bindingsOverFetch, bindingsWorker } from "@scripts/lib/bindings-over-fetch";
import { r2AssetStore, staticAssetStore } from "./asset-store";
import { readPointer } from "./r2-release";
import { r2BucketClient, type SiteBucketClient, type SiteObject } from "./site-bucket";
import { createHash } from "node:crypto";

function writeBuild(root: string, name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** A build of generation n: pages and their data name it; the script and the style are the same in every generation unless `script` changes. */
function generation(root: string, n: number, { pages = 30, script = "app-0123456789abcdef0123.js" } = {}): string {
  const files: Record<string, string> = {
    "index.html": `gen ${n} home <script src="/${script}"></script>`,
    "404.html": `gen ${n} not found`,
    [script]: `console.log("${script}")`,
    "styles.0123456789abcdef0123.css": "body{margin:0}",
    "_csp.json": JSON.stringify({ version: 1, hashes: [], pages: {} }),
  };
  for (let i = 0; i < pages; i++) {
    files[`p${i}.html`] = `gen ${n} page ${i} `.repeat(50);
    files[`page-data/p${i}.html/page-data.json`] = `gen ${n} data ${i}`;
  }
  return writeBuild(root, `gen-${n}-${script}`, files);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const get = (path: string, headers: Record<string, string> = {}) => new Request(`https://shop.example${path}`, { headers });
const genOf = async (store: SiteStore, file: string) => {
  const response = await store.file("NL", file, get(file));
  if (!response) return null;
  return Number(/^gen (\d+)/.exec(await response.text())?.[1] ?? -1);
};

/** A bucket client that records what it writes and can be made to fail (an interrupted publish). */
function recording(inner: SiteBucketClient) {
  const puts: string[] = [];
  const gets: string[] = [];
  const lists: string[] = [];
  let failWhen: ((key: string) => boolean) | null = null;
  const client: SiteBucketClient = {
    ...inner,
    batchBytes: 64 * 1024,
    batchObjects: 8,
    get: (key) => {
      gets.push(key);
      return inner.get(key);
    },
    list: (prefix) => {
      lists.push(prefix);
      return inner.list(prefix);
    },
    delete: (keys) => inner.delete(keys),
    async put(objects: SiteObject[]) {
      if (failWhen && objects.some((object) => failWhen!(object.key))) throw new Error("connection reset (test)");
      puts.push(...objects.map((object) => object.key));
      await inner.put(objects);
    },
  };
  return {
    client,
    puts,
    gets,
    lists,
    failOn(check: ((key: string) => boolean) | null) {
      failWhen = check;
    },
  };
}

/** The Cache API's match/put kept in memory (the edge's cache in front of R2); counts its hits. */
function memoryCache(): EdgeCache & { hits: number } {
  const entries = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  return {
    hits: 0,
    async match(request) {
      const entry = entries.get(request.url);
      if (!entry) return undefined;
      this.hits += 1;
      return new Response(entry.body.slice(0), { headers: entry.headers });
    },
    async put(request, response) {
      entries.set(request.url, { body: await response.arrayBuffer(), headers: new Headers(response.headers) });
    },
  };
}

describe("asset stores", () => {
  let mf: Miniflare;
  let bucket: R2Bucket;
  let root: string;

  beforeAll(async () => {
    mf = new Miniflare(convertV4MiniflareOptions({ workers: [bindingsWorker({ r2Buckets: { SITE_ASSETS: "test-site-assets" } })] }));
    await mf.ready;
    bucket = bindingsOverFetch(mf).r2("SITE_ASSETS");
  });
  afterAll(() => mf.dispose());
  beforeEach(async () => {
    root = mkdtempSync(join(tmpdir(), "asset-store-"));
    const client = r2BucketClient(bucket);
    const keys = await client.list("sites/");
    if (keys.length > 0) await client.delete(keys);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe("r2", () => {
    test("a published build is served file by file with its type, ETag, 304 and HEAD as static assets answer; other paths are no file", async () => {
      const { client } = recording(r2BucketClient(bucket));
      const result = await r2AssetStore(client).publish({ source: generation(root, 1), shop: "NL", buildId: 7, changeIds: [3, 4] });
      expect(result).toMatchObject({
        store: "r2",
        release: expect.stringMatching(/^build-7-[0-9a-f]{6}$/),
        pages: 32,
        pagesRewritten: expect.any(Array),
        unchanged: 0,
      });
      const store = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });

      const page = (await store.file("NL", "/p3.html", get("/p3.html")))!;
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const body = await page.text();
      expect(body).toBe("gen 1 page 3 ".repeat(50));
      expect(page.headers.get("etag")).toBe(siteFileEtag(sha256(body)));
      expect((await store.file("NL", "/app-0123456789abcdef0123.js", get("/x")))!.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
      expect((await store.file("NL", "/page-data/p3.html/page-data.json", get("/x")))!.headers.get("content-type")).toBe("application/json");

      const notModified = (await store.file("NL", "/p3.html", get("/p3.html", { "if-none-match": `W/"nope", ${page.headers.get("etag")}` })))!;
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe("");
      const head = (await store.file("NL", "/p3.html", new Request("https://shop.example/p3.html", { method: "HEAD" })))!;
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(body.length));

      for (const missing of ["/nope.html", "/p3.html/", "/P3.html", "/../NL/p3.html", "/%70%33.html", ""])
        expect(await store.file("NL", missing, get("/"))).toBeNull();
      // Another shop's files are not this shop's, and a shop without a release has none.
      expect(await store.file("BRAND", "/p3.html", get("/p3.html"))).toBeNull();
      const record = JSON.parse(await (await store.file("NL", "/.release.json", get("/")))!.text()) as Record<string, unknown>;
      expect(record).toMatchObject({ shop: "NL", release: result.release, buildId: 7, changeIds: [3, 4], files: 65, pages: 32 });
    });

    test("with its digests remembered, a publish reads only the files that changed since the last one", async () => {
      const store = r2AssetStore(r2BucketClient(bucket), { digests: (shop) => join(root, `${shop}.r2-digests.json`) });
      const source = generation(root, 1);
      const first = await store.publish({ source, shop: "NL" });
      expect(first.filesRead).toBe(65);
      const again = await store.publish({ source, shop: "NL" });
      expect([again.filesRead, again.written, again.unchanged]).toEqual([0, [], 65]);
      // Rewritten in place with other bytes of the same length: a new identity, so read, uploaded and served.
      writeFileSync(join(source, "p3.html"), "gen 9 page 3 ".repeat(50));
      const third = await store.publish({ source, shop: "NL" });
      expect([third.filesRead, third.written]).toEqual([1, ["p3.html"]]);
      const reader = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      expect(await genOf(reader, "/p3.html")).toBe(9);
      expect(await genOf(reader, "/p4.html")).toBe(1);
      // Without the memory every file is read again.
      expect((await r2AssetStore(r2BucketClient(bucket)).publish({ source, shop: "NL" })).filesRead).toBe(65);
    });

    test("with the last release's shards kept, a publish reads none of them from R2; kept shards that do not match their hash are read again", async () => {
      const recorder = recording(r2BucketClient(bucket));
      const shardsFile = join(root, "NL.r2-shards.json");
      const store = r2AssetStore(recorder.client, { shards: () => shardsFile });
      const shardReads = () => recorder.gets.filter((key) => key.includes("/index/")).length;
      await store.publish({ source: generation(root, 1, { pages: 400 }), shop: "NL" });
      const changed = generation(root, 1, { pages: 400 });
      writeFileSync(join(changed, "p17.html"), "gen 2 page 17");
      recorder.gets.length = 0;
      const second = await store.publish({ source: changed, shop: "NL" });
      expect(shardReads()).toBe(0);
      expect([second.written, second.unchanged]).toEqual([["p17.html"], 804]);

      // Without them, every shard of the live release is read.
      recorder.gets.length = 0;
      await r2AssetStore(recorder.client).publish({ source: changed, shop: "NL" });
      const shardCount = shardReads();
      expect(shardCount).toBeGreaterThan(1);

      // A kept shard altered (a page's hash) no longer hashes to its name: it is read from R2, and the publish is right.
      await store.publish({ source: changed, shop: "NL" });
      const kept = JSON.parse(readFileSync(shardsFile, "utf8")) as { shards: Record<string, { files: Record<string, [string, number, string]> }> };
      const [hash, shard] = Object.entries(kept.shards).find(([, each]) => each.files["/p17.html"])!;
      shard.files["/p17.html"]![0] = sha256("something else");
      writeFileSync(shardsFile, JSON.stringify(kept));
      recorder.gets.length = 0;
      const altered = await store.publish({ source: changed, shop: "NL" });
      expect(recorder.gets).toContain(shardKey("NL", hash));
      expect(shardReads()).toBe(1);
      expect([altered.written, altered.unchanged]).toEqual([[], 805]);

      // A damaged file keeps nothing: every shard is read, and the publish is right.
      writeFileSync(shardsFile, "{not json");
      recorder.gets.length = 0;
      const damaged = await store.publish({ source: changed, shop: "NL" });
      expect(shardReads()).toBe(shardCount);
      expect([damaged.written, damaged.unchanged]).toEqual([[], 805]);
      const reader = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      expect(await (await reader.file("NL", "/p17.html", get("/")))!.text()).toBe("gen 2 page 17");
    });

    test("the garbage collection lists the shop's keys in the parts of its layout", async () => {
      const recorder = recording(r2BucketClient(bucket));
      const store = r2AssetStore(recorder.client);
      await store.publish({ source: generation(root, 1), shop: "NL" });
      expect(recorder.lists.sort()).toEqual(shopListPrefixes("NL").sort());
    });

    test("a second publish uploads only the files whose content changed, and unchanged shards are not written again", async () => {
      const recorder = recording(r2BucketClient(bucket));
      const store = r2AssetStore(recorder.client);
      const first = await store.publish({ source: generation(root, 1, { pages: 400 }), shop: "NL" });
      expect(first.uploaded).toBeGreaterThan(800);
      // The same build again: nothing but the release's own record, its release object and the pointer.
      recorder.puts.length = 0;
      const again = await store.publish({ source: generation(root, 1, { pages: 400 }), shop: "NL" });
      const blobs = recorder.puts.filter((key) => key.includes("/blobs/"));
      expect(blobs).toHaveLength(1);
      expect(again.unchanged).toBe(805);
      expect(again.written).toEqual([]);

      // One page changed in place: its bytes, the record, the one shard that lists it, the release, the pointer.
      const changed = generation(root, 1, { pages: 400 });
      writeFileSync(join(changed, "p17.html"), "gen 2 page 17");
      recorder.puts.length = 0;
      const third = await store.publish({ source: changed, shop: "NL" });
      expect(third.written).toEqual(["p17.html"]);
      expect(third.pagesRewritten).toEqual(["p17.html"]);
      // The page's new bytes and the release's own record, nothing else.
      const uploadedBlobs = recorder.puts.filter((key) => key.includes("/blobs/"));
      expect(uploadedBlobs).toHaveLength(2);
      expect(uploadedBlobs).toContain(blobKey("NL", sha256("gen 2 page 17")));
      expect(recorder.puts.filter((key) => key.includes("/index/")).length).toBeLessThanOrEqual(2); // the page's shard and the record's, of 4
      expect(recorder.puts.filter((key) => key.includes("/releases/"))).toHaveLength(1);
      expect(recorder.puts.at(-1)).toBe(pointerKey("NL"));
      const reader = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      expect(await (await reader.file("NL", "/p17.html", get("/")))!.text()).toBe("gen 2 page 17");
      expect(await genOf(reader, "/p18.html")).toBe(1);
    });

    test("an interrupted publish leaves the old build served, whole; the next publish goes live and collects what the interrupted one left", async () => {
      const recorder = recording(r2BucketClient(bucket));
      const store = r2AssetStore(recorder.client, { concurrency: 3 });
      const first = await store.publish({ source: generation(root, 1), shop: "NL", buildId: 1 });
      const reader = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      const files = ["/index.html", "/p0.html", "/p29.html", "/page-data/p0.html/page-data.json", "/404.html"];

      // Interrupted while uploading files (after some batches went up), and once more at the very switch.
      let uploads = 0;
      recorder.failOn((key) => key.includes("/blobs/") && ++uploads > 3);
      await expect(store.publish({ source: generation(root, 2), shop: "NL", buildId: 2 })).rejects.toThrow("connection reset");
      for (const file of files) expect(await genOf(reader, file)).toBe(1);
      recorder.failOn((key) => key === pointerKey("NL"));
      await expect(store.publish({ source: generation(root, 3), shop: "NL", buildId: 3 })).rejects.toThrow("connection reset");
      for (const file of files) expect(await genOf(reader, file)).toBe(1);
      expect(await readPointer(recorder.client, "NL")).toMatchObject({ release: first.release });
      // The interrupted publishes' objects are there, but nothing names them.
      const client = r2BucketClient(bucket);
      const interrupted = (await client.list(`${shopPrefix("NL")}releases/build-3-`))[0]!;
      expect(interrupted).toMatch(/releases\/build-3-[0-9a-f]{6}\.json$/);
      const orphan = blobKey("NL", sha256("gen 3 page 0 ".repeat(50)));
      expect(await client.get(orphan)).not.toBeNull();

      recorder.failOn(null);
      const next = await store.publish({ source: generation(root, 4), shop: "NL", buildId: 4 });
      for (const file of files) expect(await genOf(reader, file)).toBe(4);
      expect(next.collected).toBeGreaterThan(0);
      expect(await client.get(interrupted)).toBeNull();
      expect(await client.get(orphan)).toBeNull();
      // The previous release stays (pages browsers hold); its files too.
      expect(await client.get(releaseKey("NL", first.release))).not.toBeNull();
      expect(await client.get(blobKey("NL", sha256("gen 1 page 0 ".repeat(50))))).not.toBeNull();
    });

    test("old releases are collected after the next publish; a script the new build drops stays one release", async () => {
      const store = r2AssetStore(r2BucketClient(bucket));
      const client = r2BucketClient(bucket);
      const first = await store.publish({ source: generation(root, 1, { script: "app-1111111111111111aaaa.js" }), shop: "NL", buildId: 1 });
      const second = await store.publish({ source: generation(root, 2, { script: "app-2222222222222222bbbb.js" }), shop: "NL", buildId: 2 });
      const reader = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      // The page of the old build a browser still shows loads its script from the new release.
      expect(await reader.file("NL", "/app-1111111111111111aaaa.js", get("/"))).not.toBeNull();
      const third = await store.publish({ source: generation(root, 3, { script: "app-3333333333333333cccc.js" }), shop: "NL", buildId: 3 });
      expect(await reader.file("NL", "/app-1111111111111111aaaa.js", get("/"))).toBeNull();
      expect(await reader.file("NL", "/app-2222222222222222bbbb.js", get("/"))).not.toBeNull();
      expect(await client.get(releaseKey("NL", first.release))).toBeNull();
      expect(await client.get(blobKey("NL", sha256("gen 1 page 0 ".repeat(50))))).toBeNull();
      const keys = await client.list(shopPrefix("NL"));
      expect(keys.filter((key) => key.includes("/releases/")).sort()).toEqual([releaseKey("NL", second.release), releaseKey("NL", third.release)].sort());
    });

    test("a collected release's name is never taken again: an edge that keeps release records by name reads every new build", async () => {
      const store = r2AssetStore(r2BucketClient(bucket));
      // Every publish in the same second, the same build id: the names a clock or an id would give repeat.
      const now = () => new Date("2026-11-24T10:00:00.000Z");
      const reader = r2SiteStore(bucket, { cache: memoryCache(), pointerTtlMs: 0 });
      const names = new Set<string>();
      for (let n = 1; n <= 6; n++) {
        const published = await store.publish({ source: generation(root, n, { pages: 4 }), shop: "NL", buildId: 5, now });
        names.add(published.release);
        expect(await genOf(reader, "/p0.html")).toBe(n);
      }
      expect(names.size).toBe(6);
    });

    test("a reader during publishes only moves forward from one whole build to the next and never misses a file", async () => {
      const store = r2AssetStore(r2BucketClient(bucket), { concurrency: 2 });
      await store.publish({ source: generation(root, 0, { pages: 60 }), shop: "NL" });
      const sources = Array.from({ length: 5 }, (_, n) => generation(root, n, { pages: 60 }));
      const reader = r2SiteStore(bucket, { cache: memoryCache(), pointerTtlMs: 0 });
      let stop = false;
      let passes = 0;
      let backwards = 0;
      let missing = 0;
      let newest = 0;
      const seen = new Set<number>();
      const reading = (async () => {
        while (!stop) {
          for (const file of ["/p0.html", "/page-data/p0.html/page-data.json", "/index.html", "/p59.html"]) {
            const gen = await genOf(reader, file).catch(() => null);
            if (gen === null || gen < 0) missing += 1;
            else {
              if (gen < newest) backwards += 1;
              newest = Math.max(newest, gen);
              seen.add(gen);
            }
          }
          passes += 1;
        }
      })();
      for (let n = 1; n < sources.length; n++) await store.publish({ source: sources[n]!, shop: "NL" });
      // The reader goes on until it has read the last build (a pass may have started before the last switch).
      for (const until = Date.now() + 20_000; newest < 4 && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await reading;
      expect({ backwards, missing }).toEqual({ backwards: 0, missing: 0 });
      expect(passes).toBeGreaterThan(3);
      expect(seen.size).toBeGreaterThan(1);
      expect(newest).toBe(4);
    });

    test("the edge's store reads shards and files once through the Cache API, and the pointer again after its time", async () => {
      await r2AssetStore(r2BucketClient(bucket)).publish({ source: generation(root, 1), shop: "NL" });
      const gets: string[] = [];
      const counted = { get: (key: string) => (gets.push(key), bucket.get(key)) } as Pick<R2Bucket, "get">;
      let clock = 0;
      const cache = memoryCache();
      const store = r2SiteStore(counted, { cache, pointerTtlMs: 1000, now: () => clock });
      expect(await genOf(store, "/p1.html")).toBe(1);
      const cold = gets.length;
      expect(cold).toBe(4); // pointer, release, shard, file
      expect(await genOf(store, "/p1.html")).toBe(1);
      expect(gets.length).toBe(cold); // everything from memory and the cache
      expect(cache.hits).toBeGreaterThan(0);
      // A second isolate shares the cache, not the memory: only the pointer comes from R2.
      const other = r2SiteStore(counted, { cache, pointerTtlMs: 1000, now: () => clock });
      gets.length = 0;
      expect(await genOf(other, "/p1.html")).toBe(1);
      expect(gets).toEqual([pointerKey("NL")]);
      await r2AssetStore(r2BucketClient(bucket)).publish({ source: generation(root, 2), shop: "NL" });
      expect(await genOf(store, "/p1.html")).toBe(1);
      clock = 1001;
      expect(await genOf(store, "/p1.html")).toBe(2);
      expect(await store.version("NL")).toMatch(/^local-/);
    });

    test("a store that cannot be read is a 503, and a release naming a file the bucket lacks is never a 404", async () => {
      await r2AssetStore(r2BucketClient(bucket)).publish({ source: generation(root, 1), shop: "NL" });
      const failing = r2SiteStore({ get: () => Promise.reject(new Error("R2 down")) } as Pick<R2Bucket, "get">, { cache: null });
      await expect(failing.file("NL", "/p1.html", get("/"))).rejects.toMatchObject({ status: 503 });
      await r2BucketClient(bucket).delete([blobKey("NL", sha256("gen 1 page 1 ".repeat(50)))]);
      const store = r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 });
      await expect(store.file("NL", "/p1.html", get("/"))).rejects.toMatchObject({ status: 503 });
      // A pointer that cannot be read or is not one: an isolate that knew the live release keeps serving it; one that did not answers 503.
      await bucket.put(pointerKey("NL"), '{"version":1,"release":"../../DE"}');
      const warned = jest.spyOn(console, "warn").mockImplementation(() => undefined);
      expect(await genOf(store, "/p2.html")).toBe(1);
      expect(warned).toHaveBeenCalledWith(expect.stringContaining("could not be read; serving release"));
      warned.mockRestore();
      await expect(r2SiteStore(bucket, { cache: null, pointerTtlMs: 0 }).file("NL", "/p2.html", get("/"))).rejects.toMatchObject({ status: 503 });
    });
  });

  describe("static", () => {
    /** ASSETS as the Workers assets server answers from a folder: each shop under /<SHOP>/. */
    function folderAssets(dist: string): FetchBinding {
      return {
        async fetch(input: Request | string) {
          const path = decodeURIComponent(new URL(typeof input === "string" ? input : input.url).pathname);
          try {
            return new Response(readFileSync(join(dist, path)), { headers: { etag: '"x"', "content-type": "text/html; charset=utf-8" } });
          } catch {
            return new Response("not found", { status: 404 });
          }
        },
      };
    }

    test("publishes a release folder behind dist/<SHOP>, which the edge's static store serves; the file count is the build's", async () => {
      const dist = join(root, "dist");
      const store = staticAssetStore(dist);
      const first = await store.publish({ source: generation(root, 1), shop: "NL" });
      expect(first).toMatchObject({ store: "static", uploaded: null, pages: 32 });
      const reader = staticSiteStore(folderAssets(dist));
      expect(await genOf(reader, "/p4.html")).toBe(1);
      const second = await store.publish({ source: generation(root, 2), shop: "NL" });
      expect(second.unchanged).toBe(3); // the script, the style and the CSP manifest
      expect(await genOf(reader, "/p4.html")).toBe(2);
      expect(await reader.file("NL", "/nope.html", get("/"))).toBeNull();
      expect(await reader.version("NL")).toBe("static");
    });
  });
});
