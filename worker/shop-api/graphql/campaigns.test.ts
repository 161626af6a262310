/**
 * The build's campaigns (docs/decisions/0048) through the real /graphql handler over a real D1:
 * the shop's campaigns in the language, archived ones left out, the campaign's field names, and the
 * shop and language checks of every query.
 */
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { imported } from "@tests/kit/catalogue";
import { gql } from "@tests/kit/graphql";

let t: TestDatabase;
const campaign = (identifier: string, extra: Record<string, unknown> = {}) => ({
  shop: "DE",
  language: "de",
  identifier,
  campaignName: "Black Week",
  campaignDescription: "<p>Eine Woche reduziert</p>",
  startsAt: "2026-11-23T00:00:00Z",
  endsAt: "2026-12-01T00:00:00Z",
  isActive: true,
  navigationIsActive: true,
  navigationBanner: { url: "/sale.html", imageDesktop: "/images/campaigns/nav-d.svg", imageMobile: "/images/campaigns/nav-m.svg", text: "Black Week" },
  start: { isActive: true, url: "/sale.html", imageDesktop: "/images/campaigns/d.svg", imageMobile: "/images/campaigns/m.svg" },
  hub: {
    isActive: true,
    identifier: "sale",
    bigImage: { top: "/images/campaigns/hub.svg", url: "/sale.html", textLeft: "Bis zu 30 %", textRight: "bis Montag" },
    firstSlider: [{ title: "Parkett", url: "/parkett.html", image: "/images/categories/parkett.svg" }],
    secondSlider: [],
  },
  ...extra,
});

beforeAll(async () => {
  t = await createTestDatabase();
  const doc = {
    cmsPages: [{ shop: "DE", language: "de", identifier: "sale", pageType: "SALES", title: "Sale" }],
    campaigns: [
      campaign("black-week"),
      campaign("spring", { startsAt: "2026-03-01T00:00:00Z", endsAt: "2026-03-08T00:00:00Z", isActive: false, isArchived: true }),
    ],
  };
  await imported(t.db, doc, { source: "c.json", now: new Date("2026-11-01T00:00:00Z") });
});
afterAll(() => t.dispose());

const QUERY = `query ($shop: ID!, $language: String!) { campaigns(shop: $shop, language: $language) {
  identifier campaignName campaignDescription campaignCoupon startsAt endsAt isActive isArchived navigationIsActive filterIsActive
  navigationBanner { url text } start { isActive url imageDesktop imageMobile }
  hub { isActive identifier bigImage { top url textLeft textRight } firstSlider { title url image } secondSlider { title } } } }`;

test("the shop's campaigns in the language, archived ones left out", async () => {
  const response = await gql(t.db, QUERY, { shop: "DE", language: "de" });
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.campaigns).toEqual([
    {
      identifier: "black-week",
      campaignName: "Black Week",
      campaignDescription: "<p>Eine Woche reduziert</p>",
      campaignCoupon: null,
      startsAt: "2026-11-23T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
      isActive: true,
      isArchived: false,
      navigationIsActive: true,
      filterIsActive: false,
      navigationBanner: { url: "/sale.html", text: "Black Week" },
      start: { isActive: true, url: "/sale.html", imageDesktop: "/images/campaigns/d.svg", imageMobile: "/images/campaigns/m.svg" },
      hub: {
        isActive: true,
        identifier: "sale",
        bigImage: { top: "/images/campaigns/hub.svg", url: "/sale.html", textLeft: "Bis zu 30 %", textRight: "bis Montag" },
        firstSlider: [{ title: "Parkett", url: "/parkett.html", image: "/images/categories/parkett.svg" }],
        secondSlider: [],
      },
    },
  ]);
  expect((await gql(t.db, QUERY, { shop: "AT", language: "at" })).body.data.campaigns).toEqual([]);
});

test("an unknown shop or a language the shop lacks is an error", async () => {
  expect((await gql(t.db, QUERY, { shop: "XX", language: "de" })).body.errors[0].message).toBe('Unknown shop "XX"');
  expect((await gql(t.db, QUERY, { shop: "DE", language: "fr" })).body.errors[0].message).toMatch(/fr/);
});
