import { expect, test, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { localSecret } from "@scripts/lib/local-worker";
import { WIDGET_STAND_IN_PORT } from "@scripts/lib/local-ports";
import { standInRating } from "@scripts/lib/widget-stand-in";
import { TEST_WORKER, hydrated, printPageEventsOnFailure, testHost, testOrigin } from "./support/site";

/**
 * Reviews and videos (docs/decisions/0047): a product page's rating, latest reviews,
 * verification notice and JSON-LD; the home page's live rating and the review provider's widget
 * behind consent (docs/decisions/0070); click-to-load video players
 * that request no video and nothing from another host before the click.
 */
interface DemoProduct {
  sku: string;
  type: string;
  slug: string;
  reviewSummary: { ratingValue: number; totalReviewCount: number };
  tutorials: { type: string; url: string | null; poster: string | null }[];
  media: { kind: string }[];
}

printPageEventsOnFailure(test);

async function products(request: APIRequestContext): Promise<DemoProduct[]> {
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    data: {
      query: `{ products(shop: "DE", language: "de", first: 200) { nodes { sku type slug reviewSummary { ratingValue totalReviewCount }
        tutorials { type url poster } media { kind } } } }`,
    },
  });
  return ((await response.json()) as { data: { products: { nodes: DemoProduct[] } } }).data.products.nodes.filter((p) => p.type !== "variant");
}

/** Every request the page makes, from before its first byte. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

const isVideoOrForeign = (request: Request) => {
  const url = new URL(request.url());
  if (url.protocol === "data:") return false;
  return url.host !== testHost("DE") || /\.(mp4|webm|m3u8)$/.test(url.pathname) || request.resourceType() === "media";
};

async function jsonLdProduct(page: Page): Promise<Record<string, unknown> | undefined> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const items = blocks.flatMap((text) => {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value : [value];
  }) as Record<string, unknown>[];
  return items.find((item) => item["@type"] === "Product");
}

test("a product page shows its rating, its latest reviews and how reviews are checked; its JSON-LD carries the same rating", async ({ page, request }) => {
  const all = await products(request);
  const reviewed = all.find((p) => p.reviewSummary.totalReviewCount > 0);
  const unreviewed = all.find((p) => p.reviewSummary.totalReviewCount === 0);
  expect(reviewed, "a product with reviews in the demo catalogue").toBeTruthy();
  await page.goto(`${testOrigin("DE")}/${reviewed!.slug}.html`);
  const section = page.getByTestId("product-reviews");
  await expect(section.getByRole("heading", { name: "Kundenbewertungen" })).toBeVisible();
  const count = reviewed!.reviewSummary.totalReviewCount;
  await expect(section.getByTestId("review-summary")).toContainText(`von 5 Sternen aus ${count} Bewertung`);
  await expect(section.getByTestId("review")).toHaveCount(Math.min(5, count));
  await expect(section.getByTestId("review-notice")).toHaveText(/^Hinweis zu den Bewertungen: Wir prüfen nicht, ob die Bewertungen/);
  const product = await jsonLdProduct(page);
  expect(product?.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: reviewed!.reviewSummary.ratingValue, reviewCount: count });
  expect((product?.review as unknown[]).length).toBe(Math.min(5, count));

  await page.goto(`${testOrigin("DE")}/${unreviewed!.slug}.html`);
  await expect(page.getByTestId("product-reviews")).toContainText("Noch keine Bewertungen.");
  await expect(page.getByTestId("review-notice")).toBeVisible();
  expect(await jsonLdProduct(page)).not.toHaveProperty("aggregateRating");
});

test("the home page's review block reads the live rating from the shop API", async ({ page }) => {
  const rating = page.waitForResponse((response) => /\/apiv2\/[a-z0-9-]+\/rating$/.test(new URL(response.url()).pathname));
  await page.goto(`${testOrigin("DE")}/`);
  await page.keyboard.press("Shift");
  expect((await rating).status()).toBe(200);
  await expect(page.getByTestId("home-reviews").getByTestId("live-rating")).toHaveAttribute("data-live", "true");
  await expect(page.getByTestId("home-reviews").getByTestId("live-rating")).toContainText(/von 5 Sternen aus \d+ Bewertung/);
});

test("the review provider's widget (the demo's local stand-in) loads only after consent to all cookies, then shows the provider's rating", async ({ page }) => {
  const provider = `http://127.0.0.1:${WIDGET_STAND_IN_PORT}`;
  const requests = recordRequests(page);
  await page.goto(`${testOrigin("DE")}/`);
  const widget = page.getByTestId("home-reviews").getByTestId("review-widget");
  await hydrated(page, ".consent button");
  await page.waitForLoadState("networkidle");
  await expect(widget).toBeEmpty();
  expect(requests.filter((request) => request.url().startsWith(provider)).map((request) => request.url())).toEqual([]);

  await page.getByRole("dialog", { name: "Cookies und Datenschutz" }).getByRole("button", { name: "Alle akzeptieren" }).click();
  const { value, count } = standInRating("DE-DEMO");
  const badge = widget.getByTestId("review-widget-badge");
  await expect(badge).toContainText(`${value.toFixed(2).replace(".", ",")}/5`);
  await expect(badge).toContainText(`${count.toLocaleString("de-DE")} Bewertungen`);
  expect(requests.filter((request) => request.url().startsWith(provider)).map((request) => new URL(request.url()).pathname)).toEqual([
    "/reviews/widget/DE-DEMO.js",
    "/reviews/shops/DE-DEMO/rating.json",
  ]);
});

declare global {
  interface Window {
    createdPlayers: string[];
  }
}

/** Records in the page every <video> and <iframe> ever added to it, with its source (a player whose file fails to load replaces its video). */
const watchPlayers = (page: Page) =>
  page.addInitScript(() => {
    window.createdPlayers = [];
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (node instanceof HTMLVideoElement || node instanceof HTMLIFrameElement) window.createdPlayers.push(node.getAttribute("src") ?? "");
    }).observe(document, { childList: true, subtree: true });
  });

test("a tutorial video requests nothing before the click: a poster and a button, the video element only after", async ({ page, request }) => {
  const all = await products(request);
  const withVideo = all.find((p) => p.tutorials.some((tutorial) => tutorial.type === "video" && tutorial.url && tutorial.poster));
  expect(withVideo, "a product with a tutorial video in the demo catalogue").toBeTruthy();
  const requests = recordRequests(page);
  await watchPlayers(page);
  await page.goto(`${testOrigin("DE")}/${withVideo!.slug}.html`);
  await hydrated(page, "#tab-instructions");
  await page.getByRole("tab", { name: "Anleitungen & Videos" }).click();
  const panel = page.locator("#panel-instructions");
  const player = panel.getByTestId("video-player").first();
  const start = player.getByRole("button", { name: /^Video abspielen: / });
  await expect(start).toBeVisible();
  await expect(start.locator("img")).toHaveAttribute("loading", "lazy");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => window.createdPlayers)).toEqual([]);
  expect(requests.filter(isVideoOrForeign).map((r) => r.url())).toEqual([]);

  await start.click();
  await expect(start).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.createdPlayers)).toEqual([expect.stringMatching(/\/videos\/tutorials\/[a-z0-9-]+\.mp4$/)]);
  // The file is in the media store (docs/decisions/0068): the player plays it.
  await expect(player.locator("video")).toHaveCount(1);
  await expect(player.locator(".video-failed")).toHaveCount(0);
});

test("a product without videos says 'no tutorial videos found'; the DIY panel holds the same", async ({ page, request }) => {
  const all = await products(request);
  const without = all.find((p) => !p.tutorials.some((tutorial) => tutorial.type === "video") && !p.media.some((media) => media.kind === "video"));
  await page.goto(`${testOrigin("DE")}/${without!.slug}.html`);
  await hydrated(page, "#tab-instructions");
  await page.getByRole("tab", { name: "Anleitungen & Videos" }).click();
  await expect(page.locator("#panel-instructions").getByTestId("no-tutorial-videos")).toHaveText("Es wurden keine Anleitungsvideos gefunden.");
  await page.getByRole("button", { name: "Selbst verlegen: Anleitungen und Videos" }).click();
  const diy = page.getByTestId("diy-panel");
  await expect(diy.getByTestId("no-tutorial-videos")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(diy).toHaveCount(0);
});

test("the video library shows posters with click-to-load players, no raw video links, and loads no video before a click", async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(`${testOrigin("DE")}/videothek.html`);
  const library = page.getByTestId("video-library");
  await expect(library.getByRole("button", { name: /^Video abspielen: / }).first()).toBeVisible();
  await expect(page.locator('a[href$=".mp4"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(requests.filter(isVideoOrForeign).map((r) => r.url())).toEqual([]);
});
