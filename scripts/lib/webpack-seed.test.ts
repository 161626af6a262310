import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keepWebpackSeed, seedWebpackCache } from "./webpack-seed";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "webpack-seed-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const STAGES = ["babel", "stage-build-html", "stage-build-javascript"];

/** A workspace whose webpack caches (Babel's and both stages') each hold one file with the given text. */
function workspaceWithCache(shop: string, text: string, stages = STAGES): string {
  const workspace = join(root, shop);
  for (const stage of stages) {
    mkdirSync(join(workspace, ".cache", "webpack", stage), { recursive: true });
    writeFileSync(join(workspace, ".cache", "webpack", stage, "0.pack"), text);
  }
  return workspace;
}

const cacheText = (workspace: string, stage = "stage-build-html") => readFileSync(join(workspace, ".cache", "webpack", stage, "0.pack"), "utf8");

describe("the webpack cache shared between the shops' workspaces", () => {
  test("without a seed a new workspace starts cold", () => {
    expect(seedWebpackCache(join(root, "FR"), root)).toBe(false);
  });

  test("the first finished build's cache seeds a workspace without one, as it was when kept", () => {
    const de = workspaceWithCache("DE", "DE modules");
    keepWebpackSeed(de, root);
    // DE goes on building: its own cache changes, the seed does not.
    writeFileSync(join(de, ".cache", "webpack", "stage-build-html", "0.pack"), "DE modules, rebuilt");
    const fr = join(root, "FR");
    expect(seedWebpackCache(fr, root)).toBe(true);
    expect(cacheText(fr)).toBe("DE modules");
    expect(cacheText(fr, "babel")).toBe("DE modules");
  });

  test("the browser bundle's cache is not shared: seeded from another shop it splits the chunks otherwise", () => {
    keepWebpackSeed(workspaceWithCache("DE", "DE modules"), root);
    const fr = join(root, "FR");
    seedWebpackCache(fr, root);
    expect(readdirSync(join(fr, ".cache", "webpack")).sort()).toEqual(["babel", "stage-build-html"]);
  });

  test("a workspace with a cache of its own keeps it", () => {
    keepWebpackSeed(workspaceWithCache("DE", "DE modules"), root);
    const ch = workspaceWithCache("CH", "CH modules");
    expect(seedWebpackCache(ch, root)).toBe(false);
    expect(cacheText(ch)).toBe("CH modules");
  });

  test("one seed: a later build does not replace it, and no draft is left behind", () => {
    keepWebpackSeed(workspaceWithCache("DE", "DE modules"), root);
    keepWebpackSeed(workspaceWithCache("CH", "CH modules"), root);
    const it = join(root, "IT");
    seedWebpackCache(it, root);
    expect(cacheText(it)).toBe("DE modules");
    expect(readdirSync(root).filter((name) => name.includes("draft"))).toEqual([]);
  });

  test("a build that left no cache, or only a part of it, keeps no seed", () => {
    const de = join(root, "DE");
    mkdirSync(de);
    keepWebpackSeed(de, root);
    keepWebpackSeed(workspaceWithCache("CH", "CH modules", ["babel"]), root);
    expect(seedWebpackCache(join(root, "FR"), root)).toBe(false);
  });
});
