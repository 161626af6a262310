import rawConfig from "@config/shops.json";
import { checkoutPagePaths } from "../../site/sourcing/checkout-pages";
import { manifestOf, testApp } from "@tests/kit/edge";

/**
 * The checkout's pages (site/sourcing/checkout-pages.ts: the cart page, and what joins it)
 * are served on every host of every shop, in each of its languages, as the build writes
 * them: /checkout/cart/ everywhere, /{lang}/checkout/cart/ on the Swiss shop.
 */
const shops = rawConfig.shops.map((shop) => ({ ...shop, paths: checkoutPagePaths(shop) }));

function buildFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const shop of shops) {
    const pages: Record<string, string[]> = { "/404.html": [] };
    for (const path of shop.paths) {
      files[`/${shop.id}${path}index.html`] = `<!doctype html><html><body>${shop.id} ${path}</body></html>`;
      pages[`${path}index.html`] = [];
    }
    files[`/${shop.id}/404.html`] = `<!doctype html><html><body>${shop.id} 404</body></html>`;
    files[`/${shop.id}/_csp.json`] = manifestOf(pages);
  }
  return files;
}

// Integration asks for basic authentication (worker/edge/basic-auth.ts): the requests carry its credentials.
const CREDENTIALS = "preview:checkout-pages";
const app = testApp({ files: buildFiles(), env: { BASIC_AUTH_CREDENTIALS: CREDENTIALS } });
const authorization = { authorization: `Basic ${Buffer.from(CREDENTIALS).toString("base64")}` };

test("every shop has the cart page in each of its languages", () => {
  expect(shops.find((shop) => shop.id === "DE")!.paths).toContain("/checkout/cart/");
  expect(shops.find((shop) => shop.id === "CH")!.paths).toEqual(expect.arrayContaining(["/de/checkout/cart/", "/fr/checkout/cart/", "/it/checkout/cart/"]));
  expect(shops.find((shop) => shop.id === "AT")!.paths).toContain("/checkout/cart/");
});

// On each environment's canonical host of the shop (its first; the others redirect to it: canonical-host.test.ts).
const served = shops.flatMap((shop) =>
  (["production", "staging", "integration", "development"] as const).flatMap((environment) =>
    shop.hosts[environment].slice(0, 1).flatMap((host) => shop.paths.map((path) => [shop.id, environment, host, path] as const)),
  ),
);

test.each(served)("%s (%s) %s%s is served", async (shopId, environment, host, path) => {
  const scheme = environment === "development" ? "http" : "https";
  const response = await app.request(`${scheme}://${host}${path}`, { headers: authorization });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(`${shopId} ${path}`);
});

test("the Swiss shop: the cart page without a language prefix is sent to the prefixed one, never 404", async () => {
  const response = await app.request("http://ch.localhost:8787/checkout/cart/", { headers: { cookie: "shop_locale=fr" } });
  expect(response.status).toBe(302);
  expect(new URL(response.headers.get("location")!).pathname).toBe("/fr/checkout/cart/");
  const plain = await app.request("http://ch.localhost:8787/checkout/cart/");
  expect(plain.status).toBe(302);
  expect(new URL(plain.headers.get("location")!).pathname).toMatch(/^\/(de|fr|it)\/checkout\/cart\/$/);
});

test("without its trailing slash the cart page is redirected to it", async () => {
  const response = await app.request("http://de.localhost:8787/checkout/cart");
  expect(response.status).toBe(301);
  expect(new URL(response.headers.get("location")!).pathname).toBe("/checkout/cart/");
});

test("a shop without language prefixes answers a prefixed cart page 404, as every other path", async () => {
  expect((await app.request("http://de.localhost:8787/fr/checkout/cart/")).status).toBe(404);
});
