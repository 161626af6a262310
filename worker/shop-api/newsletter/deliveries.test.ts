/**
 * The hand-over's drain against a real local D1 and the real Kit adapter pointed at a local
 * stand-in of Kit's API (tests/kit/newsletter-kit-stand-in.ts), with a pinned clock: retries with back-off,
 * success, giving up, the order per subscriber, leases between drains, and the cron's deletion
 * of sign-ups never confirmed.
 */
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { claimDueDeliveries, enqueueDelivery, type NewsletterAction } from "../tables/newsletter-deliveries";
import {
  CONFIRM_LINK_DAYS,
  DELIVERY_LEASE_MS,
  DELIVERY_RETRY_MINUTES,
  drainNewsletterDeliveries,
  MAX_DELIVERY_ATTEMPTS,
  runNewsletterJobs,
  type DrainOptions,
} from "./deliveries";
import { kitNewsletterService } from "./kit";
import type { NewsletterTarget } from "./targets";
import { startKitStandIn, type KitStandIn } from "@tests/kit/newsletter-kit-stand-in";
import { limitFor } from "@tests/kit/json-stand-in";
import { createNewsletterHarness, DAY_MS, freshAddress, MINUTE_MS, NOW, signedUp, type NewsletterHarness } from "@tests/kit/newsletter";

let h: NewsletterHarness;
let kit: KitStandIn;
beforeAll(async () => {
  [h, kit] = await Promise.all([createNewsletterHarness(), startKitStandIn()]);
});
afterAll(async () => {
  await Promise.all([h.dispose(), kit.close()]);
});
beforeEach(async () => {
  h.setNow(NOW);
  kit.reset();
  // Earlier tests' rows are done with: each test drains only its own.
  await h.db.prepare("UPDATE newsletter_deliveries SET state = 'sent' WHERE state = 'pending'").run();
  jest.spyOn(console, "warn").mockImplementation(() => undefined);
  jest.spyOn(console, "log").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** The shop's list at Kit (the stand-in), as a shop configured with `provider: "kit"` would have it. */
const toKit: DrainOptions["targetFor"] = (shopId: string, language: string): NewsletterTarget => ({
  service: kitNewsletterService({ origin: kit.origin, timeoutMs: limitFor() }),
  list: { shopId, language, apiKey: `key-${shopId}-${language}`, formId: "4711" },
});
const drain = (options: DrainOptions = {}) => drainNewsletterDeliveries(h.env, h.now(), { targetFor: toKit, ...options });
const at = (ms: number) => h.setNow(new Date(Date.parse(NOW) + ms).toISOString());

/** A subscriber signed up (and confirmed) through the API, its hand-over rows queued as the confirmation and unsubscription do. */
async function subscriberWith(actions: NewsletterAction[], email = freshAddress()): Promise<{ id: string; email: string }> {
  const tokens = await signedUp(h, email);
  expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
  const { id } = (await h.db.prepare("SELECT id FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ id: string }>())!;
  // The confirmation's own hand-over went to the demo shop's local list at once; these go to Kit.
  await queueActions(id, actions);
  return { id, email };
}

/** Hand-over rows of a subscriber, due now, as the confirmation and unsubscription queue them. */
async function queueActions(subscriberId: string, actions: NewsletterAction[]): Promise<void> {
  for (const action of actions)
    await enqueueDelivery(subscriberId, action, h.now(), sql`1`)
      .prepare(h.db)
      .run();
}

const rowsOf = async (subscriberId: string) =>
  (
    await h.db
      .prepare("SELECT action, state, attempts, next_attempt_at, last_error, sent_at FROM newsletter_deliveries WHERE subscriber_id = ? ORDER BY id")
      .bind(subscriberId)
      .all<Record<string, string | number | null>>()
  ).results.slice(1);

test("a failing service: retried after 1 and 5 minutes, then delivered", async () => {
  const subscriber = await subscriberWith(["subscribe"]);
  let failures = 2;
  kit.respond((request) => (request.path === "/v4/subscribers" && failures-- > 0 ? { status: 503, body: { errors: ["Service Unavailable"] } } : undefined));

  expect(await drain()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
  expect(await rowsOf(subscriber.id)).toEqual([
    {
      action: "subscribe",
      state: "pending",
      attempts: 1,
      next_attempt_at: new Date(Date.parse(NOW) + MINUTE_MS).toISOString(),
      last_error: 'kit POST /v4/subscribers: HTTP 503 {"errors":["Service Unavailable"]}',
      sent_at: null,
    },
  ]);
  // not due yet: nothing is tried
  at(59_000);
  expect(await drain()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
  at(MINUTE_MS);
  expect(await drain()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
  expect((await rowsOf(subscriber.id))[0]).toMatchObject({ attempts: 2, next_attempt_at: new Date(Date.parse(NOW) + 6 * MINUTE_MS).toISOString() });
  at(6 * MINUTE_MS - 1000);
  expect((await drain()).claimed).toBe(0);
  at(6 * MINUTE_MS);
  expect(await drain()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
  expect((await rowsOf(subscriber.id))[0]).toMatchObject({
    state: "sent",
    attempts: 3,
    last_error: null,
    sent_at: new Date(Date.parse(NOW) + 6 * MINUTE_MS).toISOString(),
  });
  expect(kit.subscribers.get(subscriber.email)).toMatchObject({ state: "active", forms: new Set(["4711"]) });
  expect(kit.requests.every((request) => request.apiKey === "key-DE-de")).toBe(true);
});

test(`the back-off grows (${DELIVERY_RETRY_MINUTES.join(", ")} minutes) and after ${MAX_DELIVERY_ATTEMPTS} attempts the delivery is failed for good`, async () => {
  const subscriber = await subscriberWith(["subscribe"]);
  kit.respond(() => ({ status: 401, body: { errors: ["The access token is invalid"] } }));
  let elapsed = 0;
  const waits: number[] = [];
  for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
    at(elapsed);
    const report = await drain();
    expect(report.claimed).toBe(1);
    const [row] = await rowsOf(subscriber.id);
    expect(row!.attempts).toBe(attempt);
    if (attempt < MAX_DELIVERY_ATTEMPTS) {
      expect(report.retried).toBe(1);
      const wait = Date.parse(String(row!.next_attempt_at)) - (Date.parse(NOW) + elapsed);
      waits.push(wait / MINUTE_MS);
      elapsed += wait;
    } else {
      expect(report).toMatchObject({ failed: 1, retried: 0 });
      expect(row).toMatchObject({ state: "failed", last_error: expect.stringContaining("HTTP 401") });
    }
  }
  expect(waits).toEqual([1, 5, 15, 60, 240, 720, 1440]);
  at(elapsed + 30 * DAY_MS);
  expect((await drain()).claimed).toBe(0);
});

test("a subscriber's changes arrive in order: the unsubscribe waits for the subscribe", async () => {
  const subscriber = await subscriberWith(["subscribe", "unsubscribe"]);
  let failures = 1;
  kit.respond((request) => (request.path === "/v4/subscribers" && request.method === "POST" && failures-- > 0 ? { status: 500, body: "" } : undefined));
  expect(await drain()).toMatchObject({ claimed: 1, retried: 1 });
  expect((await rowsOf(subscriber.id)).map((row) => [row.action, row.state, row.attempts])).toEqual([
    ["subscribe", "pending", 1],
    ["unsubscribe", "pending", 0],
  ]);
  at(MINUTE_MS);
  expect(await drain()).toMatchObject({ claimed: 1, sent: 1 });
  expect(await drain()).toMatchObject({ claimed: 1, sent: 1 });
  expect((await rowsOf(subscriber.id)).map((row) => [row.action, row.state])).toEqual([
    ["subscribe", "sent"],
    ["unsubscribe", "sent"],
  ]);
  expect(kit.requests.map((request) => `${request.method} ${request.path.replace(/\/\d+(?=\/|$)/g, "/N")}`)).toEqual([
    "POST /v4/subscribers",
    "POST /v4/subscribers",
    "POST /v4/forms/N/subscribers",
    "GET /v4/subscribers",
    "POST /v4/subscribers/N/unsubscribe",
  ]);
  expect(kit.subscribers.get(subscriber.email)!.state).toBe("cancelled");
});

test("a list that cannot be reached (its key's secret not set): the attempt fails with the reason and is retried", async () => {
  const subscriber = await subscriberWith(["subscribe"]);
  const report = await drain({ targetFor: (shopId, language) => ({ problem: `the secret KIT_KEY_${shopId} (${shopId}, ${language}) is not set` }) });
  expect(report).toMatchObject({ claimed: 1, retried: 1 });
  expect((await rowsOf(subscriber.id))[0]).toMatchObject({ state: "pending", last_error: "the secret KIT_KEY_DE (DE, de) is not set" });
  expect(kit.requests).toEqual([]);
});

test("two drains at once take different rows: every change is delivered once", async () => {
  // Every confirmation's own drain has ended before the rows queued here are due: a confirmation's drain takes every due
  // row, and would hand another subscriber's row to the local list instead of Kit.
  const subscribers = await Promise.all([subscriberWith([]), subscriberWith([]), subscriberWith([])]);
  for (const subscriber of subscribers) await queueActions(subscriber.id, ["subscribe"]);
  const reports = await Promise.all([drain(), drain(), drain()]);
  expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(3);
  const creations = kit.requests
    .filter((request) => request.path === "/v4/subscribers")
    .map((request) => (request.body as { email_address: string }).email_address);
  expect(creations.sort()).toEqual(subscribers.map((subscriber) => subscriber.email).sort());
});

test("a drain that stopped: its rows wait for the lease, then another drain takes them", async () => {
  const subscriber = await subscriberWith(["subscribe"]);
  // a drain claims the row and stops before it answers
  await claimDueDeliveries(h.now(), new Date(h.now().getTime() + DELIVERY_LEASE_MS), MAX_DELIVERY_ATTEMPTS, 20)
    .prepare(h.db)
    .run();
  expect((await drain()).claimed).toBe(0);
  at(DELIVERY_LEASE_MS);
  expect(await drain()).toMatchObject({ claimed: 1, sent: 1 });
  expect((await rowsOf(subscriber.id))[0]).toMatchObject({ state: "sent", attempts: 2 });
});

test("the demo shops' local list: delivered at once, nothing leaves the machine", async () => {
  const subscriber = await subscriberWith(["unsubscribe"]);
  const report = await drainNewsletterDeliveries(h.env as ShopApiEnv, h.now());
  expect(report).toMatchObject({ claimed: 1, sent: 1 });
  expect((await rowsOf(subscriber.id))[0]).toMatchObject({ state: "sent", attempts: 1 });
  expect(kit.requests).toEqual([]);
});

test(`the cron deletes sign-ups never confirmed ${CONFIRM_LINK_DAYS} days after their mail, and keeps the others`, async () => {
  const old = freshAddress("old");
  await signedUp(h, old);
  const confirmed = freshAddress("confirmed");
  const tokens = await signedUp(h, confirmed);
  expect((await h.confirm(tokens.confirmToken)).status).toBe(200);
  at(CONFIRM_LINK_DAYS * DAY_MS - MINUTE_MS);
  const recent = freshAddress("recent");
  await signedUp(h, recent);
  const exists = async (email: string) => (await h.db.prepare("SELECT 1 FROM newsletter_subscribers WHERE email = ?").bind(email).first()) !== null;

  expect((await runNewsletterJobs(h.env, h.now())).deletedSignUps).toBe(0);
  at(CONFIRM_LINK_DAYS * DAY_MS);
  const { deletedSignUps } = await runNewsletterJobs(h.env, h.now());
  expect(deletedSignUps).toBeGreaterThanOrEqual(1);
  expect(await exists(old)).toBe(false);
  expect(await exists(confirmed)).toBe(true);
  expect(await exists(recent)).toBe(true);
  // the voucher of the confirmed address stays with its e-mail key
  expect(await h.db.prepare("SELECT 1 FROM vouchers WHERE email_key = ?").bind(confirmed).first()).not.toBeNull();
});
