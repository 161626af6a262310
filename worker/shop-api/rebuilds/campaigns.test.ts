/**
 * The campaign clock (docs/decisions/0048) against a real local D1 with a pinned clock: a rebuild
 * request for the campaign's shop when it starts and when it ends, nothing in between or on a
 * second run, nothing for a campaign it has not seen before, and the nightly run unaffected.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import type { ShopApiEnv } from "@worker/env";
import { sql } from "@worker/lib/sql";
import { importDocument } from "@tests/kit/catalogue";
import { runCampaignClock } from "./campaigns";
import { requestNightlyRebuild } from "./nightly";
import { resetPipeline, SETTINGS } from "@tests/kit/rebuilds";
import { runScheduledJobs } from "@tests/kit/shop-api";

let t: TestDatabase;
const env = (): ShopApiEnv => t.env;
const at = (iso: string) => ({ now: () => new Date(iso), settings: SETTINGS });

const campaign = (shop: "DE" | "AT", identifier: string, startsAt: string, endsAt: string) => ({
  shop,
  language: shop === "AT" ? "at" : "de",
  identifier,
  campaignName: "Black Week",
  startsAt,
  endsAt,
  isActive: true,
  start: { isActive: true, url: "/sale.html", imageDesktop: "/images/campaigns/a.svg", imageMobile: "/images/campaigns/b.svg" },
  hub: {
    isActive: true,
    identifier: "sale",
    bigImage: { top: "/images/campaigns/c.svg", url: "/sale.html", textLeft: "a", textRight: "b" },
    firstSlider: [],
    secondSlider: [],
  },
});

beforeAll(async () => {
  t = await createTestDatabase();
  const doc = {
    cmsPages: ["DE", "AT"].map((shop) => ({ shop, language: shop.toLowerCase(), identifier: "sale", pageType: "SALES", title: "Sale" })),
    campaigns: [
      campaign("DE", "black-week", "2026-11-23T00:00:00Z", "2026-12-01T00:00:00Z"),
      campaign("AT", "black-week", "2026-11-23T00:00:00Z", "2026-12-01T00:00:00Z"),
      campaign("AT", "later", "2026-12-10T00:00:00Z", "2026-12-20T00:00:00Z"),
    ],
  };
  const result = await importDocument(t.db, doc, { source: "campaigns.json", now: new Date("2026-11-01T00:00:00Z") });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  await resetPipeline(t.db);
});
afterAll(() => t.dispose());
beforeEach(() => jest.spyOn(console, "log").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const requests = async () =>
  (
    await sql`SELECT r.trigger, r.actor, r.detail, (SELECT group_concat(shop, ',') FROM (SELECT shop FROM rebuild_request_shops s WHERE s.request_id = r.id ORDER BY shop)) AS shops
      FROM rebuild_requests r ORDER BY r.id`
      .prepare(t.db)
      .all<{ trigger: string; actor: string; detail: string; shops: string }>()
  ).results;

test("a campaign's start and end each rebuild its shop once; the nightly run still runs that day", async () => {
  // First sight: only noted (the import asked for the rebuild already).
  expect(await runCampaignClock(env(), at("2026-11-20T12:00:00Z"))).toEqual({ changeId: null, changes: [] });
  expect(await requests()).toEqual([]);
  expect(await runCampaignClock(env(), at("2026-11-22T23:55:00Z"))).toEqual({ changeId: null, changes: [] });

  const started = await runCampaignClock(env(), at("2026-11-23T00:05:00Z"));
  expect(started.changes).toEqual(["AT/black-week running", "DE/black-week running"]);
  expect(await requests()).toEqual([
    { trigger: "nightly", actor: "campaign-clock", detail: "campaign clock: AT/black-week running, DE/black-week running", shops: "AT,DE" },
  ]);
  // The same state again: nothing.
  expect(await runCampaignClock(env(), at("2026-11-23T00:10:00Z"))).toEqual({ changeId: null, changes: [] });
  // The nightly run of the day is not held back by the clock's request.
  expect(await requestNightlyRebuild(env(), at("2026-11-23T02:00:00Z"))).not.toBeNull();

  const ended = await runCampaignClock(env(), at("2026-12-01T00:00:00Z"));
  expect(ended.changes).toEqual(["AT/black-week ended", "DE/black-week ended"]);
  const later = await runCampaignClock(env(), at("2026-12-10T00:01:00Z"));
  expect(later.changes).toEqual(["AT/later running"]);
  expect((await requests()).map((request) => request.shops)).toEqual(["AT,DE", expect.any(String), "AT,DE", "AT"]);
});

test("switching a campaign off is a change of state too; the scheduled jobs run the clock", async () => {
  await resetPipeline(t.db);
  await sql`UPDATE campaigns SET is_active = 0 WHERE shop_id = 'AT' AND identifier = 'later'`.prepare(t.db).run();
  await runScheduledJobs(env(), new Date("2026-12-11T00:00:00Z"));
  expect(await requests()).toEqual([expect.objectContaining({ actor: "campaign-clock", detail: "campaign clock: AT/later off", shops: "AT" })]);
});
