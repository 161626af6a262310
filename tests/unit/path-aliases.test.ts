import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * The path aliases (docs/decisions/0021): one table, `paths` in tsconfig.base.json. Parcel, which compiles
 * gatsby-config.ts and gatsby-node.ts, reads the `alias` of the nearest package.json instead: the project's
 * and site/'s (a local Gatsby plugin with a package.json of its own) must name the same folders.
 */
const ROOT = join(__dirname, "..", "..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(join(ROOT, file), "utf8")) as T;
const paths = readJson<{ compilerOptions: { paths: Record<string, string[]> } }>("tsconfig.base.json").compilerOptions.paths;

/** The folder (relative to the project) each alias of a package.json stands for. */
function packageAliases(file: string): Record<string, string> {
  const { alias = {} } = readJson<{ alias?: Record<string, string> }>(file);
  const folder = join(ROOT, file, "..");
  return Object.fromEntries(Object.entries(alias).map(([name, target]) => [name, relative(ROOT, join(folder, target.replace("$1", "")))]));
}

const tsconfigAliases = Object.fromEntries(Object.entries(paths).map(([name, [target]]) => [name, relative(ROOT, join(ROOT, target!.replace("*", "")))]));

describe("path aliases", () => {
  it("each is a one-folder wildcard (`@name/*` -> `./folder/*`)", () => {
    expect(Object.keys(paths).length).toBeGreaterThan(0);
    for (const [name, targets] of Object.entries(paths)) {
      expect(name).toMatch(/^@[a-z-]+\/\*$/);
      expect(targets).toHaveLength(1);
      expect(targets[0]).toMatch(/^\.\/[a-z/-]+\/\*$/);
    }
  });

  it("name no npm package or scope that is installed", () => {
    for (const name of Object.keys(paths)) expect(existsSync(join(ROOT, "node_modules", name.replace("/*", "")))).toBe(false);
  });

  it.each(["package.json", "site/package.json"])("%s gives Parcel the same aliases as tsconfig.base.json", (file) => {
    expect(packageAliases(file)).toEqual(tsconfigAliases);
  });

  it("Jest maps them to the same folders, and the packages it loads once per process to their shared copies", async () => {
    const { moduleNameMapper } = (await import(join(ROOT, "jest.config.js"))) as { moduleNameMapper: Record<string, string> };
    const SHARED = "<rootDir>/tests/kit/shared-modules/";
    const [shared, aliases] = [true, false].map((isShared) =>
      Object.entries(moduleNameMapper).filter(([, target]) => target.startsWith(SHARED) === isShared),
    ) as [[string, string][], [string, string][]];
    for (const [pattern, target] of shared) {
      const name = pattern.replace(/^\^(.+)\$$/, "$1");
      expect(target).toBe(`${SHARED}${name}.ts`);
      expect(existsSync(join(ROOT, target.replace("<rootDir>/", "")))).toBe(true);
      expect(existsSync(join(ROOT, "node_modules", name, "package.json"))).toBe(true);
    }
    expect(shared.map(([pattern]) => pattern)).toContain("^jsdom$");
    const mapped = Object.fromEntries(
      aliases.map(([pattern, target]) => [pattern.replace(/^\^/, "").replace("(.*)$", "*"), target.replace("<rootDir>/", "").replace("/$1", "")]),
    );
    expect(mapped).toEqual(tsconfigAliases);
  });
});
