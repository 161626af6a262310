import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The code a shop's Gatsby build runs in Node (gatsby-config.ts, gatsby-node.ts and every
 * project file they import, followed through relative imports and the path aliases of
 * tsconfig.base.json) and the lockfile (the packages
 * they import), as one hash. Each shop's workspace re-exports the project's gatsby files
 * (build-shop.ts); Gatsby deletes its cache when those files change, and Parcel, which
 * compiles them, notices changes inside the workspace only. The workspace's files therefore
 * name this hash: changed build code makes the next build of every shop a cold one (its
 * nodes and page data were made by the old code), unchanged code keeps the caches.
 */
const EXTENSIONS = ["", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", "/index.ts", "/index.tsx", "/index.js"];
/** Module specifiers of static imports and exports, dynamic imports and requires. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** Path aliases: the specifier's prefix (`@domain/`) and the folder it stands for. */
export type PathAliases = ReadonlyMap<string, string>;

/** The path aliases of `<root>/tsconfig.base.json` (`"@domain/*": ["./domain/*"]`); none when it has none. */
export function pathAliases(root: string): PathAliases {
  const file = join(root, "tsconfig.base.json");
  if (!existsSync(file)) return new Map();
  const paths = (JSON.parse(readFileSync(file, "utf8")) as { compilerOptions?: { paths?: Record<string, string[]> } }).compilerOptions?.paths ?? {};
  return new Map(Object.entries(paths).map(([alias, [target]]) => [alias.replace(/\*$/, ""), join(root, (target ?? "").replace(/\*$/, ""))]));
}

/** The path a specifier names: relative to the importing file, or under an alias's folder; null for a package. */
function specifierPath(file: string, specifier: string, aliases: PathAliases): string | null {
  if (/^\.{1,2}\//.test(specifier)) return resolve(dirname(file), specifier);
  for (const [prefix, folder] of aliases) if (specifier.startsWith(prefix)) return join(folder, specifier.slice(prefix.length));
  return null;
}

/** The project files a module imports, by relative or aliased specifiers; a specifier that names no file is left out. */
export function projectImports(file: string, text: string, aliases: PathAliases = new Map()): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const base = specifierPath(file, match[1]!, aliases);
    if (base === null) continue;
    const target = EXTENSIONS.map((extension) => base + extension).find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (target) found.push(target);
  }
  return found;
}

/** Every project file reachable from the entries through relative and aliased imports, sorted. */
export function importClosure(entries: readonly string[], aliases: PathAliases = new Map()): string[] {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith(".json")) continue;
    pending.push(...projectImports(file, readFileSync(file, "utf8"), aliases));
  }
  return [...seen].sort();
}

/** The hash of the build code under `root`: the import closure of its gatsby files, with their paths, and the lockfile. */
export function buildCodeHash(root: string): string {
  const hash = createHash("sha256");
  const entries = ["gatsby-config.ts", "gatsby-node.ts"].map((name) => join(root, name));
  const files = [...importClosure(entries, pathAliases(root)), join(root, "package-lock.json")];
  for (const file of files) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}
