import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * React for the static render (docs/decisions/0060). The browser bundle runs on Preact
 * (gatsby-plugin-preact aliases react and react-dom to preact/compat in every stage), but the
 * HTML renderer stays on React: Gatsby renders pages with react-dom/server's streaming render,
 * which waits for the parts that load when idle (site/src/lib/lazy.ts) so their HTML is in the
 * page; Preact's string renderer has neither. These aliases point the renderer's stages back
 * at the project's React packages, the way Gatsby resolves them without the plugin.
 */
export const STATIC_RENDER_STAGES: ReadonlySet<string> = new Set(["build-html", "develop-html"]);

const PACKAGES = ["react", "react-dom"] as const;
/** The plugin's aliases of React's entry points that the package aliases above do not replace. */
const ENTRY_POINTS = ["react/jsx-runtime", "react-dom/test-utils"] as const;

/** The aliases, resolved from the project's folder. */
export function reactForTheStaticRender(project: string): Record<string, string> {
  const require = createRequire(join(project, "package.json"));
  const root = (name: string) => dirname(require.resolve(`${name}/package.json`));
  return Object.fromEntries([...PACKAGES.map((name) => [name, root(name)]), ...ENTRY_POINTS.map((entry) => [entry, require.resolve(entry)])]);
}
