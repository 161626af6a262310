import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { ROOT } from "../lib/shops";

/**
 * What a page's `page-data.json` weighs (docs/decisions/0052): per shop and page
 * type the median and the largest file (raw and gzip) against the 8 KB target, the top-level
 * parts of the largest product page, and the shop data files every page of a shop language
 * shares (/static/shop-data/<language>-<hash>.json: texts, menu, CMS links, banners,
 * campaign, shop info), which the browser loads once. Fails when a product page is over
 * the target (raw bytes, as written and parsed).
 *
 *   npm run bench:page-data -- [--dist .e2e/dist] [DE CH ...]
 */
export const TARGET_KB = 8;

export interface PageDataFile {
  type: string;
  path: string;
  raw: number;
  gzip: number;
}

/** The page type by the template chunk Gatsby names in page-data (component---site-src-templates-product-tsx -> product). */
export function pageType(componentChunkName: string): string {
  return (
    componentChunkName
      .replace(/^component---/, "")
      .replace(/^site-src-(templates|features)-/, "")
      .replace(/-tsx$/, "") || "unknown"
  );
}

export function median(numbers: number[]): number {
  if (numbers.length === 0) return 0;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The bytes of each top-level part of a page-data file's result (data.* and pageContext.*). */
export function partSizes(json: { result?: { data?: Record<string, unknown>; pageContext?: Record<string, unknown> } }): { part: string; bytes: number }[] {
  const parts: { part: string; bytes: number }[] = [];
  for (const [section, value] of [
    ["data", json.result?.data],
    ["pageContext", json.result?.pageContext],
  ] as const) {
    for (const [key, part] of Object.entries(value ?? {})) parts.push({ part: `${section}.${key}`, bytes: Buffer.byteLength(JSON.stringify(part)) });
  }
  return parts.sort((a, b) => b.bytes - a.bytes);
}

function pageDataFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) return path === "sq" ? [] : pageDataFiles(dir, path);
    return entry.name === "page-data.json" ? [path] : [];
  });
}

export function measureShop(shopDir: string): PageDataFile[] {
  const root = join(shopDir, "page-data");
  if (!existsSync(root)) return [];
  return pageDataFiles(root).map((path) => {
    const content = readFileSync(join(root, path));
    const json = JSON.parse(content.toString("utf8")) as { componentChunkName?: string };
    return { type: pageType(json.componentChunkName ?? ""), path, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
}

const COMMAND = {
  command: "npm run bench:page-data --",
  summary:
    "What a page's page-data.json weighs per shop and page type, and the shop data files every page shares; fails when a product page is over the target.",
  options: { dist: { type: "string", default: "dist", value: "dir", description: "the build measured" } },
  positionals: { name: "SHOP...", description: "the shops measured (default: every shop built)" },
  examples: ["npm run bench:page-data", "npm run bench:page-data -- --dist .e2e/dist DE CH"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

function main(): void {
  const { values, positionals: shops } = runCommandLine(COMMAND);
  const dist = resolve(values.dist);
  const selected = shops.length > 0 ? shops : existsSync(dist) ? readdirSync(dist).filter((name) => existsSync(join(dist, name, "page-data"))) : [];
  if (selected.length === 0) {
    console.error(`No built shop in ${relative(ROOT, dist) || dist}/ (build with npm start, npm run build:shops or the browser tests).`);
    process.exit(1);
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  let failed = false;
  for (const shop of selected) {
    const shopDir = join(dist, shop);
    const files = measureShop(shopDir);
    const built = existsSync(join(shopDir, "webpack.stats.json")) ? statSync(join(shopDir, "webpack.stats.json")).mtime.toISOString().slice(0, 19) : "?";
    console.log(`\n${shop} (${relative(ROOT, shopDir) || shopDir}, built ${built} UTC): page-data.json per page type, target ${TARGET_KB} KB`);
    console.log(`${"type".padEnd(34)} pages  median KB  max KB  median gz  max gz  largest`);
    const byType = new Map<string, PageDataFile[]>();
    for (const file of files) byType.set(file.type, [...(byType.get(file.type) ?? []), file]);
    for (const [type, list] of [...byType.entries()].sort()) {
      const largest = list.reduce((max, file) => (file.raw > max.raw ? file : max));
      const over = type === "product" && largest.raw > TARGET_KB * 1024;
      failed ||= over;
      console.log(
        `${type.padEnd(34)} ${String(list.length).padStart(5)} ${kb(median(list.map((file) => file.raw))).padStart(10)} ${kb(largest.raw).padStart(7)} ${kb(median(list.map((file) => file.gzip))).padStart(10)} ${kb(largest.gzip).padStart(7)}  ${largest.path}${over ? "  OVER" : ""}`,
      );
    }
    const products = byType.get("product") ?? [];
    if (products.length > 0) {
      const largest = products.reduce((max, file) => (file.raw > max.raw ? file : max));
      const parts = partSizes(JSON.parse(readFileSync(join(shopDir, "page-data", largest.path), "utf8")) as Parameters<typeof partSizes>[0]);
      console.log(`largest product page's parts: ${parts.map((part) => `${part.part} ${kb(part.bytes)}`).join(", ")}`);
    }
    const sharedDir = join(shopDir, "static", "shop-data");
    if (existsSync(sharedDir)) {
      for (const name of readdirSync(sharedDir).sort()) {
        const content = readFileSync(join(sharedDir, name));
        console.log(
          `shop data loaded once per visit: /static/shop-data/${name} ${kb(content.length)} KB (gzip ${kb(gzipSync(content, { level: 9 }).length)} KB)`,
        );
      }
    }
  }
  if (failed) {
    console.error(`\nA product page's page-data.json is over ${TARGET_KB} KB.`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && /page-data\.ts$/.test(process.argv[1])) main();
