import type { D1Database } from "@cloudflare/workers-types";
import { LoaderRegistry } from "./loaders";

export interface GraphQLContext {
  /** The catalogue the build sources (DB's copy, with the import history its change filters name). */
  db: D1Database;
  /** The database of a shop's live figures, its stock (docs/decisions/0064). */
  shopDatabase: (shopId: string) => D1Database;
  loaders: LoaderRegistry;
  /** Clock for reference prices; injectable for tests. */
  now: () => Date;
}

export interface ContextOptions {
  now?: () => Date;
  /** The database of a shop's live figures (default: `db` for every shop). */
  shopDatabase?: (shopId: string) => D1Database;
}

export function createContext(db: D1Database, options: ContextOptions = {}): GraphQLContext {
  return { db, shopDatabase: options.shopDatabase ?? (() => db), loaders: new LoaderRegistry(), now: options.now ?? (() => new Date()) };
}
