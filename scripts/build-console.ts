/**
 * Builds the back-office console (console/src, React 18) with esbuild into
 * <dist>/_console/: index.html plus hashed, immutable files under assets/. The page has no
 * inline script or style, so the edge's strict console CSP (script-src 'self') holds.
 * The edge serves it on the back-office host only (worker/edge/back-office.ts).
 *
 *   npm run build:console [-- --out dist] [--dev]
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { t } from "@console/texts";
import { ROOT } from "./lib/shops";

export const CONSOLE_DIR = "_console";

export interface ConsoleBuild {
  dir: string;
  script: string;
  style: string | null;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Builds the console into `<distRoot>/_console/` (replacing what was there). */
export async function buildConsole(distRoot: string, { dev = false } = {}): Promise<ConsoleBuild> {
  const dir = join(distRoot, CONSOLE_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "assets"), { recursive: true });
  const result = await build({
    entryPoints: [join(ROOT, "console", "src", "main.tsx")],
    outdir: join(dir, "assets"),
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    bundle: true,
    format: "esm",
    splitting: false,
    minify: !dev,
    sourcemap: dev ? "linked" : false,
    target: ["es2022"],
    jsx: "automatic",
    loader: { ".json": "json" },
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => relative(join(dir), join(process.cwd(), file)));
  const script = outputs.find((file) => file.endsWith(".js"));
  const style = outputs.find((file) => file.endsWith(".css")) ?? null;
  if (!script) throw new Error("esbuild wrote no script for the console");
  const href = (file: string) => `/${file.split("\\").join("/")}`;
  writeFileSync(
    join(dir, "index.html"),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>${escapeHtml(t("title"))}</title>
${style ? `    <link rel="stylesheet" href="${href(style)}" />\n` : ""}    <script type="module" src="${href(script)}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`,
  );
  return { dir, script: basename(script), style: style ? basename(style) : null };
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string", default: join(ROOT, "dist") }, dev: { type: "boolean", default: false } } });
  const built = await buildConsole(values.out, { dev: values.dev });
  console.log(`Console built into ${relative(ROOT, built.dir) || built.dir} (${built.script}${built.style ? `, ${built.style}` : ""})`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
