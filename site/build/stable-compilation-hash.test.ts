import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import webpack, { type Configuration, type Stats } from "webpack";
import { StableCompilationHash } from "./stable-compilation-hash";

function build(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) =>
    webpack(config, (error, stats) => {
      if (error || !stats) reject(error ?? new Error("no stats"));
      else if (stats.hasErrors()) reject(new Error(stats.toString()));
      else resolve(stats);
    }),
  );
}

describe("the browser bundle's compilation hash", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "stable-hash-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const config = (out: string, plugins: Configuration["plugins"], cacheDirectory?: string): Configuration => ({
    mode: "production",
    context: root,
    entry: { app: "./entry.js" },
    output: { path: join(root, out), filename: "[name]-[contenthash].js" },
    cache: cacheDirectory ? { type: "filesystem", cacheDirectory } : false,
    plugins,
  });

  test("is a hash of the emitted files' names and bytes, the same for the same bundle, another for changed code; what Gatsby reads in `done` already sees it", async () => {
    writeFileSync(join(root, "entry.js"), "console.log('price', 10);\n");
    let seenInDone: string | undefined;
    const readInDone = { apply: (compiler: webpack.Compiler) => compiler.hooks.done.tap("reader", (stats) => void (seenInDone = stats.hash)) };
    const first = await build(config("a", [readInDone, new StableCompilationHash()], join(root, ".cache")));
    const files = readdirSync(join(root, "a")).sort();
    const expected = createHash("sha256");
    for (const file of files)
      expected
        .update(`${file}\0`)
        .update(readFileSync(join(root, "a", file)))
        .update("\0");
    expect(first.hash).toBe(expected.digest("hex").slice(0, 20));
    // A plugin tapping `done` before this one (Gatsby's stats extractor writes the scripts slice there) reads the same hash.
    expect(seenInDone).toBe(first.hash);

    // Restored from the persistent cache: the same hash.
    const warm = await build(config("b", [new StableCompilationHash()], join(root, ".cache")));
    expect(warm.hash).toBe(first.hash);

    writeFileSync(join(root, "entry.js"), "console.log('price', 11);\n");
    const changed = await build(config("c", [new StableCompilationHash()], join(root, ".cache")));
    expect(changed.hash).not.toBe(first.hash);
  });
});
