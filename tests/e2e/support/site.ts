import { expect, type CDPSession, type Locator, type Page, type PlaywrightTestArgs, type PlaywrightWorkerArgs, type TestType } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { localHost, localPort } from "@scripts/lib/local-ports";
import { loadShopConfig } from "@scripts/lib/shops";

const config = loadShopConfig();

/** The shops the global setup builds and serves. */
export const E2E_SHOPS = ["DE", "CH", "FR", "NL"] as const;
type E2EShop = (typeof E2E_SHOPS)[number];

/** The test worker's port: the one of the test hosts of config/shops.json (8797). */
export const TEST_PORT = localPort(config, "test");
/** A shop's host on the test worker (e.g. de.localhost:8797). */
export const testHost = (shop: E2EShop): string => localHost(config, shop, "test");
/** A shop's origin on the test worker (e.g. http://de.localhost:8797). */
export const testOrigin = (shop: E2EShop): string => `http://${testHost(shop)}`;
/** The token cookie of the test hosts (the development hosts have their own). */
export const TEST_TOKEN_COOKIE = config.environments.test.tokenCookie;
/** The test worker itself, for calls that need no shop (GraphQL). */
export const TEST_WORKER = `http://127.0.0.1:${TEST_PORT}`;

/**
 * Fetches pages from the test worker by shop host, without DNS for *.localhost: connects
 * to 127.0.0.1 and sends the Host header the worker maps.
 * `cookie` is sent as the Cookie header (the crawl sends the new-search cookie so the
 * gated search page is crawled like the rest).
 * Each request has a connection of its own (no keep-alive agent): the walks check a page
 * synchronously before they fetch the next, and on a busy machine that took longer than the
 * worker keeps an idle connection open (15 s); the next request then went out on the socket the
 * worker had closed, before Node had read its close, and failed with "socket hang up".
 */
export interface Fetched {
  status: number;
  body: string;
  location: string | null;
  etag: string | null;
  type: string | null;
  contentRange: string | null;
}

export function fetchPage(host: string, path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const port = process.env.E2E_PORT ?? host.split(":")[1] ?? "80";
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(port),
        path,
        method: "GET",
        agent: false,
        headers: { host, "user-agent": "crawl-test", ...(cookie ? { cookie } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            location: (res.headers.location as string | undefined) ?? null,
            etag: (res.headers.etag as string | undefined) ?? null,
            type: res.headers["content-type"] ?? null,
            contentRange: res.headers["content-range"] ?? null,
          }),
        );
      },
    );
    req.on("error", reject);
    req.setTimeout(20_000, () => req.destroy(new Error(`timeout ${host}${path}`)));
    req.end();
  });
}

/** Production origin of a built shop (config/shops.json) -> its test host, for the absolute links of the pages. */
export const TEST_HOSTS: Record<string, string> = Object.fromEntries(
  config.shops
    .filter((shop) => E2E_SHOPS.some((id) => id === shop.id))
    .map((shop) => [`https://${shop.hosts.production[0]}`, localHost(config, shop.id, "test")]),
);

/**
 * Opens the search overlay from the header search, as a shopper does: one click once the field's handlers are bound.
 * A repeated click while the overlay's code loads would land on the opened overlay's backdrop and close it again.
 */
export async function openSearchOverlay(page: Page): Promise<Locator> {
  const overlay = page.getByTestId("search-overlay");
  await hydrated(page, "[data-testid=header-search]");
  await page.getByTestId("header-search").click();
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  return overlay;
}

/**
 * Waits until the page's code has hydrated the element (before that, clicks on it do nothing):
 * Preact binds an element's event handlers on the element itself, so name one that has a handler.
 */
export async function hydrated(page: Page, selector: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await expect.poll(() => listenerCount(cdp, selector), { message: `${selector} hydrated` }).toBeGreaterThan(0);
  } finally {
    await cdp.detach();
  }
}

/** The event listeners bound on the first element the selector matches (0 without one). */
export async function listenerCount(cdp: CDPSession, selector: string): Promise<number> {
  const { result } = await cdp.send("Runtime.evaluate", { expression: `document.querySelector(${JSON.stringify(selector)})` });
  if (!result.objectId) return 0;
  const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId });
  return listeners.length;
}

/**
 * A layout-shift score nobody can see: below 0.0005. A real jump scores well above it (the
 * campaign banner's picture moving the page up by 8 px scored 0.0015-0.005); sub-pixel reflows
 * while the page settles have scored 0.00007 once in a full run. "Good" CLS is below 0.1.
 */
export const noVisibleShift = () => expect.closeTo(0, 3);

/**
 * What a page did that a failing check may be explained by: its loads (a reload of its own after a script chunk
 * failed to load starts the page afresh), script errors, failed requests and error answers. Registered for a spec's
 * tests, it prints them when a test fails, so a failure seen once in a long run names its cause in the run's output.
 */
export function printPageEventsOnFailure(test: TestType<PlaywrightTestArgs, PlaywrightWorkerArgs>): void {
  const events = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    const started = Date.now();
    const log: string[] = [];
    const note = (line: string) => log.push(`${((Date.now() - started) / 1000).toFixed(2)} s ${line}`);
    events.set(page, log);
    page.on("framenavigated", (frame) => frame === page.mainFrame() && note(`load ${frame.url()}`));
    page.on("pageerror", (error) => note(`script error ${error.message}`));
    page.on("console", (message) => message.type() === "error" && note(`console error ${message.text()}`));
    page.on("requestfailed", (request) => note(`request failed ${request.url()}: ${request.failure()?.errorText ?? ""}`));
    page.on("response", (response) => response.status() >= 400 && note(`answer ${response.status()} ${response.url()}`));
  });
  test.afterEach(({ page }, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    console.log(`What the page did in "${testInfo.title}":\n${(events.get(page) ?? []).join("\n") || "(nothing recorded)"}`);
  });
}
