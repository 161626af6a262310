import { directory, testApp } from "@tests/kit/edge";
import { siteForHost } from "./site";

describe("shop by host (exact match from the config)", () => {
  test.each([
    ["de.localhost:8787", "DE"],
    ["www.bodenhaus.example", "DE"],
    ["bodenhaus.example", "DE"],
    ["www.bodenhaus.example.ch", "CH"],
    ["ch.staging.bodenhaus.example", "CH"],
    ["www.bodenhaus.example.at", "AT"],
    ["www.bodenhaus.example.fr", "FR"],
    ["www.bodenhaus.example.it", "IT"],
    ["www.bodenhaus.example.nl", "NL"],
    ["www.bodenhaus.example.com", "COM"],
    ["www.dielenmanufaktur.example", "BRAND"],
    ["WWW.BODENHAUS.EXAMPLE", "DE"],
  ])("%s -> %s", (host, shop) => {
    const site = siteForHost(directory, host, "production");
    expect(site.kind === "shop" && site.shop.id).toBe(shop);
  });

  test.each(["evil.com", "de.localhost", "de.localhost:8788", "bodenhaus.example.evil.com", "xwww.bodenhaus.example", "localhost:8787"])(
    "%s -> no shop found",
    (host) => {
      expect(siteForHost(directory, host, "production").kind).toBe("no-shop");
    },
  );

  test("environment and preferred origin come from the matched host", () => {
    const site = siteForHost(directory, "bodenhaus.example", "development");
    expect(site.kind === "shop" && [site.environment, site.preferredOrigin]).toEqual(["production", "https://www.bodenhaus.example"]);
  });

  test("Host: evil.com gets the no-shop-found page, and the host is never echoed", async () => {
    const res = await testApp().request("http://evil.com/", { headers: { "x-forwarded-host": "de.localhost:8787" } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Shop nicht gefunden");
    expect(html).not.toContain("evil.com");
    expect(html).toContain('href="http://de.localhost:8787/"');
    expect(html).toContain('href="http://ch.localhost:8787/de/"');
  });

  test("X-Forwarded-Host and friends never change the decision", async () => {
    const res = await testApp().request("http://de.localhost:8787/parkett.html", {
      headers: { "x-forwarded-host": "ch.localhost:8787", forwarded: "host=ch.localhost:8787", "x-original-host": "evil.com", "x-host": "evil.com" },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Parkett");
  });

  test("a host with a header-injection attempt is just an unknown host", async () => {
    const res = await testApp().request("http://evil.com/x", { headers: { "x-forwarded-host": "de.localhost:8787\r\nx: y".replace(/[\r\n]/g, "") } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("evil.com");
  });
});
