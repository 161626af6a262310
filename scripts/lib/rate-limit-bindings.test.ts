import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadShopConfig, ROOT } from "./shops";
import { WRANGLER_CONFIG } from "./wrangler-config";
import { rateLimitBindingProblems, readWranglerRateLimits } from "./rate-limit-bindings";

const WRANGLER_JSONC = readFileSync(WRANGLER_CONFIG, "utf8");

describe("wrangler.jsonc's ratelimits agree with rateLimits.perIp of the shop config", () => {
  const config = loadShopConfig();
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "rate-limit-bindings-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the committed wrangler.jsonc with `change` applied, as a file wrangler can read. */
  function wranglerWith(change: (jsonc: string) => string): string {
    const path = join(dir, `wrangler-${Math.random().toString(36).slice(2)}.jsonc`);
    const changed = change(WRANGLER_JSONC);
    expect(changed).not.toBe(WRANGLER_JSONC);
    writeFileSync(path, changed);
    return path;
  }

  test("the committed files agree", async () => {
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(WRANGLER_CONFIG))).toEqual([]);
  });

  test("a different limit is refused, naming the config field and the binding", async () => {
    const path = wranglerWith((jsonc) =>
      jsonc.replace('"namespace_id": "1001", "simple": { "limit": 60,', '"namespace_id": "1001", "simple": { "limit": 100,'),
    );
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.write.limit: 60 in the shop config, but 100 in wrangler.jsonc ratelimits RATE_LIMIT_WRITE",
    ]);
  });

  test("a different period is refused", async () => {
    const path = wranglerWith((jsonc) =>
      jsonc.replace('"namespace_id": "1002", "simple": { "limit": 300, "period": 60 }', '"namespace_id": "1002", "simple": { "limit": 300, "period": 10 }'),
    );
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.search.period: 60 in the shop config, but 10 in wrangler.jsonc ratelimits RATE_LIMIT_SEARCH",
    ]);
  });

  test("a missing binding is refused", async () => {
    const path = wranglerWith((jsonc) =>
      jsonc.replace('"name": "RATE_LIMIT_GRAPHQL", "namespace_id": "1003"', '"name": "RATE_LIMIT_OTHER", "namespace_id": "1003"'),
    );
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.graphql: wrangler.jsonc needs exactly one ratelimits binding named RATE_LIMIT_GRAPHQL (found 0)",
    ]);
  });

  test("a named environment without the bindings is refused (wrangler does not inherit ratelimits)", async () => {
    const path = wranglerWith((jsonc) => jsonc.replace('"env": {', '"env": {\n    "review": { "name": "bodenhaus-review" },'));
    expect(rateLimitBindingProblems(config, await readWranglerRateLimits(path))).toEqual([
      "rateLimits.perIp.write: wrangler.jsonc env.review needs exactly one ratelimits binding named RATE_LIMIT_WRITE (found 0)",
      "rateLimits.perIp.search: wrangler.jsonc env.review needs exactly one ratelimits binding named RATE_LIMIT_SEARCH (found 0)",
      "rateLimits.perIp.graphql: wrangler.jsonc env.review needs exactly one ratelimits binding named RATE_LIMIT_GRAPHQL (found 0)",
      "rateLimits.perIp.staff: wrangler.jsonc env.review needs exactly one ratelimits binding named RATE_LIMIT_STAFF (found 0)",
    ]);
  });

  test("`npm run config:check` (wrangler's build step) exits 1 and names the field", () => {
    const path = wranglerWith((jsonc) =>
      jsonc.replace('"namespace_id": "1003", "simple": { "limit": 600,', '"namespace_id": "1003", "simple": { "limit": 6000,'),
    );
    const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [join(ROOT, "scripts", "check-config.ts"), "--quiet", "--wrangler", path], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("rateLimits.perIp.graphql.limit: 600 in the shop config, but 6000 in wrangler.jsonc ratelimits RATE_LIMIT_GRAPHQL");
  });
});
