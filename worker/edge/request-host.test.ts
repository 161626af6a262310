import { DE, testApp } from "@tests/kit/edge";
import { requestHost } from "./request-host";

const withHost = (host: string | null, url = `${DE}/`) => new Request(url, host === null ? {} : { headers: { host } });

describe("the request's host", () => {
  test.each(["de.localhost:8787", "DE.localhost:8787", "www.bodenhaus.example", "www.bodenhaus.example.", "[::1]:8787", "127.0.0.1", "a-b.example:65535"])(
    "%s is a host",
    (host) => expect(requestHost(withHost(host))).toBe("de.localhost:8787"),
  );

  test.each([
    "de.localhost:8787@evil.example",
    "a b",
    "",
    " ",
    "de.localhost:8787:99",
    "de.localhost/x",
    "[::1",
    "de.localhost:65536",
    "-a.example",
    "de.localhost#x",
    "a..b",
    "é.example",
  ])("%j is malformed", (host) => expect(requestHost(withHost(host))).toBeNull());

  test("a URL with user information is malformed (as a runtime may build it from such a Host)", () => {
    const request = { url: "http://de.localhost:8787@evil.example/", headers: new Headers() } as Request;
    expect(requestHost(request)).toBeNull();
  });

  test("without a Host header the URL decides", () => {
    expect(requestHost(withHost(null))).toBe("de.localhost:8787");
  });
});

describe("the edge answers a malformed Host with 400, never 500", () => {
  test.each(["de.localhost:8787@evil.example", "a b", ""])("%j: a page, and the envelope on an API path, nothing goes upstream", async (host) => {
    const t = testApp();
    const page = await t.request(`${DE}/parkett.html`, { headers: { host } });
    expect(page.status).toBe(400);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("Diese Adresse ist ungültig.");
    const api = await t.request(`${DE}/apiv2/cart/`, { method: "POST", headers: { host, "content-type": "application/json" }, body: "{}" });
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ status: 400, data: null, errors: [{ message: "Diese Adresse ist ungültig." }] });
    expect(t.upstream.requests).toHaveLength(0);
  });
});
