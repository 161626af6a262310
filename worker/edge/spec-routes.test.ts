/**
 * The legacy route shapes the build has no file for: 301 to the real page, 404
 * when the build has none, and the two shop backend paths outside /apiv1 and /apiv2 reaching the shop API.
 */
import { CH, DE, FILES, testApp, UPSTREAM_ORIGIN } from "@tests/kit/edge";

const files = {
  ...FILES,
  "/DE/hersteller/holzwerk.html": '<!doctype html><html lang="de"><body>Holzwerk</body></html>',
  "/DE/boden/parkett.html": '<!doctype html><html lang="de"><body>Parkett</body></html>',
  "/CH/fr/fabricants/holzwerk.html": '<!doctype html><html lang="fr"><body>Holzwerk</body></html>',
  "/CH/de/kontakt.html": '<!doctype html><html lang="de"><body>Kontakt</body></html>',
  ...Object.fromEntries(
    ["CreateAccount", "Login", "OrderOverview", "PasswordReset"].flatMap((screen) => [
      [`/DE/customer/account/${screen}/index.html`, `<!doctype html><html lang="de"><body>${screen}</body></html>`],
      [`/CH/fr/customer/account/${screen}/index.html`, `<!doctype html><html lang="fr"><body>${screen}</body></html>`],
    ]),
  ),
};

describe("301 to the page the build has", () => {
  test.each([
    [`${DE}/parkett/Index`, "http://de.localhost:8787/parkett.html"],
    [`${DE}/parkett/Index?utm=x`, "http://de.localhost:8787/parkett.html?utm=x"],
    [`${DE}/boden/parkett/Index`, "http://de.localhost:8787/boden/parkett.html"],
    [`${DE}/service/Contact`, "http://de.localhost:8787/kontakt.html"],
    [`${DE}/holzwerk/manufacturer`, "http://de.localhost:8787/hersteller/holzwerk.html"],
    [`${CH}/fr/parkett/Index`, "http://ch.localhost:8787/fr/parkett.html"],
    [`${CH}/fr/cms/Contact`, "http://ch.localhost:8787/fr/contactez.html"],
    [`${CH}/de/cms/Contact`, "http://ch.localhost:8787/de/kontakt.html"],
    [`${CH}/fr/holzwerk/manufacturer`, "http://ch.localhost:8787/fr/fabricants/holzwerk.html"],
  ])("%s", async (url, location) => {
    const t = testApp({ files });
    const response = await t.request(url);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(location);
  });

  test("HEAD too", async () => {
    const response = await testApp({ files }).request(`${DE}/parkett/Index`, { method: "HEAD" });
    expect(response.status).toBe(301);
  });
});

describe("the old shop's account routes, with or without a first segment: 301 to the account screen", () => {
  test.each([
    [`${DE}/Login`, "http://de.localhost:8787/customer/account/Login/"],
    [`${DE}/customer/Login`, "http://de.localhost:8787/customer/account/Login/"],
    [`${DE}/account/CreateAccount?ref=mail`, "http://de.localhost:8787/customer/account/CreateAccount/?ref=mail"],
    [`${DE}/kunde/OrderOverview`, "http://de.localhost:8787/customer/account/OrderOverview/"],
    [`${DE}/PasswordReset`, "http://de.localhost:8787/customer/account/PasswordReset/"],
    [`${CH}/fr/Login`, "http://ch.localhost:8787/fr/customer/account/Login/"],
    [`${CH}/fr/customer/PasswordReset`, "http://ch.localhost:8787/fr/customer/account/PasswordReset/"],
  ])("%s", async (url, location) => {
    const response = await testApp({ files }).request(url);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(location);
  });

  test.each([
    `${DE}/a/b/Login`,
    `${DE}/login`,
    `${DE}/customer/Login/`,
    `${DE}/customer/Profile`,
    `${DE}//evil.example/Login`,
    `${DE}/a%2Fb/Login`,
    `${DE}/%5Cevil.example/CreateAccount`,
    `${CH}/it/Login`,
  ])("no redirect for %s", async (url) => {
    const response = await testApp({ files }).request(url);
    expect(response.headers.get("location") ?? "").not.toContain("/customer/account/");
  });
});

describe("an earlier build's listing page in another sort order: 301 to the category with the order in the query", () => {
  test.each([
    [`${DE}/boden/parkett/sort-price-asc.html`, "http://de.localhost:8787/boden/parkett.html?sort=price-asc"],
    [`${DE}/boden/parkett/sort-newest-desc-page-3.html`, "http://de.localhost:8787/boden/parkett.html?sort=newest-desc&page=3"],
    [`${DE}/boden/parkett/sort-name-asc-page-1.html`, "http://de.localhost:8787/boden/parkett.html?sort=name-asc"],
    [`${DE}/boden/parkett/sort-price-desc.html?utm_source=mail&sort=name-asc`, "http://de.localhost:8787/boden/parkett.html?utm_source=mail&sort=price-desc"],
    [`${CH}/fr/parkett/sort-position-desc-page-2.html`, "http://ch.localhost:8787/fr/parkett.html?sort=position-desc&page=2"],
  ])("%s", async (url, location) => {
    const response = await testApp({ files: { ...files, "/CH/fr/parkett.html": '<!doctype html><html lang="fr"><body>Parkett</body></html>' } }).request(url);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(location);
  });

  test.each([
    `${DE}/boden/nichts/sort-price-asc.html`,
    `${DE}/sort-price-asc.html`,
    `${DE}/boden/parkett/sort-cost-asc.html`,
    `${DE}/boden/parkett/sort-price-up.html`,
    `${DE}/boden/parkett/sort-price-asc-page-0.html`,
    `${DE}/boden/parkett/sort-price-asc-page-99999.html`,
    `${DE}/boden/parkett/sort-price-asc`,
    `${DE}/boden/parkett/sort-price-asc.html/`,
    `${DE}/%2e%2e/sort-price-asc.html`,
    `${DE}//evil.example/sort-price-asc.html`,
  ])("404 for %s", async (url) => {
    const response = await testApp({ files }).request(url);
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("404 when there is no such page, and nothing leaves the shop", () => {
  test.each([
    `${DE}/nichts/Index`,
    `${DE}/unbekannt/manufacturer`,
    `${DE}/Index`,
    `${DE}/parkett/index`,
    `${DE}/parkett/Index/`,
    `${DE}/a/b/Contact`,
    `${DE}/%2e%2e/Index`,
    `${DE}/..%2Fparkett/Index`,
    `${DE}//evil.example/Index`,
    `${DE}/%5Cevil.example/manufacturer`,
  ])("%s", async (url) => {
    const response = await testApp({ files }).request(url);
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });

  test("a CH path without its language goes through the language rules first", async () => {
    const response = await testApp({ files }).request(`${CH}/parkett/Index`, { headers: { "accept-language": "fr" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://ch.localhost:8787/fr/parkett/Index");
  });
});

describe("the shop backend paths outside /apiv1 and /apiv2 reach the shop API", () => {
  test("PUT /cart/addSampleBySku/{sku}", async () => {
    const t = testApp();
    const response = await t.request(`${DE}/cart/addSampleBySku/FLOOR-1`, { method: "PUT", headers: { cookie: "bh_token_development=abc" } });
    expect(response.status).toBe(200);
    expect(t.upstream.requests[0]!.url).toBe(`${UPSTREAM_ORIGIN}/cart/addSampleBySku/FLOOR-1`);
    expect(t.upstream.requests[0]!.method).toBe("PUT");
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBe("Bearer abc");
  });

  test("POST /configuration/cart/add with form data, behind the Swiss language prefix", async () => {
    const t = testApp();
    const body = new URLSearchParams({ form_key: "k", product: "FLOOR-1" });
    const response = await t.request(`${CH}/fr/configuration/cart/add`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    const sent = t.upstream.requests[0]!;
    expect(sent.url).toBe(`${UPSTREAM_ORIGIN}/configuration/cart/add`);
    expect(sent.headers.get("x-shop-language")).toBe("fr");
    expect(t.upstream.bodies[0]).toBe("form_key=k&product=FLOOR-1");
  });

  test("a cross-site POST is refused before the shop API", async () => {
    const t = testApp();
    const response = await t.request(`${DE}/configuration/cart/add`, {
      method: "POST",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("other paths nearby stay pages", async () => {
    const t = testApp();
    expect((await t.request(`${DE}/cart/addSampleBySku/`, { method: "PUT" })).status).toBe(405);
    expect((await t.request(`${DE}/configuration/cart/add/x`, { method: "POST" })).status).toBe(405);
    expect(t.upstream.requests).toHaveLength(0);
  });
});
