/**
 * The browser bundle is minified by SWC instead of Terser (both through Gatsby's
 * terser-webpack-plugin): Terser took about 12 s of CPU of a shop's cold build of about 70 s,
 * SWC does the same work in a fraction of it, with output within about 1 % of Terser's size
 * (`npm run bench:pages` keeps every page's first-load budget). The options are Gatsby's own:
 * ES5 output and Safari 10's mangling rule, no `.min.js` file minified twice.
 */
import TerserPlugin from "terser-webpack-plugin";

interface MinimizerConfig {
  optimization?: { minimizer?: unknown[] };
}

/** Replaces Gatsby's Terser minimizer of the browser bundle by the same plugin running SWC (in place). */
export function minifyWithSwc(config: MinimizerConfig): void {
  const minimizers = config.optimization?.minimizer;
  const index = minimizers?.findIndex((plugin) => plugin instanceof TerserPlugin) ?? -1;
  if (!minimizers || index < 0) throw new Error("Gatsby's browser bundle has no Terser minimizer to replace");
  minimizers[index] = new TerserPlugin({
    exclude: /\.min\.js/,
    minify: TerserPlugin.swcMinify,
    terserOptions: { compress: { ecma: 5 }, mangle: { safari10: true }, format: { ecma: 5 } },
  });
}
