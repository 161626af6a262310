/** Malformed JSON, unknown SKUs, negative or huge quantities, wrong types, missing fields: 4xx with the spec's messages, nothing written. */
import type { ExecutionContext } from "@cloudflare/workers-types";
import { commerceCounts, createHarness, type Harness } from "@tests/kit/commerce";
import { handleShopApi, runScheduledJobs } from "@tests/kit/shop-api";

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  token = (await h.call("POST", "/apiv2/cart/", { body: { sku: "FLOOR-1" } })).token as string;
});
afterAll(() => h.dispose());

const INVALID = "The given data was invalid.";
const MISSING = "Missing required fields";

const cases: [string, string, string, { raw?: string; body?: unknown }, number, string][] = [
  ["cart: malformed JSON", "POST", "/apiv2/cart/", { raw: "{sku: FLOOR-1" }, 400, INVALID],
  ["cart: JSON array", "POST", "/apiv2/cart/", { raw: "[1,2]" }, 400, INVALID],
  ["cart: empty body", "POST", "/apiv2/cart/", { raw: "" }, 400, INVALID],
  ["cart: missing sku", "POST", "/apiv2/cart/", { body: { quantity: 1 } }, 422, MISSING],
  ["cart: null sku", "POST", "/apiv2/cart/", { body: { sku: null } }, 422, MISSING],
  ["cart: sku of wrong type", "POST", "/apiv2/cart/", { body: { sku: 42 } }, 422, INVALID],
  ["cart: unknown sku", "POST", "/apiv2/cart/", { body: { sku: "DOES-NOT-EXIST" } }, 422, INVALID],
  ["cart: sku with odd characters", "POST", "/apiv2/cart/", { body: { sku: "../../etc" } }, 422, INVALID],
  ["cart: negative quantity", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: -3 } }, 422, INVALID],
  ["cart: zero quantity", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 0 } }, 422, INVALID],
  ["cart: huge quantity", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1e12 } }, 422, INVALID],
  ["cart: fractional quantity", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: 1.5 } }, 422, INVALID],
  ["cart: quantity as string", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", quantity: "2" } }, 422, INVALID],
  ["cart: unknown field", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", price: 0 } }, 422, INVALID],
  ["cart: options of wrong type", "POST", "/apiv2/cart/", { body: { sku: "CONF-1", configurableOptions: ["hell"] } }, 422, INVALID],
  ["cart: bad desired date", "POST", "/apiv2/cart/", { body: { sku: "FLOOR-1", desiredDate: { type: 9 } } }, 422, INVALID],
  ["sample add: malformed JSON", "POST", "/apiv2/sample/product/cart/add", { raw: "nope" }, 400, INVALID],
  ["sample add: missing sku", "POST", "/apiv2/sample/product/cart/add", { body: { quantity: 1 } }, 422, MISSING],
  ["sample add: quantity 2", "POST", "/apiv2/sample/product/cart/add", { body: { sku: "S-1", quantity: 2 } }, 422, INVALID],
  ["sample add: unknown sku", "POST", "/apiv2/sample/product/cart/add", { body: { sku: "NOPE" } }, 422, INVALID],
  ["sample remove: missing sku", "POST", "/apiv2/sample/product/cart/remove", { body: {} }, 422, MISSING],
  ["sample contact: missing address", "POST", "/apiv2/sample/product/cart", { body: { email: "a@b.de" } }, 422, MISSING],
  ["sample contact: address of wrong type", "POST", "/apiv2/sample/product/cart", { body: { email: "a@b.de", customerAddress: "Berlin" } }, 422, INVALID],
  ["sample finish: malformed JSON", "POST", "/apiv2/sample/product/cart/finish", { raw: "{" }, 400, INVALID],
  ["shipping country: malformed JSON", "PUT", "/apiv2/shipping/costs/country", { raw: "{" }, 400, INVALID],
  ["shipping country: wrong type", "PUT", "/apiv2/shipping/costs/country", { body: { country: 49 } }, 422, INVALID],
  ["sample by sku: unknown", "PUT", "/cart/addSampleBySku/NOPE", {}, 422, INVALID],
];

describe.each([
  ["a guest", undefined],
  ["a visitor with a token", "token"],
])("as %s", (_who, useToken) => {
  test.each(cases)("%s", async (_name, method, path, input, status, message) => {
    const before = await commerceCounts(h.db);
    const cart = useToken ? (await h.call("GET", "/apiv2/cart/", { token })).body.data : null;
    const { status: actual, body, token: handed } = await h.call(method, path, { ...input, token: useToken ? token : undefined });
    expect(actual).toBe(status);
    expect(body.data).toBeNull();
    expect(body.errors[0]!.message).toBe(message);
    if (message === MISSING) expect(body.errors.some((e) => e.message === "This field is required")).toBe(true);
    expect(handed).toBeUndefined();
    expect(await commerceCounts(h.db)).toEqual(before);
    if (useToken) expect((await h.call("GET", "/apiv2/cart/", { token })).body.data).toEqual(cart);
  });
});

test("an oversized body is refused", async () => {
  const { status, body } = await h.call("POST", "/apiv2/cart/", { raw: JSON.stringify({ sku: "FLOOR-1", pad: "x".repeat(70_000) }) });
  expect(status).toBe(413);
  expect(body.errors[0]!.message).toBe(INVALID);
});

test("a malformed bearer token reads as a guest and is never stored", async () => {
  const { body } = await h.call("GET", "/apiv2/cart/", { headers: { authorization: "Bearer ' OR 1=1 --" } });
  expect(body.data.items).toEqual([]);
});

describe("through the shop API's router", () => {
  const env = () => h.env;
  const ctx = {} as ExecutionContext;

  test("commerce paths answer, shop header picks the shop, unknown paths fall through to 404", async () => {
    const cart = await handleShopApi(new Request("http://api/apiv2/cart/", { headers: { "x-shop-id": "CH" } }), env(), ctx);
    expect(cart.status).toBe(200);
    expect(((await cart.json()) as { data: { totals: { currency: string } } }).data.totals.currency).toBe("CHF");
    const unknown = await handleShopApi(new Request("http://api/apiv2/nothing-here"), env(), ctx);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ errors: [{ message: "This page could not be found" }] });
    const shop = await handleShopApi(new Request("http://api/apiv2/cart/", { headers: { "x-shop-id": "XX" } }), env(), ctx);
    expect(shop.status).toBe(404);
  });

  test.each([
    ["an unknown shop", { "x-shop-id": "XX" }],
    ["no shop at all", {}],
  ])("%s is 404 and creates no visitor, even on a write", async (_name, headers: Record<string, string>) => {
    const before = await commerceCounts(h.db);
    for (const [method, path, body] of [
      ["POST", "/apiv2/cart/", JSON.stringify({ sku: "FLOOR-1" })],
      ["PUT", "/cart/addSampleBySku/S-1", undefined],
      ["POST", "/apiv2/sample/product/cart/add", JSON.stringify({ sku: "S-1" })],
      ["PUT", "/apiv2/shipping/costs/country", JSON.stringify({ country: "de" })],
    ] as const) {
      const response = await handleShopApi(
        new Request(`http://api${path}`, { method, headers: { ...headers, "content-type": "application/json" }, body }),
        env(),
        ctx,
      );
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.json()).toEqual({ status: 404, data: null, errors: [{ message: "This page could not be found", code: "not_found" }], meta: {} });
    }
    expect(await commerceCounts(h.db)).toEqual(before);
  });

  test("the scheduled job runs against the worker's D1", async () => {
    await expect(runScheduledJobs(env(), new Date())).resolves.toBeUndefined();
  });
});
