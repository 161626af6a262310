import { expect, test, type Page } from "@playwright/test";
import { TEST_WORKER, testHost, testOrigin } from "./support/site";

/**
 * The edge's Content-Security-Policy names the hashes of the inline scripts the build
 * emitted for each page (its CSP manifest): the built pages run all of theirs without a
 * violation, and a script that was not in the built page is refused by the browser.
 */
const PAGES = [
  { origin: testOrigin("DE"), path: "/" },
  { origin: testOrigin("DE"), path: "/no-such-page.html", status: 404 },
  { origin: testOrigin("CH"), path: "/fr/" },
];

/** Collects the page's CSP violations from before its first script. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective}: ${event.sample || event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

for (const target of PAGES) {
  test(`${target.origin}${target.path}: every inline script of the built page runs under the CSP`, async ({ page, context }) => {
    await context.addCookies([{ name: "bh_consent", value: "necessary", domain: new URL(target.origin).hostname, path: "/" }]);
    const violations = await watchViolations(page);
    const response = await page.goto(`${target.origin}${target.path}`);
    expect(response?.status()).toBe(target.status ?? 200);
    expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+ /);
    await page.waitForLoadState("networkidle");
    // The first-paint script in <head> ran: it marks a visitor who answered the consent.
    await expect(page.locator("html")).toHaveAttribute("data-consent-answered", "");
    expect(await violations()).toEqual([]);
  });
}

test("a script added to a built page on its way to the browser is refused", async ({ page }) => {
  await page.route(`${testOrigin("DE")}/`, async (route) => {
    // Node does not resolve *.localhost as the browser does: fetch from loopback with the shop's host.
    const response = await route.fetch({ url: `${TEST_WORKER}/`, headers: { ...route.request().headers(), host: testHost("DE") } });
    const html = (await response.text()).replace("</head>", "<script>window.injected = true</script></head>");
    await route.fulfill({ response, body: html });
  });
  const violations = await watchViolations(page);
  await page.goto(`${testOrigin("DE")}/`);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  expect(await violations()).toEqual(["script-src-elem: inline"]);
  // The page's own scripts still ran: React hydrated the consent dialog.
  await expect(page.getByRole("dialog", { name: "Cookies und Datenschutz" })).toBeVisible();
});
