import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A lock shared by processes of one checkout (a directory created atomically, holding
 * the owner's pid): one build of a shop at a time (its Gatsby project root's .cache and
 * public), one browser test run per port. A lock left by a dead process is taken over.
 */
export async function withDirLock<T>(path: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const release = await acquireDirLock(path, options);
  try {
    return await fn();
  } finally {
    release();
  }
}

export interface LockOptions {
  timeoutMs?: number;
  onWait?: (owner: string) => void;
}

/** Waits for the lock and returns its release function. */
export async function acquireDirLock(path: string, options: LockOptions = {}): Promise<() => void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let told = false;
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (owner !== null && !isAlive(owner)) {
        rmSync(path, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${path} (held by pid ${owner})`);
      if (!told) options.onWait?.(String(owner));
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return () => rmSync(path, { recursive: true, force: true });
}

function readOwner(path: string): number | null {
  try {
    return Number(readFileSync(join(path, "pid"), "utf8"));
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
