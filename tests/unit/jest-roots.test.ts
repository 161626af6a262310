import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";

/** Jest finds tests only below its roots: a test file outside them (a moved folder, a new top-level part) would never run. */
const ROOT = join(__dirname, "..", "..");
const { roots } = createRequire(__filename)(join(ROOT, "jest.config.js")) as { roots: string[] };

test("every Jest test file of the repository lies below one of Jest's roots", () => {
  const tests = execFileSync("git", ["ls-files", "*.test.ts", "*.test.tsx"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  const folders = roots.map((root) => root.replace("<rootDir>/", "") + "/");
  expect(tests.length).toBeGreaterThan(300);
  expect(tests.filter((file) => !folders.some((folder) => file.startsWith(folder)))).toEqual([]);
});
