import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { reloadLocalWorker } from "@builder/served";
import { ensureDevVars, reloadTrigger, writeBundleConfig, writeDevConfig } from "./local-worker";
import { WRANGLER_CONFIG } from "./wrangler-config";

describe(".dev.vars holds every local secret", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("a new file gets a random token per purpose, the ALTCHA key, the returns and offer link keys, the Stripe and PayPal stand-ins' secrets and the trusted proxy secret", () => {
    const path = join(dir, ".dev.vars");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toMatch(
      /^CATALOGUE_IMPORT_TOKEN=[0-9a-f]{48}\nSEARCH_REPORT_TOKEN=[0-9a-f]{48}\nGRAPHQL_TOKEN=[0-9a-f]{48}\nBUILDER_TOKEN=[0-9a-f]{48}\nORDER_EVENTS_TOKEN=[0-9a-f]{48}\nALTCHA_HMAC_KEY=[0-9a-f]{48}\nRMA_LINK_SECRET=[0-9a-f]{48}\nOFFER_LINK_SECRET=[0-9a-f]{48}\nSTRIPE_SECRET_KEY=[0-9a-f]{48}\nSTRIPE_WEBHOOK_SECRET=[0-9a-f]{48}\nPAYPAL_CLIENT_ID=[0-9a-f]{48}\nPAYPAL_CLIENT_SECRET=[0-9a-f]{48}\nPAYPAL_WEBHOOK_ID=[0-9a-f]{48}\nTRUSTED_PROXY_SECRET=[0-9a-f]{48}\n$/,
    );
  });

  test("an existing file keeps its values and gets only what it lacks", () => {
    const path = join(dir, ".dev.vars");
    writeFileSync(path, "CATALOGUE_IMPORT_TOKEN=kept\nOTHER=1");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toMatch(
      /^CATALOGUE_IMPORT_TOKEN=kept\nOTHER=1\nSEARCH_REPORT_TOKEN=[0-9a-f]{48}\nGRAPHQL_TOKEN=[0-9a-f]{48}\nBUILDER_TOKEN=[0-9a-f]{48}\nORDER_EVENTS_TOKEN=[0-9a-f]{48}\nALTCHA_HMAC_KEY=[0-9a-f]{48}\nRMA_LINK_SECRET=[0-9a-f]{48}\nOFFER_LINK_SECRET=[0-9a-f]{48}\nSTRIPE_SECRET_KEY=[0-9a-f]{48}\nSTRIPE_WEBHOOK_SECRET=[0-9a-f]{48}\nPAYPAL_CLIENT_ID=[0-9a-f]{48}\nPAYPAL_CLIENT_SECRET=[0-9a-f]{48}\nPAYPAL_WEBHOOK_ID=[0-9a-f]{48}\nTRUSTED_PROXY_SECRET=[0-9a-f]{48}\n$/,
    );
    const once = readFileSync(path, "utf8");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toBe(once);
  });

  test("an empty file (as the D1 setup leaves it) gets them all", () => {
    const path = join(dir, ".dev.vars");
    writeFileSync(path, "");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toMatch(
      /^CATALOGUE_IMPORT_TOKEN=\w+\nSEARCH_REPORT_TOKEN=\w+\nGRAPHQL_TOKEN=\w+\nBUILDER_TOKEN=\w+\nORDER_EVENTS_TOKEN=\w+\nALTCHA_HMAC_KEY=\w+\nRMA_LINK_SECRET=\w+\nOFFER_LINK_SECRET=\w+\nSTRIPE_SECRET_KEY=\w+\nSTRIPE_WEBHOOK_SECRET=\w+\nPAYPAL_CLIENT_ID=\w+\nPAYPAL_CLIENT_SECRET=\w+\nPAYPAL_WEBHOOK_ID=\w+\nTRUSTED_PROXY_SECRET=\w+\n$/,
    );
  });
});

describe("each local worker reloads on its own trigger (docs/decisions/0034)", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "dev-config-"));
    mkdirSync(join(root, "worker"));
    writeFileSync(join(root, "worker", "index.ts"), "export {};\n");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("the port's config is wrangler.jsonc's top level with the port's trigger added to watch_dir and the cached check, and nothing else changed", async () => {
    writeFileSync(join(root, "wrangler.jsonc"), readFileSync(WRANGLER_CONFIG, "utf8"));
    const path = await writeDevConfig(8797, root);
    expect(path).toBe(join(root, ".wrangler-dev-8797.json"));
    const { experimental_readRawConfig } = await import("wrangler");
    const { env, ...committed } = experimental_readRawConfig({ config: WRANGLER_CONFIG }).rawConfig;
    expect(Object.keys(env ?? {})).toEqual(["staging", "production"]);
    const written = JSON.parse(readFileSync(path, "utf8")) as typeof committed;
    expect(written).toEqual({
      ...committed,
      build: {
        command: "node scripts/check-config-cached.mjs .wrangler/config-check/dev-8797 npx tsx scripts/check-config.ts --quiet",
        watch_dir: ["config", "worker", ".wrangler/reload/8797"],
      },
    });
    expect(existsSync(reloadTrigger(8797, root))).toBe(true);
  });

  test("a local bundle's config is wrangler.jsonc's top level with the cached check under its own stamp, and nothing else changed", async () => {
    writeFileSync(join(root, "wrangler.jsonc"), readFileSync(WRANGLER_CONFIG, "utf8"));
    const path = await writeBundleConfig(root);
    expect(path).toBe(join(root, ".wrangler-bundle.json"));
    const { experimental_readRawConfig } = await import("wrangler");
    const { env: _deployed, ...committed } = experimental_readRawConfig({ config: WRANGLER_CONFIG }).rawConfig;
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      ...committed,
      build: {
        command: "node scripts/check-config-cached.mjs .wrangler/config-check/bundle npx tsx scripts/check-config.ts --quiet",
        watch_dir: ["config", "worker"],
      },
    });
    expect(readdirSync(root).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  test("a config without a watch_dir list is refused", async () => {
    writeFileSync(join(root, "wrangler.jsonc"), '{ "name": "x", "build": { "command": "true" } }');
    await expect(writeDevConfig(8787, root)).rejects.toThrow("wrangler.jsonc has no build command with a watch_dir list");
  });

  test("a publish touches only its worker's trigger; without one, the entry every worker watches", () => {
    const past = new Date("2020-01-01T00:00:00Z");
    mkdirSync(join(root, ".wrangler", "reload"), { recursive: true });
    for (const file of [reloadTrigger(8787, root), reloadTrigger(8797, root), join(root, "worker", "index.ts")]) {
      writeFileSync(file, "x");
      utimesSync(file, past, past);
    }
    const touched = () =>
      [reloadTrigger(8787, root), reloadTrigger(8797, root), join(root, "worker", "index.ts")].map((file) => statSync(file).mtimeMs > past.getTime());
    reloadLocalWorker("http://127.0.0.1:8797", root);
    expect(touched()).toEqual([false, true, false]);
    rmSync(reloadTrigger(8787, root));
    reloadLocalWorker("http://127.0.0.1:8787", root);
    expect(statSync(join(root, "worker", "index.ts")).mtimeMs).toBeGreaterThan(past.getTime());
  });
});
