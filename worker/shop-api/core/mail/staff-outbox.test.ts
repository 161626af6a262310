import type { D1Database } from "@cloudflare/workers-types";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { claimDue, outboxInsert } from "./outbox";
import { drainOutbox, MAX_ATTEMPTS } from "./sender";
import { listMails, mailDetail, mailStatusCounts, MAIL_STATUSES } from "./staff-outbox";
import type { MailParams } from "./templates";
import type { MailMessage } from "./transport";

let database: TestDatabase;
let db: D1Database;
const NOW = new Date("2026-11-18T08:00:00Z");
const sent: MailMessage[] = [];
/** Mail ids by recipient's local part. */
const ids: Record<string, number> = {};

const params = (code: string): MailParams<"sample-order-confirmation"> => ({
  referenceCode: code,
  address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [{ sku: "OAK-1", name: "Eiche", longDelivery: false }],
});

async function enqueue(to: string, shop = "DE", at = NOW) {
  await outboxInsert({ shop: { id: shop }, language: "de", template: "sample-order-confirmation", to, params: params(`S${to.length}`) }, at)
    .prepare(db)
    .run();
  const row = await sql`SELECT max(id) AS id FROM mail_outbox`.prepare(db).first<{ id: number }>();
  ids[to.split("@")[0]!] = row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await enqueue("erika@example.com");
  await enqueue("bounce@example.com");
  await enqueue("hard-bounce@example.ch", "CH");
  await sql`UPDATE mail_outbox SET attempts = ${MAX_ATTEMPTS - 1} WHERE id = ${ids["hard-bounce"]!}`.prepare(db).run();
  // the sender's real drain, through a transport that refuses the bounces
  const transport = {
    name: "test",
    async send(message: MailMessage) {
      if (message.to.includes("bounce")) throw new Error(`550 mailbox ${message.to} unavailable`);
      sent.push(message);
    },
  };
  expect(await drainOutbox({ DB: db, ENVIRONMENT_NAME: "test" }, NOW, { transport })).toMatchObject({ claimed: 3, sent: 1, retried: 1, failed: 1 });
  const later = new Date("2026-11-18T09:00:00Z");
  // a drain holds one mail right now (before the bounce's retry is due)
  const soon = new Date("2026-11-18T08:00:30Z");
  await enqueue("claimed@example.com", "DE", soon);
  await claimDue("drain-1", soon.toISOString(), "2026-11-18T08:10:30Z", MAX_ATTEMPTS, 5).prepare(db).run();
  await enqueue("waiting@example.com", "DE", later);
  // a row the sender cannot render (a template that no longer exists)
  await sql`INSERT INTO mail_outbox (shop_id, language, template, recipient, params, next_attempt_at, created_at)
    VALUES ('DE', 'de', 'gone-template', 'Old@Example.com', '{}', ${later.toISOString()}, ${later.toISOString()})`
    .prepare(db)
    .run();
  ids.old = (await sql`SELECT max(id) AS id FROM mail_outbox`.prepare(db).first<{ id: number }>())!.id;
});
afterAll(() => database.dispose());

const who = (mails: { id: number }[]) => mails.map((mail) => Object.keys(ids).find((name) => ids[name] === mail.id));

test("the list: status per mail, recipient, subject, shop, times, attempts, last error; newest first; no body", async () => {
  const { mails, next } = await listMails(db, {}, { limit: 50 }, "test");
  expect(who(mails)).toEqual(["old", "waiting", "claimed", "hard-bounce", "bounce", "erika"]);
  expect(next).toBeNull();
  const byName = Object.fromEntries(mails.map((mail) => [who([mail])[0], mail]));
  expect(byName.erika).toEqual({
    id: ids.erika,
    key: `DE-${ids.erika}`,
    status: "sent",
    state: "sent",
    shop: "DE",
    language: "de",
    template: "sample-order-confirmation",
    recipient: "erika@example.com",
    subject: sent[0]!.subject,
    attempts: 1,
    nextAttemptAt: null,
    lastError: null,
    createdAt: "2026-11-18T08:00:00.000Z",
    sentAt: "2026-11-18T08:00:00.000Z",
  });
  expect(byName.erika!.subject).toContain("S17");
  expect(byName.bounce).toMatchObject({
    status: "retry",
    state: "pending",
    attempts: 1,
    nextAttemptAt: "2026-11-18T08:01:00.000Z",
    lastError: expect.stringContaining("550 mailbox bounce@example.com unavailable"),
    sentAt: null,
  });
  expect(byName["hard-bounce"]).toMatchObject({
    status: "failed",
    shop: "CH",
    attempts: MAX_ATTEMPTS,
    nextAttemptAt: null,
    lastError: expect.stringContaining("550"),
  });
  expect(byName.claimed).toMatchObject({ status: "sending", attempts: 1 });
  expect(byName.waiting).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: "2026-11-18T09:00:00.000Z", lastError: null });
  expect(byName.old).toMatchObject({ status: "pending", subject: null, renderError: "unknown mail template 'gone-template'" });
  // the body's personal data (the address, the samples) is not in the list
  expect(JSON.stringify(mails)).not.toMatch(/Hauptstraße|Eiche|params/);
});

test("filters: status, recipient in any case and literally, shop; combined", async () => {
  for (const status of MAIL_STATUSES) {
    const { mails } = await listMails(db, { status }, { limit: 50 }, "test");
    expect(mails.every((mail) => mail.status === status)).toBe(true);
  }
  expect(who((await listMails(db, { status: "pending" }, { limit: 50 }, "test")).mails)).toEqual(["old", "waiting"]);
  expect(who((await listMails(db, { status: "retry" }, { limit: 50 }, "test")).mails)).toEqual(["bounce"]);
  expect(who((await listMails(db, { recipient: "BOUNCE" }, { limit: 50 }, "test")).mails)).toEqual(["hard-bounce", "bounce"]);
  expect(who((await listMails(db, { recipient: "old@example.com" }, { limit: 50 }, "test")).mails)).toEqual(["old"]);
  expect(who((await listMails(db, { recipient: "%" }, { limit: 50 }, "test")).mails)).toEqual([]);
  expect(who((await listMails(db, { recipient: "hard_bounce" }, { limit: 50 }, "test")).mails)).toEqual([]);
  expect(who((await listMails(db, { shop: "CH" }, { limit: 50 }, "test")).mails)).toEqual(["hard-bounce"]);
  expect(who((await listMails(db, { shop: "DE", recipient: "bounce" }, { limit: 50 }, "test")).mails)).toEqual(["bounce"]);
  expect(await mailStatusCounts(db)).toEqual({ pending: 2, retry: 1, sending: 1, sent: 1, failed: 1 });
});

test("paging by id walks every mail once", async () => {
  const seen: (string | undefined)[] = [];
  let after: number | null = null;
  for (let pages = 0; pages < 10; pages++) {
    const page: Awaited<ReturnType<typeof listMails>> = await listMails(db, {}, { limit: 4, after }, "test");
    seen.push(...who(page.mails));
    if (page.next === null) break;
    after = page.next;
  }
  expect(seen).toEqual(["old", "waiting", "claimed", "hard-bounce", "bounce", "erika"]);
});

test("the detail of one mail has its sender and plain-text body", async () => {
  const detail = await mailDetail(db, ids.erika!, "test");
  expect(detail).toMatchObject({ id: ids.erika, status: "sent", recipient: "erika@example.com", from: sent[0]!.from, text: sent[0]!.text });
  expect(detail!.text).toContain("Hauptstraße 5");
  expect(await mailDetail(db, ids.old!, "test")).toMatchObject({ subject: null, text: null, from: null, renderError: expect.any(String) });
  expect(await mailDetail(db, 999_999, "test")).toBeNull();
});
