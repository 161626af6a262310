import { realpathSync } from "node:fs";
import path from "node:path";

/**
 * A file of site/src (a page template) by its real path. A shop's workspace links the project's
 * site/ (scripts/lib/build-shop.ts), and Gatsby extracts the queries of site/ as a local plugin
 * under its real path (gatsby-config.ts): a template named through the link was parsed a second
 * time under the real path, and that copy's query was reported as "in a non-page component" on
 * every build, once for each template.
 */
export function siteSource(...segments: string[]): string {
  return path.join(realpathSync(path.resolve("site", "src")), ...segments);
}
