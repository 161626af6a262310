/**
 * The deploy rehearsed on this machine (`npm run deploy -- --env rehearsal --shops DE`): the worker
 * bundled as uploaded and checked against the Workers limits, migrations applied to fresh local
 * D1 databases (DB and the second shop database), the shops synced in each and the demo catalogue imported into each, one upload, the smoke test against a local worker of the new version and
 * the switch; a failing smoke test rolls back by itself. Every bad input stops before the live
 * version changes and names what is wrong. The DE build is the browser tests' (.e2e/dist, made by
 * their global setup), so the rehearsal builds nothing of its own.
 */
import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RELEASE_FILE } from "@builder/release";
import { loadShopConfig, ROOT } from "@scripts/lib/shops";
import { MEDIA_FOLDER } from "@scripts/generate-media";
import { deploy, rollback, type DeployRun } from "@scripts/lib/deploy/deploy";
import { DeployInputError, parseDeployArgs, parseRollbackArgs, type DeployOptions } from "@scripts/lib/deploy/options";
import { rehearsalDeployment, rehearsalWrangler } from "@scripts/lib/deploy/rehearsal-wrangler";
import { readWranglerConfig, renderConfig, REQUIRED_SECRETS } from "@scripts/lib/deploy/settings";
import { cloudflareTarget, rehearsalTarget } from "@scripts/lib/deploy/targets";
import { cliWrangler, uploadedVersionId } from "@scripts/lib/deploy/wrangler";
import { withLocalBindings } from "@scripts/local-d1";
import { boundDatabase } from "@shop-api/core/shop-database";

const config = loadShopConfig();
const work = join(ROOT, ".deploy", "rehearsal-test");
let runs: string;
let builds: string;
let products: number;

/**
 * The browser tests' DE build and media (their global setup made them before any spec runs), copied: the rehearsal
 * runs beside the browser tests (playwright.config.ts), whose catalogue changes publish new DE releases meanwhile.
 */
function deBuild(into: string): { builds: string; products: number } {
  const e2e = join(ROOT, ".e2e", "dist");
  if (!existsSync(join(e2e, "DE", RELEASE_FILE)) || !existsSync(join(e2e, MEDIA_FOLDER))) throw new Error(`no DE build and media in ${e2e}`);
  for (const folder of ["DE", MEDIA_FOLDER]) cpSync(realpathSync(join(e2e, folder)), join(into, folder), { recursive: true });
  return { builds: into, products: Number(process.env.E2E_PRODUCTS ?? 60) };
}

test.beforeAll(() => {
  mkdirSync(work, { recursive: true });
  runs = mkdtempSync(join(work, "runs-"));
  ({ builds, products } = deBuild(join(runs, "builds")));
});
test.afterAll(() => rmSync(runs, { recursive: true, force: true }));

function rehearsalRun(name: string, changes: Partial<DeployOptions> & { secrets?: string[]; migrationsDir?: string } = {}) {
  const lines: string[] = [];
  const account = join(runs, name);
  const run: DeployRun = {
    options: { target: "rehearsal", shops: ["DE"], builds, products, ...changes },
    config,
    target: { ...rehearsalTarget(rawConfig, { account, secrets: changes.secrets }), work: join(runs, `${name}-work`) },
    log: (line) => lines.push(line),
    migrationsDir: changes.migrationsDir,
  };
  return { run, lines, account };
}

let rawConfig: Record<string, unknown>;
test.beforeAll(async () => {
  rawConfig = await readWranglerConfig();
});

test.describe("bad requests stop before anything runs", () => {
  test("an unknown or missing environment, an unknown shop, an unknown option", () => {
    expect(() => parseDeployArgs(config, ["--env", "prod"])).toThrow(new DeployInputError("Unknown environment 'prod': one of staging, production, rehearsal"));
    expect(() => parseDeployArgs(config, [])).toThrow("--env is required");
    expect(() => parseDeployArgs(config, ["--env", "staging", "--shops", "DE,XX,../DE"])).toThrow("Unknown shop(s) 'XX', '../DE'; known: DE, CH");
    expect(() => parseDeployArgs(config, ["--env", "staging", "--shops", ""])).toThrow("--shops needs a value");
    expect(() => parseDeployArgs(config, ["--env", "staging", "--force"])).toThrow(DeployInputError);
    expect(() => parseDeployArgs(config, ["--env", "rehearsal", "--products", "0"])).toThrow("--products must be a positive whole number");
    expect(() => parseRollbackArgs(["--env", "staging", "--to", "'; rm -rf /"])).toThrow("--to must be a version id");
    expect(parseDeployArgs(config, ["--env", "staging", "--shops", "de, ch"])).toMatchObject({ target: "staging", shops: ["DE", "CH"] });
  });

  test("the command says so and exits 2", () => {
    const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [join(ROOT, "scripts", "deploy.ts"), "--env", "nowhere"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Unknown environment 'nowhere'");
  });
});

test.describe("a deploy to Cloudflare lacking a setting stops at the configuration check, naming every missing one", () => {
  const full = () => {
    const { missing } = renderConfig(rawConfig, "staging", {});
    return Object.fromEntries(missing.map((name) => [name, name.endsWith("_D1_ID") ? "0b7c1d2e-0000-4000-8000-000000000000" : "x"]));
  };
  const staging = (settings: Record<string, string>, name: string) => {
    const lines: string[] = [];
    const account = join(runs, name);
    const run: DeployRun = {
      options: { target: "staging", shops: ["DE"], builds, products },
      config,
      target: {
        ...cloudflareTarget("staging", { settings, wrangler: rehearsalWrangler({ dir: account, secrets: [...REQUIRED_SECRETS] }, cliWrangler()) }),
        work: join(runs, `${name}-work`),
      },
      log: (line) => lines.push(line),
    };
    return { run, account };
  };

  test("no credentials at all", async () => {
    const { run, account } = staging({}, "no-credentials");
    const outcome = await deploy(run);
    expect(outcome).toMatchObject({ ok: false, step: "configuration checked", rolledBackTo: null });
    const reason = outcome.ok ? "" : outcome.reason;
    for (const name of [
      "CLOUDFLARE_API_TOKEN",
      "CLOUDFLARE_ACCOUNT_ID",
      "BODENHAUS_STAGING_D1_ID",
      "BODENHAUS_STAGING_MAIL_API_URL",
      "BODENHAUS_STAGING_SMOKE_ACCESS_CLIENT_ID",
    ])
      expect(reason).toContain(name);
    expect(reason).not.toContain("PRODUCTION");
    expect(rehearsalDeployment(account)).toBeNull();
  });

  test("one binding id missing: only it is named", async () => {
    const settings = full();
    delete settings.BODENHAUS_STAGING_D1_ID;
    const outcome = await deploy(staging(settings, "no-d1-id").run);
    expect(outcome.ok ? "" : outcome.reason).toMatch(/: BODENHAUS_STAGING_D1_ID$/);
  });

  test("every staging build must be there: the upload replaces all shops' files", async () => {
    const onlyDe = mkdtempSync(join(runs, "only-de-"));
    mkdirSync(join(onlyDe, "DE"));
    mkdirSync(join(onlyDe, MEDIA_FOLDER));
    cpSync(join(builds, "DE", RELEASE_FILE), join(onlyDe, "DE", RELEASE_FILE));
    const { run } = staging(full(), "all-shops");
    const outcome = await deploy({ ...run, options: { ...run.options, builds: onlyDe } });
    expect(outcome).toMatchObject({ ok: false, step: "configuration checked" });
    const others = config.shops.filter((shop) => shop.assets === "static" && shop.id !== "DE").map((shop) => shop.id);
    expect(others).toEqual(["CH", "AT", "IT", "NL", "COM", "BRAND"]);
    expect(outcome.ok ? "" : outcome.reason).toBe(`Missing builds: ${others.map((shop) => `${shop} (no ${join(onlyDe, shop, RELEASE_FILE)})`).join("; ")}`);
  });
});

test("a setting's value goes into the configuration as text, never as more configuration or another placeholder", () => {
  const hostile = '"}, "workers_dev": true, "x": "${CLOUDFLARE_API_TOKEN}';
  const { config: rendered, missing } = renderConfig(rawConfig, "staging", {
    ...Object.fromEntries(renderConfig(rawConfig, "staging", {}).missing.map((name) => [name, "v"])),
    BODENHAUS_STAGING_D1_ID: hostile,
  });
  expect(missing).toEqual([]);
  const staging = (rendered.env as Record<string, { workers_dev: boolean; d1_databases: { database_id: string }[] }>).staging;
  expect(staging!.d1_databases[0]!.database_id).toBe(hostile);
  expect(staging!.workers_dev).toBe(false);
  expect(Object.keys(rendered.env as object)).toEqual(["staging"]);
});

test.describe("the rehearsal", () => {
  test("a missing worker secret stops it, named with how to set it", async () => {
    const { run, account } = rehearsalRun("no-secret", { secrets: REQUIRED_SECRETS.filter((name) => name !== "GRAPHQL_TOKEN") });
    const outcome = await deploy(run);
    expect(outcome).toMatchObject({ ok: false, step: "configuration checked" });
    expect(outcome.ok ? "" : outcome.reason).toContain(
      "Missing worker secrets of production: GRAPHQL_TOKEN (set each with `npx wrangler secret put NAME --env production`",
    );
    expect(rehearsalDeployment(account)).toBeNull();
  });

  test("a missing build stops it, naming the shop and the media", async () => {
    const empty = mkdtempSync(join(runs, "empty-"));
    const outcome = await deploy(rehearsalRun("no-build", { builds: empty }).run);
    expect(outcome).toMatchObject({ ok: false, step: "configuration checked" });
    expect(outcome.ok ? "" : outcome.reason).toBe(`Missing builds: DE (no ${join(empty, "DE", RELEASE_FILE)}); the media (no ${join(empty, MEDIA_FOLDER)})`);
  });

  test("a migration that fails stops it after the bundle checks, with the live version unchanged", async () => {
    test.setTimeout(300_000);
    // Only the broken migration: the project's migrations are applied by the full rehearsal below.
    const migrations = mkdtempSync(join(runs, "migrations-"));
    writeFileSync(join(migrations, "0001_broken.sql"), "ALTER TABLE no_such_table ADD COLUMN x TEXT;\n");
    const { run, lines, account } = rehearsalRun("bad-migration", { migrationsDir: migrations });
    const outcome = await deploy(run);
    expect(outcome).toMatchObject({ ok: false, step: "D1 migrations applied", rolledBackTo: null });
    expect(outcome.ok ? "" : outcome.reason).toContain("no_such_table");
    expect(lines.join("\n")).toMatch(/worker bundled and checked: done in [\d.]+ s; [\d.]+ MB, gzip [\d.]+ MB \(paid plan limit 10\.00 MB\); startup \d+ ms/);
    expect(rehearsalDeployment(account)).toBeNull();
  });

  test("goes through every step and puts the new version live; a smoke test that fails then rolls back to it by itself", async () => {
    // Two whole deploys: about 50 s alone; beside Jest and the builds on two slow cores, several times that.
    test.setTimeout(900_000);
    const first = rehearsalRun("full");
    const live = await deploy(first.run);
    expect(first.lines.filter((line) => /^\[\d+\/\d+\] .*: done in /.test(line)).map((line) => line.replace(/^\[\d+\/\d+\] (.*): done in .*$/, "$1"))).toEqual([
      "configuration checked",
      "worker bundled and checked",
      "D1 migrations applied",
      "shops table synced",
      "demo catalogue in the rehearsal's databases",
      "assets assembled",
      "version uploaded",
      "smoke test of the new version",
      "new version live",
    ]);
    expect(live).toMatchObject({ ok: true, previous: null });
    // Both shop databases production declares are migrated and get the shops table, each a database of its own.
    expect(first.lines.join("\n")).toMatch(/D1 migrations applied: done in [\d.]+ s; DB: applied 0001_\S+.*; DB_2: applied 0001_/);
    // The account's databases read in one local runtime (a wrangler call per query starts one each).
    const counts = await withLocalBindings(
      async (env) => {
        // A query's count in DB and in DB_2.
        const both = (query: string) =>
          Promise.all(["DB", "DB_2"].map(async (binding) => (await boundDatabase(env, binding).prepare(query).first<{ n: number }>())?.n));
        return {
          shops: await both("SELECT COUNT(*) AS n FROM shops"),
          products: await both("SELECT COUNT(*) AS n FROM products"),
          sold: await both("SELECT COUNT(*) AS n FROM products WHERE type <> 'configurable'"),
          stock: await both("SELECT SUM(stock_qty) AS n FROM products"),
        };
      },
      { config: first.run.wranglerConfig!, environment: "production", stateDir: join(first.account, "state") },
    );
    expect(counts.shops).toEqual([config.shops.length, config.shops.length]);
    // The demo catalogue goes into both through the import: DB holds the stock, DB_2 (no shop on it while SHOP_DATABASES is unset) none.
    for (const sold of counts.sold) expect(sold).toBeGreaterThan(0);
    expect(counts.products[1]).toBe(counts.products[0]);
    expect(counts.stock[0]).toBeGreaterThan(0);
    expect(counts.stock[1]).toBe(0);
    const version = live.ok ? live.version : "";
    expect(rehearsalDeployment(first.account)?.versions).toEqual([{ version_id: version, percentage: 100 }]);
    expect(first.lines.join("\n")).toContain("smoke test of the new version: done");
    expect(first.lines.join("\n")).toMatch(/All 9 steps done in [\d.]+ s/);

    // The same account, a DE build without its home page: the smoke test fails, the first version serves again.
    const broken = join(runs, "broken");
    // Each shop's folder is a link to its live release: copy what the links point at, so the removal below touches the copy only.
    for (const entry of readdirSync(builds)) cpSync(realpathSync(join(builds, entry)), join(broken, entry), { recursive: true });
    rmSync(join(broken, "DE", "index.html"));
    expect(existsSync(join(builds, "DE", "index.html"))).toBe(true);
    const second = rehearsalRun("full", { builds: broken });
    const outcome = await deploy({ ...second.run, target: { ...second.run.target, work: join(runs, "full-work-2") } });
    expect(outcome).toMatchObject({ ok: false, step: "smoke test of the new version", rolledBackTo: version });
    expect(outcome.ok ? "" : outcome.reason).toMatch(/^DE: home http:\/\/de\.localhost:8797\/: answered 404$/m);
    expect(rehearsalDeployment(first.account)).toEqual({
      versions: [{ version_id: version, percentage: 100 }],
      message: "rollback: smoke test of the new version failed",
    });
  });
});

test("npm run rollback puts the version live before the current one back, or the one named", async () => {
  const account = join(runs, "rollback");
  const target = rehearsalTarget(rawConfig, { account });
  const wrangler = target.wrangler;
  // As on Cloudflare: a new worker's first version only through `deploy`, later ones uploaded and deployed.
  await expect(wrangler(["versions", "upload", "--message", "v"])).rejects.toThrow("does not exist on your account");
  const one = uploadedVersionId(await wrangler(["deploy", "--message", "first"]));
  const two = uploadedVersionId(await wrangler(["versions", "upload", "--message", "second"]));
  expect(rehearsalDeployment(account)?.versions).toEqual([{ version_id: one, percentage: 100 }]);
  await wrangler(["versions", "deploy", `${two}@100%`, "--yes"]);
  expect(await rollback(target, undefined, () => {})).toBe(one);
  expect(await rollback(target, two, () => {})).toBe(two);
  await expect(wrangler(["versions", "deploy", `${one}@50%`, "--yes"])).rejects.toThrow("adding up to 100%");
  await expect(wrangler(["r2", "bucket", "delete", "x"])).rejects.toThrow("the rehearsal has no stand-in for wrangler r2 bucket delete x");
});
