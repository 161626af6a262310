import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { shopApiCaller, type ShopApiCaller } from "@tests/kit/shop-api";
import { SHOP_ID_HEADER, VISITOR_TOKEN_HEADER } from "@worker/lib/shop-headers";

let database: TestDatabase;
let api: ShopApiCaller;
beforeAll(async () => {
  database = await createTestDatabase();
  api = shopApiCaller(database.env, { now: () => new Date("2026-06-01T12:00:00Z") });
});
afterAll(() => database.dispose());

const chooseCountry = (init: { token?: string; country?: string } = {}) =>
  api(
    new Request("http://shop-api/apiv2/shipping/costs/country", {
      method: "PUT",
      headers: { [SHOP_ID_HEADER]: "DE", "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: JSON.stringify({ country: init.country ?? "de" }),
    }),
  );

describe("the token of a new visitor (docs/decisions/0029)", () => {
  test("goes to the edge in the x-visitor-token header, never into the JSON body", async () => {
    const response = await chooseCountry();
    expect(response.status).toBe(200);
    const token = response.headers.get(VISITOR_TOKEN_HEADER);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const text = await response.text();
    expect(text).not.toContain(token!);
    expect(JSON.parse(text).meta).not.toHaveProperty("token");
  });

  test("a request of a known visitor hands out no token", async () => {
    const token = (await chooseCountry()).headers.get(VISITOR_TOKEN_HEADER)!;
    const again = await chooseCountry({ token });
    expect(again.status).toBe(200);
    expect(again.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
  });

  test("a refusal creates no visitor and hands out no token", async () => {
    const refused = await chooseCountry({ country: "zz" });
    expect(refused.status).toBe(422);
    expect(refused.headers.get(VISITOR_TOKEN_HEADER)).toBeNull();
  });
});
