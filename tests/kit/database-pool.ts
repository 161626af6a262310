/**
 * The local runtime behind the test databases, shared by the test files of one Jest process:
 * one Miniflare with SLOTS D1 databases and R2 buckets, started when a test first asks for a
 * database and stopped a moment after the last one was given back. Starting workerd costs
 * about 0.4 s of CPU, emptying and migrating a database about a third of that (in Node and
 * workerd together; tests/kit/d1.ts): a test file's database is a slot of the shared runtime,
 * emptied and migrated afresh when it is handed out, with rate
 * limits counted apart from every earlier lease (the limiter's keys carry the lease). A
 * process that needs more databases at once than there are slots starts a runtime of its own
 * for the extra one, as every database did before.
 */
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { clearTimeout, setTimeout } from "node:timers";
import type { D1Database, R2Bucket } from "@cloudflare/workers-types";
import { bindingsOverFetch, bindingsWorker } from "@scripts/lib/bindings-over-fetch";
import { rateLimitBindings, rateLimitOptions, type RateLimitBindings } from "./rate-limiters";

const SLOTS = 4;
/** How long an unused runtime waits for the next test file before it stops (it keeps the process alive). Node's own timer: a test's fake timers never hold it. */
const IDLE_MS = 1000;
const SHARED_KEY = "test-database-pool";

declare global {
  /** Set by tests/kit/jest-environment.ts: what outlives a test file within its Jest process. */
  var workerShared: Map<string, unknown> | undefined;
}

interface Pool {
  mf: Miniflare;
  free: number[];
  leases: number;
  idle?: NodeJS.Timeout;
  /** Stops the runtime (tests/kit/jest-environment.ts calls it when Jest ends the process). */
  stop(): Promise<void>;
}

export interface Lease {
  db: D1Database;
  uploads: R2Bucket;
  rateLimits: RateLimitBindings;
  release(): Promise<void>;
}

/** The databases' and buckets' binding names of a slot (or of a runtime of its own: slot "solo"). */
const names = (slot: number | "solo") => ({ db: `DB_${slot}`, uploads: `UPLOADS_${slot}` });

function startRuntime(slots: readonly (number | "solo")[]): Miniflare {
  return new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        bindingsWorker({
          d1Databases: Object.fromEntries(slots.map((slot) => [names(slot).db, `test-db-${slot}`])),
          r2Buckets: Object.fromEntries(slots.map((slot) => [names(slot).uploads, `test-uploads-${slot}`])),
          ratelimits: rateLimitOptions(),
        }),
      ],
    }),
  );
}

/** What outlives a test file within its Jest process (a map of the module's own outside Jest). */
export const processShared = (): Map<string, unknown> => (globalThis.workerShared ??= new Map());

/** Drops every table, view, index and trigger (virtual tables first: their shadow tables go with them). */
async function emptyDatabase(db: D1Database): Promise<void> {
  for (const virtual of [true, false]) {
    const { results } = await db
      .prepare(
        `SELECT type, name FROM sqlite_master WHERE name NOT GLOB 'sqlite_*' AND name NOT GLOB '_cf_*' AND type IN ('table', 'view')
         AND (sql LIKE 'CREATE VIRTUAL TABLE%') = ? ORDER BY rowid DESC`,
      )
      .bind(virtual ? 1 : 0)
      .all<{ type: string; name: string }>();
    if (results.length === 0) continue;
    await db.batch([
      db.prepare("PRAGMA defer_foreign_keys = on"),
      ...results.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name}"`)),
    ]);
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const listed = await bucket.list({ limit: 1000 });
    if (listed.objects.length === 0) return;
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}

function poolOf(): Pool {
  let pool = processShared().get(SHARED_KEY) as Pool | undefined;
  if (!pool) {
    const slots = Array.from({ length: SLOTS }, (_, slot) => slot);
    const mf = startRuntime(slots);
    pool = { mf, free: slots, leases: 0, stop: () => mf.dispose() };
    processShared().set(SHARED_KEY, pool);
  }
  return pool;
}

/** An empty database and bucket with rate limits of their own; `release` gives them back. */
export async function leaseDatabase(): Promise<Lease> {
  const pool = poolOf();
  clearTimeout(pool.idle);
  const slot = pool.free.shift();
  if (slot === undefined) return soloLease();
  const lease = ++pool.leases;
  const client = bindingsOverFetch(pool.mf);
  const db = client.d1(names(slot).db);
  const uploads = client.r2(names(slot).uploads);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    pool.free.push(slot);
    if (pool.free.length === SLOTS)
      pool.idle = setTimeout(() => {
        if (processShared().get(SHARED_KEY) === pool) processShared().delete(SHARED_KEY);
        void pool.mf.dispose();
      }, IDLE_MS);
  };
  try {
    await emptyDatabase(db);
    await emptyBucket(uploads);
  } catch (error) {
    await release();
    throw error;
  }
  return { db, uploads, rateLimits: rateLimitBindings(pool.mf, `lease-${lease}:`), release };
}

/** A database in a runtime of its own, for a process that holds every slot already. */
async function soloLease(): Promise<Lease> {
  const mf = startRuntime(["solo"]);
  const client = bindingsOverFetch(mf);
  return { db: client.d1(names("solo").db), uploads: client.r2(names("solo").uploads), rateLimits: rateLimitBindings(mf), release: () => mf.dispose() };
}
