import { byTestId, closeBrowser, mount, settle } from "@tests/kit/browser-dom";
import React from "react";
import { SWRConfig } from "swr";
import { resetScreens, stubApi, type RecordedCall } from "@tests/kit/account-screens";
import { answerConsent } from "@site/lib/consent";
import type { ProductData } from "@site/lib/page-data";
import { testProduct } from "@tests/kit/site";
import { LiveRating, liveRating } from "./LiveRating";
import { ProductReviews } from "./ProductReviews";
import { consentedToAll } from "@site/lib/use-consent";
import { ReviewWidget } from "./ReviewWidget";
import { reviewSettings, type ReviewSettings } from "./settings";
import { ratingText } from "./Stars";

jest.mock("gatsby-plugin-react-i18next", () => jest.requireActual("@tests/kit/account-screens").i18nMock("de"));
jest.mock("./reviews.css", () => ({}));

afterEach(async () => {
  await resetScreens();
  document.cookie = "bh_consent=; Max-Age=0; Path=/";
});
afterAll(closeBrowser);

const reviewed = (): ProductData => ({
  ...testProduct("EUR", "de"),
  reviewSummary: {
    ratingValue: 4.3,
    maxValue: 5,
    totalReviewCount: 7,
    reviews: [
      { id: "r2", mark: 5, comment: "Sehr schön verlegt.", reviewer: "Anna", answer: "Danke!", createdAt: "2025-06-30T10:00:00Z" },
      { id: "r1", mark: 3, comment: "<script>alert(1)</script>", reviewer: "Ben", answer: null, createdAt: "2025-05-02T10:00:00Z" },
    ],
  },
});
const NONE: ReviewSettings = { provider: "shop", name: null, verification: "none", widgetScript: null, profileUrl: null };

describe("a product's reviews", () => {
  test("rating, the latest reviews as text (never as HTML), the shop's answer, and the notice that reviews are not checked", async () => {
    const container = await mount(<ProductReviews product={reviewed()} language="de" settings={NONE} />);
    expect(byTestId(container, "review-summary")?.textContent).toContain("4,3 von 5 Sternen aus 7 Bewertungen");
    const reviews = [...container.querySelectorAll('[data-testid="review"]')];
    expect(reviews).toHaveLength(2);
    expect(reviews[0]!.textContent).toContain("Anna");
    expect(reviews[0]!.textContent).toContain("30.06.2025");
    expect(reviews[0]!.textContent).toContain("Antwort des Shops: Danke!");
    expect(container.querySelector("script")).toBeNull();
    expect(reviews[1]!.textContent).toContain("<script>alert(1)</script>");
    expect(container.textContent).toContain("Die 2 neuesten von 7 Bewertungen.");
    expect(byTestId(container, "review-notice")?.textContent).toBe(
      "Hinweis zu den Bewertungen: Wir prüfen nicht, ob die Bewertungen von Verbraucherinnen und Verbrauchern stammen, die das Produkt tatsächlich gekauft oder genutzt haben.",
    );
  });

  test("a shop whose provider invites only buyers says so, naming the provider; no reviews says so too", async () => {
    const settings: ReviewSettings = { ...NONE, provider: "reviews-example", name: "Reviews Example", verification: "orders" };
    const container = await mount(<ProductReviews product={testProduct("EUR", "de")} language="de" settings={settings} />);
    expect(container.textContent).toContain("Noch keine Bewertungen.");
    expect(byTestId(container, "review-summary")).toBeNull();
    expect(byTestId(container, "review-notice")?.textContent).toMatch(
      /^Hinweis zu den Bewertungen: Die Bewertungen sammelt Reviews Example\. Bewerten kann nur, wer bei uns bestellt hat/,
    );
  });
});

test("ratings are written as the page language writes numbers (also in the Swiss shop), to one decimal", () => {
  expect(ratingText(4.56, "de")).toBe("4,6");
  expect(ratingText(4.56, "fr")).toBe("4,6");
  expect(ratingText(4.56, "en")).toBe("4.6");
  expect(ratingText(4, "nl")).toBe("4");
});

describe("the shop's settings from the build", () => {
  test("read from GATSBY_REVIEWS; anything odd falls back to the shop's own, unchecked reviews without a widget", () => {
    expect(
      reviewSettings(
        JSON.stringify({ provider: "trustedshops", name: "Trusted Shops", verification: "orders", widget: { scriptUrl: "https://widgets.example/w.js" } }),
      ),
    ).toEqual({
      provider: "trustedshops",
      name: "Trusted Shops",
      verification: "orders",
      widgetScript: "https://widgets.example/w.js",
      profileUrl: null,
    });
    expect(reviewSettings(JSON.stringify({ profileUrl: "https://reviews.example/shop/bodenhaus" })).profileUrl).toBe("https://reviews.example/shop/bodenhaus");
    expect(reviewSettings(JSON.stringify({ profileUrl: "javascript:alert(1)" })).profileUrl).toBeNull();
    expect(reviewSettings(undefined)).toEqual(NONE);
    expect(reviewSettings("{not json")).toEqual(NONE);
    expect(reviewSettings(JSON.stringify({ provider: "../admin", verification: "always", widget: { scriptUrl: "javascript:alert(1)" } }))).toEqual(NONE);
  });
});

describe("the home page's live rating", () => {
  let calls: RecordedCall[];
  const live = (initial: Parameters<typeof LiveRating>[0]["initial"]) =>
    mount(
      <SWRConfig value={{ dedupingInterval: 0, provider: () => new Map() }}>
        <LiveRating initial={initial} language="de" />
      </SWRConfig>,
    );

  test("reads GET /apiv2/{provider}/rating and shows its figures over the build's", async () => {
    calls = stubApi((call) =>
      call.path === "/apiv2/shop/rating" ? { status: 200, data: { ratingValue: 4.56, maxValue: 5, totalReviewCount: 130, label: "EXCELLENT" } } : undefined,
    );
    const container = await live({ ratingValue: 4.2, maxValue: 5, totalReviewCount: 100 });
    await settle();
    expect(calls.map((call) => call.path)).toEqual(["/apiv2/shop/rating"]);
    const line = byTestId(container, "live-rating");
    expect(line?.getAttribute("data-live")).toBe("true");
    expect(line?.textContent).toContain("4,6 von 5 Sternen aus 130 Bewertungen");
  });

  test("an empty (array) or failed answer keeps the build's figures", async () => {
    stubApi(() => ({ status: 200, data: [] }));
    let container = await live({ ratingValue: 4.2, maxValue: 5, totalReviewCount: 100 });
    await settle();
    expect(byTestId(container, "live-rating")?.textContent).toContain("4,2 von 5 Sternen aus 100 Bewertungen");
    await resetScreens();
    stubApi(() => ({ status: 503, errors: [{ message: "down" }] }));
    container = await live(null);
    await settle();
    expect(byTestId(container, "live-rating")?.textContent).toBe("Noch keine Bewertungen.");
  });

  test.each<[string, unknown]>([
    ["an array", []],
    ["no reviews", { ratingValue: 0, maxValue: 5, totalReviewCount: 0 }],
    ["a text rating", { ratingValue: "5", maxValue: 5, totalReviewCount: 3 }],
    ["an infinite rating", { ratingValue: Infinity, maxValue: 5, totalReviewCount: 3 }],
    ["null", null],
  ])("%s is no live rating", (_name, answer) => {
    expect(liveRating(answer)).toBeNull();
  });

  test("a rating above the scale is capped", () => {
    expect(liveRating({ ratingValue: 9, maxValue: 5, totalReviewCount: 2.7 })).toEqual({ ratingValue: 5, maxValue: 5, totalReviewCount: 2 });
  });
});

describe("the review provider's widget", () => {
  const configured: ReviewSettings = { ...NONE, widgetScript: "https://widgets.reviews.example/w.js" };
  const scripts = () => [...document.querySelectorAll("script")].map((script) => script.getAttribute("src"));

  test("a shop without a widget adds nothing, even with consent", async () => {
    document.cookie = "bh_consent=all; Path=/";
    const container = await mount(<ReviewWidget settings={NONE} />);
    expect(container.innerHTML).toBe("");
    expect(scripts()).toEqual([]);
  });

  test("a configured widget waits for consent to all cookies: 'necessary' adds nothing, 'all' adds the script once", async () => {
    await mount(<ReviewWidget settings={configured} />);
    expect(scripts()).toEqual([]);
    await React.act(async () => answerConsent("necessary"));
    expect(scripts()).toEqual([]);
    await React.act(async () => answerConsent("all"));
    expect(scripts()).toEqual(["https://widgets.reviews.example/w.js"]);
    await React.act(async () => answerConsent("all"));
    expect(scripts()).toEqual(["https://widgets.reviews.example/w.js"]);
  });

  test("a visitor who consented earlier gets the widget at once", async () => {
    document.cookie = "bh_consent=all; Path=/";
    await mount(<ReviewWidget settings={configured} />);
    expect(scripts()).toEqual(["https://widgets.reviews.example/w.js"]);
  });

  test("only the answer 'all' counts as consent", () => {
    expect(consentedToAll("a=1; bh_consent=all")).toBe(true);
    expect(consentedToAll("bh_consent=necessary")).toBe(false);
    expect(consentedToAll("x_bh_consent=all")).toBe(false);
    expect(consentedToAll("")).toBe(false);
  });
});
