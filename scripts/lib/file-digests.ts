import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync, type BigIntStats } from "node:fs";
import { dirname } from "node:path";

/**
 * Remembers what was computed from a file's bytes (its SHA-1, the hashes of its inline scripts)
 * by the file's identity: device, inode, size and modification time in nanoseconds. A rebuild
 * after a one-product change leaves all but a few of a shop's thousands of files as they were
 * (Gatsby writes only what changed, a release hard-links what did not), so publishing and the
 * CSP manifest read only the files that changed instead of every file of the shop
 * (docs/decisions/0034 "Numbers").
 *
 * A file rewritten in place gets a new modification time, and a new file a new inode or time, so
 * a remembered value never stands for other bytes. Only the entries used in a run are saved: the
 * store does not grow with files that are gone.
 */
export class FileMemo<T> {
  private readonly known = new Map<string, T>();
  private readonly used = new Map<string, T>();
  /** Files read this run (not answered from memory). */
  misses = 0;

  /** `path`: where the memory is kept between runs (null: this run only). A missing or damaged file starts empty. */
  constructor(
    private readonly path: string | null,
    private readonly compute: (file: string) => T,
  ) {
    if (!path) return;
    try {
      const stored = JSON.parse(readFileSync(path, "utf8")) as unknown;
      if (stored && typeof stored === "object" && !Array.isArray(stored)) {
        for (const [key, value] of Object.entries(stored as Record<string, T>)) this.known.set(key, value);
      }
    } catch {
      // nothing remembered yet (or a damaged file): every file is read once
    }
  }

  /** The value for the file, computed from its bytes unless the same file (same identity) was seen before. `stat`: the file's, when the caller has it. */
  get(file: string, stat?: BigIntStats): T {
    const key = identity(file, stat);
    const remembered = this.used.get(key) ?? this.known.get(key);
    if (remembered !== undefined) {
      this.used.set(key, remembered);
      return remembered;
    }
    const value = this.compute(file);
    this.misses += 1;
    this.used.set(key, value);
    return value;
  }

  /** Records a value known without reading the file (a copy of a file whose value is known). */
  remember(file: string, value: T): void {
    this.used.set(identity(file), value);
  }

  /** Writes the entries used this run (whole, never half-written). */
  save(): void {
    if (this.path) writeWhole(this.path, JSON.stringify(Object.fromEntries(this.used)));
  }
}

/** Writes the file through a temporary one and a rename: a reader sees the old text or the new, never half of it. */
export function writeWhole(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** device:inode:size:mtime(ns) of a file. */
export function identity(file: string, stat: BigIntStats = statSync(file, { bigint: true })): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}`;
}

/** SHA-1 of a file's bytes (hex). */
export function fileDigest(file: string): string {
  return createHash("sha1").update(readFileSync(file)).digest("hex");
}

/** A memo of files' SHA-1 digests. */
export function digestMemo(path: string | null): FileMemo<string> {
  return new FileMemo(path, fileDigest);
}
