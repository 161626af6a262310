/**
 * The customer session cookie through the edge app (app.request();
 * docs/decisions/0037): the shop API's x-customer-session response header becomes the
 * host-only cookie and never reaches the browser; the cookie's token goes upstream in the
 * x-customer-session request header, and a client's own header never does.
 */
import { CUSTOMER_SESSION_HEADER } from "../lib/shop-headers";
import { CH, DE, DE_PROD, recordingUpstream, testApp } from "@tests/kit/edge";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
const OTHER = "ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxwv";

/** The shop API handing over a session the way it does: in the x-customer-session response header. */
const handing = (value: string, status = 200) =>
  recordingUpstream(
    () =>
      new Response(JSON.stringify({ status, data: { customer: null }, errors: [], meta: {} }), {
        status,
        headers: { "content-type": "application/json", [CUSTOMER_SESSION_HEADER]: value },
      }),
  );

describe("customer session cookie (x-customer-session, 90 days, SameSite=Lax)", () => {
  beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  test("production: host-only __Host- cookie, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; the header never reaches the browser", async () => {
    const res = await testApp({ upstream: handing(TOKEN) }).request(`${DE_PROD}/apiv2/customer/login`, { method: "POST", body: "{}" });
    expect(res.headers.get("set-cookie")).toBe(`__Host-bh_session=${TOKEN}; Max-Age=7776000; Path=/; Secure; HttpOnly; SameSite=Lax`);
    expect(res.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
    expect(await res.text()).not.toContain(TOKEN);
  });

  test("development over http: the configured name without prefix and without Secure; over https the __Host- cookie", async () => {
    const http = await testApp({ upstream: handing(TOKEN) }).request(`${DE}/apiv2/customer/login`, { method: "POST", body: "{}" });
    expect(http.headers.get("set-cookie")).toBe(`bh_session_development=${TOKEN}; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax`);
    const https = await testApp({ upstream: handing(TOKEN) }).request("https://de.localhost:8787/apiv2/customer/login", { method: "POST", body: "{}" });
    expect(https.headers.get("set-cookie")).toBe(`__Host-bh_session_development=${TOKEN}; Max-Age=7776000; Path=/; Secure; HttpOnly; SameSite=Lax`);
  });

  test("an empty value deletes the cookie (logout, an ended session), also on a refusal", async () => {
    const res = await testApp({ upstream: handing("", 401) }).request(`${DE_PROD}/apiv2/customer`);
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toBe("__Host-bh_session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
    expect(res.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
  });

  test("a handed value that is not a session token sets nothing and is not passed on", async () => {
    for (const value of ["short", `${TOKEN}; Domain=evil.example`, `${TOKEN}\r\nSet-Cookie: x=y`.replace(/[\r\n]/g, " ")]) {
      const res = await testApp({ upstream: handing(value) }).request(`${DE_PROD}/apiv2/customer/login`, { method: "POST", body: "{}" });
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(res.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
    }
  });

  test("the cookie's token goes upstream as x-customer-session (with the visitor's bearer token); the Cookie header never does", async () => {
    const t = testApp();
    await t.request(`${DE_PROD}/apiv2/customer`, { headers: { cookie: `__Host-bh_token=visitor-1; __Host-bh_session=${TOKEN}` } });
    const sent = t.upstream.requests[0]!;
    expect(sent.headers.get(CUSTOMER_SESSION_HEADER)).toBe(TOKEN);
    expect(sent.headers.get("authorization")).toBe("Bearer visitor-1");
    expect(sent.headers.get("cookie")).toBeNull();
  });

  test("a client's own x-customer-session is dropped: replaced by the cookie's token, or removed without a cookie", async () => {
    const t = testApp();
    await t.request(`${DE_PROD}/apiv2/customer`, { headers: { [CUSTOMER_SESSION_HEADER]: OTHER } });
    expect(t.upstream.requests[0]!.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
    await t.request(`${DE_PROD}/apiv2/customer`, { headers: { [CUSTOMER_SESSION_HEADER]: OTHER, cookie: `__Host-bh_session=${TOKEN}` } });
    expect(t.upstream.requests[1]!.headers.get(CUSTOMER_SESSION_HEADER)).toBe(TOKEN);
  });

  test("only the environment's own cookie counts: the unprefixed name on https, a malformed token, another environment's name", async () => {
    const t = testApp();
    for (const cookie of [`bh_session=${TOKEN}`, "__Host-bh_session=not-a-token", `__Host-bh_session_staging=${TOKEN}`])
      await t.request(`${DE_PROD}/apiv2/customer`, { headers: { cookie } });
    expect(t.upstream.requests.map((request) => request.headers.get(CUSTOMER_SESSION_HEADER))).toEqual([null, null, null]);
  });

  test("behind a language prefix (CH /fr/apiv2/...) the session goes up and comes back the same way", async () => {
    const t = testApp({ upstream: handing(OTHER) });
    const res = await t.request(`${CH}/fr/apiv2/customer/login`, { method: "POST", body: "{}", headers: { cookie: `bh_session_development=${TOKEN}` } });
    expect(t.upstream.requests[0]!.headers.get(CUSTOMER_SESSION_HEADER)).toBe(TOKEN);
    expect(new URL(t.upstream.requests[0]!.url).pathname).toBe("/apiv2/customer/login");
    expect(res.headers.get("set-cookie")).toBe(`bh_session_development=${OTHER}; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax`);
  });

  test("the visitor token and the session are set side by side", async () => {
    const upstream = recordingUpstream(
      () =>
        new Response("{}", {
          headers: { "content-type": "application/json", "x-visitor-token": "visitor-2", [CUSTOMER_SESSION_HEADER]: TOKEN },
        }),
    );
    const res = await testApp({ upstream }).request(`${DE}/apiv2/customer/login`, { method: "POST", body: "{}" });
    expect(res.headers.getSetCookie()).toEqual([
      "bh_token_development=visitor-2; Max-Age=2592000; Path=/; HttpOnly; SameSite=Strict",
      `bh_session_development=${TOKEN}; Max-Age=7776000; Path=/; HttpOnly; SameSite=Lax`,
    ]);
  });

  test("the back-office host never forwards the session cookie and never sets it", async () => {
    const upstream = handing(TOKEN);
    const t = testApp({ upstream });
    const res = await t.request("http://admin.localhost:8787/admin/api/session", { headers: { cookie: `bh_session_development=${OTHER}` } });
    for (const request of upstream.requests) expect(request.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
    expect(res.headers.get("set-cookie") ?? "").not.toContain("bh_session");
    expect(res.headers.get(CUSTOMER_SESSION_HEADER)).toBeNull();
  });
});
