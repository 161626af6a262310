import { linkSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { digestMemo, fileDigest, FileMemo } from "./file-digests";

describe("FileMemo", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "file-memo-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("reads a file once across runs, and again when it is rewritten, also with bytes of the same size", () => {
    const store = join(root, "memo.json");
    const file = join(root, "a.html");
    writeFileSync(file, "aaaa");
    const first = digestMemo(store);
    expect(first.get(file)).toBe(fileDigest(file));
    expect(first.get(file)).toBe(fileDigest(file));
    expect(first.misses).toBe(1);
    first.save();

    const second = digestMemo(store);
    expect(second.get(file)).toBe(fileDigest(file));
    expect(second.misses).toBe(0);

    const before = fileDigest(file);
    writeFileSync(file, "bbbb");
    const third = digestMemo(store);
    expect(third.get(file)).toBe(fileDigest(file));
    expect(third.get(file)).not.toBe(before);
    expect(third.misses).toBe(1);
  });

  test("a hard link shares its file's entry; only entries used in a run are kept", () => {
    const store = join(root, "memo.json");
    const a = join(root, "a.html");
    const b = join(root, "b.html");
    writeFileSync(a, "aaaa");
    writeFileSync(b, "bbbb");
    const first = digestMemo(store);
    first.get(a);
    first.get(b);
    first.save();
    expect(Object.keys(JSON.parse(readFileSync(store, "utf8")) as object)).toHaveLength(2);

    linkSync(a, join(root, "a-link.html"));
    const second = digestMemo(store);
    expect(second.get(join(root, "a-link.html"))).toBe(fileDigest(a));
    expect(second.misses).toBe(0);
    second.save();
    expect(Object.keys(JSON.parse(readFileSync(store, "utf8")) as object)).toHaveLength(1);
  });

  test("a damaged or hostile store is ignored: every file is read", () => {
    const file = join(root, "a.html");
    writeFileSync(file, "aaaa");
    for (const text of ["{not json", "[1,2]", "null", '"text"']) {
      writeFileSync(join(root, "memo.json"), text);
      const memo = digestMemo(join(root, "memo.json"));
      expect(memo.get(file)).toBe(fileDigest(file));
      expect(memo.misses).toBe(1);
    }
  });

  test("remember records a value for a copy without reading it; without a path nothing is kept", () => {
    const reads: string[] = [];
    const memo = new FileMemo(null, (file) => {
      reads.push(file);
      return readFileSync(file, "utf8").length;
    });
    const file = join(root, "a.html");
    writeFileSync(file, "aaaa");
    memo.remember(file, 4);
    expect(memo.get(file)).toBe(4);
    expect(reads).toEqual([]);
    memo.save();
  });
});
