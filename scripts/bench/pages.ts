import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { runCommandLine, type CommandSpec, type OptionSpec } from "../lib/cli";
import { ROOT } from "../lib/shops";
import { PAGE_BUDGETS, heaviestPageOfEachType, onDemandChunks, overBudget } from "./page-js";

/**
 * Browser JavaScript of the initial load per page type (home, category, product and the
 * rest), gzipped: every script the page's HTML loads (src) or inlines, as the browser
 * receives it (scripts/bench/page-js.ts). Fails when a page type passes its budget (PAGE_BUDGETS:
 * home, category and product at most 85 KB, the cart page under 95 KB).
 * Without --dist it measures the more recently built of dist/ (npm start, build:shops)
 * and .e2e/dist (the browser tests), so it measures the pages of the current code.
 *
 * The tag manager (docs/decisions/0050) is not in any page's build: its Consent Mode
 * defaults are part of the first inline script (counted above, tag manager off or on), and
 * when GET /apiv2/environment names a container, the idle "tracking" chunk loads the
 * container's gtm.js. Its cost with the tag manager on is printed per shop: that chunk plus the
 * container file given with --container (a third party's file whose size its tags decide; this
 * script never fetches it).
 *
 *   npm run bench:pages -- [--dist .e2e/dist] [--container path/to/gtm.js] [DE CH ...]
 */
const DIST_CANDIDATES = [join(ROOT, "dist"), join(ROOT, ".e2e", "dist")];
const COMMAND = {
  command: "npm run bench:pages --",
  summary: "Browser JavaScript of the initial load per page type (gzip) against the budgets, and the tag manager's cost per shop; fails over a budget.",
  options: {
    dist: { type: "string", value: "dir", description: "the build measured (default: the more recently built of dist/ and .e2e/dist/)" },
    container: { type: "string", value: "file", description: "a tag manager container's gtm.js, counted in the tag manager's cost" },
  },
  positionals: { name: "SHOP...", description: "the shops measured (default: every shop built)" },
  examples: ["npm run bench:pages", "npm run bench:pages -- DE CH --dist .e2e/dist --container gtm.js"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

const { values, positionals: shops } = runCommandLine(COMMAND);
const containerFile = values.container;

/** The shops built into a dist folder. */
function builtShops(dist: string): string[] {
  if (!existsSync(dist)) return [];
  // Folders starting with "_" are not shops (the back office's _console, the media _media).
  return readdirSync(dist).filter(
    (name) => !name.startsWith("_") && (existsSync(join(dist, name, "index.html")) || existsSync(join(dist, name, "de", "index.html"))),
  );
}

/** When a shop was last built: every build writes its webpack stats. */
function shopBuiltAt(dist: string, shop: string): number {
  const stats = join(dist, shop, "webpack.stats.json");
  return existsSync(stats) ? statSync(stats).mtimeMs : 0;
}

/** When the folder was last built: its most recently built shop (of those measured). */
function builtAt(dist: string): number {
  return Math.max(0, ...(shops.length > 0 ? shops : builtShops(dist)).map((shop) => shopBuiltAt(dist, shop)));
}

const when = (ms: number) => (ms > 0 ? new Date(ms).toISOString().replace("T", " ").slice(0, 19) + " UTC" : "never");
const dist =
  values.dist !== undefined
    ? join(ROOT, values.dist)
    : DIST_CANDIDATES.reduce((newest, candidate) => (builtAt(candidate) > builtAt(newest) ? candidate : newest));
if (builtAt(dist) === 0) {
  console.error(`No built shop in ${relative(ROOT, dist)}/ (build with npm start, npm run build:shops or the browser tests).`);
  process.exit(1);
}
console.log(
  values.dist !== undefined
    ? `Measuring ${relative(ROOT, dist)}/ (--dist), built ${when(builtAt(dist))}.`
    : `Measuring ${relative(ROOT, dist)}/, the most recently built of ${DIST_CANDIDATES.map((candidate) => `${relative(ROOT, candidate)}/ (${when(builtAt(candidate))})`).join(" and ")}.`,
);
const selected = shops.length > 0 ? shops : builtShops(dist);

let failed = false;
for (const shop of selected) {
  const byType = heaviestPageOfEachType(join(dist, shop));
  console.log(
    `\n${shop} (${relative(ROOT, dist)}/${shop}, built ${when(shopBuiltAt(dist, shop))}): initial browser JS per page type, largest page of each type`,
  );
  console.log("type                 gzip KB   raw KB  scripts  page");
  for (const [type, size] of [...byType.entries()].sort()) {
    const over = overBudget(type, size.gzip);
    failed ||= over !== null;
    console.log(
      `${type.padEnd(20)} ${(size.gzip / 1024).toFixed(1).padStart(7)} ${(size.raw / 1024).toFixed(1).padStart(8)} ${String(size.files).padStart(8)}  /${size.path}${over ? `  ${over.toUpperCase()}` : ""}`,
    );
  }
}
for (const shop of selected) {
  const chunks = onDemandChunks(join(dist, shop));
  if (chunks.length === 0) continue;
  console.log(`\n${shop}: features loaded on demand, the chunks of each (a shared one may also be in a page's initial JS)`);
  console.log("feature              gzip KB  scripts");
  for (const chunk of chunks) console.log(`${chunk.name.padEnd(20)} ${(chunk.gzip / 1024).toFixed(1).padStart(7)} ${String(chunk.files).padStart(8)}`);
}

/** The consent defaults in a page's first inline script (bytes of that part, gzipped on its own). */
function consentDefaultsGzip(shopDir: string): number {
  const html = readFileSync(join(shopDir, existsSync(join(shopDir, "index.html")) ? "index.html" : join("de", "index.html")), "utf8");
  const part = /window\.dataLayer=window\.dataLayer\|\|\[\];[\s\S]*?window\.gtag\("consent","update",\{[^}]*\}\)/.exec(html)?.[0] ?? "";
  return part ? gzipSync(part, { level: 9 }).length : 0;
}

const container = containerFile ? gzipSync(readFileSync(join(process.cwd(), containerFile)), { level: 9 }).length : null;
console.log("\nTag manager (docs/decisions/0050): off = the initial JS above (the consent defaults are in it either way);");
console.log("on = nothing more in the initial load; once idle the tracking chunk (loaded either way: it also registers the service worker)");
console.log(`and the container's gtm.js ${container === null ? "(not measured: pass --container <file>)" : `(${containerFile})`}.`);
console.log("shop    defaults KB  tracking chunk KB  container KB  on, after idle KB");
for (const shop of selected) {
  const shopDir = join(dist, shop);
  const tracking = onDemandChunks(shopDir).find((chunk) => chunk.name === "tracking");
  const defaults = consentDefaultsGzip(shopDir);
  const kb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? "-" : (bytes / 1024).toFixed(1));
  console.log(
    `${shop.padEnd(7)} ${kb(defaults).padStart(11)} ${kb(tracking?.gzip).padStart(18)} ${kb(container).padStart(13)} ${(container === null ? "+ container" : `+${kb((tracking?.gzip ?? 0) + container)}`).padStart(18)}`,
  );
}

if (failed) {
  const budgets = Object.entries(PAGE_BUDGETS).map(([type, budget]) => `${type} ${budget.inclusive ? "at most" : "under"} ${budget.kb} KB`);
  console.error(`\nA page type loads more JavaScript (gzip) than its budget: ${budgets.join(", ")}.`);
  process.exit(1);
}
