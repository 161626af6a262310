import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./lib/shops";

/**
 * The local worker's reload check (check-config-cached.mjs): the real check runs when what it reads
 * changed, and only then; a failing check always fails and leaves no stamp.
 */
describe("check-config-cached.mjs", () => {
  let root: string;
  const script = join(ROOT, "scripts", "check-config-cached.mjs");
  /** A check command that counts its runs in runs.txt and exits with the code in exit.txt. */
  const check = [
    process.execPath,
    "-e",
    "const fs = require('fs'); fs.appendFileSync('runs.txt', 'x'); process.exit(Number(fs.readFileSync('exit.txt', 'utf8')))",
  ];
  const run = () => spawnSync(process.execPath, [script, ".wrangler/config-check/8797", ...check], { cwd: root, encoding: "utf8" });
  const runs = () => (existsSync(join(root, "runs.txt")) ? readFileSync(join(root, "runs.txt"), "utf8").length : 0);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "config-check-"));
    mkdirSync(join(root, "config"));
    mkdirSync(join(root, "config"), { recursive: true });
    writeFileSync(join(root, "config", "shops.json"), '{"shops":[]}');
    writeFileSync(join(root, "config", "shop-config.ts"), "export {};");
    writeFileSync(join(root, "wrangler.jsonc"), '{ "name": "x" }');
    writeFileSync(join(root, "exit.txt"), "0");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("runs the check once, skips it while nothing changed, runs it again after an edit of the config, the validator or .dev.vars", () => {
    expect(run().status).toBe(0);
    expect(runs()).toBe(1);
    const skipped = run();
    expect(skipped.status).toBe(0);
    expect(skipped.stdout).toContain("unchanged since its last check");
    expect(runs()).toBe(1);

    writeFileSync(join(root, "config", "shops.json"), '{"shops":[1]}');
    expect(run().status).toBe(0);
    expect(runs()).toBe(2);

    // Same size, only the modification time differs.
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "config", "shop-config.ts"), later, later);
    run();
    expect(runs()).toBe(3);

    writeFileSync(join(root, ".dev.vars"), "GRAPHQL_TOKEN=short\n");
    run();
    expect(runs()).toBe(4);
    run();
    expect(runs()).toBe(4);
  });

  test("a failing check fails the reload every time (no stamp), until the config passes again", () => {
    writeFileSync(join(root, "exit.txt"), "1");
    expect(run().status).toBe(1);
    expect(run().status).toBe(1);
    expect(runs()).toBe(2);
    writeFileSync(join(root, "exit.txt"), "0");
    expect(run().status).toBe(0);
    expect(run().status).toBe(0);
    expect(runs()).toBe(3);
  });

  test("a damaged stamp runs the check; a missing command is a usage error", () => {
    mkdirSync(join(root, ".wrangler", "config-check"), { recursive: true });
    writeFileSync(join(root, ".wrangler", "config-check", "8797"), "not a fingerprint\n");
    expect(run().status).toBe(0);
    expect(runs()).toBe(1);
    const usage = spawnSync(process.execPath, [script, ".wrangler/config-check/8797"], { cwd: root, encoding: "utf8" });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage:");
  });
});
