import {
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  type BigIntStats,
} from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { digestMemo, type FileMemo } from "@scripts/lib/file-digests";
import { listFiles } from "@scripts/lib/sync-directory";

/**
 * Atomic publishing of a shop's build (docs/decisions/0034).
 *
 * `wrangler dev` (Miniflare) lists the files of the assets folder when it (re)loads and
 * reads each file from disk when it is requested: a file overwritten in place shows its
 * new content at once, a new file answers 404 and a removed one 500 until the next reload
 * (the folder watcher's, ~0.1-0.3 s later). Copying a build file by file into dist/<SHOP>/
 * therefore lets a visitor meet a mix of both builds. Instead each build becomes a release
 * folder of its own next to dist, and dist/<SHOP> is a symbolic link to the live release,
 * replaced by one rename(2): a request resolves the link once per file and reads the whole
 * old build or the whole new one. Names a new build adds (its content-hashed scripts) are
 * added to the live release before the switch, so the server lists them when the new pages
 * that load them go live; non-page files a build drops stay one more release for pages
 * browsers still hold. After the switch the server is made to reload (new ETags, new names,
 * the edge's cached CSP manifest) and, when it can be asked, waited for.
 */

/** What a release records about itself, in `<release>/.release.json` (served for debugging as /.release.json). */
export interface ReleaseRecord {
  shop: string;
  release: string;
  buildId: number | null;
  changeIds: number[];
  publishedAt: string;
  files: number;
  pages: number;
  pagesRewritten: number;
  /** Files of the previous build this release keeps for one more release (not part of its own build). */
  carried: string[];
}

export const RELEASE_FILE = ".release.json";
/** Top-level file of dist/ rewritten on every publish: names each shop's live release, and makes wrangler's watcher reload. */
export const PUBLISHED_FILE = ".published.json";
/**
 * Digests of the files of a shop's builds and releases by file identity (file-digests.ts), beside the
 * shop's releases folder: a publish reads only the files that changed since the last one, not every file twice.
 * The static store keeps SHA-1s, the R2 store (r2-release.ts) the SHA-256s its manifest is keyed by.
 */
export const digestsFile = (distRoot: string, shop: string, store: "static" | "r2" = "static") =>
  join(releasesRoot(distRoot), store === "static" ? `${shop}.digests.json` : `${shop}.r2-digests.json`);

/** Where the R2 store keeps the shards of the last release it published of a shop (r2-release.ts). */
export const r2ShardsFile = (distRoot: string, shop: string) => join(releasesRoot(distRoot), `${shop}.r2-shards.json`);

/** How the server that serves dist/ answers for a file of a shop's build (through the worker, with the shop's host). */
export type ServedFile = (shop: string, path: string) => Promise<{ status: number; etag: string | null }>;

export interface PublishOptions {
  /** The finished build (Gatsby's public/ of the shop). */
  source: string;
  distRoot: string;
  shop: string;
  buildId?: number;
  changeIds?: number[];
  /** When given, waits until the server lists the new names before switching, and reports when it reloaded after. */
  served?: ServedFile;
  /**
   * Makes the server reload its list of files. `wrangler dev` with a custom [build] (ours checks the
   * shop config) never reloads for asset changes on its own; see served.ts reloadLocalWorkers.
   */
  reload?: () => void;
  /** Called right after the switch, before the wait for the server (the builder starts its next build then). */
  onLive?: () => void;
  /** How long to wait for the server (ms, default 15 s); a server that does not catch up is logged, not fatal. */
  serverTimeoutMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface PublishResult {
  release: string;
  releaseDir: string;
  /** Files (relative) new or changed against the live release. */
  written: string[];
  /** Files of the live release the new one does not have. */
  deleted: string[];
  carried: string[];
  unchanged: number;
  pages: number;
  pagesRewritten: string[];
  publishedAt: string;
  /** Files whose bytes were read to compare them (those not known unchanged by their identity, file-digests.ts). */
  filesRead: number;
  /** From the switch until the server had reloaded (null without `served`, or when it did not within the timeout). */
  reloadMs: number | null;
}

export const isPage = (file: string) => file.endsWith(".html");
/** Pages and their data go with the build that made them; other files (hashed scripts, styles, images) may outlive it. */
export const isPageFile = (file: string) => isPage(file) || file.startsWith("page-data/") || file === RELEASE_FILE || file === "_csp.json";

/** The record a release carries as `/.release.json`, the same for both asset stores. */
export function releaseRecord(fields: {
  shop: string;
  release: string;
  options: { buildId?: number; changeIds?: number[] };
  publishedAt: Date;
  sourceFiles: string[];
  pagesRewritten: string[];
  carried: string[];
}): ReleaseRecord {
  return {
    shop: fields.shop,
    release: fields.release,
    buildId: fields.options.buildId ?? null,
    changeIds: fields.options.changeIds ?? [],
    publishedAt: fields.publishedAt.toISOString(),
    files: fields.sourceFiles.length,
    pages: fields.sourceFiles.filter(isPage).length,
    pagesRewritten: fields.pagesRewritten.length,
    carried: fields.carried,
  };
}

/** Where the releases of a dist folder live: next to it in .build/ (ignored like all build output), outside what wrangler watches and deploys as assets. */
export function releasesRoot(distRoot: string): string {
  return join(dirname(distRoot), ".build", "releases", basename(distRoot));
}

/** The live release folder of a shop, or null (no build yet, or an old-style plain folder). */
export function liveRelease(distRoot: string, shop: string): string | null {
  const link = join(distRoot, shop);
  if (!isSymlink(link)) return null;
  try {
    return realpathSync(link);
  } catch {
    return null;
  }
}

export function readRelease(dir: string): ReleaseRecord | null {
  try {
    return JSON.parse(readFileSync(join(dir, RELEASE_FILE), "utf8")) as ReleaseRecord;
  } catch {
    return null;
  }
}

export async function publishRelease(options: PublishOptions): Promise<PublishResult> {
  const { source, distRoot, shop } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => undefined);
  const link = join(distRoot, shop);
  const shopReleases = join(releasesRoot(distRoot), shop);
  mkdirSync(shopReleases, { recursive: true });
  mkdirSync(distRoot, { recursive: true });

  // The live build: a release (symlink), an old-style plain folder, or nothing.
  const plainFolder = existsSync(link) && !isSymlink(link);
  const current = plainFolder ? link : liveRelease(distRoot, shop);
  const currentFiles = new Set(current ? listFiles(current) : []);
  const currentRecord = current ? readRelease(current) : null;
  const carriedBefore = new Set(currentRecord?.carried ?? []);

  const release = uniqueName(shopReleases, releaseBaseName(options.buildId, now()));
  const dir = join(shopReleases, release);
  const staging = join(shopReleases, `.staging-${release}`);

  // 1. The new release, complete, in a folder nobody serves yet: a release no longer kept (the one
  //    two back, or a publish's leftover staging) brought in line with the build, else a new folder.
  const written: string[] = [];
  const added: string[] = [];
  let unchanged = 0;
  const digests = digestMemo(digestsFile(distRoot, shop));
  const sourceFiles = listFiles(source).filter((file) => file !== RELEASE_FILE);
  const inBuild = new Set(sourceFiles);
  const deleted: string[] = [];
  const carried: string[] = [];
  const buildPaths = pathsOf(sourceFiles);
  for (const file of currentFiles) {
    if (inBuild.has(file) || file === RELEASE_FILE) continue;
    deleted.push(file);
    if (!isPageFile(file) && !carriedBefore.has(file) && current && !buildPaths.clashes(file)) carried.push(file);
  }
  const folder = stagingFolder(shopReleases, staging, current, new Set([...sourceFiles, ...carried]));
  for (const file of sourceFiles) {
    if (current && currentFiles.has(file)) {
      const kept = join(current, file);
      const keptStat = statSync(kept, { bigint: true });
      if (sameContent(digests, join(source, file), kept, keptStat)) {
        // Same bytes, same inode: unchanged files keep their modification time (and so their ETag).
        folder.link(kept, file, keptStat);
        unchanged += 1;
        continue;
      }
    }
    folder.copy(join(source, file), file);
    written.push(file);
    if (!currentFiles.has(file)) added.push(file);
  }
  for (const file of carried) folder.link(join(current!, file), file, statSync(join(current!, file), { bigint: true }));
  const pagesRewritten = written.filter(isPage);
  const record = releaseRecord({ shop, release, options, publishedAt: now(), sourceFiles, pagesRewritten, carried });
  writeFileSync(join(staging, RELEASE_FILE), `${JSON.stringify(record, null, 2)}\n`);
  renameSync(staging, dir);
  // The next publish compares against this release: its copies have the digests of their sources (links keep their identity).
  for (const file of written) digests.remember(join(dir, file), digests.get(join(source, file)));
  digests.save();

  // 2. Names the new build adds become known to the server first (nothing live links to them yet).
  const stageable = added.filter((file) => !isPageFile(file));
  if (current && stageable.length > 0) {
    const livePaths = pathsOf(currentFiles);
    for (const file of stageable) {
      if (livePaths.clashes(file)) continue;
      const to = join(current, file);
      mkdirSync(dirname(to), { recursive: true });
      linkSync(join(dir, file), to);
    }
    touchPublished(distRoot, shop, currentRecord?.release ?? "(previous)");
    options.reload?.();
    if (options.served) {
      const probe = stageable.find((file) => !file.startsWith("."))!;
      const ready = await waitFor(() => options.served!(shop, `/${probe}`).then((answer) => answer.status === 200), options.serverTimeoutMs);
      if (!ready) log(`[${shop}] the server did not list the ${stageable.length} new file(s) in time; publishing anyway`);
    }
  }

  // 3. The switch: one rename of a symlink over dist/<SHOP>.
  const before = options.served ? await options.served(shop, `/${RELEASE_FILE}`).catch(() => null) : null;
  let previous = current ? basename(current) : "";
  if (plainFolder) {
    // Once, from the old layout: the plain folder becomes a release (a moment without dist/<SHOP>).
    previous = uniqueName(shopReleases, "legacy");
    renameSync(link, join(shopReleases, previous));
  }
  const next = join(shopReleases, `.link-${release}`);
  rmSync(next, { force: true });
  symlinkSync(relative(distRoot, dir), next);
  renameSync(next, link);
  const switched = Date.now();
  touchPublished(distRoot, shop, release);
  options.reload?.();
  options.onLive?.();

  // 4. Wait for the server to reload (new ETags, the edge's cached CSP manifest), then drop old releases.
  const reloadMs = await timeUntilServed(shop, options, before?.etag, switched, log);
  removeOldReleases(shopReleases, [release, previous]);
  return {
    release,
    releaseDir: dir,
    written,
    deleted,
    carried,
    unchanged,
    pages: record.pages,
    pagesRewritten,
    publishedAt: record.publishedAt,
    filesRead: digests.misses,
    reloadMs,
  };
}

/**
 * The paths a set of files takes, to tell whether another file can join them: it cannot when one of
 * its folders is a file of the set (the live release's `media`, the build's `media/x`), or when it is a
 * folder or a file of the set itself. Gatsby's builds do not do this, but a name that turns from a
 * file into a folder must not stop a shop's publishing.
 */
function pathsOf(files: Iterable<string>) {
  const taken = new Set<string>();
  const folders = new Set<string>();
  for (const file of files) {
    taken.add(file);
    for (let at = dirname(file); at !== "." && !folders.has(at); at = dirname(at)) folders.add(at);
  }
  return {
    clashes(file: string): boolean {
      if (taken.has(file) || folders.has(file)) return true;
      for (let at = dirname(file); at !== "."; at = dirname(at)) if (taken.has(at)) return true;
      return false;
    },
  };
}

/** The folder a new release is put together in (release.ts step 1): files linked or copied in by their path in the release. */
interface StagingFolder {
  /** The file becomes a hard link of `from` (a kept release's file, `fromStat` its stat): left alone when it already is one. */
  link(from: string, file: string, fromStat: BigIntStats): void;
  /** The file becomes a copy of `from`, a file of its own. */
  copy(from: string, file: string): void;
}

/**
 * Makes `staging` the folder of a new release holding, once every file of `keep` has been linked or
 * copied in, those files and nothing else. A release folder no longer kept (the one two back, which
 * this publish would remove, or a staging folder an interrupted publish left) is renamed to it and
 * reused: at 50,000 products a release is 105,000 files in 52,000 folders, and making the folders
 * anew and removing the old ones took 10.8 s of a 56 s rebuild (docs/decisions/0034 "Reusing the release two back").
 * What the reused folder holds is not trusted: a file not in `keep` is removed, a link that is not
 * the kept release's file is replaced, and a file is never written in place, since its inode may be
 * shared with a release that is served.
 */
function stagingFolder(shopReleases: string, staging: string, live: string | null, keep: Set<string>): StagingFolder {
  const reusable = readdirSync(shopReleases, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && realpathSync(join(shopReleases, entry.name)) !== live)
    .map((entry) => join(shopReleases, entry.name))
    .sort((a, b) => Number(b === staging) - Number(a === staging));
  if (reusable[0]) renameSync(reusable[0], staging);
  else mkdirSync(staging, { recursive: true });
  const present = new Set(listFiles(staging));
  for (const file of present) {
    if (keep.has(file)) continue;
    rmSync(join(staging, file));
    present.delete(file);
    removeEmptyFolders(staging, dirname(join(staging, file)));
  }
  const place = (file: string, write: (to: string) => void) => {
    const to = join(staging, file);
    try {
      write(to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") mkdirSync(dirname(to), { recursive: true });
      // A folder of the reused release where the build has a file (its files are gone already: none is kept).
      else if (code === "EEXIST") rmSync(to, { recursive: true });
      else throw error;
      write(to);
    }
  };
  const vacate = (file: string) => {
    if (present.delete(file)) rmSync(join(staging, file));
  };
  return {
    link(from, file, fromStat) {
      if (present.has(file)) {
        const had = lstatSync(join(staging, file), { bigint: true });
        if (had.ino === fromStat.ino && had.dev === fromStat.dev) return;
      }
      vacate(file);
      place(file, (to) => linkSync(from, to));
    },
    copy(from, file) {
      vacate(file);
      place(file, (to) => copyFileSync(from, to, constants.COPYFILE_EXCL));
    },
  };
}

/** Removes `dir` and its parents up to (not including) `root` while they are empty. */
function removeEmptyFolders(root: string, dir: string) {
  for (let at = dir; at.startsWith(`${root}/`); at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return;
    }
  }
}

/** Keeps the named releases (the live one and the one before, for pages browsers still hold); removes the rest. */
function removeOldReleases(shopReleases: string, keep: string[]) {
  for (const name of readdirSync(shopReleases)) {
    if (keep.includes(name)) continue;
    rmSync(join(shopReleases, name), { recursive: true, force: true });
  }
}

/** dist/.published.json: each shop's live release; its write is what makes `wrangler dev` reload (it does not notice a symlink replaced). */
function touchPublished(distRoot: string, shop: string, release: string) {
  const path = join(distRoot, PUBLISHED_FILE);
  let published: Record<string, { release: string; at: string }> = {};
  try {
    published = JSON.parse(readFileSync(path, "utf8")) as typeof published;
  } catch {
    published = {};
  }
  published[shop] = { release, at: new Date().toISOString() };
  writeFileSync(path, `${JSON.stringify(published, null, 2)}\n`);
}

/**
 * After a switch: milliseconds until the server answers the shop's `/.release.json` with an ETag
 * other than `before` (null without `served`, or when it did not within the timeout, which is logged).
 */
export async function timeUntilServed(
  shop: string,
  options: Pick<PublishOptions, "served" | "serverTimeoutMs">,
  before: string | null | undefined,
  switched: number,
  log: (line: string) => void,
): Promise<number | null> {
  const served = options.served;
  if (!served) return null;
  const done = await waitFor(async () => {
    const answer = await served(shop, `/${RELEASE_FILE}`);
    return answer.status === 200 && answer.etag !== before;
  }, options.serverTimeoutMs);
  if (!done) log(`[${shop}] the server did not serve the new release within ${(options.serverTimeoutMs ?? 15000) / 1000} s after the switch`);
  return done ? Date.now() - switched : null;
}

/** Asks `check` until it answers true (a failed ask counts as not yet) or the time is up. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return true;
    } catch {
      // the server is busy or restarting; ask again
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

function uniqueName(parent: string, base: string): string {
  let name = base;
  for (let n = 2; existsSync(join(parent, name)); n++) name = `${base}-${n}`;
  return name;
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether file `a` has the bytes of the kept file `b` (`statB`: its stat, which the caller has). */
function sameContent(digests: FileMemo<string>, a: string, b: string, statB: BigIntStats): boolean {
  const statA = statSync(a, { bigint: true });
  if (statA.size !== statB.size) return false;
  return digests.get(a, statA) === digests.get(b, statB);
}

/** A release's name before it is made unique: `build-<id>` for a builder build, `local-<time>` otherwise. */
export function releaseBaseName(buildId: number | undefined, at: Date): string {
  if (buildId !== undefined) return `build-${buildId}`;
  return `local-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}`;
}
