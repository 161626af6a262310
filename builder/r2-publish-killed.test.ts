/**
 * The builder killed mid-publish (docs/decisions/0053): a publish to R2 that stops at any upload
 * leaves the live release served whole (the pointer still names it and every file it lists is
 * there), and the next run finishes the publish. Real local R2 (Miniflare) through the bucket
 * client the builder uses; the kill is a client that stops answering at the chosen upload, as a
 * process that died makes no further calls.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { blobKey } from "@worker/lib/site-assets";
import { readLiveRelease, publishR2Release } from "./r2-release";
import { RELEASE_FILE } from "./release";
import { r2BucketClient, type SiteBucketClient } from "./site-bucket";

const SHOP = "DE";
let t: TestDatabase;
let work: string;
beforeAll(async () => {
  t = await createTestDatabase();
  work = mkdtempSync(join(tmpdir(), "r2-killed-"));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.dispose();
});

function build(name: string, files: Record<string, string>): string {
  const root = join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** The bucket client of a builder that dies at its `killAt`-th upload batch: that batch and every call after fail. */
function dyingAt(bucket: SiteBucketClient, killAt: number): SiteBucketClient & { killed(): boolean } {
  let puts = 0;
  let dead = false;
  const alive = <T>(call: () => Promise<T>): Promise<T> => (dead ? Promise.reject(new Error("the builder was killed")) : call());
  return {
    batchBytes: bucket.batchBytes,
    batchObjects: 2,
    get: (key) => alive(() => bucket.get(key)),
    list: (prefix) => alive(() => bucket.list(prefix)),
    delete: (keys) => alive(() => bucket.delete(keys)),
    put: (objects) =>
      alive(() => {
        puts += 1;
        if (puts === killAt) {
          dead = true;
          return Promise.reject(new Error("the builder was killed"));
        }
        return bucket.put(objects);
      }),
    killed: () => dead,
  };
}

/** The live release's files as a reader resolves them (pointer, release, shards), each with its bytes present. */
async function liveFiles(bucket: SiteBucketClient): Promise<Record<string, string>> {
  const live = await readLiveRelease(bucket, SHOP);
  const files: Record<string, string> = {};
  for (const [file, [hash]] of live?.files ?? []) {
    if (file === RELEASE_FILE) continue;
    const bytes = await bucket.get(blobKey(SHOP, hash));
    files[file] = bytes === null ? "<missing>" : Buffer.from(bytes).toString("utf8");
  }
  return files;
}

const OLD = { "index.html": "<p>old home</p>", "app-a1.js": "old script", "page-data/index/page-data.json": '{"v":1}' };
const NEW = { "index.html": "<p>new home</p>", "app-b2.js": "new script", "page-data/index/page-data.json": '{"v":2}', "parkett.html": "<p>new page</p>" };

test("killed at every upload in turn: the old release stays served whole; the next run finishes the publish", async () => {
  const bucket = r2BucketClient(t.env.UPLOADS);
  await publishR2Release({ bucket, shop: SHOP, source: build("old", OLD), concurrency: 1 });
  expect(await liveFiles(bucket)).toEqual(OLD);

  const source = build("new", NEW);
  let kills = 0;
  for (let killAt = 1; ; killAt++) {
    const dying = dyingAt(bucket, killAt);
    const attempt = publishR2Release({ bucket: dying, shop: SHOP, source, concurrency: 1 });
    const outcome = await attempt.then(
      () => "published",
      () => "killed",
    );
    if (outcome === "published") break;
    kills += 1;
    expect(dying.killed()).toBe(true);
    // The reader still gets the old build, every file of it.
    expect(await liveFiles(bucket)).toEqual(OLD);
  }
  expect(kills).toBeGreaterThan(1);
  // The new build, and the script the old pages load carried for one more release.
  expect(await liveFiles(bucket)).toEqual({ ...NEW, "app-a1.js": OLD["app-a1.js"] });
});
