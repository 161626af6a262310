import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";

export interface SyncResult {
  /** Files (relative paths) whose content is new or changed. */
  written: string[];
  deleted: string[];
  unchanged: number;
}

/**
 * Makes `target` an exact copy of `source`, writing only files whose content differs,
 * so a deploy (and anyone watching mtimes) sees just what a build really changed.
 */
export function syncDirectory(source: string, target: string): SyncResult {
  const result: SyncResult = { written: [], deleted: [], unchanged: 0 };
  const sourceFiles = new Set(listFiles(source));
  for (const file of sourceFiles) {
    const from = join(source, file);
    const to = join(target, file);
    if (existsSync(to) && sameContent(from, to)) {
      result.unchanged += 1;
      continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    result.written.push(file);
  }
  if (existsSync(target)) {
    for (const file of listFiles(target)) {
      if (!sourceFiles.has(file)) {
        rmSync(join(target, file));
        result.deleted.push(file);
      }
    }
  }
  return result;
}

export function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

function sameContent(a: string, b: string): boolean {
  if (statSync(a).size !== statSync(b).size) return false;
  return digest(a) === digest(b);
}

function digest(path: string): string {
  return createHash("sha1").update(readFileSync(path)).digest("hex");
}
