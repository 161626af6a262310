import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadShopConfig, ROOT } from "./shops";
import { rateLimitBindingProblems, readWranglerRateLimits } from "./rate-limit-bindings";

const WRANGLER_TOML = readFileSync(join(ROOT, "wrangler.toml"), "utf8");

describe("wrangler.toml's [[ratelimits]] agree with rateLimits.perIp of the shop config", () => {
  const config = loadShopConfig();
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "rate-limit-bindings-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the committed wrangler.toml with `change` applied, as a file wrangler can read. */
  function wranglerWith(change: (toml: string) => string): string {
    const path = join(dir, `wrangler-${Math.random().toString(36).slice(2)}.toml`);
    const changed = change(WRANGLER_TOML);
    expect(changed).not.toBe(WRANGLER_TOML);
    writeFileSync(path, changed);
    return path;
  }

  test("the committed files agree", async () => {
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(join(ROOT, "wrangler.toml")))).toEqual([]);
  });

  test("a different limit is refused, naming the config field and the binding", async () => {
    const path = wranglerWith((toml) => toml.replace('namespace_id = "1001"\nsimple = { limit = 60,', 'namespace_id = "1001"\nsimple = { limit = 100,'));
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.write.limit: 60 in the shop config, but 100 in wrangler.toml [[ratelimits]] RATE_LIMIT_WRITE",
    ]);
  });

  test("a different period is refused", async () => {
    const path = wranglerWith((toml) => toml.replace("simple = { limit = 300, period = 60 }", "simple = { limit = 300, period = 10 }"));
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.search.period: 60 in the shop config, but 10 in wrangler.toml [[ratelimits]] RATE_LIMIT_SEARCH",
    ]);
  });

  test("a missing binding is refused", async () => {
    const path = wranglerWith((toml) => toml.replace('name = "RATE_LIMIT_GRAPHQL"', 'name = "RATE_LIMIT_OTHER"'));
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.graphql: wrangler.toml needs exactly one [[ratelimits]] named RATE_LIMIT_GRAPHQL (found 0)",
    ]);
  });

  test("a named environment without the bindings is refused (wrangler does not inherit [[ratelimits]])", async () => {
    const path = wranglerWith((toml) => `${toml}\n[env.staging]\nname = "bodenhaus-staging"\n`);
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.write: wrangler.toml [env.staging] needs exactly one [[ratelimits]] named RATE_LIMIT_WRITE (found 0)",
      "rateLimits.perIp.search: wrangler.toml [env.staging] needs exactly one [[ratelimits]] named RATE_LIMIT_SEARCH (found 0)",
      "rateLimits.perIp.graphql: wrangler.toml [env.staging] needs exactly one [[ratelimits]] named RATE_LIMIT_GRAPHQL (found 0)",
      "rateLimits.perIp.staff: wrangler.toml [env.staging] needs exactly one [[ratelimits]] named RATE_LIMIT_STAFF (found 0)",
    ]);
  });

  test("`npm run config:check` (wrangler's [build] step) exits 1 and names the field", () => {
    const path = wranglerWith((toml) => toml.replace("simple = { limit = 600, period = 60 }", "simple = { limit = 6000, period = 60 }"));
    const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [join(ROOT, "scripts", "check-config.ts"), "--quiet", "--wrangler", path], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("rateLimits.perIp.graphql.limit: 600 in the shop config, but 6000 in wrangler.toml [[ratelimits]] RATE_LIMIT_GRAPHQL");
  });
});
