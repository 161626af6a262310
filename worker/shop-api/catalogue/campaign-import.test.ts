/**
 * Sales campaigns through the catalogue import (docs/decisions/0048): what is stored, the rebuild
 * request of their shop, and the problems of bad and hostile data, each named with its record and
 * field, with nothing written.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { sql } from "@worker/lib/sql";
import { campaignOf, type CampaignRow } from "../tables/campaigns";
import { importCatalogue } from "./apply-import";
import type { CampaignRecord, CatalogueDocument, CmsPageRecord, ImportResult } from "./import-format";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await sql`INSERT INTO vouchers (code, shop_id, currency, amount, source, email_key, issued_at)
    VALUES ('DE-7KQ2-M9XH-4TPB', 'DE', 'EUR', 1000, 'newsletter', 'a@example.com', '2026-11-01T00:00:00Z')`
    .prepare(t.db)
    .run();
});
afterAll(() => t.dispose());

const NOW = new Date("2026-11-18T08:00:00Z");
const importJson = (doc: unknown, now = NOW): Promise<ImportResult> =>
  importCatalogue(t.db, { format: "json", text: JSON.stringify(doc) }, { source: "campaigns.json", now });

const salesPage = (language: "de" | "fr", identifier = "sale"): CmsPageRecord => ({
  shop: language === "de" ? "DE" : "FR",
  language,
  identifier,
  pageType: "SALES",
  title: language === "de" ? "Sale" : "Soldes",
});

function campaign(overrides: Partial<CampaignRecord> = {}): CampaignRecord {
  return {
    shop: "DE",
    language: "de",
    identifier: "black-week",
    campaignName: "Black Week",
    campaignDescription: "<p>Eine Woche lang <strong>reduziert</strong>.</p>",
    startsAt: "2026-11-23T00:00:00+01:00",
    endsAt: "2026-12-01T00:00:00+01:00",
    isActive: true,
    navigationIsActive: true,
    navigationBanner: {
      url: "/sale.html",
      imageDesktop: "/images/campaigns/black-week-nav-desktop.svg",
      imageMobile: "/images/campaigns/black-week-nav-mobile.svg",
      text: "Black Week",
    },
    start: {
      isActive: true,
      url: "/sale.html",
      imageDesktop: "/images/campaigns/black-week-desktop.svg",
      imageMobile: "/images/campaigns/black-week-mobile.svg",
    },
    hub: {
      isActive: true,
      identifier: "sale",
      bigImage: { top: "/images/campaigns/black-week-hub.svg", url: "/sale.html", textLeft: "Bis zu 30 %", textRight: "nur bis Montag" },
      firstSlider: [{ title: "Parkett", url: "/parkett.html", image: "/images/categories/parkett.svg" }],
      secondSlider: [],
    },
    ...overrides,
  };
}

const campaignCount = async () => (await t.db.prepare("SELECT COUNT(*) AS n FROM campaigns").first<{ n: number }>())!.n;

async function refusedWith(doc: CatalogueDocument, problems: { field: string; message: string | RegExp }[]) {
  const before = await campaignCount();
  const result = await importJson(doc);
  if (result.ok) throw new Error("expected the import to be refused");
  const expected = problems.map((p) =>
    expect.objectContaining({ field: p.field, message: typeof p.message === "string" ? p.message : expect.stringMatching(p.message) }),
  );
  expect(result.problems).toEqual(expect.arrayContaining(expected));
  expect(result.problems).toHaveLength(problems.length);
  expect(await campaignCount()).toBe(before);
}

describe("a valid campaign", () => {
  test("is stored with its dates in UTC, sanitised text and a rebuild request for its shop; the same file again changes nothing", async () => {
    const result = await importJson({
      cmsPages: [salesPage("de")],
      campaigns: [campaign({ campaignDescription: '<p onclick="x()">Reduziert<script>alert(1)</script></p>' })],
    });
    expect(result).toMatchObject({ ok: true, counts: expect.objectContaining({ campaigns: 1 }) });
    const row = await t.db.prepare("SELECT * FROM campaigns WHERE shop_id = 'DE' AND identifier = 'black-week'").first<CampaignRow>();
    expect(row).toMatchObject({ starts_at: "2026-11-22T23:00:00.000Z", ends_at: "2026-11-30T23:00:00.000Z", is_active: 1, is_archived: 0, coupon: null });
    expect(row!.description).toBe("<p>Reduziert</p>");
    const stored = campaignOf(row!);
    expect(stored.hub.firstSlider).toEqual([{ title: "Parkett", url: "/parkett.html", image: "/images/categories/parkett.svg" }]);
    expect(stored.navigationBanner?.text).toBe("Black Week");
    if (!result.ok) throw new Error("refused");
    const shops = await t.db.prepare("SELECT shop FROM rebuild_request_shops WHERE request_id = ?").bind(result.changeId).all<{ shop: string }>();
    expect(shops.results.map((s) => s.shop)).toEqual(["DE"]);

    const again = await importJson(
      { campaigns: [campaign({ campaignDescription: '<p onclick="x()">Reduziert<script>alert(1)</script></p>' })] },
      new Date("2026-11-19T08:00:00Z"),
    );
    expect(again).toMatchObject({ ok: true });
    const updated = await t.db.prepare("SELECT updated_at FROM campaigns WHERE identifier = 'black-week'").first<{ updated_at: string }>();
    expect(updated!.updated_at).toBe(NOW.toISOString());
  });

  test("a coupon must be a voucher of the shop; it is stored as the voucher module writes codes", async () => {
    expect(await importJson({ campaigns: [campaign({ identifier: "coupon-week", campaignCoupon: "de7kq2 m9xh 4tpb" })] })).toMatchObject({ ok: true });
    expect(await t.db.prepare("SELECT coupon FROM campaigns WHERE identifier = 'coupon-week'").first()).toEqual({ coupon: "DE-7KQ2-M9XH-4TPB" });
  });
});

describe("bad and hostile campaigns are refused, nothing written", () => {
  test("an end before the start, a banner switched on without a banner, an archived active campaign", async () => {
    await refusedWith(
      {
        campaigns: [
          campaign({ identifier: "backwards", startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" }),
          campaign({ identifier: "no-banner", navigationBanner: undefined }),
          campaign({ identifier: "archived", isArchived: true }),
        ],
      },
      [
        { field: "campaigns[0].endsAt", message: "must be after startsAt (2026-12-01T00:00:00Z)" },
        { field: "campaigns[1].navigationBanner", message: "navigationIsActive needs a navigationBanner" },
        { field: "campaigns[2].isActive", message: "an archived campaign cannot be active" },
      ],
    );
  });

  test("unknown shop, a language the shop lacks, a hub without SALES page, another shop's or an invented coupon, a duplicate", async () => {
    await refusedWith(
      {
        campaigns: [
          campaign({ shop: "XX", identifier: "x" }),
          campaign({ language: "fr", identifier: "y" }),
          campaign({ identifier: "z", hub: { ...campaign().hub, identifier: "no-such-page" } }),
          campaign({ shop: "FR", language: "fr", identifier: "w", campaignCoupon: "DE-7KQ2-M9XH-4TPB", hub: { ...campaign().hub, identifier: "soldes" } }),
          campaign({ identifier: "v", campaignCoupon: "BLACKWEEK" }),
          campaign(),
          campaign(),
        ],
        cmsPages: [salesPage("fr", "soldes")],
      },
      [
        { field: "campaigns[0].shop", message: /unknown shop 'XX'/ },
        { field: "campaigns[0].hub.identifier", message: "no SALES page 'sale' in shop XX (de)" },
        { field: "campaigns[1].language", message: /shop DE has no language 'fr'/ },
        { field: "campaigns[1].hub.identifier", message: "no SALES page 'sale' in shop DE (fr)" },
        { field: "campaigns[2].hub.identifier", message: "no SALES page 'no-such-page' in shop DE (de)" },
        { field: "campaigns[3].campaignCoupon", message: /'DE-7KQ2-M9XH-4TPB' is no voucher of shop FR/ },
        { field: "campaigns[4].campaignCoupon", message: /'BLACKWEEK' is no voucher of shop DE/ },
        { field: "campaigns[6].identifier", message: "duplicate 'DE/de/black-week' (also in campaigns[5])" },
      ],
    );
  });

  test("script URLs, unknown fields, bad dates and an identifier that is no path segment", async () => {
    await refusedWith(
      {
        campaigns: [
          campaign({ identifier: "../../etc", start: { ...campaign().start, url: "javascript:alert(1)" } }),
          { ...campaign({ identifier: "extra" }), onload: "x" } as unknown as CampaignRecord,
          campaign({ identifier: "date", startsAt: "next monday" }),
          campaign({ identifier: "slides", hub: { ...campaign().hub, firstSlider: [{ title: "x", url: "//evil.example/", image: "/a.svg" }] } }),
        ],
      },
      [
        { field: "campaigns[0].identifier", message: /lower-case words/ },
        { field: "campaigns[0].start.url", message: "must be a path starting with '/' or an http(s) URL" },
        { field: "campaigns[1]", message: /onload/ },
        { field: "campaigns[2].startsAt", message: /ISO 8601/ },
        { field: "campaigns[3].hub.firstSlider[0].url", message: "must be a path starting with '/' or an http(s) URL" },
      ],
    );
  });

  test("the languages of one campaign share its dates", async () => {
    await refusedWith(
      {
        cmsPages: [salesPage("fr", "soldes")],
        campaigns: [
          campaign({ shop: "FR", language: "fr", identifier: "spring", hub: { ...campaign().hub, identifier: "soldes" } }),
          campaign({ shop: "FR", language: "fr", identifier: "spring", endsAt: "2026-12-24T00:00:00Z", hub: { ...campaign().hub, identifier: "soldes" } }),
        ],
      },
      [
        { field: "campaigns[1].identifier", message: "duplicate 'FR/fr/spring' (also in campaigns[0])" },
        { field: "campaigns[1].endsAt", message: "differs from the campaign's fr record (one campaign, one endsAt)" },
      ],
    );
  });
});
