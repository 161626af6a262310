import { DE, recordingUpstream, testApp } from "@tests/kit/edge";

describe("API proxy: the client's address and captcha token", () => {
  test("cf-connecting-ip (set by Cloudflare) goes upstream; no other client-IP header does", async () => {
    const t = testApp({ upstream: recordingUpstream() });
    await t.request(`${DE}/apiv2/cart/`, {
      headers: {
        "cf-connecting-ip": "203.0.113.7",
        "x-forwarded-for": "198.51.100.1",
        "x-real-ip": "198.51.100.2",
        "true-client-ip": "198.51.100.3",
        forwarded: "for=198.51.100.4",
      },
    });
    const sent = t.upstream.requests[0]!.headers;
    expect(sent.get("cf-connecting-ip")).toBe("203.0.113.7");
    for (const name of ["x-forwarded-for", "x-real-ip", "true-client-ip", "forwarded"]) expect(sent.get(name)).toBeNull();
  });

  test("without a client address none is made up", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/cart/`, { headers: { "x-forwarded-for": "198.51.100.1" } });
    expect(t.upstream.requests[0]!.headers.get("cf-connecting-ip")).toBeNull();
  });

  test("X-Captcha-Token goes upstream with the form's call", async () => {
    const t = testApp();
    await t.request(`${DE}/apiv2/sample/product/cart/finish`, {
      method: "POST",
      headers: { "x-captcha-token": "token-123", "content-type": "application/json" },
      body: "{}",
    });
    expect(t.upstream.requests[0]!.headers.get("x-captcha-token")).toBe("token-123");
  });
});
