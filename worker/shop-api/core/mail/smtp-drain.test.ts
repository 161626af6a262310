/**
 * The drain in the Workers runtime: the shop API worker bundled as deployed, run in workerd
 * (Miniflare), its cron handler draining the outbox through worker-mailer's SMTP over
 * `connect()` into a real SMTP server (maildev), whose REST API shows what arrived.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readInbox, startMailCatcher, type MailCatcher } from "@scripts/lib/mail-catcher";
import { freePort } from "@scripts/lib/free-port";
import { startWorkerdShopApi, WORKERD_SHOP_API_START_MS, type WorkerdShopApi } from "@tests/kit/workerd-shop-api";
import { sql } from "@worker/lib/sql";
import { outboxInsert, type OutboxRow } from "./outbox";
import { LEASE_MS } from "./sender";
import type { MailParams } from "./templates";

let api: WorkerdShopApi;
let smtpPort: number;
let webPort: number;
let mailDirectory: string;
let catcher: MailCatcher | null = null;

beforeAll(async () => {
  smtpPort = await freePort();
  webPort = await freePort();
  mailDirectory = mkdtempSync(join(tmpdir(), "mail-catcher-"));
  api = await startWorkerdShopApi({
    smtp: { ENVIRONMENT_NAME: "development", MAIL_TRANSPORT: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPort), SMTP_SECURITY: "none" },
    unconfigured: { ENVIRONMENT_NAME: "development" },
  });
}, WORKERD_SHOP_API_START_MS);
afterAll(async () => {
  await catcher?.stop();
  await api?.dispose();
  rmSync(mailDirectory, { recursive: true, force: true });
});

const startCatcher = async () => {
  catcher ??= await startMailCatcher({ smtpPort, webPort, mailDirectory });
  return catcher;
};

const params = (firstname = "Erika"): MailParams<"sample-order-confirmation"> => ({
  referenceCode: "SREF1",
  address: { firstname, lastname: "Muster", street: "Hauptstraße 5", zip: "10115", city: "Berlin", country: "Deutschland" },
  items: [{ sku: "OAK-1", name: "Eiche natur", longDelivery: false }],
});

async function enqueue(to: string, now: Date, firstname?: string): Promise<void> {
  await outboxInsert({ shop: { id: "DE" }, language: "de", template: "sample-order-confirmation", to, params: params(firstname) }, now)
    .prepare(api.db)
    .run();
}

const row = async (to: string) => (await sql`SELECT * FROM mail_outbox WHERE recipient = ${to}`.prepare(api.db).first<OutboxRow>())!;
const at = (iso: string) => new Date(iso);

test("the mail service is down: the mail stays pending with one attempt, the error and a later try; once the service is up it is sent exactly once", async () => {
  const to = "down@example.com";
  await enqueue(to, at("2026-11-18T08:00:00Z"));
  await api.runCron("smtp", at("2026-11-18T08:00:00Z"));
  const waiting = await row(to);
  expect(waiting).toMatchObject({ state: "pending", attempts: 1, next_attempt_at: "2026-11-18T08:01:00.000Z", claim_token: null, sent_at: null });
  expect(waiting.last_error).toContain(`smtp 127.0.0.1:${smtpPort} (none)`);

  // not due yet: no second attempt
  await api.runCron("smtp", at("2026-11-18T08:00:30Z"));
  expect(await row(to)).toMatchObject({ state: "pending", attempts: 1 });

  const { inboxUrl } = await startCatcher();
  await api.runCron("smtp", at("2026-11-18T08:01:00Z"));
  await api.runCron("smtp", at("2026-11-18T08:30:00Z"));
  expect(await row(to)).toMatchObject({ state: "sent", attempts: 2, sent_at: "2026-11-18T08:01:00.000Z", claim_token: null, claimed_until: null });
  expect(await readInbox(inboxUrl, to)).toHaveLength(1);
});

test("a mail through real SMTP: subject, sender, recipient, HTML with the hostile name escaped, the plain-text part", async () => {
  const { inboxUrl } = await startCatcher();
  const to = "hostile@example.com";
  const hostile = `<script>alert("x")</script>`;
  await enqueue(to, at("2026-11-18T09:00:00Z"), hostile);
  await api.runCron("smtp", at("2026-11-18T09:00:00Z"));
  const [mail, ...more] = await readInbox(inboxUrl, to);
  expect(more).toEqual([]);
  expect(mail!.subject).toBe("Ihre Musterbestellung SREF1 bei Bodenhaus Deutschland");
  expect(mail!.from).toEqual([{ address: "service@bodenhaus.example", name: "Bodenhaus" }]);
  expect(mail!.to).toEqual([expect.objectContaining({ address: to })]);
  expect(mail!.headers["message-id"]).toMatch(/^<mail-\d+\.\d+@bodenhaus\.example>$/);
  expect(mail!.html).toContain("Hallo &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Muster,");
  expect(mail!.html).not.toContain("<script>");
  expect(mail!.html).toContain("Eiche natur – Art.-Nr. OAK-1");
  expect(mail!.text).toContain(`Hallo ${hostile} Muster,`);
  expect(mail!.text).toContain("- Eiche natur – Art.-Nr. OAK-1");
  expect(mail!.text).toContain("Die Muster und der Versand sind für Sie kostenlos.");
  expect(await row(to)).toMatchObject({ state: "sent", attempts: 1, last_error: null });
});

test("a notification to the shop's service address answers the customer: Reply-To through real SMTP", async () => {
  const { inboxUrl } = await startCatcher();
  const to = "service-reply@example.com";
  const params: MailParams<"inquiry-notification"> = {
    number: "Q-7K2M9P4XWB",
    type: "Produktfrage",
    product: { sku: "OAK-1", name: "Eiche natur" },
    language: "Deutsch (de)",
    name: "Erika Muster",
    email: "erika@example.com",
    country: "Deutschland",
    account: "Nein",
    answers: [],
    message: "Ist die Diele für Fußbodenheizung geeignet?",
  };
  await outboxInsert({ shop: { id: "DE" }, language: "de", template: "inquiry-notification", to, params }, at("2026-11-18T09:30:00Z"))
    .prepare(api.db)
    .run();
  await api.runCron("smtp", at("2026-11-18T09:30:00Z"));
  const [mail] = await readInbox(inboxUrl, to);
  expect(mail!.subject).toBe("Neue Anfrage Q-7K2M9P4XWB (Produktfrage): Eiche natur");
  expect(mail!.from).toEqual([{ address: "service@bodenhaus.example", name: "Bodenhaus" }]);
  expect(mail!.headers["reply-to"]).toContain("erika@example.com");
});

test("two drains at the same time send each mail once", async () => {
  const { inboxUrl } = await startCatcher();
  const recipients = Array.from({ length: 6 }, (_, i) => `both-${i}@example.com`);
  for (const to of recipients) await enqueue(to, at("2026-11-18T10:00:00Z"));
  await Promise.all([api.runCron("smtp", at("2026-11-18T10:00:00Z")), api.runCron("smtp", at("2026-11-18T10:00:00Z"))]);
  for (const to of recipients) {
    expect(await readInbox(inboxUrl, to)).toHaveLength(1);
    expect(await row(to)).toMatchObject({ state: "sent", attempts: 1 });
  }
});

test("without a transport configuration the mail waits with the reason as its error and no attempt counted; configured, it goes out", async () => {
  const { inboxUrl } = await startCatcher();
  const to = "unconfigured@example.com";
  await enqueue(to, at("2026-11-18T11:00:00Z"));
  await api.runCron("unconfigured", at("2026-11-18T11:00:00Z"));
  expect(await row(to)).toMatchObject({ state: "pending", attempts: 0, last_error: "No mail transport configured: set MAIL_TRANSPORT to smtp or http" });
  await api.runCron("smtp", at("2026-11-18T11:05:00Z"));
  expect(await row(to)).toMatchObject({ state: "sent", attempts: 1 });
  expect(await readInbox(inboxUrl, to)).toHaveLength(1);
});

test("a drain that stopped mid-way: its mails are claimable again when the lease ran out, not before", async () => {
  const { inboxUrl } = await startCatcher();
  const to = "abandoned@example.com";
  const claimedAt = at("2026-11-18T12:00:00Z");
  await enqueue(to, claimedAt);
  const leaseEnd = new Date(claimedAt.getTime() + LEASE_MS).toISOString();
  await sql`UPDATE mail_outbox SET state = 'sending', attempts = 1, claim_token = 'dead-drain', claimed_until = ${leaseEnd} WHERE recipient = ${to}`
    .prepare(api.db)
    .run();
  await api.runCron("smtp", at("2026-11-18T12:05:00Z"));
  expect(await row(to)).toMatchObject({ state: "sending", claim_token: "dead-drain" });
  await api.runCron("smtp", new Date(leaseEnd));
  expect(await row(to)).toMatchObject({ state: "sent", attempts: 2, claim_token: null });
  expect(await readInbox(inboxUrl, to)).toHaveLength(1);
});
