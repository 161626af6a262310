import { createHash, randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  blobKey,
  parsePointer,
  parseRelease,
  parseShard,
  pointerKey,
  releaseKey,
  shardCountFor,
  shardKey,
  shardOf,
  shopListPrefixes,
  siteContentType,
  type SiteFileEntry,
  type SitePointer,
  type SiteRelease,
  type SiteShard,
} from "@worker/lib/site-assets";
import { FileMemo, writeWhole } from "@scripts/lib/file-digests";
import { listFiles } from "@scripts/lib/sync-directory";
import {
  isPage,
  isPageFile,
  RELEASE_FILE,
  releaseBaseName,
  releaseRecord,
  timeUntilServed,
  type PublishOptions,
  type PublishResult,
  type ReleaseRecord,
} from "./release";
import type { SiteBucketClient, SiteObject } from "./site-bucket";

/**
 * Publishing a shop's build to R2 (docs/decisions/0053), in the layout of
 * worker/lib/site-assets.ts:
 *
 * 1. the live release's file list (pointer -> release -> shards) is the content-hash manifest
 *    the new build is compared with: a file whose SHA-256 the live release already has is not
 *    uploaded again;
 * 2. the new files' bytes go up under their hash (`blobs/<sha256>`), in batches, several at once;
 * 3. the new release's shards (content-addressed: an unchanged shard is not written again) and
 *    its release object;
 * 4. the switch: one write of the pointer `live.json`. Until then nothing a reader resolves
 *    names the new release, so a publish that stops anywhere before leaves the old release
 *    served, whole; its uploads are reused or collected by the next publish;
 * 5. after the edge serves the new release (when it can be asked), garbage collection: the live
 *    and the previous release are kept (pages browsers still hold), older release objects and
 *    shards and blobs no kept release names are deleted.
 *
 * Like the static store (release.ts), non-page files the new build dropped stay in it for one
 * release, and `/.release.json` records the release.
 */

/** The static store's options (release.ts) with the bucket instead of a folder; `served` is asked after the switch. */
export interface R2PublishOptions extends Omit<PublishOptions, "distRoot" | "reload"> {
  bucket: SiteBucketClient;
  /** Upload batches in flight at once (default 4). */
  concurrency?: number;
  /**
   * Where the files' SHA-256 are remembered by file identity between publishes (file-digests.ts):
   * a rebuild then reads only the files Gatsby rewrote, not the whole build (5.5 GB at 50,000
   * products). Without it every file is read.
   */
  digests?: string;
  /**
   * Where the shards of the last release published from here are kept between publishes: the
   * next publish reads from R2 only the live release's shards that are not among them (at 50,000
   * products a release has about 500 shards, each a round trip to the bucket).
   */
  shards?: string;
}

export interface R2PublishResult extends PublishResult {
  /** Objects written (files' bytes, shards, release, pointer) and their bytes. */
  uploaded: number;
  uploadedBytes: number;
  /** Objects the garbage collection deleted (older releases, their shards and files). */
  collected: number;
}

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const encode = (value: unknown) => Buffer.from(`${JSON.stringify(value)}\n`);

/** A release as stored: its name, its files (build path without the leading slash -> entry) and its shards' hashes. */
interface StoredRelease {
  name: string;
  files: Map<string, SiteFileEntry>;
  shards: string[];
  record: ReleaseRecord | null;
}

async function readJson(bucket: SiteBucketClient, key: string): Promise<unknown> {
  const bytes = await bucket.get(key);
  return bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as unknown) : null;
}

/** The live pointer of a shop (null: nothing published to R2 yet). */
export async function readPointer(bucket: SiteBucketClient, shop: string): Promise<SitePointer | null> {
  const value = await readJson(bucket, pointerKey(shop));
  if (value === null) return null;
  const pointer = parsePointer(value);
  if (!pointer) throw new Error(`${pointerKey(shop)} is not a pointer`);
  return pointer;
}

/**
 * Shards by their hash, kept in a file between publishes. Shards are content-addressed, so a kept
 * one stands for the bucket's object of its name; one whose bytes no longer hash to its name (a
 * damaged file) is not used, and a missing or unreadable file keeps nothing.
 */
class ShardMemo {
  private readonly known = new Map<string, SiteShard>();

  constructor(private readonly path: string | null) {
    if (!path) return;
    try {
      const stored = JSON.parse(readFileSync(path, "utf8")) as { shards?: Record<string, unknown> };
      for (const [hash, value] of Object.entries(stored.shards ?? {})) {
        const shard = parseShard(value);
        if (shard && sha256(encode(shard)) === hash) this.known.set(hash, shard);
      }
    } catch {
      // nothing kept yet (or a damaged file): the live release's shards are read from R2
    }
  }

  get(hash: string): SiteShard | null {
    return this.known.get(hash) ?? null;
  }

  /** Keeps the shards of the release just published, and only those. */
  save(shards: Map<string, SiteShard>): void {
    if (this.path) writeWhole(this.path, JSON.stringify({ shards: Object.fromEntries(shards) }));
  }
}

/** A stored release with its file list; shards the memo has are not read from the bucket. */
async function readStoredRelease(bucket: SiteBucketClient, shop: string, name: string, memo?: ShardMemo): Promise<StoredRelease> {
  const release: SiteRelease | null = parseRelease(await readJson(bucket, releaseKey(shop, name)));
  if (!release) throw new Error(`${releaseKey(shop, name)} is missing or not a release`);
  const files = new Map<string, SiteFileEntry>();
  const shards = await Promise.all(
    [...new Set(release.shards)].map(async (hash) => {
      const shard: SiteShard | null = memo?.get(hash) ?? parseShard(await readJson(bucket, shardKey(shop, hash)));
      if (!shard) throw new Error(`${shardKey(shop, hash)} is missing or not a shard`);
      return shard;
    }),
  );
  for (const shard of shards) for (const [path, entry] of Object.entries(shard.files)) files.set(path.slice(1), entry);
  const recordEntry = files.get(RELEASE_FILE);
  let record: ReleaseRecord | null = null;
  if (recordEntry) {
    const bytes = await bucket.get(blobKey(shop, recordEntry[0]));
    record = bytes ? (JSON.parse(Buffer.from(bytes).toString("utf8")) as ReleaseRecord) : null;
  }
  return { name, files, shards: release.shards, record };
}

/** The live release of a shop in R2, with its file list (null: none yet). */
export async function readLiveRelease(bucket: SiteBucketClient, shop: string, memo?: ShardMemo): Promise<StoredRelease | null> {
  const pointer = await readPointer(bucket, shop);
  return pointer ? readStoredRelease(bucket, shop, pointer.release, memo) : null;
}

/** Runs the tasks with at most `limit` at once; the first failure fails the whole (after the running ones settle). */
async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, tasks.length)) }, async () => {
    while (next < tasks.length && failed === null) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failed ??= error;
      }
    }
  });
  await Promise.all(lanes);
  if (failed !== null) throw failed;
}

/** Splits objects (read lazily) into batches within the client's limits. */
function batches<T extends { size: number }>(items: T[], maxBytes: number, maxObjects: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const item of items) {
    if (current.length > 0 && (current.length >= maxObjects || bytes + item.size > maxBytes)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += item.size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

export async function publishR2Release(options: R2PublishOptions): Promise<R2PublishResult> {
  const { bucket, shop, source } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const concurrency = options.concurrency ?? 4;

  // 1. The live release: the manifest the new build is compared with.
  const shardMemo = new ShardMemo(options.shards ?? null);
  const live = await readLiveRelease(bucket, shop, shardMemo);
  const known = new Set<string>();
  for (const [hash] of live?.files.values() ?? []) known.add(hash);
  const carriedBefore = new Set(live?.record?.carried ?? []);

  // A release's name is never used twice: edges keep release records by name (in memory and in the
  // Cache API), and a collected release's name taken again would serve its old record.
  const base = releaseBaseName(options.buildId, now());
  let release: string;
  do release = `${base}-${randomBytes(3).toString("hex")}`;
  while (release === live?.name || (await bucket.get(releaseKey(shop, release))) !== null);

  // 2. The new build's manifest: each file's hash (files are read again when uploaded, never all held at once).
  const entries = new Map<string, SiteFileEntry>();
  const written: string[] = [];
  let unchanged = 0;
  const sourceFiles = listFiles(source).filter((file) => file !== RELEASE_FILE);
  const toUpload = new Map<string, { size: number; read: () => Uint8Array }>();
  const digests = new FileMemo(options.digests ?? null, (path) => sha256(readFileSync(path)));
  for (const file of sourceFiles) {
    const path = join(source, file);
    const stat = statSync(path, { bigint: true });
    const hash = digests.get(path, stat);
    const size = Number(stat.size);
    entries.set(file, [hash, size, siteContentType(`/${file}`)]);
    if (live?.files.get(file)?.[0] === hash) unchanged += 1;
    else written.push(file);
    if (!known.has(hash) && !toUpload.has(hash)) toUpload.set(hash, { size, read: () => readFileSync(path) });
  }
  digests.save();
  const inBuild = new Set(sourceFiles);
  const deleted: string[] = [];
  const carried: string[] = [];
  for (const [file, entry] of live?.files ?? []) {
    if (inBuild.has(file) || file === RELEASE_FILE) continue;
    deleted.push(file);
    if (!isPageFile(file) && !carriedBefore.has(file)) {
      entries.set(file, entry);
      carried.push(file);
    }
  }
  const pagesRewritten = written.filter(isPage);
  const record = releaseRecord({ shop, release, options, publishedAt: now(), sourceFiles, pagesRewritten, carried });
  const recordBytes = Buffer.from(`${JSON.stringify(record, null, 2)}\n`);
  const recordHash = sha256(recordBytes);
  entries.set(RELEASE_FILE, [recordHash, recordBytes.byteLength, siteContentType(`/${RELEASE_FILE}`)]);
  if (!known.has(recordHash)) toUpload.set(recordHash, { size: recordBytes.byteLength, read: () => recordBytes });

  // 3. The files' bytes under their hashes.
  let uploaded = 0;
  let uploadedBytes = 0;
  const put = async (objects: SiteObject[]) => {
    await bucket.put(objects);
    uploaded += objects.length;
    uploadedBytes += objects.reduce((sum, object) => sum + object.bytes.byteLength, 0);
  };
  const blobs = [...toUpload].map(([hash, file]) => ({ hash, ...file }));
  await runLimited(
    batches(blobs, bucket.batchBytes, bucket.batchObjects).map(
      (batch) => () => put(batch.map((blob) => ({ key: blobKey(shop, blob.hash), bytes: blob.read() }))),
    ),
    concurrency,
  );

  // 4. The release's shards (unchanged ones are the live release's objects) and the release object.
  const shardCount = shardCountFor(entries.size);
  const shardFiles = Array.from({ length: shardCount }, () => ({}) as Record<string, SiteFileEntry>);
  for (const file of [...entries.keys()].sort()) shardFiles[shardOf(`/${file}`, shardCount)]![`/${file}`] = entries.get(file)!;
  const liveShards = new Set(live?.shards ?? []);
  const shardObjects = shardFiles.map((files) => {
    const bytes = encode({ version: 1, files } satisfies SiteShard);
    return { hash: sha256(bytes), bytes };
  });
  const newShards = [...new Map(shardObjects.filter((shard) => !liveShards.has(shard.hash)).map((shard) => [shard.hash, shard])).values()];
  await runLimited(
    batches(
      newShards.map((shard) => ({ ...shard, size: shard.bytes.byteLength })),
      bucket.batchBytes,
      bucket.batchObjects,
    ).map((batch) => () => put(batch.map((shard) => ({ key: shardKey(shop, shard.hash), bytes: shard.bytes })))),
    concurrency,
  );
  const releaseObject: SiteRelease = { version: 1, shop, release, shards: shardObjects.map((shard) => shard.hash), files: entries.size };
  await put([{ key: releaseKey(shop, release), bytes: encode(releaseObject) }]);

  // 5. The switch: one write of the pointer.
  const before = options.served ? await options.served(shop, `/${RELEASE_FILE}`).catch(() => null) : null;
  await put([{ key: pointerKey(shop), bytes: encode({ version: 1, release, publishedAt: record.publishedAt } satisfies SitePointer) }]);
  const switched = Date.now();
  options.onLive?.();
  shardMemo.save(new Map(shardObjects.map((shard, index) => [shard.hash, { version: 1, files: shardFiles[index]! }])));
  const reloadMs = await timeUntilServed(shop, options, before?.etag, switched, log);

  // 6. Garbage collection: keep the new and the previous release.
  const collected = await collectGarbage(
    bucket,
    shop,
    [{ name: release, files: entries, shards: releaseObject.shards }, ...(live ? [{ name: live.name, files: live.files, shards: live.shards }] : [])],
    concurrency,
  );
  return {
    release,
    releaseDir: source,
    written,
    deleted,
    carried,
    unchanged,
    pages: record.pages,
    pagesRewritten,
    publishedAt: record.publishedAt,
    // Files read for their content hash (the R2 manifest is keyed by SHA-256): those not known by their identity.
    filesRead: digests.misses,
    reloadMs,
    uploaded,
    uploadedBytes,
    collected,
  };
}

/**
 * Deletes every object of the shop no kept release names (older releases, their shards, files only
 * they had, an interrupted publish's uploads). The shop's keys are listed in parts side by side
 * (`shopListPrefixes`), `concurrency` at once.
 */
export async function collectGarbage(
  bucket: SiteBucketClient,
  shop: string,
  keep: { name: string; files: Map<string, SiteFileEntry>; shards: string[] }[],
  concurrency: number,
): Promise<number> {
  const keys = new Set<string>([pointerKey(shop)]);
  for (const release of keep) {
    keys.add(releaseKey(shop, release.name));
    for (const hash of release.shards) keys.add(shardKey(shop, hash));
    for (const [hash] of release.files.values()) keys.add(blobKey(shop, hash));
  }
  const listed: string[] = [];
  await runLimited(
    shopListPrefixes(shop).map((prefix) => async () => {
      listed.push(...(await bucket.list(prefix)));
    }),
    concurrency,
  );
  const stale = listed.filter((key) => !keys.has(key));
  if (stale.length > 0) await bucket.delete(stale);
  return stale.length;
}
