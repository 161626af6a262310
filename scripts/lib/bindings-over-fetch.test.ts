import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import type { D1Database, R2Bucket, R2Object, RateLimit } from "@cloudflare/workers-types";
import { bindingsOverFetch, bindingsWorker } from "./bindings-over-fetch";

/** Miniflare's Node proxies (getD1Database, getBindings, getWorker, ...) all start from this internal method; the clients must never call it. */
const proxyClient = jest.spyOn(Miniflare.prototype as unknown as { _getProxyClient(): Promise<unknown> }, "_getProxyClient");

let mf: Miniflare;
let db: D1Database;
let bucket: R2Bucket;
let limiter: RateLimit;

beforeAll(async () => {
  mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        // Another worker first: it answers the runtime's entry, the bindings worker its own socket, and storage with the same ID is shared.
        { name: "app", modules: true, script: "export default { fetch() { return new Response('app'); } }", d1Databases: { DB: "db" } },
        bindingsWorker({
          d1Databases: { DB: "db" },
          r2Buckets: { BUCKET: "bucket" },
          ratelimits: { LIMIT: { namespace_id: "1", simple: { limit: 2, period: 60 } } },
        }),
      ],
    }),
  );
  const client = bindingsOverFetch(mf);
  [db, bucket, limiter] = [client.d1("DB"), client.r2("BUCKET"), client.rateLimit("LIMIT")];
  await db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, n REAL CHECK (n >= 0), b BLOB)");
});

afterAll(() => mf.dispose());

describe("D1 over fetch", () => {
  test("run, all, first, first(column) and raw answer as D1 does, with meta.changes and meta.last_row_id", async () => {
    const inserted = await db
      .prepare("INSERT INTO t (name, n, b) VALUES (?1, ?2, ?3)")
      .bind("a", 1.5, new Uint8Array([1, 2, 255]))
      .run();
    expect(inserted).toMatchObject({ success: true, meta: { changes: 1, last_row_id: 1 } });
    expect((await db.prepare("SELECT * FROM t").all()).results).toEqual([{ id: 1, name: "a", n: 1.5, b: [1, 2, 255] }]);
    expect(await db.prepare("SELECT name FROM t WHERE id = ?").bind(1).first()).toEqual({ name: "a" });
    expect(await db.prepare("SELECT name FROM t WHERE id = ?").bind(1).first("name")).toBe("a");
    expect(await db.prepare("SELECT name FROM t WHERE id = ?").bind(2).first("name")).toBeNull();
    await expect(db.prepare("SELECT name FROM t").first("other")).rejects.toThrow("D1_COLUMN_NOTFOUND: Column not found (other)");
    expect(await db.prepare("SELECT id, name FROM t").raw()).toEqual([[1, "a"]]);
    expect(await db.prepare("SELECT id, name FROM t").raw({ columnNames: true })).toEqual([
      ["id", "name"],
      [1, "a"],
    ]);
  });

  test("bind converts and refuses values as D1's binding does, at once", async () => {
    expect(await db.prepare("SELECT ?1 AS yes, ?2 AS no, ?3 AS empty").bind(true, false, null).first()).toEqual({ yes: 1, no: 0, empty: null });
    expect(() => db.prepare("SELECT ?").bind(undefined)).toThrow("D1_TYPE_ERROR: Type 'undefined' not supported for value 'undefined'");
    expect(() => db.prepare("SELECT ?").bind({})).toThrow("D1_TYPE_ERROR: Type 'object' not supported for value '[object Object]'");
  });

  test("errors are Errors with D1's messages and causes", async () => {
    const unique = await db
      .prepare("INSERT INTO t (name) VALUES ('a')")
      .run()
      .catch((error: unknown) => error);
    expect(unique).toBeInstanceOf(Error);
    expect((unique as Error).message).toMatch(/^D1_ERROR: UNIQUE constraint failed: t\.name/);
    expect(((unique as Error).cause as Error).message).toMatch(/^UNIQUE constraint failed: t\.name/);
    await expect(db.prepare("INSERT INTO t (name, n) VALUES ('negative', -1)").run()).rejects.toThrow(/CHECK constraint failed/);
    await db.exec("CREATE TRIGGER refuse BEFORE DELETE ON t BEGIN SELECT RAISE(ABORT, 'refused by the test'); END");
    await expect(db.prepare("DELETE FROM t").run()).rejects.toThrow(/^D1_ERROR: refused by the test/);
    await db.exec("DROP TRIGGER refuse");
    await expect(db.exec("SELEC 1")).rejects.toThrow(/^D1_EXEC_ERROR: Error in line 1: SELEC 1: near "SELEC": syntax error/);
  });

  test("a batch is one transaction: a failing statement undoes the ones before it", async () => {
    const ok = await db.batch([db.prepare("SELECT 1 AS one"), db.prepare("SELECT ?1 AS two").bind(2)]);
    expect(ok.map((result) => result.results)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
    await expect(db.batch([db.prepare("INSERT INTO t (name) VALUES ('b')"), db.prepare("INSERT INTO t (name) VALUES ('b')")])).rejects.toThrow(
      /UNIQUE constraint failed/,
    );
    expect(await db.prepare("SELECT COUNT(*) AS n FROM t WHERE name = 'b'").first("n")).toBe(0);
  });

  test("the database is the one of the other worker with the same ID", async () => {
    const response = await mf.dispatchFetch("http://localhost/");
    expect(await response.text()).toBe("app");
    await db.prepare("INSERT INTO t (name) VALUES ('c')").run();
    expect(await db.prepare("SELECT COUNT(*) AS n FROM t").first("n")).toBe(2);
  });
});

describe("R2 over fetch", () => {
  test("put, get, head, list and delete", async () => {
    const put = await bucket.put("uploads/ä 1", new Uint8Array([1, 2, 3]), { httpMetadata: { contentType: "image/png" }, customMetadata: { by: "ä" } });
    expect(put).toMatchObject({ key: "uploads/ä 1", size: 3, httpMetadata: { contentType: "image/png" }, customMetadata: { by: "ä" } });
    await bucket.put("text", "hello");
    const object = await bucket.get("uploads/ä 1");
    expect(object).toMatchObject({ key: "uploads/ä 1", size: 3, etag: put.etag });
    expect(object!.uploaded).toBeInstanceOf(Date);
    expect([...new Uint8Array(await object!.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(await (await bucket.get("text"))!.text()).toBe("hello");
    const headers = new Headers();
    (await bucket.head("uploads/ä 1"))!.writeHttpMetadata(headers as unknown as Parameters<R2Object["writeHttpMetadata"]>[0]);
    expect(headers.get("content-type")).toBe("image/png");
    expect(await bucket.get("missing")).toBeNull();
    expect((await bucket.list()).objects.map((each) => each.key)).toEqual(["text", "uploads/ä 1"]);
    await bucket.delete(["text", "uploads/ä 1"]);
    expect((await bucket.list()).objects).toEqual([]);
  });

  test("what it does not support throws", async () => {
    await expect(bucket.get("text", { range: { offset: 1 } })).rejects.toThrow("get() with options is not supported");
  });
});

test("rate limiting over fetch counts per key", async () => {
  expect(await limiter.limit({ key: "a" })).toEqual({ success: true });
  expect(await limiter.limit({ key: "a" })).toEqual({ success: true });
  expect(await limiter.limit({ key: "a" })).toEqual({ success: false });
  expect(await limiter.limit({ key: "b" })).toEqual({ success: true });
});

test("a call right after the event loop stood still past workerd's idle close (15 s) reaches the worker, on a new connection", async () => {
  // Connections of the pool are open and idle (parallel calls opened several); the process then blocks, as a synchronous test on a busy machine does.
  await Promise.all([1, 2, 3].map(() => db.prepare("SELECT 1").first()));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 16_000);
  expect(await db.prepare("SELECT 1 AS one").first("one")).toBe(1);
});

test("nothing here started Miniflare's Node proxy (its synchronous round trips)", () => {
  expect(proxyClient).not.toHaveBeenCalled();
});
