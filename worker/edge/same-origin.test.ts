import { CH, DE, testApp } from "@tests/kit/edge";

describe("cross-origin state-changing calls get 403", () => {
  test.each([
    ["foreign Origin", { origin: "https://evil.example" }],
    ["Origin null", { origin: "null" }],
    ["sibling shop", { origin: CH }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
    ["same Origin but cross-site fetch metadata", { origin: DE, "sec-fetch-site": "cross-site" }],
  ])("%s", async (_name, headers) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const t = testApp();
      const res = await t.request(`${DE}/apiv2/cart/`, { method, body: "{}", headers: { "content-type": "application/json", ...headers } });
      expect(res.status).toBe(403);
      expect(t.upstream.requests).toHaveLength(0);
    }
  });

  test("same-origin browser calls pass", async () => {
    const t = testApp();
    const res = await t.request(`${DE}/apiv2/cart/`, { method: "POST", body: "{}", headers: { origin: DE, "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
    expect(t.upstream.requests).toHaveLength(1);
  });

  test("non-browser clients without Origin or fetch metadata pass (build, curl)", async () => {
    const t = testApp();
    expect((await t.request(`${DE}/graphql`, { method: "POST", body: "{}" })).status).toBe(200);
  });

  test("cross-origin GETs are not blocked (they change nothing)", async () => {
    const t = testApp();
    expect((await t.request(`${DE}/apiv2/x`, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});
