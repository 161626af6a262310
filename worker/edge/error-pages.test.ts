import { createEdgeApp } from "./app";
import { renderErrorPage } from "./error-pages";
import { AT, CH, DE, FILES, directory, fakeAssets, testApp } from "@tests/kit/edge";
import type { FetchBinding, WorkerEnv } from "../env";

beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe("error pages", () => {
  test("404 uses the build's /<SHOP>/404.html", async () => {
    const res = await testApp().request(`${DE}/missing.html`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("DE 404");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  test("404 on CH in French: the worker's French page (the build's 404 is German)", async () => {
    const res = await testApp().request(`${CH}/fr/missing.html`);
    const html = await res.text();
    expect(res.status).toBe(404);
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("Cette page est introuvable");
    expect(html).toContain('href="/fr/contactez.html"');
    expect(html).toContain("Bodenhaus Schweiz");
  });

  test("404 on CH in German uses the build's page", async () => {
    expect(await (await testApp().request(`${CH}/de/missing.html`)).text()).toContain("CH 404");
  });

  test("a shop without a built 404 gets the worker's page in its language, with footer", async () => {
    const files = { ...FILES };
    delete files["/DE/404.html"];
    const html = await (await testApp({ files }).request(`${DE}/missing.html`)).text();
    expect(html).toContain("Diese Seite konnte nicht gefunden werden");
    expect(html).toContain("<footer>");
    expect(html).toContain('href="/kontakt.html"');
  });

  test("the no-shop-found shop's 404 is the worker's page in the fallback language", async () => {
    const res = await testApp().request("http://unknown.example/x.html");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Diese Seite konnte nicht gefunden werden");
  });

  test("503 when the static files cannot be read, localized, no-store", async () => {
    const t = testApp();
    const broken: FetchBinding = { fetch: () => Promise.reject(new Error("assets down /secret/path")) };
    const res = await t.app.request(`${AT}/`, {}, { ASSETS: broken, ENVIRONMENT_NAME: "development" } as WorkerEnv);
    const html = await res.text();
    expect(res.status).toBe(503);
    expect(html).toContain("Der Shop ist gerade nicht erreichbar");
    expect(html).toContain("Bodenhaus Österreich");
    expect(html).not.toContain("/secret/path");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
  });

  test("a built /<SHOP>/500.html is preferred for 500", async () => {
    const files = { ...FILES, "/DE/500.html": "<html><body>DE built 500</body></html>" };
    const res = await testApp({ files, gates: [{ paths: ["/boom.html"], guard: "unknown" }] }).request(`${DE}/boom.html`);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("DE built 500");
  });

  test("an unexpected exception on a page gives the generic 500 page without a stack trace", async () => {
    const boom = () => {
      throw new Error("secret detail at Object.<anonymous> (/work/worker.ts:1:1)");
    };
    const res = await testApp({ gates: [{ paths: ["/parkett.html"], guard: "boom" }], guards: { boom } }).request(`${DE}/parkett.html`);
    const html = await res.text();
    expect(res.status).toBe(500);
    expect(html).toContain("Etwas ist schiefgelaufen");
    expect(html).toContain("<footer>");
    expect(html).not.toMatch(/secret detail|\.ts:\d/);
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
  });

  test("an unexpected exception on an API call gives JSON 500 without details", async () => {
    const assets = fakeAssets();
    const app = createEdgeApp({
      directory,
      upstream: () => {
        throw new Error("secret detail at Object.<anonymous> (/work/worker.ts:1:1)");
      },
    });
    const res = await app.request(`${DE}/apiv2/x`, {}, { ASSETS: assets.fetcher, ENVIRONMENT_NAME: "development" } as WorkerEnv);
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(JSON.parse(text).errors[0].message).toBe("Something went wrong. Try again.");
    expect(text).not.toMatch(/secret detail|\.ts:\d/);
  });

  test("the English texts of the error pages", () => {
    expect(renderErrorPage(404, "en", null)).toContain("This page could not be found");
    expect(renderErrorPage(500, "en", null)).toContain("Something went wrong. Try again.");
  });

  test("HEAD gets the status without a body", async () => {
    const res = await testApp().request(`${DE}/missing.html`, { method: "HEAD" });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("");
  });
});

describe("the last-resort page", () => {
  test("a failure while showing the error page: 500, 'An error occurred while showing the error page' with a link home, never a stack", async () => {
    // A route that fails, and leaves the request's shop broken so that its error page fails too.
    const app = testApp({
      gates: [{ paths: ["/kaputt.html"], guard: "broken" }],
      guards: {
        broken: (c) => {
          const site = c.get("site");
          if (site.kind === "shop")
            c.set("site", {
              ...site,
              shop: Object.defineProperty({ ...site.shop }, "name", {
                get() {
                  throw new TypeError("no name");
                },
              }),
            });
          throw new Error("the route failed");
        },
      },
    });
    const res = await app.request(`${DE}/kaputt.html`);
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const body = await res.text();
    expect(body).toContain("<h1>An error occurred while showing the error page</h1>");
    expect(body).toContain('<a href="/">');
    expect(body).not.toMatch(/the route failed|no name|TypeError|at /);
  });
});
