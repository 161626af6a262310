import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { localSecret } from "@scripts/lib/local-worker";
import { TEST_WORKER, hydrated, testOrigin } from "./support/site";

/**
 * Media that plays (docs/decisions/0068): on a product page of DE and of CH in French the
 * datasheet link opens a PDF from the shop's own host, and the tutorial video plays from the
 * media store, seeking with Range requests answered 206.
 */
interface DemoProduct {
  type: string;
  slug: string;
  tutorials: { type: string; url: string | null }[];
  downloads: { url: string }[];
}

async function productWithVideoAndDatasheet(request: APIRequestContext, shop: string, language: string): Promise<DemoProduct> {
  const response = await request.post(`${TEST_WORKER}/graphql`, {
    headers: { authorization: `Bearer ${localSecret("GRAPHQL_TOKEN")}` },
    data: { query: `{ products(shop: "${shop}", language: "${language}", first: 200) { nodes { type slug tutorials { type url } downloads { url } } } }` },
  });
  const nodes = ((await response.json()) as { data: { products: { nodes: DemoProduct[] } } }).data.products.nodes;
  const found = nodes.find((p) => p.type !== "variant" && p.downloads.length > 0 && p.tutorials.some((tutorial) => tutorial.type === "video" && tutorial.url));
  expect(found, `a ${shop} product with a datasheet and a tutorial video`).toBeTruthy();
  return found!;
}

async function datasheetOpensAsPdf(page: Page): Promise<void> {
  const link = page.locator('a[href*="/downloads/"][type="application/pdf"]').first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/downloads\/[A-Za-z0-9/_.-]+\.pdf$/);
  // Fetched by the page itself: the shop's own host, as a click on the link would.
  const pdf = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const head = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
    return { status: response.status, type: response.headers.get("content-type"), head: String.fromCharCode(...head) };
  }, href!);
  expect(pdf).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });
}

async function videoPlaysAndSeeks(page: Page, tabName: RegExp): Promise<void> {
  const ranged: { range: string | null; status: number; contentRange: string | null }[] = [];
  page.on("response", (response) => {
    if (!/\/videos\/[^?]+\.(mp4|webm)$/.test(new URL(response.url()).pathname)) return;
    ranged.push({ range: response.request().headers()["range"] ?? null, status: response.status(), contentRange: response.headers()["content-range"] ?? null });
  });
  await hydrated(page, "#tab-instructions");
  await page.getByRole("tab", { name: tabName }).click();
  const player = page.locator("#panel-instructions").getByTestId("video-player").first();
  await player.getByRole("button").click();
  const video = player.locator("video");
  await expect(video).toHaveCount(1);
  await expect(player.locator(".video-failed")).toHaveCount(0);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThanOrEqual(2);
  // Seeking: the player asks for a byte range of the file and gets a part of it.
  await video.evaluate((element: HTMLVideoElement) => {
    element.currentTime = element.duration - 0.5;
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(1.5);
  expect(ranged.length).toBeGreaterThan(0);
  expect(ranged.filter((each) => each.range !== null).every((each) => each.status === 206 && /^bytes \d+-\d+\/\d+$/.test(each.contentRange ?? ""))).toBe(true);
  expect(ranged.some((each) => each.status === 206)).toBe(true);
  await expect(player.locator(".video-failed")).toHaveCount(0);
}

test("DE: the datasheet opens as a PDF and the tutorial video plays and seeks", async ({ page, request }) => {
  const product = await productWithVideoAndDatasheet(request, "DE", "de");
  await page.goto(`${testOrigin("DE")}/${product.slug}.html`);
  await datasheetOpensAsPdf(page);
  await videoPlaysAndSeeks(page, /^Anleitungen & Videos$/);
});

test("CH in French: the datasheet opens as a PDF and the tutorial video plays and seeks", async ({ page, request }) => {
  const product = await productWithVideoAndDatasheet(request, "CH", "fr");
  await page.goto(`${testOrigin("CH")}/fr/${product.slug}.html`);
  await expect(page.locator("html")).toHaveAttribute("lang", /^fr/);
  await datasheetOpensAsPdf(page);
  await videoPlaysAndSeeks(page, /^Guides et vidéos$/);
  expect(page.url()).toContain("/fr/");
});
