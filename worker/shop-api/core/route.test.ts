import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";

let t: TestDatabase;
let api: ShopApiCaller;
beforeAll(async () => {
  t = await createTestDatabase();
  api = shopApiCaller(t.env);
});
afterAll(() => t.dispose());

const visitors = async () => (await t.db.prepare("SELECT count(*) AS n FROM visitors").first<{ n: number }>())!.n;

describe("the shop of a request", () => {
  it.each([
    ["no shop header", {}],
    ["an unknown shop", { "x-shop-id": "XX" }],
    ["a hostile shop header", { "x-shop-id": "DE' OR 1=1 --" }],
  ])("%s is 404 on every API path, and nothing is written", async (_name, headers: Record<string, string>) => {
    for (const [method, path] of [
      ["GET", "/apiv2/cart/"],
      ["POST", "/apiv2/cart/"],
      ["GET", "/apiv2/search?query=eiche"],
      ["GET", "/apiv2/environment"],
      ["GET", "/apiv1/product/byId/1/delivery/byCountryCode/de/quantity/1"],
      ["PUT", "/cart/addSampleBySku/FLOOR-1"],
    ] as const) {
      const response = await api(new Request(`https://api.example${path}`, { method, headers, ...(method === "GET" ? {} : { body: "{}" }) }));
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ status: 404, data: null, errors: [{ message: "This page could not be found", code: "not_found" }], meta: {} });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await visitors()).toBe(0);
  });

  it("answers in the shop's default language when the requested one is not the shop's", async () => {
    const response = await api(new Request("https://api.example/apiv2/masterdata", { headers: { "x-shop-id": "ch", "x-shop-language": "en" } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { shop: { id: "CH" }, storeConfig: { language: "de" } } });
  });

  it("takes a language the shop has", async () => {
    const response = await api(new Request("https://api.example/apiv2/masterdata", { headers: { "x-shop-id": "CH", "x-shop-language": "fr" } }));
    expect(await response.json()).toMatchObject({ data: { storeConfig: { language: "fr" } } });
  });
});

describe("unknown paths and failures", () => {
  it("an unknown path is 404 in the envelope", async () => {
    const response = await api(new Request("https://api.example/nothing/here", { headers: { "x-shop-id": "DE" } }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, data: null, errors: [{ message: "This page could not be found" }] });
  });
});
