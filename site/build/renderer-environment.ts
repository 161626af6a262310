import type { WebpackPluginInstance } from "webpack";

/**
 * The environment the HTML renderer is built with (docs/decisions/0034).
 *
 * For its Node bundle (stage build-html) Gatsby defines every variable of the build process's
 * environment (`process.env.X` for each X), not only GATSBY_* as for the browser. Webpack hashes
 * those definitions into the renderer's chunks, and Gatsby renders the HTML of every page again
 * when the renderer's chunk hashes differ: so a build started with another environment (the
 * builder after `npm start`, a full sync's CATALOGUE_FULL_SYNC, another npm script) re-rendered
 * every page and recompiled the renderer (430 pages, +6 s for the demo DE shop). The pages read
 * GATSBY_* only (site/src); these, and what Gatsby defines itself, are kept.
 */
const GATSBY_OWN = new Set(["NODE_ENV", "PUBLIC_DIR", "BUILD_STAGE", "CYPRESS_SUPPORT"]);

export function keptInRenderer(variable: string): boolean {
  return variable.startsWith("GATSBY_") || GATSBY_OWN.has(variable);
}

/** Drops the other variables from the DefinePlugin of Gatsby's renderer config (in place). */
export function limitRendererEnvironment(plugins: readonly unknown[]): void {
  for (const plugin of plugins) {
    if ((plugin as WebpackPluginInstance | null)?.constructor?.name !== "DefinePlugin") continue;
    const definitions = (plugin as { definitions: Record<string, unknown> }).definitions;
    for (const key of Object.keys(definitions)) {
      const variable = /^process\.env\.(.+)$/.exec(key)?.[1];
      if (variable !== undefined && !keptInRenderer(variable)) delete definitions[key];
    }
  }
}
