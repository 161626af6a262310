/** The outbox row exists exactly when the batch of its business change committed (real D1). */
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql, type SqlFragment } from "@worker/lib/sql";
import { outboxInsert, type OutboxRow } from "./outbox";
import type { MailParams } from "./templates";

let database: TestDatabase;
let db: D1Database;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await db.batch([db.prepare("DELETE FROM mail_outbox"), db.prepare("DELETE FROM visitors")]);
});

const NOW = new Date("2026-11-18T08:00:00Z");
const params: MailParams<"sample-order-confirmation"> = {
  referenceCode: "SABC",
  address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [{ sku: "OAK-1", name: "Eiche", longDelivery: false }],
};
const mail = (extra: { dedupeKey?: string; when?: SqlFragment } = {}) =>
  outboxInsert({ shop: { id: "DE" }, language: "de", template: "sample-order-confirmation", to: "erika@example.com", params, ...extra }, NOW);
const addVisitor = (id: string) => sql`INSERT INTO visitors (id, shop_id, created_at) VALUES (${id}, 'DE', ${NOW.toISOString()})`;
const run = (statements: SqlFragment[]) => db.batch(statements.map((statement) => statement.prepare(db)));
const rows = async () => (await db.prepare("SELECT * FROM mail_outbox ORDER BY id").all<OutboxRow>()).results;
const visitors = async () => (await db.prepare("SELECT COUNT(*) AS n FROM visitors").first<{ n: number }>())!.n;

test("a committed batch holds its mail: pending, due at once, no attempt yet", async () => {
  await run([addVisitor("v1"), mail()]);
  expect(await rows()).toEqual([
    expect.objectContaining({
      shop_id: "DE",
      language: "de",
      template: "sample-order-confirmation",
      recipient: "erika@example.com",
      state: "pending",
      attempts: 0,
      next_attempt_at: NOW.toISOString(),
      created_at: NOW.toISOString(),
      last_error: null,
      sent_at: null,
    }),
  ]);
  expect(JSON.parse((await rows())[0]!.params)).toEqual(params);
});

test("a batch whose business statement fails leaves no mail, whether the mail came first or last", async () => {
  await run([addVisitor("v1")]);
  await expect(run([mail(), addVisitor("v1")])).rejects.toThrow(/UNIQUE/);
  await expect(run([addVisitor("v2"), addVisitor("v1"), mail()])).rejects.toThrow(/UNIQUE/);
  expect(await rows()).toEqual([]);
  expect(await visitors()).toBe(1);
});

test("one business event enqueues one mail: a second batch with the same dedupe key commits its change without a second mail", async () => {
  await run([addVisitor("v1"), mail({ dedupeKey: "order:1" })]);
  await run([addVisitor("v2"), mail({ dedupeKey: "order:1" })]);
  await run([mail({ dedupeKey: "order:2" }), mail(), mail()]);
  expect(await visitors()).toBe(2);
  expect((await rows()).map((row) => row.dedupe_key)).toEqual(["order:1", "order:2", null, null]);
});

test("`when`: the mail is written only if the condition holds at its place in the batch", async () => {
  const visitorExists = (id: string) => sql`EXISTS (SELECT 1 FROM visitors WHERE id = ${id})`;
  await run([addVisitor("v1"), mail({ when: visitorExists("v1"), dedupeKey: "a" }), mail({ when: visitorExists("v9"), dedupeKey: "b" })]);
  expect((await rows()).map((row) => row.dedupe_key)).toEqual(["a"]);
});

test("parameters that do not fit the template are refused before anything is written", () => {
  const broken = { ...params, items: [] };
  expect(() =>
    outboxInsert({ shop: { id: "DE" }, language: "de", template: "sample-order-confirmation", to: "erika@example.com", params: broken }, NOW),
  ).toThrow();
});

test("the table refuses unknown states and params that are not JSON", async () => {
  const insert = (state: string, json: string) =>
    sql`INSERT INTO mail_outbox (shop_id, language, template, recipient, params, state, next_attempt_at, created_at)
      VALUES ('DE', 'de', 't', 'a@b.example', ${json}, ${state}, ${NOW.toISOString()}, ${NOW.toISOString()})`
      .prepare(db)
      .run();
  await expect(insert("lost", "{}")).rejects.toThrow(/CHECK/);
  await expect(insert("pending", "{not json")).rejects.toThrow(/CHECK/);
});
