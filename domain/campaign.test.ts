import { campaignCarouselPath, campaignState, currentCampaign, isCampaignCarouselPath } from "./campaign";

const base = { identifier: "black-week", isActive: true, isArchived: false, startsAt: "2026-11-23T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z" };

describe("campaignState", () => {
  test.each([
    ["2026-11-22T23:59:59.999Z", "upcoming"],
    ["2026-11-23T00:00:00.000Z", "running"],
    ["2026-11-30T23:59:59.999Z", "running"],
    ["2026-12-01T00:00:00.000Z", "ended"],
  ])("at %s: %s", (now, state) => {
    expect(campaignState(base, new Date(now))).toBe(state);
  });

  test("switched off, archived or with broken dates it is off, whatever the time", () => {
    const now = new Date("2026-11-25T00:00:00Z");
    expect(campaignState({ ...base, isActive: false }, now)).toBe("off");
    expect(campaignState({ ...base, isArchived: true }, now)).toBe("off");
    expect(campaignState({ ...base, endsAt: base.startsAt }, now)).toBe("off");
    expect(campaignState({ ...base, startsAt: "soon" }, now)).toBe("off");
  });
});

test("currentCampaign: the running one that started last, the identifier breaking ties", () => {
  const now = new Date("2026-11-25T00:00:00Z");
  const later = { ...base, identifier: "cyber-monday", startsAt: "2026-11-24T00:00:00.000Z" };
  const twin = { ...base, identifier: "a-twin", startsAt: "2026-11-24T00:00:00.000Z" };
  const ended = { ...base, identifier: "old", startsAt: "2026-01-01T00:00:00.000Z", endsAt: "2026-01-10T00:00:00.000Z" };
  expect(currentCampaign([base, later, ended], now)?.identifier).toBe("cyber-monday");
  expect(currentCampaign([later, twin], now)?.identifier).toBe("a-twin");
  expect(currentCampaign([ended], now)).toBeNull();
});

test("the campaign carousel route, with the language prefix where the shop has one", () => {
  expect(campaignCarouselPath({ domainPrefixes: [] }, "de", "black-week")).toBe("/static/black-week/layouts/BlackWeekCarousel/");
  expect(campaignCarouselPath({ domainPrefixes: ["de", "fr", "it"] }, "fr", "black-week")).toBe("/fr/static/black-week/layouts/BlackWeekCarousel/");
  expect(isCampaignCarouselPath("/static/black-week/layouts/BlackWeekCarousel")).toBe(true);
  expect(isCampaignCarouselPath("/fr/static/black-week/layouts/BlackWeekCarousel/")).toBe(true);
  expect(isCampaignCarouselPath("/static/0123abcd/logo.png")).toBe(false);
  expect(isCampaignCarouselPath("/static/../layouts/BlackWeekCarousel")).toBe(false);
  expect(isCampaignCarouselPath("/static/black-week/layouts/BlackWeekCarousel/x.js")).toBe(false);
});
