/**
 * Developer mode: with its cookie no script of any page may run (the CSP's
 * script-src is 'none'), answers are private and never a 304, and the developer-mode page
 * lists the gates and toggles them with plain forms.
 */
import type { WorkerEnv } from "../env";
import { CH, DE, fakeAssets, testApp } from "@tests/kit/edge";

const DEV = "developer_mode=1";

const scriptSrc = (response: Response) =>
  (response.headers.get("content-security-policy") ?? "")
    .split("; ")
    .find((directive) => directive.startsWith("script-src"))
    ?.trim();

describe("the storefront's application is disabled", () => {
  test("without the cookie the home page allows its own scripts and its inline loader's hash", async () => {
    const response = await testApp().request(`${DE}/`);
    expect(scriptSrc(response)).toMatch(/^script-src 'self' 'sha256-/);
  });

  test.each([`${DE}/`, `${DE}/parkett.html`, `${CH}/fr/parkett.html`, `${DE}/com/flooring.html`])("%s: no script at all, privately", async (url) => {
    const response = await testApp().request(url, { headers: { cookie: DEV } });
    expect(response.status).toBe(200);
    expect(scriptSrc(response)).toBe("script-src 'none'");
    expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
    expect(response.headers.get("cache-control")).toMatch(/private|no-store/);
    expect(response.headers.get("vary") ?? "").toMatch(/cookie/i);
  });

  test("a validator of a copy kept before is not honoured: the whole page comes with the strict CSP", async () => {
    // An assets server that answers 304 to a matching validator, as Workers Static Assets does.
    const files = fakeAssets();
    const ASSETS = {
      fetch(input: string | Request, init?: RequestInit) {
        if (new Headers(init?.headers).get("if-none-match") === '"abc"')
          return Promise.resolve(new Response(null, { status: 304, headers: { etag: '"abc"' } }));
        return files.fetcher.fetch(input, init);
      },
    } as unknown as WorkerEnv["ASSETS"];
    const t = testApp({ env: { ASSETS } });
    expect((await t.request(`${DE}/parkett.html`, { headers: { "if-none-match": '"abc"' } })).status).toBe(304);
    const response = await t.request(`${DE}/parkett.html`, { headers: { cookie: DEV, "if-none-match": '"abc"' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Parkett");
    expect(scriptSrc(response)).toBe("script-src 'none'");
  });

  test("the API is unchanged", async () => {
    const t = testApp();
    const response = await t.request(`${DE}/apiv2/cart`, { headers: { cookie: DEV } });
    expect(response.status).toBe(200);
    expect(t.upstream.requests).toHaveLength(1);
  });
});

describe("the developer-mode page", () => {
  test.each(["/developer-mode.html", "/DeveloperMode"])("%s lists the gates with their state and a toggle each", async (path) => {
    const response = await testApp().request(`${DE}${path}`, { headers: { cookie: DEV } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>Developer mode</h1>");
    expect(html).toMatch(/data-gate="new-search"[\s\S]*?data-state="off"[\s\S]*?name="state" value="on"/);
    expect(html).toMatch(/data-gate="developer-mode"[\s\S]*?data-state="on"[\s\S]*?name="state" value="off"/);
    expect(html).toContain('data-gate="international-entry"');
    expect(html).toContain('href="/com/"');
    expect(html).not.toContain("<script");
    expect(scriptSrc(response)).toBe("script-src 'none'");
    // Pages kept in the browser's cache from before developer mode are dropped.
    expect(response.headers.get("clear-site-data")).toBe('"cache"');
  });

  test("with new search on, it says so", async () => {
    const html = await (await testApp().request(`${DE}/DeveloperMode`, { headers: { cookie: `${DEV}; new_search_enabled=1` } })).text();
    expect(html).toMatch(/data-gate="new-search"[\s\S]*?data-state="on"/);
  });

  test("behind the Swiss language prefix", async () => {
    const response = await testApp().request(`${CH}/fr/developer-mode.html`, { headers: { cookie: DEV } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('action="/fr/developer-mode.html"');
  });

  test("a toggle sets the gate's cookie and comes back to the page", async () => {
    const response = await testApp().request(`${DE}/developer-mode.html`, {
      method: "POST",
      headers: { cookie: DEV, "content-type": "application/x-www-form-urlencoded", origin: DE, "sec-fetch-site": "same-origin" },
      body: "gate=new-search&state=on",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${DE}/developer-mode.html`);
    expect(response.headers.get("set-cookie")).toMatch(/^new_search_enabled=1; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    expect(response.headers.get("clear-site-data")).toBe('"cache"');
  });

  test("turning new search off deletes its cookie; turning developer mode off leaves it and goes home", async () => {
    const t = testApp();
    const headers = { cookie: `${DEV}; new_search_enabled=1`, "content-type": "application/x-www-form-urlencoded", origin: DE };
    const off = await t.request(`${DE}/developer-mode.html`, { method: "POST", headers, body: "gate=new-search&state=off" });
    expect(off.headers.get("set-cookie")).toMatch(/^new_search_enabled=; Max-Age=0;/);
    const leave = await t.request(`${DE}/developer-mode.html`, { method: "POST", headers, body: "gate=developer-mode&state=off" });
    expect(leave.status).toBe(303);
    expect(leave.headers.get("location")).toBe(`${DE}/`);
    expect(leave.headers.get("set-cookie")).toMatch(/^developer_mode=; Max-Age=0;/);
  });

  test.each([
    ["an unknown gate", "gate=admin&state=on"],
    ["a cookie name as the gate", "gate=new_search_enabled&state=on"],
    ["an unknown state", "gate=new-search&state=maybe"],
    ["nothing", ""],
  ])("%s is refused and sets nothing", async (_, body) => {
    const response = await testApp().request(`${DE}/developer-mode.html`, {
      method: "POST",
      headers: { cookie: DEV, "content-type": "application/x-www-form-urlencoded", origin: DE },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("a cross-site toggle never gets there", async () => {
    const response = await testApp().request(`${DE}/developer-mode.html`, {
      method: "POST",
      headers: { cookie: DEV, "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: "gate=new-search&state=on",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  test("without the cookie the page and its toggle are not there", async () => {
    const t = testApp();
    expect((await t.request(`${DE}/developer-mode.html`)).status).toBe(404);
    const post = await t.request(`${DE}/developer-mode.html`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: DE },
      body: "gate=new-search&state=on",
    });
    expect(post.status).toBe(404);
    expect(post.headers.get("set-cookie")).toBeNull();
  });
});
