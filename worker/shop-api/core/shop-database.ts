/**
 * Which D1 database holds a shop's live data (visitors, carts, sample carts, orders and what
 * a shop request writes beside them), docs/decisions/0064. SHOP_DATABASES maps shop ids to D1
 * binding names, e.g. `{"CH":"DB_ORDERS_2","COM":"DB_ORDERS_2"}`; a shop it does not name, and
 * every shop while it is unset, uses DB. A mapping that is not such an object, names a binding
 * that is not a bound D1 database, or is not a binding name at all is a configuration error:
 * every request of the shop API fails rather than write a shop's orders into another database.
 */
import type { D1Database } from "@cloudflare/workers-types";
import type { ShopApiEnv } from "@worker/env";

/** The binding every shop uses unless SHOP_DATABASES names another. */
const DEFAULT_DATABASE_BINDING = "DB";

const BINDING_NAME = /^[A-Z][A-Z0-9_]{0,62}$/;

const parsed = new Map<string, ReadonlyMap<string, string>>();

/** SHOP_DATABASES as shop id -> binding name; throws naming what is wrong. */
export function shopDatabaseMap(value: string | undefined): ReadonlyMap<string, string> {
  if (value === undefined || value.trim() === "") return new Map();
  const cached = parsed.get(value);
  if (cached) return cached;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error("SHOP_DATABASES is not JSON: expected an object of shop id -> D1 binding name");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) throw new Error("SHOP_DATABASES must be an object of shop id -> D1 binding name");
  const map = new Map<string, string>();
  for (const [shop, binding] of Object.entries(json)) {
    if (typeof binding !== "string" || !BINDING_NAME.test(binding))
      throw new Error(`SHOP_DATABASES: shop ${JSON.stringify(shop)} names no binding (${JSON.stringify(binding)})`);
    map.set(shop, binding);
  }
  parsed.set(value, map);
  return map;
}

function isD1(value: unknown): value is D1Database {
  return (
    typeof value === "object" && value !== null && typeof (value as D1Database).prepare === "function" && typeof (value as D1Database).batch === "function"
  );
}

/** The D1 binding named `binding` of the environment; throws when there is none. */
export function boundDatabase(env: ShopApiEnv, binding: string): D1Database {
  const value: unknown = Object.hasOwn(env, binding) ? (env as unknown as Record<string, unknown>)[binding] : undefined;
  if (!isD1(value)) throw new Error(`SHOP_DATABASES names ${binding}, which is not a D1 binding of this worker`);
  return value;
}

/** The database of this shop's live data. */
export function shopDatabase(env: ShopApiEnv, shopId: string): D1Database {
  const binding = shopDatabaseMap(env.SHOP_DATABASES).get(shopId);
  return binding === undefined || binding === DEFAULT_DATABASE_BINDING ? env.DB : boundDatabase(env, binding);
}

/** Every database that holds shops' live data, each once: DB first, then the other bindings SHOP_DATABASES names. */
export const everyShopDatabase = (env: ShopApiEnv): D1Database[] => everyShopDatabaseOf(env, []).map((database) => database.db);

/** A shop database, the name of its binding, and the ids of the shops whose live data it holds. */
export interface ShopDatabaseOf {
  db: D1Database;
  binding: string;
  shops: string[];
}

/** Every shop database, as everyShopDatabase (DB first), with the shops of `shopIds` it holds: DB those SHOP_DATABASES does not name elsewhere. */
export function everyShopDatabaseOf(env: ShopApiEnv, shopIds: readonly string[]): ShopDatabaseOf[] {
  const map = shopDatabaseMap(env.SHOP_DATABASES);
  const bindings = new Set([DEFAULT_DATABASE_BINDING, ...map.values()]);
  return [...bindings].map((binding) => ({
    db: binding === DEFAULT_DATABASE_BINDING ? env.DB : boundDatabase(env, binding),
    binding,
    shops: shopIds.filter((shop) => (map.get(shop) ?? DEFAULT_DATABASE_BINDING) === binding),
  }));
}

/** The database of an order, by the shop its number begins with (`CH-100001`: CH's); a number of no mapped shop reads DB. */
export function orderDatabase(env: ShopApiEnv, orderNumber: string): D1Database {
  const dash = orderNumber.indexOf("-");
  return dash > 0 ? shopDatabase(env, orderNumber.slice(0, dash)) : env.DB;
}
