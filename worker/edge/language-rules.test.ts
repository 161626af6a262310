import { CH, CH_PROD, DE, AT, testApp } from "@tests/kit/edge";

const FR_BROWSER = { "accept-language": "fr-CH,fr;q=0.9,de;q=0.5" };

describe("language rules", () => {
  test("DE without prefixes serves unprefixed pages in German", async () => {
    const res = await testApp().request(`${DE}/parkett.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Parkett");
  });

  test.each(["/de/", "/fr/parkett.html", "/it/x.html"])("DE answers the language-prefixed %s with 404", async (path) => {
    const res = await testApp().request(`${DE}${path}`);
    expect(res.status).toBe(404);
  });

  test("the no-shop-found shop answers a language prefix with 404", async () => {
    expect((await testApp().request("http://unknown.example/de/")).status).toBe(404);
  });

  test("CH serves a path that starts with one of its prefixes", async () => {
    const res = await testApp().request(`${CH}/fr/parkett.html`, { headers: { cookie: "shop_locale=fr" } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Parquet");
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  test("CH redirects an unprefixed path to the preferred origin with the language, query kept", async () => {
    const res = await testApp().request(`${CH}/kontakt-service.html?a=1&b=2`, { headers: FR_BROWSER });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${CH}/fr/kontakt-service.html?a=1&b=2`);
  });

  test.each(["/sitemap.xml", "/robots.txt"])("CH serves the build's %s without a language redirect", async (path) => {
    const res = await testApp().request(`${CH}${path}`, { headers: FR_BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
  });

  test("CH production host redirects to its https preferred origin", async () => {
    const res = await testApp().request(`${CH_PROD}/`);
    expect(res.headers.get("location")).toBe(`${CH_PROD}/de/`);
  });

  test("a redirect removes language segments from the rest of the path", async () => {
    const res = await testApp().request(`${CH}/x/fr/de/parkett.html`, { headers: { cookie: "shop_locale=it" } });
    expect(res.headers.get("location")).toBe(`${CH}/it/x/parkett.html`);
  });

  test.each(["/app-0123456789abcdef0123.js", "/page-data/fr/parkett.html/page-data.json", "/static/0123abcd/logo.png"])(
    "CH serves the build's unprefixed file %s without a language redirect or cookie",
    async (path) => {
      const res = await testApp().request(`${CH}${path}`, { headers: { "accept-language": "fr" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(res.headers.get("cache-control")).toMatch(/^public/);
    },
  );

  test("CH files that do not exist are a plain 404, not a redirect", async () => {
    const res = await testApp().request(`${CH}/no-such-file.png`);
    expect(res.status).toBe(404);
  });

  test("AT takes its language from the shop and ignores language segments", async () => {
    const res = await testApp().request(`${AT}/`);
    expect(res.status).toBe(200);
    expect((await testApp().request(`${AT}/de/`)).status).toBe(404); // no such file, not a redirect
  });

  describe("hostile paths never redirect off the configured origin", () => {
    test.each(["//evil.com", "/\\evil.com", "/%5Cevil.com", "/%09/evil.com", "//evil.com/%2F..", "/%2F%2Fevil.com", "/.%2e/evil.com"])("%s", async (path) => {
      const res = await testApp().request(`${CH}${path}`, { headers: FR_BROWSER });
      const location = res.headers.get("location");
      if (location !== null) {
        expect(location.startsWith(`${CH}/`)).toBe(true);
        expect(new URL(location).host).toBe("ch.localhost:8787");
        expect(location).not.toMatch(/^[a-z]+:\/\/[^/]*\/\//);
      }
    });

    test("CR/LF in the query cannot reach the Location header", async () => {
      const res = await testApp().request(`${CH}/?x=%0d%0aSet-Cookie:%20a=b`);
      expect(res.headers.get("location")).toBe(`${CH}/de/?x=%0d%0aSet-Cookie:%20a=b`);
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    test("CR/LF in the path stays percent-encoded in the Location", async () => {
      const res = await testApp().request(`${CH}/%0d%0aSet-Cookie:%20a=b/x.html`);
      expect(res.headers.get("location")).toBe(`${CH}/de/%0d%0aSet-Cookie:%20a=b/x.html`);
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    test("a locale cookie with CR/LF is ignored, never written back", async () => {
      const res = await testApp().request(`${CH}/`, { headers: { cookie: "shop_locale=fr%0d%0aSet-Cookie: x=1" } });
      expect(res.headers.get("location")).toBe(`${CH}/de/`);
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    test("hostile paths on DE give 404 pages, never a redirect elsewhere", async () => {
      for (const path of ["//evil.com", "/\\evil.com", "/%5Cevil.com", "/%09/evil.com"]) {
        const res = await testApp().request(`${DE}${path}`);
        expect([404, 301, 302]).toContain(res.status);
        const location = res.headers.get("location");
        if (location) expect(location.startsWith(`${DE}/`)).toBe(true);
      }
    });
  });
});
