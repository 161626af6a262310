import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCodeHash, importClosure, pathAliases } from "./build-code";

describe("the build code's hash: the import closure of the gatsby files and the lockfile", () => {
  let root: string;
  const write = (name: string, text: string) => writeFileSync(join(root, name), text);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "build-code-"));
    mkdirSync(join(root, "site", "sourcing"), { recursive: true });
    mkdirSync(join(root, "domain"), { recursive: true });
    write(
      "gatsby-config.ts",
      'import type { GatsbyConfig } from "gatsby";\nimport { shop } from "./site/sourcing/shop";\nexport default { siteMetadata: shop };\n',
    );
    write("gatsby-node.ts", 'export { pages } from "./site/sourcing/pages";\nconst late = () => import("./domain/late");\n');
    write("site/sourcing/shop.ts", 'import config from "../../domain/config.json";\nexport const shop = config;\n');
    write("site/sourcing/pages.ts", 'import type { Money } from "../../domain/money";\nimport "./side-effect";\nexport const pages = 1;\n');
    write("site/sourcing/side-effect.ts", "export {};\n");
    write("domain/config.json", '{ "id": "DE" }\n');
    write("domain/money.ts", "export type Money = number;\n");
    write("domain/late.ts", "export const late = 1;\n");
    write("domain/unrelated.ts", "export const unrelated = 1;\n");
    write("package-lock.json", "{}\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("follows static, type-only, side-effect and dynamic imports to files, JSON included", () => {
    const closure = importClosure([join(root, "gatsby-config.ts"), join(root, "gatsby-node.ts")]).map((file) => file.slice(root.length + 1));
    expect(closure).toEqual([
      "domain/config.json",
      "domain/late.ts",
      "domain/money.ts",
      "gatsby-config.ts",
      "gatsby-node.ts",
      "site/sourcing/pages.ts",
      "site/sourcing/shop.ts",
      "site/sourcing/side-effect.ts",
    ]);
  });

  it("changes when an imported file or the lockfile changes, not when another file does", () => {
    const before = buildCodeHash(root);
    write("domain/unrelated.ts", "export const unrelated = 2;\n");
    expect(buildCodeHash(root)).toBe(before);
    write("domain/config.json", '{ "id": "AT" }\n');
    const configChanged = buildCodeHash(root);
    expect(configChanged).not.toBe(before);
    write("package-lock.json", '{ "lockfileVersion": 3 }\n');
    expect(buildCodeHash(root)).not.toBe(configChanged);
  });

  it("follows the path aliases of tsconfig.base.json, not packages that look alike", () => {
    write("tsconfig.base.json", JSON.stringify({ compilerOptions: { paths: { "@domain/*": ["./domain/*"] } } }));
    write(
      "site/sourcing/pages.ts",
      'import { late } from "@domain/late";\nimport { x } from "@domainx/unrelated";\nimport "@scope/domain/unrelated";\nexport const pages = late;\n',
    );
    const closure = importClosure([join(root, "gatsby-node.ts")], pathAliases(root)).map((file) => file.slice(root.length + 1));
    expect(closure).toEqual(["domain/late.ts", "gatsby-node.ts", "site/sourcing/pages.ts"]);
    const before = buildCodeHash(root);
    write("domain/late.ts", "export const late = 2;\n");
    expect(buildCodeHash(root)).not.toBe(before);
  });

  it("without tsconfig.base.json there are no aliases", () => {
    expect(pathAliases(root).size).toBe(0);
  });

  it("the project's own build code has a hash", () => {
    expect(buildCodeHash(join(__dirname, "..", ".."))).toMatch(/^[0-9a-f]{16}$/);
  });
});
