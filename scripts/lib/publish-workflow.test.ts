/**
 * The publishing workflows (docs/decisions/0034, 0053, 0059): rebuild.yml's cache keeps every path
 * a shop's next build starts from; the matrix (scripts/shop-matrix.mjs) names each shop's asset
 * store, so a shop on R2 is published by the builder and never deployed as static assets, and a
 * static shop goes live through `npm run deploy` with every other shop's build in the same upload.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { outputFolder, shopWorkspace } from "./build-shop";
import { digestsFile, r2ShardsFile, releasesRoot } from "@builder/release";
import { loadShopConfig, ROOT } from "./shops";

const workflow = readFileSync(join(ROOT, ".github", "workflows", "rebuild.yml"), "utf8");
const deployWorkflow = readFileSync(join(ROOT, ".github", "workflows", "deploy.yml"), "utf8");

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

describe("the rebuild workflow's cache", () => {
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

describe("the workflows' shops", () => {
  function matrixFor(requested: string, store = ""): { include: { shop: string; assets: string }[]; shops: string } {
    const scratch = mkdtempSync(join(tmpdir(), "workflow-"));
    try {
      const output = join(scratch, "output");
      execFileSync(process.execPath, [join(ROOT, "scripts", "shop-matrix.mjs")], {
        cwd: scratch,
        env: { ...process.env, REQUESTED: requested, STORE: store, GITHUB_OUTPUT: output },
        stdio: "pipe",
      });
      const [matrix, shops, ...rest] = readFileSync(output, "utf8").trim().split("\n");
      expect(rest).toEqual([]);
      expect(matrix!.startsWith("matrix=")).toBe(true);
      expect(shops!.startsWith("shops=")).toBe(true);
      return { ...(JSON.parse(matrix!.slice("matrix=".length)) as { include: { shop: string; assets: string }[] }), shops: shops!.slice("shops=".length) };
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }

  test("all: every shop of config/shops.json with its asset store", () => {
    const expected = loadShopConfig().shops.map((shop) => ({ shop: shop.id, assets: shop.assets }));
    expect(expected.some((shop) => shop.assets === "r2")).toBe(true);
    expect(matrixFor("all")).toEqual({ include: expected, shops: expected.map((shop) => shop.shop).join(",") });
  });

  test("a deploy builds every static shop and no shop on R2", () => {
    const statics = loadShopConfig().shops.filter((shop) => shop.assets === "static");
    expect(matrixFor("all", "static").include).toEqual(statics.map((shop) => ({ shop: shop.id, assets: "static" })));
    expect(deployWorkflow).toMatch(/REQUESTED: all\n\s+STORE: static\n\s+run: node scripts\/shop-matrix\.mjs/);
    expect(deployWorkflow).toContain('npm run deploy -- --env "${{ inputs.environment }}" --shops "${{ needs.shops.outputs.shops }}" --builds deployed');
  });

  test("one shop, in any case and with spaces", () => {
    const fr = loadShopConfig().shops.find((shop) => shop.id === "FR")!;
    expect(matrixFor(" fr ").include).toEqual([{ shop: "FR", assets: fr.assets }]);
  });

  test.each(["XX", "", "DE,FR", "../DE"])("refuses %j", (requested) => {
    expect(() => matrixFor(requested)).toThrow(/Unknown shop/);
  });

  test("a static shop goes live through the deploy with every deployed build, a shop on R2 only through the builder", () => {
    const byStore = (store: string) => steps().filter((step) => step.includes(`if: matrix.assets == '${store}'`) && step.includes("npm run builder"));
    const [staticStep] = byStore("static");
    const [r2Step] = byStore("r2");
    expect(staticStep).toMatch(
      /npm run builder -- --once --shop "\$SHOP" --origin "\$SHOP_API_ORIGIN"[\s\S]*npm run deploy -- --env "\$DEPLOY_ENV" --shops "\$SHOP" --builds deployed/,
    );
    expect(r2Step).toMatch(/npm run builder -- --once --shop "\$SHOP" --origin "\$SHOP_API_ORIGIN"/);
    expect(r2Step).not.toMatch(/wrangler|--deploy/);
    expect(workflow).not.toMatch(/wrangler deploy/);
    // Every store of the config has its step.
    for (const shop of loadShopConfig().shops) expect(byStore(shop.assets)).toHaveLength(1);
  });
});
