/**
 * The shop databases a worker reads (docs/decisions/0064) exist twice: as SHOP_DATABASES (a
 * worker variable, shop id -> D1 binding) and as the D1 bindings of wrangler.jsonc
 * (`d1_databases`, which the deploy migrates). `shopDatabaseBindingProblems` names, per scope
 * (the top level and every `env.*`), a scope without DB, a SHOP_DATABASES that is no such
 * mapping or names a shop config/shops.json does not configure, and every binding it names that
 * the scope does not declare (the shop API would fail that shop's every request).
 * `npm run config:check`, wrangler's build step and the deploy's first step fail on them.
 */
import type { ShopConfig } from "@config/shop-config";
import { shopDatabaseMap } from "@shop-api/core/shop-database";

interface Scope {
  vars?: Record<string, unknown>;
  d1_databases?: { binding?: string }[];
}

export interface WranglerShopDatabases extends Scope {
  env?: Record<string, Scope>;
}

/** One line per problem, naming the scope and the binding or shop. */
export function shopDatabaseBindingProblems(config: ShopConfig, wrangler: WranglerShopDatabases): string[] {
  const scopes: [string, Scope][] = [
    ["wrangler.jsonc", wrangler],
    ...Object.entries(wrangler.env ?? {}).map(([name, env]): [string, Scope] => [`wrangler.jsonc env.${name}`, env]),
  ];
  const shops = new Set(config.shops.map((shop) => shop.id));
  return scopes.flatMap(([where, scope]) => {
    const declared = new Set((scope.d1_databases ?? []).map((database) => database.binding));
    const problems = declared.has("DB") ? [] : [`${where} declares no d1_databases binding DB, the catalogue's and every shop's not named elsewhere`];
    const value = scope.vars?.SHOP_DATABASES;
    if (value === undefined) return problems;
    let map: ReadonlyMap<string, string>;
    try {
      if (typeof value !== "string") throw new Error("SHOP_DATABASES must be a JSON text");
      map = shopDatabaseMap(value);
    } catch (error) {
      return [...problems, `${where} vars.SHOP_DATABASES: ${(error as Error).message}`];
    }
    for (const [shop, binding] of map) {
      if (!shops.has(shop)) problems.push(`${where} vars.SHOP_DATABASES names the shop ${shop}, which config/shops.json does not configure`);
      if (!declared.has(binding)) problems.push(`${where} vars.SHOP_DATABASES puts ${shop} on ${binding}, which the d1_databases of ${where} do not declare`);
    }
    return problems;
  });
}
