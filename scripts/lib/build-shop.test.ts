import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outputFolder } from "./build-shop";

describe("a workspace's output folder", () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), "workspace-"))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("is beside the workspace, linked as its public/, so a walk of the workspace that follows no links does not enter it", () => {
    const workspace = join(root, "DE");
    mkdirSync(workspace);
    const output = outputFolder(workspace);
    expect(output).toBe(join(root, "DE.public"));
    expect(lstatSync(join(workspace, "public")).isSymbolicLink()).toBe(true);
    writeFileSync(join(workspace, "public", "index.html"), "home");
    expect(readFileSync(join(output, "index.html"), "utf8")).toBe("home");
    // Asked again (the next build), it stays as it is.
    expect(outputFolder(workspace)).toBe(output);
    expect(readFileSync(join(output, "index.html"), "utf8")).toBe("home");
  });

  test("a workspace whose output is a folder of its own keeps the build in it: the folder is moved out, not emptied", () => {
    const workspace = join(root, "DE");
    mkdirSync(join(workspace, "public", "page-data"), { recursive: true });
    writeFileSync(join(workspace, "public", "page-data", "app-data.json"), "{}");
    const output = outputFolder(workspace);
    expect(readFileSync(join(output, "page-data", "app-data.json"), "utf8")).toBe("{}");
    expect(realpathSync(join(workspace, "public"))).toBe(realpathSync(output));
  });

  test("a link elsewhere is replaced by the link to the output", () => {
    const workspace = join(root, "DE");
    mkdirSync(join(root, "elsewhere"), { recursive: true });
    mkdirSync(workspace);
    const output = outputFolder(workspace);
    rmSync(join(workspace, "public"));
    symlinkSync(join(root, "elsewhere"), join(workspace, "public"));
    expect(outputFolder(workspace)).toBe(output);
    expect(realpathSync(join(workspace, "public"))).toBe(realpathSync(output));
    expect(existsSync(join(root, "elsewhere"))).toBe(true);
  });
});
