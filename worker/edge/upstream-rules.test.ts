import { constantTimeEqual, servedToUpstream } from "./upstream-rules";
import { CH, DE, directory, testApp, AT } from "@tests/kit/edge";

const SECRET = "s3cret-of-the-legacy-front-proxy";
const env = { UPSTREAM_REQUEST_SECRET: SECRET };
const viaLegacy = { "x-edge-upstream-secret": SECRET };

describe("recognising upstream requests", () => {
  test("constant-time comparison", async () => {
    expect(await constantTimeEqual(SECRET, SECRET)).toBe(true);
    expect(await constantTimeEqual(SECRET, `${SECRET}x`)).toBe(false);
    expect(await constantTimeEqual(SECRET, "")).toBe(false);
  });

  test("a wrong secret makes a direct request (served)", async () => {
    const res = await testApp({ env }).request(`${DE}/kontakt.html`, { headers: { "x-edge-upstream-secret": "guess" } });
    expect(res.status).toBe(200);
  });

  test("without a configured secret no request is an upstream request", async () => {
    const res = await testApp().request(`${DE}/kontakt.html`, { headers: { "x-edge-upstream-secret": "" } });
    expect(res.status).toBe(200);
  });
});

describe("what upstream requests get", () => {
  test("direct requests are always served, legacy pages included", async () => {
    const res = await testApp({ env }).request(`${DE}/kontakt.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Kontakt");
  });

  test.each(["/kontakt.html", "/gutschein-gads.html", "/contact.html"])("legacy page %s is redirected to the legacy origin, privately", async (path) => {
    const res = await testApp({ env }).request(`${DE}${path}?utm=1`, { headers: viaLegacy });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`https://legacy.bodenhaus.example${path}?utm=1`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("a legacy page behind a language prefix keeps its prefix on the legacy origin", async () => {
    const res = await testApp({ env }).request(`${CH}/fr/contactez.html`, { headers: viaLegacy });
    expect(res.headers.get("location")).toBe("https://legacy.bodenhaus.example.ch/fr/contactez.html");
  });

  test("a shop without legacy origin answers 404", async () => {
    const res = await testApp({ env }).request(`${AT}/kontakt.html`, { headers: viaLegacy });
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("home, generic .html pages and page files are served", async () => {
    const t = testApp({ env });
    expect((await t.request(`${DE}/`, { headers: viaLegacy })).status).toBe(200);
    expect((await t.request(`${DE}/parkett.html`, { headers: viaLegacy })).status).toBe(200);
    expect((await t.request(`${DE}/app-0123456789abcdef0123.js`, { headers: viaLegacy })).status).toBe(200);
    expect((await t.request(`${CH}/fr/parkett.html`, { headers: viaLegacy })).status).toBe(200);
  });

  test("search and developer mode are served (behind their gates)", async () => {
    const t = testApp({ env });
    expect((await t.request(`${DE}/search/`, { headers: { ...viaLegacy, cookie: "new_search_enabled=1" } })).status).toBe(200);
    expect((await t.request(`${DE}/DeveloperMode`, { headers: { ...viaLegacy, cookie: "developer_mode=1" } })).status).toBe(200);
  });

  test("other routes (no .html, not static) go to the legacy origin", async () => {
    const res = await testApp({ env }).request(`${DE}/fragen-zum-produkt/SKU-1`, { headers: viaLegacy });
    expect(res.headers.get("location")).toBe("https://legacy.bodenhaus.example/fragen-zum-produkt/SKU-1");
  });

  test("hostile paths never leave the legacy origin", async () => {
    for (const path of ["//evil.com/x", "/\\evil.com/x", "/%5Cevil.com"]) {
      const res = await testApp({ env }).request(`${DE}${path}`, { headers: viaLegacy });
      const location = res.headers.get("location");
      if (location) expect(location.startsWith("https://legacy.bodenhaus.example/")).toBe(true);
    }
  });

  test("servedToUpstream", () => {
    const config = directory.config;
    expect(servedToUpstream("/", config)).toBe(true);
    expect(servedToUpstream("/bon-dachat-gads.html", config)).toBe(false);
    expect(servedToUpstream("/ratgeber/kontakt.html", config)).toBe(true);
    expect(servedToUpstream("/page-data/index/page-data.json", config)).toBe(true);
    expect(servedToUpstream("/account/Login", config)).toBe(false);
  });
});
