/**
 * One host per shop through the edge's real handler with the production host map of
 * config/shops.json: every other production host of a shop answers 301 to the canonical one
 * with path and query kept, before anything else runs; the canonical host and the local hosts
 * are served.
 */
import rawConfig from "@config/shops.json";
import { parseShopConfig, ShopDirectory } from "@config/shop-config";
import { FILES, testApp } from "@tests/kit/edge";

const config = parseShopConfig(rawConfig);
const production = { env: { ENVIRONMENT_NAME: "production" as const } };

describe.each(config.shops.map((shop) => [shop.id, shop] as const))("shop %s", (_id, shop) => {
  const [canonical, ...others] = shop.hosts.production;

  test("its canonical production host is its first and serves without a host redirect", async () => {
    const response = await testApp({ files: FILES, ...production }).request(`https://${canonical}/`);
    expect(response.status).not.toBe(301);
    const location = response.headers.get("location");
    if (location) expect(new URL(location).host).toBe(canonical);
  });

  test("every other host of the shop: 301 to the canonical host, path and query kept, before anything else", async () => {
    // The production map as it is, and with the shop's bare domain added as a second host (a shop with one host today gets one tomorrow).
    const bare = canonical!.replace(/^www\./, "");
    const aliases = others.length > 0 ? others : [bare];
    const directory = new ShopDirectory({
      ...config,
      shops: config.shops.map((each) => (each.id === shop.id ? { ...each, hosts: { ...each.hosts, production: [canonical!, ...aliases] } } : each)),
    });
    expect(aliases).not.toContain(canonical);
    const t = testApp({ files: FILES, directory, ...production });
    for (const host of aliases)
      for (const [path, target] of [
        ["/", "/"],
        ["/parkett.html?sort=price&utm_source=mail", "/parkett.html?sort=price&utm_source=mail"],
        ["/ratgeber/", "/ratgeber/"],
        ["/apiv2/cart?x=1", "/apiv2/cart?x=1"],
        ["//evil.example/x", "/evil.example/x"],
      ] as const) {
        const response = await t.request(`https://${host}${path}`);
        expect(response.status).toBe(301);
        expect(response.headers.get("location")).toBe(`https://${canonical}${target}`);
      }
    // nothing ran before the redirect: no upstream call, not even the cross-site write check (403 otherwise)
    const write = await t.request(`https://${aliases[0]}/apiv2/cart`, { method: "POST", headers: { origin: "https://evil.example" }, body: "{}" });
    expect(write.status).toBe(301);
    expect(t.upstream.requests).toHaveLength(0);
  });

  test("its local hosts are not redirected to another host", async () => {
    for (const host of [...shop.hosts.development, ...shop.hosts.test]) {
      const response = await testApp({ files: FILES }).request(`http://${host}/`);
      expect(response.status).not.toBe(301);
      const location = response.headers.get("location");
      if (location) expect(new URL(location).host).toBe(host);
    }
  });
});

test("DE's canonical host is www.bodenhaus.example; the bare domain redirects to it", async () => {
  expect(config.shops.find((shop) => shop.id === "DE")!.hosts.production).toEqual(["www.bodenhaus.example", "bodenhaus.example"]);
  const response = await testApp({ files: FILES, ...production }).request("https://bodenhaus.example/parkett.html?x=1");
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe("https://www.bodenhaus.example/parkett.html?x=1");
  const served = await testApp({ files: FILES, ...production }).request("https://www.bodenhaus.example/parkett.html");
  expect(served.status).toBe(200);
  expect(await served.text()).toContain("Parkett");
});

test("hosts of no shop and the back office are not redirected", async () => {
  const unknown = await testApp({ files: FILES, ...production }).request("https://shop.bodenhaus.example/");
  expect(unknown.status).not.toBe(301);
  const admin = await testApp({ files: FILES, ...production }).request("https://admin.bodenhaus.example/");
  expect(admin.status).not.toBe(301);
});
