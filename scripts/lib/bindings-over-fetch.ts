/**
 * D1, R2 and rate-limiting bindings of a Miniflare instance used from Node without
 * Miniflare's Node proxies (`mf.getD1Database()`, `mf.getBindings()`, getPlatformProxy).
 * Those proxies answer property reads and the first call of every method, and every call of
 * a synchronous method such as `db.prepare()` and `statement.bind()`, with a synchronous
 * round trip (a worker thread and `Atomics.wait`); on a saturated machine that round trip
 * has failed (`assert(message?.id === id)` in Miniflare's SynchronousFetcher) and left a stale
 * answer behind that fails every later one of the instance (docs/decisions/0041).
 *
 * Here a small worker (`bindingsWorker`) runs in the same Miniflare with the real bindings;
 * Node reaches it over HTTP only (asynchronous, no Atomics.wait; `dispatch` below), on a socket
 * of its own (Miniflare's direct socket): not through the runtime's entry worker, which routes
 * and wraps every request. A trivial D1 query costs about 1.5 ms of CPU (workerd and Node)
 * that way against 2.5 ms through the entry, and a test of the shop API sends thousands.
 *
 * - D1 (`d1OverFetch`): `prepare` and `bind` build a plain statement `{sql, params}` in Node
 *   (`bind` converts and refuses values exactly as D1's binding does, synchronously); `first`,
 *   `all`, `run`, `raw`, `batch` and `exec` send the statements as JSON and the worker runs the
 *   same call on its D1 binding (`batch` is `env.DB.batch`, one transaction). D1's binding
 *   itself talks JSON to the database, so nothing is lost on the way: numbers, strings, null,
 *   booleans (bound as 1/0) and BLOBs (bound from ArrayBuffer/views, read as arrays of bytes,
 *   as D1 answers them) all pass. Errors come back as Errors with D1's name and message
 *   (`D1_ERROR: UNIQUE constraint failed: ...`, a trigger's RAISE text, `D1_COLUMN_NOTFOUND`,
 *   ...) and its cause. Not supported: `withSession` and `dump` (they throw).
 * - R2 (`r2OverFetch`), as narrow as the code needs: `put` (bytes, a string, a Blob or a
 *   stream; `httpMetadata` as an object and `customMetadata`), `get` (the whole object, read
 *   into memory), `head`, `delete` and `list`. Objects carry key, size, etag, httpEtag,
 *   version, uploaded, storageClass and the metadata; not supported: conditional and ranged
 *   reads, `onlyIf`, checksums and hashes, encryption keys and multipart uploads (they throw).
 * - Rate limiting (`rateLimitOverFetch`): `limit({key})`.
 * - A worker's cron handler (`scheduledOverFetch`, through a service binding to it):
 *   `scheduled({scheduledTime, cron})`, what `mf.getWorker(name).scheduled()` does; only for a
 *   worker without static assets (Miniflare sends a service binding to a worker with assets
 *   through its assets proxy, which cannot forward scheduled()).
 *
 * Every D1 value passes as D1 itself passes it (its binding speaks JSON too): the JSONB BLOB
 * columns of the search tables read as arrays of bytes here exactly as through D1.
 */
import type { D1Database, D1ExecResult, D1PreparedStatement, D1Result, R2Bucket, R2Object, R2ObjectBody, RateLimit } from "@cloudflare/workers-types";
import type { Miniflare, V4WorkerOptions } from "miniflare";
import { Agent, fetch } from "undici";

/** The helper worker's name: its direct socket's address is asked for by it. */
export const BINDINGS_WORKER_NAME = "bindings-over-fetch";

/** What of a Miniflare the clients use: the address of the helper worker's socket, nothing synchronous. */
export type FetchTarget = Pick<Miniflare, "unsafeGetDirectURL">;

/** The bindings the helper worker has: those of the worker whose storage it shares (same IDs give the same storage). */
export type HelperBindings = Pick<V4WorkerOptions, "d1Databases" | "r2Buckets" | "ratelimits" | "serviceBindings">;

/** The helper worker's options, to add to a Miniflare's `workers`. */
export function bindingsWorker(bindings: HelperBindings): V4WorkerOptions {
  return {
    name: BINDINGS_WORKER_NAME,
    modules: true,
    script: WORKER_SCRIPT,
    compatibilityDate: "2026-11-01",
    // Fetcher.scheduled() on service bindings, as Miniflare's own proxy worker has it (else `scheduled` is an RPC call).
    compatibilityFlags: ["service_binding_extra_handlers"],
    // Its own socket on a free port of the loopback (Miniflare's default host).
    unsafeDirectSockets: [{ port: 0 }],
    ...bindings,
  };
}

/** Clients of the helper worker's bindings on `mf`. */
export function bindingsOverFetch(mf: FetchTarget): {
  d1(binding: string): D1Database;
  r2(binding: string): R2Bucket;
  rateLimit(binding: string): RateLimit;
  scheduled(binding: string): Scheduled;
} {
  return {
    d1: (binding) => d1OverFetch(mf, binding),
    r2: (binding) => r2OverFetch(mf, binding),
    rateLimit: (binding) => rateLimitOverFetch(mf, binding),
    scheduled: (binding) => scheduledOverFetch(mf, binding),
  };
}

// ---------------------------------------------------------------- the worker

/**
 * Answers `{value}` or `{error}` as JSON, but R2 reads: the object's bytes with its
 * description in the x-r2-object header.
 */
const WORKER_SCRIPT = `
const describe = (error, depth = 0) =>
  error instanceof Error
    ? { name: error.name, message: error.message, cause: depth < 3 && error.cause !== undefined ? describe(error.cause, depth + 1) : undefined }
    : { name: "Error", message: String(error) };
const json = (body) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const statement = (db, { sql, params }) => db.prepare(sql).bind(...params);
function d1(db, call) {
  switch (call.op) {
    case "first": return statement(db, call.statement).first(call.column);
    case "all": return statement(db, call.statement).all();
    case "run": return statement(db, call.statement).run();
    case "raw": return statement(db, call.statement).raw(call.options);
    case "batch": return db.batch(call.statements.map((each) => statement(db, each)));
    case "exec": return db.exec(call.sql);
  }
  throw new Error("unknown D1 call " + call.op);
}

const r2Object = (object) => ({
  key: object.key, version: object.version, size: object.size, etag: object.etag, httpEtag: object.httpEtag,
  uploaded: object.uploaded.toISOString(), storageClass: object.storageClass,
  httpMetadata: object.httpMetadata, customMetadata: object.customMetadata,
});
async function r2(bucket, op, request, url) {
  const key = url.searchParams.get("key");
  switch (op) {
    case "get": {
      const object = await bucket.get(key);
      if (!object) return json({ value: null });
      return new Response(object.body, { headers: { "x-r2-object": encodeURIComponent(JSON.stringify(r2Object(object))) } });
    }
    case "put": {
      const options = JSON.parse(decodeURIComponent(request.headers.get("x-r2-options") ?? "{}"));
      return json({ value: r2Object(await bucket.put(key, await request.arrayBuffer(), options)) });
    }
    case "head": {
      const object = await bucket.head(key);
      return json({ value: object && r2Object(object) });
    }
    case "delete":
      await bucket.delete((await request.json()).keys);
      return json({ value: null });
    case "list": {
      const listed = await bucket.list(await request.json());
      return json({ value: { ...listed, objects: listed.objects.map(r2Object) } });
    }
  }
  throw new Error("unknown R2 call " + op);
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const [, kind, name, op] = url.pathname.split("/").map(decodeURIComponent);
    try {
      const binding = env[name];
      if (!binding) throw new Error("the bindings worker has no binding " + name);
      if (kind === "d1") return json({ value: await d1(binding, await request.json()) });
      if (kind === "r2") return await r2(binding, op, request, url);
      if (kind === "ratelimit") return json({ value: await binding.limit(await request.json()) });
      if (kind === "scheduled") {
        const { scheduledTime, cron } = await request.json();
        return json({ value: await binding.scheduled({ scheduledTime: new Date(scheduledTime), cron }) });
      }
      throw new Error("unknown binding kind " + kind);
    } catch (error) {
      return json({ error: describe(error) });
    }
  },
};
`;

// ---------------------------------------------------------------- the Node side

interface WireError {
  name: string;
  message: string;
  cause?: WireError;
}

type Answer<T> = { value: T } | { error: WireError };

/** The worker's error as an Error of this realm, with the stack of the call that failed (`origin`). */
function revive(wire: WireError, origin?: Error): Error {
  const error = new Error(wire.message, wire.cause ? { cause: revive(wire.cause) } : undefined);
  error.name = wire.name;
  if (origin?.stack) error.stack = `${wire.name}: ${wire.message}\n${origin.stack.split("\n").slice(1).join("\n")}`;
  return error;
}

/**
 * Node's connections to the runtimes, kept a second for the next call. workerd closes a
 * connection after 15 s without a request, and the pool closes its idle connections by a timer.
 * A process whose event loop was blocked for longer (a test that generates a catalogue
 * synchronously on a busy machine) never ran that timer: its next call went out on a connection
 * workerd had closed and failed with "other side closed" (Miniflare's `dispatchFetch` has this
 * pool). So the client notes the time at every call's start and answer; after more than
 * STALE_AFTER_MS without a note it trusts no idle connection: it sends on new ones, and the old
 * pool closes once its calls are answered.
 */
const STALE_AFTER_MS = 5_000;
const newConnections = () => new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });
let connections = newConnections();
let lastNoted = performance.now();

/** The connections to send on now (new ones after a pause), noting the time. */
function connectionsNow(): Agent {
  const now = performance.now();
  if (now - lastNoted > STALE_AFTER_MS) {
    void connections.close();
    connections = newConnections();
  }
  lastNoted = now;
  return connections;
}

/** The origin of the helper worker's socket on each runtime, asked once. */
const origins = new WeakMap<FetchTarget, Promise<string>>();
function originOf(mf: FetchTarget): Promise<string> {
  let origin = origins.get(mf);
  if (!origin) {
    origin = mf.unsafeGetDirectURL(BINDINGS_WORKER_NAME).then((url) => url.origin);
    origins.set(mf, origin);
  }
  return origin;
}

/** A call to the helper worker on its own socket. */
async function dispatch(mf: FetchTarget, path: string, init: RequestInit = {}) {
  const origin = await originOf(mf);
  const response = await fetch(`${origin}${path}`, { ...(init as Parameters<typeof fetch>[1]), dispatcher: connectionsNow() });
  connectionsNow();
  return response;
}

async function call<T>(mf: FetchTarget, path: string, init: RequestInit, origin: Error): Promise<T> {
  return answerOf<T>(await dispatch(mf, path, init), origin);
}

/** The worker's JSON answer: its value, or its error thrown. */
async function answerOf<T>(response: Awaited<ReturnType<typeof dispatch>>, origin: Error): Promise<T> {
  const text = await response.text();
  let answer: Answer<T>;
  try {
    answer = JSON.parse(text) as Answer<T>;
  } catch {
    throw revive({ name: "Error", message: `the bindings worker answered ${response.status}: ${text.slice(0, 300)}` }, origin);
  }
  if ("error" in answer) throw revive(answer.error, origin);
  return answer.value;
}

const postJson = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
const segment = (binding: string) => encodeURIComponent(binding);

// ------------------------------------------------ D1

interface WireStatement {
  sql: string;
  params: unknown[];
}

type D1Call =
  | { op: "first"; statement: WireStatement; column?: string }
  | { op: "all" | "run"; statement: WireStatement }
  | { op: "raw"; statement: WireStatement; options?: { columnNames?: boolean } }
  | { op: "batch"; statements: WireStatement[] }
  | { op: "exec"; sql: string };

/**
 * A bound value as D1's binding converts it (workerd's d1-api `bind`, copied): numbers and
 * strings as they are, booleans as 1/0, null, arrays of bytes, ArrayBuffers and views as
 * arrays; anything else (undefined, bigint, objects) throws D1's D1_TYPE_ERROR right away.
 */
function d1Value(value: unknown): unknown {
  const type = typeof value;
  if (type === "number" || type === "string") return value;
  if (type === "boolean") return value ? 1 : 0;
  if (type === "object") {
    if (value === null) return null;
    if (Array.isArray(value) && value.every((byte) => typeof byte === "number" && byte >= 0 && byte < 256)) return value;
    if (value instanceof ArrayBuffer) return Array.from(new Uint8Array(value));
    if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>);
  }
  const text = `Type '${type}' not supported for value '${String(value)}'`;
  throw new Error(`D1_TYPE_ERROR: ${text}`, { cause: new Error(text) });
}

class FetchD1Statement {
  constructor(
    private readonly send: (body: D1Call, origin: Error) => Promise<unknown>,
    readonly sql: string,
    readonly params: readonly unknown[] = [],
  ) {}

  get wire(): WireStatement {
    return { sql: this.sql, params: [...this.params] };
  }

  bind(...values: unknown[]): FetchD1Statement {
    return new FetchD1Statement(this.send, this.sql, values.map(d1Value));
  }

  first(column?: string): Promise<unknown> {
    return this.send({ op: "first", statement: this.wire, column }, new Error());
  }

  all(): Promise<unknown> {
    return this.send({ op: "all", statement: this.wire }, new Error());
  }

  run(): Promise<unknown> {
    return this.send({ op: "run", statement: this.wire }, new Error());
  }

  raw(options?: { columnNames?: boolean }): Promise<unknown> {
    return this.send({ op: "raw", statement: this.wire, options }, new Error());
  }
}

/** The D1 binding `binding` of the helper worker on `mf`, as a D1Database (see the module comment). */
export function d1OverFetch(mf: FetchTarget, binding: string): D1Database {
  const path = `/d1/${segment(binding)}`;
  const send = (body: D1Call, origin: Error) => call<unknown>(mf, path, postJson(body), origin);
  const ours = (statement: D1PreparedStatement): WireStatement => {
    if (!(statement instanceof FetchD1Statement)) throw new TypeError("a statement of another database was given to batch()");
    return statement.wire;
  };
  const unsupported = (what: string) => () => {
    throw new Error(`${what} is not supported by the D1 client over fetch (scripts/lib/bindings-over-fetch.ts)`);
  };
  const db = {
    prepare: (query: string) => new FetchD1Statement(send, query) as unknown as D1PreparedStatement,
    batch: <T = unknown>(statements: D1PreparedStatement[]) => {
      const origin = new Error();
      return Promise.resolve()
        .then(() => statements.map(ours))
        .then((wire) => send({ op: "batch", statements: wire }, origin)) as Promise<D1Result<T>[]>;
    },
    exec: (query: string) => send({ op: "exec", sql: query }, new Error()) as Promise<D1ExecResult>,
    withSession: unsupported("withSession"),
    dump: unsupported("dump"),
  };
  return db as unknown as D1Database;
}

// ------------------------------------------------ R2

interface WireR2Object {
  key: string;
  version: string;
  size: number;
  etag: string;
  httpEtag: string;
  uploaded: string;
  storageClass: string;
  httpMetadata?: Record<string, unknown>;
  customMetadata?: Record<string, string>;
}

const HTTP_METADATA_HEADERS: Record<string, string> = {
  contentType: "content-type",
  contentLanguage: "content-language",
  contentDisposition: "content-disposition",
  contentEncoding: "content-encoding",
  cacheControl: "cache-control",
};

function r2Object(wire: WireR2Object): R2Object {
  return {
    ...wire,
    uploaded: new Date(wire.uploaded),
    checksums: { toJSON: () => ({}) },
    writeHttpMetadata(headers: Headers) {
      for (const [field, header] of Object.entries(HTTP_METADATA_HEADERS)) {
        const value = wire.httpMetadata?.[field];
        if (typeof value === "string") headers.set(header, value);
      }
    },
  } as unknown as R2Object;
}

function r2ObjectBody(wire: WireR2Object, bytes: ArrayBuffer): R2ObjectBody {
  let used = false;
  const take = () => {
    if (used) throw new TypeError("the body of this R2 object was already read");
    used = true;
    return bytes.slice(0);
  };
  return {
    ...r2Object(wire),
    get body() {
      return new Blob([take()]).stream();
    },
    get bodyUsed() {
      return used;
    },
    arrayBuffer: async () => take(),
    bytes: async () => new Uint8Array(take()),
    text: async () => new TextDecoder().decode(take()),
    json: async () => JSON.parse(new TextDecoder().decode(take())) as unknown,
    blob: async () => new Blob([take()]),
  } as unknown as R2ObjectBody;
}

/** The R2 binding `binding` of the helper worker on `mf`, as an R2Bucket for the calls the module comment names. */
export function r2OverFetch(mf: FetchTarget, binding: string): R2Bucket {
  const path = (op: string, key?: string) => `/r2/${segment(binding)}/${op}${key === undefined ? "" : `?key=${encodeURIComponent(key)}`}`;
  const refuse = (what: string): never => {
    throw new Error(`${what} is not supported by the R2 client over fetch (scripts/lib/bindings-over-fetch.ts)`);
  };
  const bucket = {
    async get(key: string, options?: object) {
      const origin = new Error();
      if (options && Object.keys(options).length > 0) refuse("get() with options");
      const response = await dispatch(mf, path("get", key));
      const described = response.headers.get("x-r2-object");
      if (described === null) return answerOf<null>(response, origin);
      return r2ObjectBody(JSON.parse(decodeURIComponent(described)) as WireR2Object, await response.arrayBuffer());
    },
    async put(key: string, value: BodyInit | null, options: { httpMetadata?: unknown; customMetadata?: Record<string, string> } = {}) {
      const origin = new Error();
      const { httpMetadata, customMetadata, ...rest } = options;
      if (Object.keys(rest).length > 0) refuse(`put() with ${Object.keys(rest).join(", ")}`);
      if (httpMetadata instanceof Headers) refuse("put() with httpMetadata as Headers");
      const bytes = value === null ? new ArrayBuffer(0) : await new Response(value).arrayBuffer();
      const init: RequestInit = {
        method: "POST",
        headers: { "x-r2-options": encodeURIComponent(JSON.stringify({ httpMetadata, customMetadata })) },
        body: bytes,
      };
      return r2Object(await call<WireR2Object>(mf, path("put", key), init, origin));
    },
    async head(key: string) {
      const wire = await call<WireR2Object | null>(mf, path("head", key), { method: "POST" }, new Error());
      return wire && r2Object(wire);
    },
    async delete(keys: string | string[]) {
      await call<null>(mf, path("delete"), postJson({ keys }), new Error());
    },
    async list(options: object = {}) {
      const listed = await call<{ objects: WireR2Object[] }>(mf, path("list"), postJson(options), new Error());
      return { ...listed, objects: listed.objects.map(r2Object) };
    },
    createMultipartUpload: () => refuse("createMultipartUpload()"),
    resumeMultipartUpload: () => refuse("resumeMultipartUpload()"),
  };
  return bucket as unknown as R2Bucket;
}

// ------------------------------------------------ rate limiting

/** The rate-limiting binding `binding` of the helper worker on `mf`. */
export function rateLimitOverFetch(mf: FetchTarget, binding: string): RateLimit {
  return {
    limit: (options) => call(mf, `/ratelimit/${segment(binding)}`, postJson(options), new Error()),
  };
}

// ------------------------------------------------ cron handlers

/** A worker's cron handler run once: what it answered (`outcome` "ok" when it finished without an exception). */
export type Scheduled = (options: { scheduledTime: Date; cron: string }) => Promise<{ outcome: string; noRetry: boolean }>;

/** The cron handler of the worker that the helper's service binding `binding` names (`serviceBindings: { [binding]: workerName }`). */
export function scheduledOverFetch(mf: FetchTarget, binding: string): Scheduled {
  return ({ scheduledTime, cron }) => call(mf, `/scheduled/${segment(binding)}`, postJson({ scheduledTime: scheduledTime.getTime(), cron }), new Error());
}
