/**
 * The sender's rules against a real D1 and the real HTTP transport talking to a local
 * HTTP server that accepts or refuses: backoff, giving up, limits, bad rows, the drain
 * after a request. (SMTP in the Workers runtime: smtp-drain.test.ts.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { outboxInsert, type OutboxRow } from "./outbox";
import { DRAIN_LIMIT, drainOutbox, LEASE_MS, MAX_ATTEMPTS, retryDelayMs, sendOutboxSoon, type SenderEnv } from "./sender";
import type { MailParams } from "./templates";
import { mailTransportFromEnv } from "./transport-config";
import { SEND_TIMEOUT_MS } from "./transport";

let database: TestDatabase;
let db: D1Database;
let server: Server;
let status = 200;
const delivered: { to: string; subject: string }[] = [];
let env: SenderEnv;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (status < 300) delivered.push(JSON.parse(body) as { to: string; subject: string });
      response.writeHead(status).end(status < 300 ? "{}" : "provider trouble");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`;
  env = { DB: db, ENVIRONMENT_NAME: "development", MAIL_TRANSPORT: "http", MAIL_API_URL: url, MAIL_API_KEY: "test-key" };
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});
beforeEach(async () => {
  status = 200;
  delivered.length = 0;
  await db.prepare("DELETE FROM mail_outbox").run();
});

const params: MailParams<"sample-order-confirmation"> = {
  referenceCode: "SREF",
  address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [{ sku: "OAK-1", name: "Eiche", longDelivery: false }],
};
const enqueue = (to: string, now: Date) =>
  outboxInsert({ shop: { id: "DE" }, language: "de", template: "sample-order-confirmation", to, params }, now)
    .prepare(db)
    .run();
const row = async (to: string) => (await sql`SELECT * FROM mail_outbox WHERE recipient = ${to}`.prepare(db).first<OutboxRow>())!;
const drain = (now: Date, limit?: number) => drainOutbox(env, now, mailTransportFromEnv(env), limit ? { limit } : {});
const T0 = new Date("2026-11-18T08:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

test("the backoff: 1, 5, 15, 60, 240, 720 minutes, then daily", () => {
  expect(Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelayMs(i + 1) / 60_000)).toEqual([1, 5, 15, 60, 240, 720, 1440, 1440, 1440, 1440]);
});

test("a drain's lease outlasts a full batch of sends that all run into the timeout", () => {
  expect(DRAIN_LIMIT * SEND_TIMEOUT_MS).toBeLessThan(LEASE_MS);
});

test("a refusing provider: each failed attempt waits longer; after the last one the mail is failed and never sent", async () => {
  status = 500;
  await enqueue("retry@example.com", T0);
  const expectedWaits = [1, 5, 15, 60, 240, 720, 1440, 1440, 1440];
  let now = T0;
  for (const [index, wait] of expectedWaits.entries()) {
    expect(await drain(now)).toMatchObject({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    const waiting = await row("retry@example.com");
    expect(waiting).toMatchObject({ state: "pending", attempts: index + 1, claim_token: null, claimed_until: null });
    expect(waiting.last_error).toMatch(/^http http:\/\/127\.0\.0\.1:\d+\/emails: the mail API answered 500: provider trouble$/);
    const next = new Date(now.getTime() + wait * 60_000);
    expect(waiting.next_attempt_at).toBe(next.toISOString());
    // a minute early: nothing to do
    expect(await drain(new Date(next.getTime() - 60_000))).toMatchObject({ claimed: 0 });
    now = next;
  }
  expect(await drain(now)).toMatchObject({ claimed: 1, retried: 0, failed: 1 });
  expect(await row("retry@example.com")).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
  status = 200;
  expect(await drain(minutes(100_000))).toMatchObject({ claimed: 0, sent: 0 });
  expect(delivered).toEqual([]);
});

test("a provider that recovers: the next due drain sends the mail once", async () => {
  status = 500;
  await enqueue("recover@example.com", T0);
  await drain(T0);
  status = 200;
  expect(await drain(minutes(1))).toMatchObject({ claimed: 1, sent: 1 });
  expect(await drain(minutes(10))).toMatchObject({ claimed: 0 });
  expect(await row("recover@example.com")).toMatchObject({
    state: "sent",
    attempts: 2,
    sent_at: minutes(1).toISOString(),
    last_error: "http " + env.MAIL_API_URL + ": the mail API answered 500: provider trouble",
  });
  expect(delivered).toEqual([expect.objectContaining({ to: "recover@example.com", subject: "Ihre Musterbestellung SREF bei Bodenhaus Deutschland" })]);
});

test("a drain takes at most its limit, earliest due first", async () => {
  await enqueue("c@example.com", minutes(2));
  await enqueue("a@example.com", T0);
  await enqueue("b@example.com", minutes(1));
  await enqueue("later@example.com", minutes(5));
  expect(await drain(minutes(2), 2)).toMatchObject({ claimed: 2, sent: 2 });
  expect(delivered.map((mail) => mail.to)).toEqual(["a@example.com", "b@example.com"]);
  expect(await drain(minutes(2), 2)).toMatchObject({ claimed: 1, sent: 1 });
  expect(delivered.map((mail) => mail.to)).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
});

test("a row that cannot be rendered is a failed attempt with the reason, and the drain goes on with the others", async () => {
  await sql`INSERT INTO mail_outbox (shop_id, language, template, recipient, params, next_attempt_at, created_at)
    VALUES ('DE', 'de', 'no-such-template', 'odd@example.com', '{}', ${T0.toISOString()}, ${T0.toISOString()})`
    .prepare(db)
    .run();
  await enqueue("fine@example.com", T0);
  expect(await drain(T0)).toMatchObject({ claimed: 2, sent: 1, retried: 1 });
  expect((await row("odd@example.com")).last_error).toContain("unknown mail template 'no-such-template'");
  expect(await row("fine@example.com")).toMatchObject({ state: "sent" });
});

test("a mail whose last attempt's drain died is failed, not retried", async () => {
  await enqueue("dead@example.com", T0);
  await sql`UPDATE mail_outbox SET state = 'sending', attempts = ${MAX_ATTEMPTS}, claim_token = 'dead', claimed_until = ${minutes(10).toISOString()}, last_error = 'timeout'`
    .prepare(db)
    .run();
  expect(await drain(minutes(10))).toMatchObject({ claimed: 0, failed: 1 });
  expect(await row("dead@example.com")).toMatchObject({
    state: "failed",
    last_error: "The sender stopped before it finished the last attempt (earlier: timeout)",
  });
  expect(delivered).toEqual([]);
});

test("after a request: sendOutboxSoon hands the drain to waitUntil, which sends the mail at once", async () => {
  await enqueue("soon@example.com", T0);
  const tasks: Promise<unknown>[] = [];
  sendOutboxSoon({ env, now: T0, waitUntil: (task) => tasks.push(task) });
  expect(tasks).toHaveLength(1);
  await Promise.all(tasks);
  expect(await row("soon@example.com")).toMatchObject({ state: "sent" });
  expect(delivered.map((mail) => mail.to)).toEqual(["soon@example.com"]);
});

test("after a request without a usable transport: no drain, the due mail is left for the cron, which notes the problem", async () => {
  await enqueue("unconfigured@example.com", T0);
  for (const unusable of [{ MAIL_TRANSPORT: undefined }, { MAIL_TRANSPORT: "none" }, { MAIL_TRANSPORT: "http", MAIL_API_KEY: undefined }]) {
    const tasks: Promise<unknown>[] = [];
    sendOutboxSoon({ env: { ...env, ...unusable }, now: T0, waitUntil: (task) => tasks.push(task) });
    expect(tasks).toEqual([]);
  }
  expect(await row("unconfigured@example.com")).toMatchObject({ state: "pending", attempts: 0, last_error: null });
  await drainOutbox(env, T0, mailTransportFromEnv({ ...env, MAIL_TRANSPORT: "none" }));
  expect((await row("unconfigured@example.com")).last_error).toBe("MAIL_TRANSPORT 'none' is neither smtp nor http");
  expect(delivered).toEqual([]);
});
