import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseShopConfig } from "@config/shop-config";
import { ROOT } from "./shops";
import { shopDatabaseBindingProblems } from "./shop-database-bindings";

const config = parseShopConfig(JSON.parse(readFileSync(join(ROOT, "config", "shops.json"), "utf8")));
const DB = { binding: "DB" };
const DB_2 = { binding: "DB_2" };
const SPLIT = JSON.stringify({ CH: "DB_2", COM: "DB_2" });

test("the committed wrangler.jsonc: DB everywhere, both databases declared where they are deployed", async () => {
  const { experimental_readRawConfig } = await import("wrangler");
  const raw = experimental_readRawConfig({ config: join(ROOT, "wrangler.jsonc") }).rawConfig as Parameters<typeof shopDatabaseBindingProblems>[1];
  expect(shopDatabaseBindingProblems(config, raw)).toEqual([]);
  for (const environment of ["staging", "production"])
    expect(raw.env?.[environment]?.d1_databases?.map((database) => database.binding)).toEqual(["DB", "DB_2"]);
});

test("a production with two databases declares both bindings; the check names the one missing, in its scope", () => {
  expect(
    shopDatabaseBindingProblems(config, { d1_databases: [DB], env: { production: { vars: { SHOP_DATABASES: SPLIT }, d1_databases: [DB, DB_2] } } }),
  ).toEqual([]);
  expect(
    shopDatabaseBindingProblems(config, {
      d1_databases: [DB],
      env: { staging: { vars: { SHOP_DATABASES: SPLIT }, d1_databases: [DB, DB_2] }, production: { vars: { SHOP_DATABASES: SPLIT }, d1_databases: [DB] } },
    }),
  ).toEqual([
    "wrangler.jsonc env.production vars.SHOP_DATABASES puts CH on DB_2, which the d1_databases of wrangler.jsonc env.production do not declare",
    "wrangler.jsonc env.production vars.SHOP_DATABASES puts COM on DB_2, which the d1_databases of wrangler.jsonc env.production do not declare",
  ]);
  // The top level's vars are not the environment's: wrangler does not inherit them.
  expect(shopDatabaseBindingProblems(config, { vars: { SHOP_DATABASES: SPLIT }, d1_databases: [DB] })).toHaveLength(2);
});

test("a scope without DB, a shop not configured, a mapping that is not one: each named", () => {
  expect(shopDatabaseBindingProblems(config, { d1_databases: [DB_2], env: { production: {} } })).toEqual([
    "wrangler.jsonc declares no d1_databases binding DB, the catalogue's and every shop's not named elsewhere",
    "wrangler.jsonc env.production declares no d1_databases binding DB, the catalogue's and every shop's not named elsewhere",
  ]);
  expect(shopDatabaseBindingProblems(config, { d1_databases: [DB, DB_2], vars: { SHOP_DATABASES: '{"XX":"DB_2"}' } })).toEqual([
    "wrangler.jsonc vars.SHOP_DATABASES names the shop XX, which config/shops.json does not configure",
  ]);
  for (const [value, message] of [
    ["{", "SHOP_DATABASES is not JSON"],
    ['["DB_2"]', "must be an object"],
    ['{"CH":"db-2"}', 'shop "CH" names no binding'],
    [{ CH: "DB_2" }, "must be a JSON text"],
  ] as const) {
    const problems = shopDatabaseBindingProblems(config, { d1_databases: [DB, DB_2], vars: { SHOP_DATABASES: value } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^wrangler\.jsonc vars\.SHOP_DATABASES: /);
    expect(problems[0]).toContain(message);
  }
});
