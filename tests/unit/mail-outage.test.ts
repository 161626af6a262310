/**
 * The mail server is down for an hour: the outbox (worker/shop-api/core/mail) keeps every mail the
 * shop enqueued before and during the outage, and once the server is back delivers each exactly
 * once, within the retry schedule's longest wait after it came back. Real D1 and the real sender
 * (drainOutbox as the cron and the requests run it, every 5 minutes and after each enqueue); the
 * SMTP server is a stand-in that refuses connections while it is down and records what it accepts.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { outboxInsert } from "@shop-api/core/mail/outbox";
import { drainOutbox, RETRY_MINUTES, SOON_LIMIT } from "@shop-api/core/mail/sender";
import type { MailMessage, MailTransport } from "@shop-api/core/mail/transport";
import type { MailParams } from "@shop-api/core/mail/templates";

const START = Date.parse("2026-11-18T08:00:00Z");
const MINUTE = 60_000;
const DOWN_FROM = START + 10 * MINUTE;
const DOWN_UNTIL = DOWN_FROM + 60 * MINUTE;
const CRON_EVERY = 5 * MINUTE;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterAll(async () => {
  jest.restoreAllMocks();
  await t.dispose();
});

/** The SMTP server: refuses connections while down, records each accepted mail with the time. */
function smtpServer(clock: () => number) {
  const accepted: { message: MailMessage; at: number }[] = [];
  const transport: MailTransport = {
    name: "smtp stand-in",
    async send(message) {
      const now = clock();
      if (now >= DOWN_FROM && now < DOWN_UNTIL) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      accepted.push({ message, at: now });
    },
  };
  return { transport, accepted };
}

const params = (n: number): MailParams<"sample-order-confirmation"> => ({
  referenceCode: `SREF${n}`,
  address: { firstname: "Erika", lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [{ sku: "OAK-1", name: "Eiche natur", longDelivery: false }],
});

test("down for an hour: every mail is delivered once after it is back, none twice", async () => {
  let now = START;
  const server = smtpServer(() => now);
  const env = { DB: t.db, ENVIRONMENT_NAME: "development" as const };
  const choice = { transport: server.transport };
  const recipients: string[] = [];
  // A mail every 4 minutes for two hours (before, during and after the outage), each drained at once as a request does,
  // and the cron every 5 minutes; then another two hours of cron only.
  for (let minute = 0; minute <= 240; minute++) {
    now = START + minute * MINUTE;
    if (minute % 4 === 0 && minute <= 120) {
      const to = `outage-${minute}@example.com`;
      recipients.push(to);
      await outboxInsert({ shop: { id: "DE" }, language: "de", template: "sample-order-confirmation", to, params: params(minute) }, new Date(now))
        .prepare(t.db)
        .run();
      await drainOutbox(env, new Date(now), choice, { limit: SOON_LIMIT });
    }
    if ((now - START) % CRON_EVERY === 0) await drainOutbox(env, new Date(now), choice);
  }

  const delivered = server.accepted.map((a) => a.message.to).sort();
  expect(delivered).toEqual([...recipients].sort());
  expect(new Set(server.accepted.map((a) => a.message.id)).size).toBe(recipients.length);
  const rows = await sql`SELECT recipient, state FROM mail_outbox WHERE recipient LIKE 'outage-%'`.prepare(t.db).all<{ recipient: string; state: string }>();
  expect(rows.results.filter((row) => row.state !== "sent")).toEqual([]);
  // Nothing was accepted while the server was down; everything that waited went out within the longest wait of the
  // schedule (plus one cron interval) after it came back.
  expect(server.accepted.filter((a) => a.at >= DOWN_FROM && a.at < DOWN_UNTIL)).toEqual([]);
  const longestWait = Math.max(...RETRY_MINUTES.filter((m) => m <= 60)) * MINUTE + CRON_EVERY;
  expect(Math.max(...server.accepted.map((a) => a.at))).toBeLessThanOrEqual(START + 120 * MINUTE + longestWait);
  const waited = server.accepted.filter((a) => a.at >= DOWN_UNTIL);
  expect(waited.length).toBeGreaterThan(10);
  expect(Math.max(...waited.map((a) => a.at))).toBeLessThanOrEqual(DOWN_UNTIL + longestWait);
});
