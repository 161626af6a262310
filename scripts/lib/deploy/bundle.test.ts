import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { ROOT } from "../shops";
import { bundleSize, sizeProblem, startupMs } from "./bundle";

const compatibility = { date: "2025-07-01", flags: ["nodejs_compat"] };
let dir: string;
beforeAll(() => {
  mkdirSync(join(ROOT, ".deploy"), { recursive: true });
  dir = mkdtempSync(join(ROOT, ".deploy", "bundle-test-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("the size counts every uploaded file compressed, source maps and wrangler's README not", () => {
  writeFileSync(join(dir, "index.js"), "export default {};\n".repeat(1000));
  writeFileSync(join(dir, "blob.bin"), randomBytes(64 * 1024));
  writeFileSync(join(dir, "index.js.map"), randomBytes(1024 * 1024));
  writeFileSync(join(dir, "README.md"), randomBytes(1024 * 1024));
  const size = bundleSize(dir);
  expect(size.bytes).toBe(19_000 + 65_536);
  expect(size.gzipBytes).toBeGreaterThan(65_536);
  expect(size.gzipBytes).toBeLessThan(70_000);
});

test("a worker over its plan's compressed limit is refused, naming its size and the limit", () => {
  const size = (mb: number) => ({ bytes: mb * 4 * 1024 * 1024, gzipBytes: mb * 1024 * 1024 });
  expect(sizeProblem(size(2.9), "free")).toBeNull();
  expect(sizeProblem(size(3.5), "free")).toBe("the worker is 3.50 MB compressed, over the free plan's 3.00 MB");
  expect(sizeProblem(size(3.5), "paid")).toBeNull();
  expect(sizeProblem(size(10.5), "paid")).toBe("the worker is 10.50 MB compressed, over the paid plan's 10.00 MB");
});

test("the startup measured is the global scope's work, not workerd's own start", async () => {
  const light = join(dir, "light.js");
  const heavy = join(dir, "heavy.js");
  writeFileSync(light, "const table = [1, 2, 3];\nexport default { fetch() { return new Response(String(table.length)); } };\n");
  writeFileSync(heavy, "let sum = 0;\nfor (let i = 0; i < 3e8; i++) sum += i % 7;\nexport default { fetch() { return new Response(String(sum)); } };\n");
  expect(await startupMs(light, compatibility)).toBeLessThan(100);
  expect(await startupMs(heavy, compatibility)).toBeGreaterThan(200);
});
