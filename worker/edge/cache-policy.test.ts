import { staticCacheControl } from "./cache-policy";
import { CH, DE, testApp } from "@tests/kit/edge";

describe("cache policy", () => {
  test("static HTML is cacheable at the CDN with stale-while-revalidate", async () => {
    const cc = (await testApp().request(`${DE}/parkett.html`)).headers.get("cache-control")!;
    expect(cc).toMatch(/^public/);
    expect(cc).toMatch(/s-maxage=\d+/);
    expect(cc).toMatch(/stale-while-revalidate=\d+/);
  });

  test("page-data revalidates quickly, with stale-while-revalidate", async () => {
    const cc = (await testApp().request(`${DE}/page-data/index/page-data.json`)).headers.get("cache-control")!;
    expect(cc).toMatch(/^public, max-age=0/);
    expect(cc).toMatch(/stale-while-revalidate/);
  });

  test.each(["/app-0123456789abcdef0123.js", "/styles.0123456789abcdef0123.css", "/static/0123abcd/logo.png"])("%s is immutable", async (path) => {
    expect((await testApp().request(`${DE}${path}`)).headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  test("a shop language's shop data file (docs/decisions/0052), content-hashed under /static/, is immutable", () => {
    expect(staticCacheControl("/static/shop-data/de-0123456789abcdef.json")).toBe("public, max-age=31536000, immutable");
  });

  test("the service worker is revalidated every time", () => {
    expect(staticCacheControl("/sw.js")).toBe("no-cache");
  });

  test("API responses are private, no-store", async () => {
    expect((await testApp().request(`${DE}/apiv2/x`)).headers.get("cache-control")).toBe("private, no-store");
  });

  test("anything that sets a cookie is private, no-store", async () => {
    const res = await testApp().request(`${CH}/it/`);
    expect(res.headers.get("set-cookie")).toContain("shop_locale=it");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  test("cookie-dependent answers vary on Cookie", async () => {
    const res = await testApp().request(`${DE}/search/`, { headers: { cookie: "new_search_enabled=1" } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toContain("Cookie");
  });

  test("ordinary pages carry no Set-Cookie", async () => {
    expect((await testApp().request(`${DE}/parkett.html`, { headers: { cookie: "shop_locale=de" } })).headers.get("set-cookie")).toBeNull();
  });
});
