import { apiCall, apiUrl, isSuccess, PATHS } from "./client";

describe("apiUrl", () => {
  test("the Swiss shop's language segment leads API paths; other shops use the path itself", () => {
    expect(apiUrl("/apiv2/cart/", "/fr/parquet/chene.html")).toBe("/fr/apiv2/cart/");
    expect(apiUrl("/apiv2/cart/", "/parkett/eiche.html")).toBe("/apiv2/cart/");
    expect(apiUrl("/apiv2/cart/", "/")).toBe("/apiv2/cart/");
  });
});

test("a request counts as successful only with HTTP 200 and data", () => {
  expect(isSuccess(200, { items: [] })).toBe(true);
  expect(isSuccess(200, 0)).toBe(true);
  expect(isSuccess(200, null)).toBe(false);
  expect(isSuccess(201, {})).toBe(false);
  expect(isSuccess(422, {})).toBe(false);
});

test("delivery path: quantity defaults to 1, postcode as query", () => {
  expect(PATHS.delivery("P-1", "de", 0)).toBe("/apiv1/product/byId/P-1/delivery/byCountryCode/de/quantity/1");
  expect(PATHS.delivery("P 1", "de", 3, "25980")).toBe("/apiv1/product/byId/P%201/delivery/byCountryCode/de/quantity/3?postcode=25980");
});

describe("apiCall", () => {
  const original = global.fetch;
  afterEach(() => {
    global.fetch = original;
  });

  test("sends same-origin credentials and JSON; maps data and errors", async () => {
    const calls: [string, RequestInit][] = [];
    global.fetch = (async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ status: 422, data: null, errors: [{ message: "The given data was invalid.", code: "invalid" }], meta: {} }), {
        status: 422,
      });
    }) as typeof fetch;
    const result = await apiCall("POST", "/apiv2/cart/", { sku: "A", quantity: 1 });
    expect(calls[0]![1]).toMatchObject({ method: "POST", credentials: "same-origin", body: JSON.stringify({ sku: "A", quantity: 1 }) });
    expect(result).toEqual({ ok: false, status: 422, data: null, errors: [{ message: "The given data was invalid.", code: "invalid" }] });
  });

  test("a network failure or a non-JSON answer is a failure, never a throw", async () => {
    global.fetch = (async () => {
      throw new TypeError("offline");
    }) as typeof fetch;
    expect(await apiCall("GET", "/apiv2/cart/")).toEqual({ ok: false, status: 0, data: null, errors: [] });
    global.fetch = (async () => new Response("<html>", { status: 200 })) as typeof fetch;
    expect((await apiCall("GET", "/apiv2/cart/")).ok).toBe(false);
  });
});
