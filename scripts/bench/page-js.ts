import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Browser JavaScript of a built page's initial load, gzipped: every script its HTML loads
 * (src) or inlines, as the browser receives it, and the chunks webpack loads with its
 * template (webpack.stats.json). Used by `npm run bench:pages`.
 */
export interface PageWeight {
  path: string;
  gzip: number;
  raw: number;
  files: number;
}

/** The first-load budgets (gzip KB) per page type: home, category and product at most 85 KB, the cart page under 95 KB. */
export const PAGE_BUDGETS: Readonly<Record<string, { kb: number; inclusive: boolean }>> = {
  home: { kb: 85, inclusive: true },
  category: { kb: 85, inclusive: true },
  product: { kb: 85, inclusive: true },
  "checkout-cart-page-template": { kb: 95, inclusive: false },
};

/** The budget a page type passes with `gzip` bytes ("at most 85 KB", "under 95 KB"), or null within it or without one. */
export function overBudget(type: string, gzip: number): string | null {
  const budget = PAGE_BUDGETS[type];
  if (!budget) return null;
  const kb = gzip / 1024;
  const over = budget.inclusive ? kb > budget.kb : kb >= budget.kb;
  return over ? `${budget.inclusive ? "over" : "not under"} ${budget.kb} KB` : null;
}

/** A template's page type from its chunk name: `component---site-src-templates-home-tsx` -> `home`, a feature's template by its path. */
export function pageType(chunkName: string): string {
  return chunkName.replace(/^component---site-src-(templates|features)-/, "").replace(/-tsx$/, "") || "unknown";
}

function htmlFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("_") || entry.name === "page-data" || entry.name === "static" ? [] : htmlFiles(dir, path);
    return entry.name.endsWith(".html") ? [path] : [];
  });
}

type Stats = { namedChunkGroups: Record<string, { assets: ({ name: string } | string)[] }> };

const assetNames = (group: { assets: ({ name: string } | string)[] } | undefined) =>
  (group?.assets ?? []).map((asset) => (typeof asset === "string" ? asset : asset.name)).filter((name) => name.endsWith(".js"));

/** The page's template chunk (from its page-data) and what webpack loads with it. */
function pageChunks(shopDir: string, stats: Stats, path: string): { type: string; files: string[] } {
  const dataPath = join(
    shopDir,
    "page-data",
    path
      .replace(/index\.html$/, "")
      .replace(/^\/?/, "")
      .replace(/\/$/, "") || "index",
    "page-data.json",
  );
  const chunk = existsSync(dataPath) ? (JSON.parse(readFileSync(dataPath, "utf8")) as { componentChunkName: string }).componentChunkName : "";
  return { type: pageType(chunk), files: assetNames(stats.namedChunkGroups[chunk]).map((name) => `/${name}`) };
}

/** Raw and gzipped bytes of a script, by its file or its inline text: a shop's pages share most of their scripts. */
type ScriptSizes = Map<string, { raw: number; gzip: number }>;

function sizeOf(sizes: ScriptSizes, key: string, content: () => Buffer | string): { raw: number; gzip: number } {
  let size = sizes.get(key);
  if (!size) {
    const bytes = content();
    sizes.set(key, (size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }));
  }
  return size;
}

function initialJsBytes(shopDir: string, html: string, extra: string[], sizes: ScriptSizes): Omit<PageWeight, "path"> {
  let gzip = 0;
  let raw = 0;
  let files = 0;
  const sources = new Set([...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!), ...extra]);
  for (const src of sources) {
    const file = join(shopDir, src.split("?")[0]!);
    if (!existsSync(file)) continue;
    const size = sizeOf(sizes, `file ${file}`, () => readFileSync(file));
    raw += size.raw;
    gzip += size.gzip;
    files += 1;
  }
  for (const [, body] of html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
    const size = sizeOf(sizes, `inline ${body!}`, () => body!);
    raw += size.raw;
    gzip += size.gzip;
  }
  return { gzip, raw, files };
}

function readStats(shopDir: string): Stats {
  return JSON.parse(readFileSync(join(shopDir, "webpack.stats.json"), "utf8")) as Stats;
}

/** The heaviest page of each page type of a built shop (dist/<SHOP>). */
export function heaviestPageOfEachType(shopDir: string): Map<string, PageWeight> {
  const stats = readStats(shopDir);
  const byType = new Map<string, PageWeight>();
  const sizes: ScriptSizes = new Map();
  for (const path of htmlFiles(shopDir)) {
    const html = readFileSync(join(shopDir, path), "utf8");
    const { type, files } = pageChunks(shopDir, stats, path);
    const size = initialJsBytes(shopDir, html, files, sizes);
    const known = byType.get(type);
    if (!known || size.gzip > known.gzip) byType.set(type, { path, ...size });
  }
  return byType;
}

/** The features loaded on demand (named dynamic imports: webpackChunkName) and the chunks of their chunk group (a shared one may be in a page's initial JS too). */
export function onDemandChunks(shopDir: string): { name: string; gzip: number; files: number }[] {
  return Object.entries(readStats(shopDir).namedChunkGroups)
    .filter(([name]) => name !== "app" && !name.startsWith("component---"))
    .map(([name, group]) => {
      const files = assetNames(group);
      const gzip = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(shopDir, file)), { level: 9 }).length, 0);
      return { name, gzip, files: files.length };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
