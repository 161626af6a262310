import { defineConfig } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium, its headless shell (package chromium-headless-shell,
 * /usr/bin/chromium-headless-shell; nothing is downloaded): the full browser in headless mode took
 * about three times the CPU per page load on this machine (0.98 against 0.31 CPU-s, docs/decisions/0076).
 * The global setup builds a small demo catalogue into its own local D1 and dist
 * folder, builds the shops the tests visit and serves them through workerd as deployed on the
 * test hosts of config/shops.json (port 8797), next to `npm start` on 8787.
 */
/**
 * The specs that run beside the shopper's and staff's tests: those that only read what the others
 * write (the built pages, the page data, the shop API's reads) and spend none of the per-address
 * write or search budget: the crawl, the deploy rehearsal on its own worker, and the browser specs
 * that load pages and look at them. The banners' and the consent dialog's specs would qualify too; they run
 * among the shopper's tests so that both projects end about together (with them, the side project's tests
 * took about 20 s longer than the others in all, and ended the run alone).
 */
const SIDE_LANE = [
  "crawl.spec.ts",
  "deploy-rehearsal.spec.ts",
  "console-errors.spec.ts",
  "hydration-parts.spec.ts",
  "csp.spec.ts",
  "page-js-budget.spec.ts",
  "browse-two-shops.spec.ts",
  "deferred-parts.spec.ts",
  "pages.spec.ts",
];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 60_000,
  // What a page waits for (a part that loads when idle or in view, a live count, a captcha's proof of work) can take
  // 10 s and more on two cores while npm start builds its shops beside the tests; a check that holds is not slower for it.
  expect: { timeout: 20_000 },
  // Approved screenshots (toHaveScreenshot) in one folder; each spec prefixes its names (tests/e2e/phone-walk.spec.ts says how to approve new ones).
  snapshotPathTemplate: "{testDir}/screenshots/{arg}{ext}",
  // Two lanes side by side, one test at a time in each: the shopper's and staff's tests share the test worker's state
  // (its carts, mails and per-address limits), so they run one after the other; the specs that only read run beside them.
  workers: 2,
  projects: [
    { name: "browser", testIgnore: SIDE_LANE, workers: 1 },
    { name: "side", testMatch: SIDE_LANE, workers: 1 },
  ],
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // Without site isolation Chromium may share renderer processes between the test shops' origins: about 8 % less
        // CPU per page load on this machine, and nothing a page can tell.
        "--disable-features=site-per-process,IsolateOrigins",
      ],
    },
    trace: "off",
    // The shops register a service worker; tests that route a page's requests need them to reach the page, so
    // it is blocked unless a spec allows it (tests/e2e/tracking-sw.spec.ts).
    serviceWorkers: "block",
  },
});
