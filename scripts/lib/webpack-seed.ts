import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";

/**
 * Webpack's caches shared between the shops' workspaces. Every shop compiles the same site code;
 * only its configuration differs. A workspace without caches of its own starts from the seed: the
 * caches of the first finished build under the same root, kept as they were then (a copy, so the
 * builds that go on writing their own never tear it). Two are shared: Babel's (one file per source
 * file and its options) and the HTML renderer's (stage `build-html`, the longest step of a cold
 * build; webpack re-checks each module against its files and the values it was defined with).
 * The browser bundle's cache (`build-javascript`) is not: seeded from another shop, it split the
 * modules into chunks differently than a cold build (8 KB more in the app chunk).
 */
const CACHE = join(".cache", "webpack");
const SHARED = ["babel", "stage-build-html"];

const seedOf = (workspaceRoot: string) => join(workspaceRoot, ".webpack-seed");

/** Whether the root has a seed for its new workspaces. */
export const hasWebpackSeed = (workspaceRoot: string): boolean => existsSync(seedOf(workspaceRoot));

/** Copies the seed into the workspace when it has no webpack cache; true when it did. */
export function seedWebpackCache(workspace: string, workspaceRoot: string): boolean {
  const seed = seedOf(workspaceRoot);
  const cache = join(workspace, CACHE);
  if (existsSync(cache) || !existsSync(seed)) return false;
  cpSync(seed, cache, { recursive: true });
  return true;
}

/** After a finished build: its cache becomes the seed when there is none yet (written aside, then renamed into place). */
export function keepWebpackSeed(workspace: string, workspaceRoot: string): void {
  const seed = seedOf(workspaceRoot);
  const cache = join(workspace, CACHE);
  if (existsSync(seed) || !SHARED.every((part) => existsSync(join(cache, part)))) return;
  const draft = mkdtempSync(`${seed}.draft-`);
  try {
    for (const part of SHARED) cpSync(join(cache, part), join(draft, part), { recursive: true });
    renameSync(draft, seed);
  } catch (error) {
    // Another build kept its seed first: one is enough.
    if (!existsSync(seed)) throw error;
  } finally {
    rmSync(draft, { recursive: true, force: true });
  }
}
