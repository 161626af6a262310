import { CH, COM, DE, testApp } from "@tests/kit/edge";

const NEW_SEARCH = { cookie: "new_search_enabled=1" };
const DEV = { cookie: "developer_mode=1" };

function expectPrivate(res: Response) {
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("vary")).toMatch(/\bCookie\b/);
}

describe("new-search gate", () => {
  test.each(["/search/", "/search", "/new-search.html", "/search/anything"])("%s answers 404 without the cookie, privately", async (path) => {
    const res = await testApp().request(`${DE}${path}`);
    expect(res.status).toBe(404);
    expectPrivate(res);
  });

  test("the static search page is served with the cookie, privately", async () => {
    const res = await testApp().request(`${DE}/search/`, { headers: NEW_SEARCH });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Neue Suche");
    expectPrivate(res);
  });

  test("/search with the cookie goes to /search/ on the configured origin", async () => {
    const res = await testApp().request(`${DE}/search?q=eiche`, { headers: NEW_SEARCH });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${DE}/search/?q=eiche`);
    expectPrivate(res);
  });

  test("the gate also holds behind a language prefix on CH", async () => {
    const res = await testApp().request(`${CH}/fr/search/`);
    expect(res.status).toBe(404);
    expectPrivate(res);
  });

  test("a cookie with a similar name does not open it", async () => {
    const res = await testApp().request(`${DE}/search/`, { headers: { cookie: "xnew_search_enabled=1; new_search_enabledx=1" } });
    expect(res.status).toBe(404);
  });
});

describe("developer-mode gate", () => {
  test.each(["/developer-mode.html", "/DeveloperMode"])("%s needs the developer-mode cookie", async (path) => {
    const closed = await testApp().request(`${DE}${path}`);
    expect(closed.status).toBe(404);
    expectPrivate(closed);
    const open = await testApp().request(`${DE}${path}`, { headers: DEV });
    expect(open.status).toBe(200);
    expect(await open.text()).toContain("Developer mode");
    expectPrivate(open);
  });
});

describe("international entry (COM)", () => {
  test("COM answers on its own host without any cookie", async () => {
    const res = await testApp().request(`${COM}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("COM home");
  });

  test.each([`${DE}/com/flooring.html`, `${DE}/flooring.html?store=com`, `${CH}/com/`, "http://unknown.example/com/"])(
    "%s answers 404 without the developer-mode cookie",
    async (url) => {
      const res = await testApp().request(url);
      expect(res.status).toBe(404);
      expectPrivate(res);
      expect(await res.text()).not.toContain("COM");
    },
  );

  test("with the developer-mode cookie the entry serves the international build, privately", async () => {
    const viaPath = await testApp().request(`${DE}/com/flooring.html`, { headers: DEV });
    expect(viaPath.status).toBe(200);
    expect(await viaPath.text()).toContain("COM flooring");
    expectPrivate(viaPath);
    const viaQuery = await testApp().request(`${DE}/flooring.html?store=COM`, { headers: DEV });
    expect(await viaQuery.text()).toContain("COM flooring");
    const home = await testApp().request(`${CH}/com/`, { headers: DEV });
    expect(await home.text()).toContain("COM home");
  });
});

describe("guards", () => {
  test("a gate naming an unknown guard answers 500 with the error page", async () => {
    const res = await testApp({ gates: [{ paths: ["/secret.html"], guard: "no-such-guard" }] }).request(`${DE}/secret.html`);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  test("extra guards can be added by name", async () => {
    const t = testApp({ gates: [{ paths: ["/parkett.html"], guard: "never" }], guards: { never: () => false } });
    expect((await t.request(`${DE}/parkett.html`)).status).toBe(404);
  });
});
