import type { WorkerEnv } from "../env";
import { parseCspManifest } from "./csp-manifest";
import { DE, FILES, directory, fakeAssets, manifestOf, sha256, testApp } from "@tests/kit/edge";
import { contentSecurityPolicyFor } from "@config/shop-config";

/**
 * The CSP allows the inline scripts the build's manifest (dist/<SHOP>/_csp.json) lists
 * for the page's file, and only those: never what the response happens to contain.
 */
function scriptSrc(res: Response): string[] {
  const csp = res.headers.get("content-security-policy") ?? "";
  const directive = csp
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

const hashSources = (res: Response) => scriptSrc(res).filter((source) => source.startsWith("'sha256-"));

const BUILT = 'window.pagePath="/";';
const INJECTED = "alert(document.cookie)";

describe("the CSP names the manifest's hashes for the page served", () => {
  test("a script injected into a built page is not allowed; the build's script is", async () => {
    const files = { ...FILES, "/DE/index.html": FILES["/DE/index.html"]!.replace("</body>", `<script>${INJECTED}</script></body>`) };
    const res = await testApp({ files }).request(`${DE}/`);
    expect(await res.text()).toContain(INJECTED);
    expect(hashSources(res)).toEqual([`'sha256-${sha256(BUILT)}'`]);
    expect(scriptSrc(res)).not.toContain(`'sha256-${sha256(INJECTED)}'`);
    expect(scriptSrc(res).join(" ")).not.toContain("unsafe-inline");
  });

  test("exactly the page's entry: hashes the response does not carry are named, other pages' are not", async () => {
    const files = { ...FILES, "/DE/_csp.json": manifestOf({ "/index.html": [BUILT], "/parkett.html": ["parkett()"] }) };
    const app = testApp({ files });
    expect(hashSources(await app.request(`${DE}/parkett.html`))).toEqual([`'sha256-${sha256("parkett()")}'`]);
    expect(hashSources(await app.request(`${DE}/`))).toEqual([`'sha256-${sha256(BUILT)}'`]);
  });

  test("a page the manifest does not name, and a build without a manifest, allow no inline script", async () => {
    expect(hashSources(await testApp().request(`${DE}/kontakt.html`))).toEqual([]);
    const { "/DE/_csp.json": _manifest, ...withoutManifest } = FILES;
    const res = await testApp({ files: withoutManifest }).request(`${DE}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("DE home");
    expect(hashSources(res)).toEqual([]);
  });

  test.each([
    ["a keyword for a hash", { version: 1, hashes: ["'unsafe-inline'"], pages: { "/index.html": [0] } }],
    ["a source list smuggled into a hash", { version: 1, hashes: [`${sha256(BUILT)}' 'unsafe-inline`], pages: { "/index.html": [0] } }],
    ["an index out of range", { version: 1, hashes: [sha256(BUILT)], pages: { "/index.html": [1] } }],
    ["another version", { version: 2, hashes: [sha256(BUILT)], pages: { "/index.html": [0] } }],
    ["not JSON", "<html>"],
  ])("a broken manifest (%s) allows no inline script and changes nothing else", async (_name, manifest) => {
    const files = { ...FILES, "/DE/_csp.json": typeof manifest === "string" ? manifest : JSON.stringify(manifest) };
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    const res = await testApp({ files }).request(`${DE}/`);
    warn.mockRestore();
    expect(res.status).toBe(200);
    expect(scriptSrc(res)).toEqual(["'self'", ...contentSecurityPolicyFor(directory.config, "development").script]);
  });

  test("the build's error page gets its own file's hashes (not an injected script's), the worker's own error page none", async () => {
    const files = {
      ...FILES,
      "/DE/404.html": `<!doctype html><html lang="de"><head><script>notFound()</script></head><body>DE 404<script>${INJECTED}</script></body></html>`,
      "/DE/_csp.json": manifestOf({ "/index.html": [BUILT], "/404.html": ["notFound()"] }),
    };
    const app = testApp({ files });
    await app.request(`${DE}/`);
    const res = await app.request(`${DE}/missing.html`);
    expect(res.status).toBe(404);
    expect(hashSources(res)).toEqual([`'sha256-${sha256("notFound()")}'`]);
    const { "/DE/404.html": _page, ...withoutErrorPage } = files;
    expect(hashSources(await testApp({ files: withoutErrorPage }).request(`${DE}/missing.html`))).toEqual([]);
  });

  test("HEAD gets the CSP of GET", async () => {
    const app = testApp();
    const get = await app.request(`${DE}/`);
    const head = await app.request(`${DE}/`, { method: "HEAD" });
    expect(head.headers.get("content-security-policy")).toBe(get.headers.get("content-security-policy"));
    expect(hashSources(head)).toEqual([`'sha256-${sha256(BUILT)}'`]);
  });

  test("the manifest is read once per shop, and again after a failed read", async () => {
    const app = testApp();
    await app.request(`${DE}/`);
    await app.request(`${DE}/parkett.html`);
    await app.request(`${DE}/`);
    expect(app.assets.requested.filter((path) => path === "/DE/_csp.json")).toHaveLength(1);

    const assets = fakeAssets();
    let failures = 1;
    const flaky = {
      fetch(input: string, init?: RequestInit) {
        if (new URL(input).pathname === "/DE/_csp.json" && failures-- > 0) return Promise.resolve(new Response("down", { status: 500 }));
        return assets.fetcher.fetch(input as never, init as never);
      },
    } as unknown as WorkerEnv["ASSETS"];
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const flakyApp = testApp({ env: { ASSETS: flaky } });
    const first = await flakyApp.request(`${DE}/`);
    error.mockRestore();
    expect(first.status).toBe(200);
    expect(hashSources(first)).toEqual([]);
    expect(hashSources(await flakyApp.request(`${DE}/`))).toEqual([`'sha256-${sha256(BUILT)}'`]);
  });

  test.each(["/_csp.json", "/%5Fcsp.json", "/%5fcsp%2Ejson", "/_csp.json?x=1"])("the manifest itself is not served: %s", async (path) => {
    const res = await testApp().request(`${DE}${path}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("hashes");
  });
});

describe("HTML streams through the edge", () => {
  /** ASSETS whose HTML files send their first bytes and then nothing until the test ends them. */
  function slowAssets(path: string) {
    const { fetcher } = fakeAssets();
    let finish = () => undefined as void;
    const slow = {
      fetch(input: string, init?: RequestInit) {
        if (new URL(input).pathname !== path) return fetcher.fetch(input as never, init as never);
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode("<!doctype html><html><body>first bytes"));
            finish = () => controller.close();
          },
        });
        return Promise.resolve(new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }));
      },
    } as unknown as WorkerEnv["ASSETS"];
    return { slow, finish: () => finish() };
  }

  async function firstChunk(response: Response | Promise<Response>) {
    const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error("the edge waited for the whole body")), 2000));
    const res = await Promise.race([response, timeout]);
    const reader = res.body!.getReader();
    const { value } = await Promise.race([reader.read(), timeout]);
    return { res, text: new TextDecoder().decode(value), reader };
  }

  test("a page's headers and first bytes arrive before its body has ended", async () => {
    const { slow, finish } = slowAssets("/DE/index.html");
    const { res, text, reader } = await firstChunk(testApp({ env: { ASSETS: slow } }).request(`${DE}/`));
    expect(res.status).toBe(200);
    expect(text).toContain("first bytes");
    expect(hashSources(res)).toEqual([`'sha256-${sha256(BUILT)}'`]);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=31536000");
    finish();
    await reader.cancel();
  });

  test("so does the build's error page", async () => {
    const { slow, finish } = slowAssets("/DE/404.html");
    const { res, text, reader } = await firstChunk(testApp({ env: { ASSETS: slow } }).request(`${DE}/missing.html`));
    expect(res.status).toBe(404);
    expect(text).toContain("first bytes");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    finish();
    await reader.cancel();
  });
});

describe("parseCspManifest", () => {
  const hash = sha256("a()");
  test("accepts a manifest of SHA-256 hashes and in-range indexes", () => {
    expect(parseCspManifest({ version: 1, hashes: [hash], pages: { "/index.html": [0], "/x.html": [] } })).toEqual({
      version: 1,
      hashes: [hash],
      pages: { "/index.html": [0], "/x.html": [] },
    });
  });

  test.each([
    ["null", null],
    ["an array", []],
    ["no version", { hashes: [], pages: {} }],
    ["a hash that is too short", { version: 1, hashes: ["abc="], pages: {} }],
    ["a hash with a quote", { version: 1, hashes: [`${hash.slice(0, 42)}'=`], pages: {} }],
    ["a hash that is a number", { version: 1, hashes: [1], pages: {} }],
    ["a negative index", { version: 1, hashes: [hash], pages: { "/a.html": [-1] } }],
    ["a fractional index", { version: 1, hashes: [hash], pages: { "/a.html": [0.5] } }],
    ["a file without a leading slash", { version: 1, hashes: [hash], pages: { "a.html": [0] } }],
    ["pages as a list", { version: 1, hashes: [hash], pages: [[0]] }],
  ])("refuses %s", (_name, value) => {
    expect(parseCspManifest(value)).toBeNull();
  });
});
