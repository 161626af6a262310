import { recordingUpstream, directory, testApp } from "@tests/kit/edge";
import { siteForHost } from "./site";

/**
 * The browser tests' environment (`test`, config/shops.json): its own hosts on port 8797, so
 * they run while `npm start` serves the development hosts on 8787, handled exactly like those.
 */
const DE_TEST = "http://de.localhost:8797";
const CH_TEST = "http://ch.localhost:8797";

const withToken = (token: string) =>
  recordingUpstream(
    () =>
      new Response(JSON.stringify({ status: 200, data: {}, errors: [], meta: {} }), {
        headers: { "content-type": "application/json", "x-visitor-token": token },
      }),
  );

describe("the test environment", () => {
  test.each([
    ["de.localhost:8797", "DE"],
    ["ch.localhost:8797", "CH"],
    ["at.localhost:8797", "AT"],
    ["com.localhost:8797", "COM"],
    ["brand.localhost:8797", "BRAND"],
  ])("%s -> %s (test), preferred origin over http", (host, shop) => {
    const site = siteForHost(directory, host, "production");
    expect(site.kind === "shop" && [site.shop.id, site.environment, site.preferredOrigin]).toEqual([shop, "test", `http://${host}`]);
  });

  test.each(["de.localhost:8798", "localhost:8797", "de.localhost"])("%s is no shop", (host) => {
    expect(siteForHost(directory, host, "production").kind).toBe("no-shop");
  });

  test("pages and language rules answer as on the development hosts", async () => {
    const res = await testApp().request(`${CH_TEST}/`, { headers: { "accept-language": "fr-CH,fr;q=0.9" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${CH_TEST}/fr/`);
    expect((await testApp().request(`${DE_TEST}/parkett.html`)).status).toBe(200);
  });

  test("the token cookie is the test one: no Domain, no Secure over http", async () => {
    const res = await testApp({ upstream: withToken("t1") }).request(`${DE_TEST}/apiv2/x`);
    expect(res.headers.get("set-cookie")).toBe("bh_token_test=t1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict");
  });

  test("the API gets the test cookie's token, never the development one", async () => {
    const t = testApp();
    await t.request(`${DE_TEST}/apiv2/x`, { headers: { cookie: "bh_token_development=dev; bh_token_test=test" } });
    expect(t.upstream.requests[0]!.headers.get("authorization")).toBe("Bearer test");
  });

  test("an unknown host of the test worker lists the shops' test hosts", async () => {
    const res = await testApp({ env: { ENVIRONMENT_NAME: "test" } }).request("http://unknown.localhost:8797/");
    const html = await res.text();
    expect(html).toContain('href="http://de.localhost:8797/"');
    expect(html).toContain('href="http://ch.localhost:8797/de/"');
    expect(html).not.toContain(":8787");
  });
});
