import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./shops";
import type { TestStep } from "./lanes";

const LINTED = /\.(ts|tsx|js|mjs|cjs)$/;
const E2E_SPEC = /^tests\/e2e\/.+\.spec\.ts$/;

function git(args: readonly string[]): string[] {
  return execFileSync("git", args, { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Files changed since the branch left `base` (committed, staged, unstaged and new), that still exist. */
export function changedFiles(base: string): string[] {
  const since = git(["merge-base", base, "HEAD"])[0];
  if (!since) throw new Error(`No common commit with ${base}`);
  const files = new Set([...git(["diff", "--name-only", since]), ...git(["ls-files", "--others", "--exclude-standard"])]);
  return [...files].filter((file) => existsSync(join(ROOT, file))).sort();
}

/**
 * The checks of a change: the type check (all projects, incremental: unchanged files are not checked again), lint and
 * format of the changed files, layering, and Jest's tests of the changed files and of every file that imports them;
 * with `e2e`, the changed browser specs. Two lanes: the static checks, and the tests.
 */
export function changedChecks(files: readonly string[], options: { e2e: boolean }): TestStep[][] {
  const linted = files.filter((file) => LINTED.test(file));
  const specs = files.filter((file) => E2E_SPEC.test(file));
  const checks: TestStep[] = [{ name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] }];
  if (linted.length > 0) checks.push({ name: "lint", command: ["eslint", "--", ...linted] });
  if (files.length > 0) checks.push({ name: "format", command: ["prettier", "--check", "--ignore-unknown", "--", ...files] });
  checks.push({ name: "layering", command: ["npm", "run", "--silent", "deps:check"] });
  const tests: TestStep[] = [];
  if (files.length > 0) tests.push({ name: "unit", command: ["jest", "--passWithNoTests", "--findRelatedTests", ...files] });
  if (options.e2e && specs.length > 0) tests.push({ name: "browser", command: ["playwright", "test", ...specs] });
  return tests.length > 0 ? [checks, tests] : [checks];
}
