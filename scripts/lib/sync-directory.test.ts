import { mkdtempSync, mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { syncDirectory } from "./sync-directory";

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "sync-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

describe("syncDirectory", () => {
  test("copies everything into an empty target", () => {
    const source = tree({ "index.html": "home", "page-data/a.html/page-data.json": "{}" });
    const target = join(mkdtempSync(join(tmpdir(), "sync-")), "DE");
    const result = syncDirectory(source, target);
    expect(result.written.sort()).toEqual(["index.html", "page-data/a.html/page-data.json"]);
    expect(readFileSync(join(target, "index.html"), "utf8")).toBe("home");
  });

  test("writes only files whose content changed and removes stale ones", () => {
    const source = tree({ "a.html": "A", "b.html": "B2", "c.html": "C" });
    const target = tree({ "a.html": "A", "b.html": "B1", "old.html": "gone" });
    const before = statSync(join(target, "a.html")).mtimeMs;
    const result = syncDirectory(source, target);
    expect(result.written.sort()).toEqual(["b.html", "c.html"]);
    expect(result.deleted).toEqual(["old.html"]);
    expect(result.unchanged).toBe(1);
    expect(statSync(join(target, "a.html")).mtimeMs).toBe(before);
    expect(existsSync(join(target, "old.html"))).toBe(false);
  });
});
