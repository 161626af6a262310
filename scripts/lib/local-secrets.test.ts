import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIN_TOKEN_LENGTH } from "@shop-api/core/service-token";
import { shortTokenWarnings } from "../check-config";
import { devVar, ensureDevVars, localSecret } from "./local-worker";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("local .dev.vars", () => {
  it("gets one random token per purpose, long enough for the shop API", () => {
    const path = join(dir, ".dev.vars");
    ensureDevVars(path);
    const tokens = ["CATALOGUE_IMPORT_TOKEN", "SEARCH_REPORT_TOKEN", "GRAPHQL_TOKEN", "BUILDER_TOKEN"] as const;
    const values = tokens.map((name) => localSecret(name, path));
    for (const value of values) expect(value).toMatch(new RegExp(`^[0-9a-f]{${MIN_TOKEN_LENGTH},}$`));
    expect(new Set(values).size).toBe(tokens.length);
  });

  it("adds the tokens an existing file lacks and keeps what it has", () => {
    const path = join(dir, ".dev.vars");
    writeFileSync(path, "CATALOGUE_IMPORT_TOKEN=mine-0123456789abcdef0123456789abcdef\nOTHER=1");
    expect(localSecret("GRAPHQL_TOKEN", path)).toHaveLength(48);
    const text = readFileSync(path, "utf8");
    expect(devVar(text, "CATALOGUE_IMPORT_TOKEN")).toBe("mine-0123456789abcdef0123456789abcdef");
    expect(devVar(text, "OTHER")).toBe("1");
    expect(text.match(/^CATALOGUE_IMPORT_TOKEN=/gm)).toHaveLength(1);
  });

  it("reads quoted values", () => {
    expect(devVar('GRAPHQL_TOKEN="abc"\n', "GRAPHQL_TOKEN")).toBe("abc");
    expect(devVar("X=1\n", "GRAPHQL_TOKEN")).toBeUndefined();
  });
});

describe("config:check", () => {
  it("warns about service tokens too short for the shop API, naming them", () => {
    const warnings = shortTokenWarnings(
      `CATALOGUE_IMPORT_TOKEN=short\nGRAPHQL_TOKEN=${"x".repeat(MIN_TOKEN_LENGTH)}\nSEARCH_REPORT_TOKEN=${"y".repeat(MIN_TOKEN_LENGTH - 1)}\n`,
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("CATALOGUE_IMPORT_TOKEN");
    expect(warnings[1]).toContain("SEARCH_REPORT_TOKEN");
  });
});
