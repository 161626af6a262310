import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDevVars } from "./local-worker";

describe(".dev.vars holds every local secret", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("a new file gets a random token per purpose and the ALTCHA key", () => {
    const path = join(dir, ".dev.vars");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toMatch(
      /^CATALOGUE_IMPORT_TOKEN=[0-9a-f]{48}\nSEARCH_REPORT_TOKEN=[0-9a-f]{48}\nGRAPHQL_TOKEN=[0-9a-f]{48}\nBUILDER_TOKEN=[0-9a-f]{48}\nALTCHA_HMAC_KEY=[0-9a-f]{48}\n$/,
    );
  });

  test("an existing file keeps its values and gets only what it lacks", () => {
    const path = join(dir, ".dev.vars");
    writeFileSync(path, "CATALOGUE_IMPORT_TOKEN=kept\nOTHER=1");
    ensureDevVars(path);
    expect(readFileSync(path, "utf8")).toMatch(
      /^CATALOGUE_IMPORT_TOKEN=kept\nOTHER=1\nSEARCH_REPORT_TOKEN=[0-9a-f]{48}\nGRAPHQL_TOKEN=[0-9a-f]{48}\nBUILDER_TOKEN=[0-9a-f]{48}\nALTCHA_HMAC_KEY=[0-9a-f]{48}\n$/,
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
      /^CATALOGUE_IMPORT_TOKEN=\w+\nSEARCH_REPORT_TOKEN=\w+\nGRAPHQL_TOKEN=\w+\nBUILDER_TOKEN=\w+\nALTCHA_HMAC_KEY=\w+\n$/,
    );
  });
});
