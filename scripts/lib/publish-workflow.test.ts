/**
 * .github/workflows/publish-shops.yml (docs/decisions/0034, 0053): its cache keeps every path a
 * shop's next build starts from, and its matrix names each shop's asset store, so a shop on R2
 * is published by the builder and never deployed as static assets.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { outputFolder, shopWorkspace } from "./build-shop";
import { digestsFile, r2ShardsFile, releasesRoot } from "@builder/release";
import { loadShopConfig, ROOT } from "./shops";

const workflow = readFileSync(join(ROOT, ".github", "workflows", "publish-shops.yml"), "utf8");

/** The lines of a YAML block scalar (`key: |`) that starts at the first line matching `key`. */
function blockAfter(key: RegExp): string[] {
  const lines = workflow.split("\n");
  const start = lines.findIndex((line) => key.test(line));
  expect(start).toBeGreaterThanOrEqual(0);
  const indent = (line: string) => line.length - line.trimStart().length;
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== "" && indent(line) <= indent(lines[start]!)) break;
    block.push(line.trim());
  }
  return block.filter((line) => line !== "");
}

/** The workflow's steps as text, each from its `- ` line to the next. */
function steps(): string[] {
  return workflow.split(/\n(?= {6}- )/);
}

describe("the publish workflow's cache", () => {
  const cached = blockAfter(/^\s+path: \|$/).map((line) => line.replaceAll("${{ matrix.shop }}", "DE"));

  test("keeps the workspace, its output, the releases, dist/<SHOP>, both stores' remembered hashes and the R2 shards", () => {
    const scratch = mkdtempSync(join(tmpdir(), "workflow-"));
    try {
      // The output's place relative to its workspace, as a build makes it.
      mkdirSync(shopWorkspace("DE", scratch));
      const output = relative(scratch, outputFolder(shopWorkspace("DE", scratch)));
      const distRoot = join(ROOT, "dist");
      const needed = [
        shopWorkspace("DE"),
        join(ROOT, ".build", output),
        join(releasesRoot(distRoot), "DE"),
        digestsFile(distRoot, "DE", "static"),
        digestsFile(distRoot, "DE", "r2"),
        r2ShardsFile(distRoot, "DE"),
        join(distRoot, "DE"),
      ].map((path) => relative(ROOT, path));
      expect(needed).toContain(".build/DE.public");
      expect(cached.sort()).toEqual(needed.sort());
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("the publish workflow's shops", () => {
  const script = /node -e '([\s\S]*?)'\n/.exec(workflow)?.[1];

  function matrixFor(requested: string): { include: { shop: string; assets: string }[] } {
    const scratch = mkdtempSync(join(tmpdir(), "workflow-"));
    try {
      const output = join(scratch, "output");
      execFileSync(process.execPath, ["-e", script!], { cwd: ROOT, env: { ...process.env, REQUESTED: requested, GITHUB_OUTPUT: output }, stdio: "pipe" });
      const line = readFileSync(output, "utf8").trim();
      expect(line.startsWith("matrix=")).toBe(true);
      return JSON.parse(line.slice("matrix=".length)) as { include: { shop: string; assets: string }[] };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  test("all: every shop of config/shops.json with its asset store", () => {
    expect(script).toBeDefined();
    const expected = loadShopConfig().shops.map((shop) => ({ shop: shop.id, assets: shop.assets }));
    expect(expected.some((shop) => shop.assets === "r2")).toBe(true);
    expect(matrixFor("all").include).toEqual(expected);
  });

  test("one shop, in any case and with spaces", () => {
    const fr = loadShopConfig().shops.find((shop) => shop.id === "FR")!;
    expect(matrixFor(" fr ").include).toEqual([{ shop: "FR", assets: fr.assets }]);
  });

  test.each(["XX", "", "DE,FR", "../DE"])("refuses %j", (requested) => {
    expect(() => matrixFor(requested)).toThrow(/Unknown shop/);
  });

  test("a static shop is deployed as assets, a shop on R2 only published by the builder", () => {
    const byStore = (store: string) => steps().filter((step) => step.includes(`if: matrix.assets == '${store}'`));
    const [staticStep] = byStore("static");
    const [r2Step] = byStore("r2");
    expect(staticStep).toMatch(/npm run builder -- --once --shop "\$SHOP" --origin "\$SHOP_API_ORIGIN"[\s\S]*wrangler deploy --assets/);
    expect(r2Step).toMatch(/npm run builder -- --once --shop "\$SHOP" --origin "\$SHOP_API_ORIGIN"/);
    expect(r2Step).not.toMatch(/wrangler deploy|--deploy/);
    // Every store of the config has its step.
    for (const shop of loadShopConfig().shops) expect(byStore(shop.assets)).toHaveLength(1);
  });
});
