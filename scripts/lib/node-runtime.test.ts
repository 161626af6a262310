import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { enginesNode, nodeRuntimeProblem } from "./node-runtime";
import { ROOT } from "./shops";

const packageJson = readFileSync(join(ROOT, "package.json"), "utf8");
const engines = enginesNode(packageJson);

describe("the project's Node", () => {
  it("accepts a Node of the engines' major that is not older than the range", () => {
    expect(nodeRuntimeProblem("24.11.0", "^24.11.0")).toBeUndefined();
    expect(nodeRuntimeProblem("v24.21.0", "^24.11.0")).toBeUndefined();
    expect(nodeRuntimeProblem("24.12.0-nightly20261101", "^24.11.0")).toBeUndefined();
  });

  it("refuses an older or another major, or no version at all, and names how to run it", () => {
    for (const version of ["20.20.2", "22.22.0", "24.10.9", "26.0.0", "24", "abc", "", "124.11.0"]) {
      const problem = nodeRuntimeProblem(version, "^24.11.0");
      expect(problem).toContain("needs Node ^24.11.0");
      expect(problem).toContain("npm ci");
      expect(problem).toContain("npm test");
    }
  });

  it("reads engines.node as a caret range and refuses anything else", () => {
    expect(engines).toMatch(/^\^\d+\.\d+\.\d+$/);
    for (const bad of ["{}", '{"engines":{}}', '{"engines":{"node":">=20.19"}}', '{"engines":{"node":"^24"}}', '{"engines":{"node":24}}']) {
      expect(() => enginesNode(bad)).toThrow("engines.node must be a caret range");
    }
  });

  it("is what npm installs: the node package, .nvmrc and the Node running this test and the scripts' children", () => {
    const installed = (JSON.parse(readFileSync(join(ROOT, "node_modules", "node", "package.json"), "utf8")) as { version: string }).version;
    expect(nodeRuntimeProblem(installed, engines)).toBeUndefined();
    expect(readFileSync(join(ROOT, ".nvmrc"), "utf8").trim()).toBe(engines.slice(1).split(".")[0]);
    expect(nodeRuntimeProblem(process.versions.node, engines)).toBeUndefined();
    // The scripts start tsx (and through it gatsby, wrangler, jest) by their shebang, which finds node on PATH.
    const child = execFileSync(join(ROOT, "node_modules", ".bin", "tsx"), ["-e", "process.stdout.write(process.versions.node)"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(child).toBe(installed);
  });
});
