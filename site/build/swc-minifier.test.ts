import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import TerserPlugin from "terser-webpack-plugin";
import webpack from "webpack";
import { minifyWithSwc } from "./swc-minifier";

const CSS_MINIMIZER = { apply: () => undefined };

/** Gatsby's minimizers as its production browser bundle has them: Terser, then the CSS minimizer. */
const gatsbyConfig = () => ({ optimization: { minimizer: [new TerserPlugin({ terserOptions: { mangle: { safari10: true } } }), CSS_MINIMIZER] as unknown[] } });

describe("the browser bundle's minifier", () => {
  test("replaces Gatsby's Terser by the same plugin running SWC and leaves the CSS minimizer", () => {
    const config = gatsbyConfig();
    minifyWithSwc(config);
    expect(config.optimization.minimizer).toHaveLength(2);
    expect(config.optimization.minimizer[0]).toBeInstanceOf(TerserPlugin);
    expect((config.optimization.minimizer[0] as { options: { minimizer: { implementation: unknown } } }).options.minimizer.implementation).toBe(
      TerserPlugin.swcMinify,
    );
    expect(config.optimization.minimizer[1]).toBe(CSS_MINIMIZER);
  });

  test("fails loudly when Gatsby's bundle no longer has a Terser minimizer", () => {
    expect(() => minifyWithSwc({ optimization: { minimizer: [CSS_MINIMIZER] } })).toThrow(/Terser/);
    expect(() => minifyWithSwc({})).toThrow(/Terser/);
  });

  test("a webpack build with it minifies: names mangled, comments and dead code gone, behaviour kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "swc-minifier-"));
    try {
      writeFileSync(
        join(dir, "entry.js"),
        `// a comment nobody downloads
        function addTheTaxToTheAmount(amountInCents, taxRatePercent) {
          const theTaxInCents = Math.round((amountInCents * taxRatePercent) / 100);
          if (false) console.log("never");
          return amountInCents + theTaxInCents;
        }
        globalThis.result = addTheTaxToTheAmount(1000, 19);`,
      );
      const config = gatsbyConfig();
      minifyWithSwc(config);
      const stats = await new Promise<webpack.Stats>((resolve, reject) =>
        webpack(
          {
            mode: "production",
            context: dir,
            entry: "./entry.js",
            output: { path: dir, filename: "out.js" },
            optimization: { minimize: true, minimizer: config.optimization.minimizer as webpack.WebpackPluginInstance[] },
          },
          (error, result) => (error || !result ? reject(error ?? new Error("no stats")) : resolve(result)),
        ),
      );
      expect(stats.hasErrors()).toBe(false);
      const out = readFileSync(join(dir, "out.js"), "utf8");
      expect(out).not.toMatch(/theTaxInCents|a comment|never/);
      const sandbox: { result?: number } = {};
      new Function("globalThis", out)(sandbox);
      expect(sandbox.result).toBe(1190);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
