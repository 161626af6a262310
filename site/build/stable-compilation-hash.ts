import { createHash } from "node:crypto";
import type { Compilation, Compiler, WebpackPluginInstance } from "webpack";

/**
 * Makes the browser bundle's compilation hash a hash of what it emits (docs/decisions/0034).
 *
 * Gatsby writes webpack's compilation hash (`stats.hash`) into every page's HTML and page-data
 * and into app-data.json; the browser reloads a page whose hash differs from the live one. After
 * a cold build, the next build restored from webpack's persistent cache gets another compilation
 * hash for byte-identical bundles (gatsbyjs/gatsby#33450), so Gatsby rewrites the hash in every
 * page and the first catalogue change after a cold build publishes the whole shop (403 of 403
 * pages of the demo DE shop instead of 10). Here the hash is taken from the emitted assets'
 * names and bytes instead, after the last processing step: the same bundles give the same hash,
 * changed code another. Nothing emitted reads the replaced value: it is set once all is written.
 */
export class StableCompilationHash implements WebpackPluginInstance {
  apply(compiler: Compiler): void {
    const name = StableCompilationHash.name;
    const stages = compiler.webpack.Compilation;
    const hashes = new WeakMap<Compilation, string>();
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: stages.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const hash = createHash("sha256");
        for (const asset of [...compilation.getAssets()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
          hash.update(`${asset.name}\0`);
          hash.update(asset.source.buffer());
          hash.update("\0");
        }
        hashes.set(compilation, hash.digest("hex").slice(0, compilation.outputOptions.hashDigestLength ?? 20));
      });
    });
    // Before `done`, where Gatsby reads it (app-data.json, the scripts slice stitched into every page).
    compiler.hooks.afterEmit.tap(name, (compilation) => {
      const hash = hashes.get(compilation);
      if (hash) compilation.hash = hash;
    });
  }
}
