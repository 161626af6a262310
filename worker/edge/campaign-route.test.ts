/**
 * The campaign carousel route `/static/{black-week}/layouts/BlackWeekCarousel` through the
 * edge (docs/decisions/0048): a page of its language with HTML caching, though under /static/
 * (whose build files are immutable), reached without the trailing slash and, on CH, without the
 * language prefix; hostile variants never reach a file.
 */
import { CH, DE, FILES, testApp } from "@tests/kit/edge";

const CAROUSEL = "/static/black-week/layouts/BlackWeekCarousel";
const files = {
  ...FILES,
  [`/DE${CAROUSEL}/index.html`]: '<!doctype html><html lang="de"><body>Black Week</body></html>',
  [`/CH/fr${CAROUSEL}/index.html`]: '<!doctype html><html lang="fr"><body>Black Week</body></html>',
  [`/CH/de${CAROUSEL}/index.html`]: '<!doctype html><html lang="de"><body>Black Week</body></html>',
};
const app = () => testApp({ files });

test("DE: the route without a trailing slash is redirected to the page, which is cached as HTML, not as an immutable file", async () => {
  const bare = await app().request(`${DE}${CAROUSEL}`);
  expect(bare.status).toBe(301);
  expect(new URL(bare.headers.get("location")!).pathname).toBe(`${CAROUSEL}/`);
  const page = await app().request(`${DE}${CAROUSEL}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Black Week");
  expect(page.headers.get("cache-control")).toMatch(/^public, max-age=60/);
  expect(page.headers.get("cache-control")).not.toContain("immutable");
  // The build's own files under /static/ stay immutable.
  expect((await app().request(`${DE}/static/0123abcd/logo.png`)).headers.get("cache-control")).toContain("immutable");
});

test("CH: the route without a language is redirected to the visitor's language, as every page", async () => {
  const res = await app().request(`${CH}${CAROUSEL}`, { headers: { "accept-language": "fr-CH,fr;q=0.9" } });
  expect(res.status).toBe(302);
  expect(new URL(res.headers.get("location")!).pathname).toBe(`/fr${CAROUSEL}`);
  const page = await app().request(`${CH}/fr${CAROUSEL}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get("cache-control")).not.toContain("immutable");
});

test.each([
  `/static/../layouts/BlackWeekCarousel`,
  `/static/black-week/layouts/BlackWeekCarousel/../../../_csp.json`,
  `/static/BLACK/layouts/BlackWeekCarousel/`,
  "/static/black-week/layouts/Other/",
])("hostile or unknown variant %s finds no page", async (path) => {
  const res = await app().request(`${DE}${path}`);
  expect([301, 404]).toContain(res.status);
  if (res.status === 301) expect(res.headers.get("location")).not.toContain("_csp");
  expect(await res.text()).not.toContain("Black Week");
});
