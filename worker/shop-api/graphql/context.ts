import type { D1Database } from "@cloudflare/workers-types";
import { LoaderRegistry } from "./loaders";

export interface GraphQLContext {
  db: D1Database;
  loaders: LoaderRegistry;
  /** Clock for reference prices; injectable for tests. */
  now: () => Date;
}

export interface ContextOptions {
  now?: () => Date;
}

export function createContext(db: D1Database, options: ContextOptions = {}): GraphQLContext {
  return { db, loaders: new LoaderRegistry(), now: options.now ?? (() => new Date()) };
}
