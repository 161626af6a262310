/**
 * Builds the back-office console (console/src, React 18) with esbuild into
 * <dist>/_console/: index.html plus hashed, immutable files under assets/. The page has no
 * inline script or style, so the edge's strict console CSP (script-src 'self') holds.
 * The edge serves it on the back-office host only (worker/edge/back-office.ts).
 *
 *   npm run build:console [-- --out dist] [--dev]   (options: --help)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { build } from "esbuild";
import { t } from "@console/texts";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
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

const COMMAND = {
  command: "npm run build:console --",
  summary: "Builds the back-office console into <out>/_console/.",
  options: {
    out: { type: "string", default: "dist", value: "dir", description: "the dist folder the console is built into" },
    dev: { type: "boolean", description: "an unminified build with source maps" },
  },
  examples: ["npm run build:console", "npm run build:console -- --out .e2e/dist --dev"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  const { values } = runCommandLine(COMMAND);
  const built = await buildConsole(resolve(values.out), { dev: values.dev });
  console.log(`Console built into ${relative(ROOT, built.dir) || built.dir} (${built.script}${built.style ? `, ${built.style}` : ""})`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
