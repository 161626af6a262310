import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { STATIC_RENDER_STAGES, reactForTheStaticRender } from "./react-for-static-render";

const PROJECT = resolve(__dirname, "..", "..");
const versionAt = (folder: string) => (JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { name: string; version: string }).version;

describe("React for the static render, Preact for the browser", () => {
  test("only the HTML renderer's stages get React back: the browser's stages keep Preact", () => {
    expect([...STATIC_RENDER_STAGES].sort()).toEqual(["build-html", "develop-html"]);
    for (const browserStage of ["build-javascript", "develop"]) expect(STATIC_RENDER_STAGES.has(browserStage)).toBe(false);
  });

  test("react, react-dom and their entry points resolve to the project's React packages, not to Preact", () => {
    const aliases = reactForTheStaticRender(PROJECT);
    expect(Object.keys(aliases).sort()).toEqual(["react", "react-dom", "react-dom/test-utils", "react/jsx-runtime"]);
    for (const target of Object.values(aliases)) {
      expect(target.startsWith(join(PROJECT, "node_modules", "react"))).toBe(true);
      expect(relative(PROJECT, target)).not.toMatch(/preact/);
    }
    expect(versionAt(aliases.react!)).toMatch(/^18\./);
    expect(versionAt(aliases["react-dom"]!)).toMatch(/^18\./);
  });

  test("a folder without React cannot be given it", () => {
    expect(() => reactForTheStaticRender("/")).toThrow();
  });
});
