import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync, spawn } from "node:child_process";
import { outputFolder, processGroupRssKb } from "./build-shop";

describe("a build's memory", () => {
  test("is the resident memory of every process of the build's group, as ps counts it, and of no other", async () => {
    // A group of three: the shell leading it and its two children.
    const group = spawn("sh", ["-c", "sleep 30 & sleep 30 & wait"], { detached: true, stdio: "ignore" });
    try {
      const pid = group.pid!;
      const members = () =>
        execFileSync("ps", ["-o", "pid=", "-g", String(pid)], { encoding: "utf8" })
          .trim()
          .split(/\s+/).length;
      for (let i = 0; i < 100 && members() < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const byPs = execFileSync("ps", ["-o", "rss=", "-g", String(pid)], { encoding: "utf8" })
        .split("\n")
        .reduce((sum, line) => sum + (Number(line.trim()) || 0), 0);
      expect(members()).toBe(3);
      expect(processGroupRssKb(pid)).toBe(byPs);
      // This process's own memory is not the group's.
      expect(processGroupRssKb(pid)).toBeLessThan(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync("/proc/self/status", "utf8"))![1]));
      expect(processGroupRssKb(undefined)).toBe(0);
    } finally {
      process.kill(-group.pid!, "SIGKILL");
    }
  });
});

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
