/**
 * /sw.js (docs/decisions/0051): what the edge answers per shop and mode, and what the
 * scripts do when run. The scripts run here in a small service-worker scope (event listeners,
 * Cache Storage in memory, a network that can be cut); the browser test
 * (tests/e2e/tracking-sw.spec.ts) runs the caching worker in Chromium.
 */
import rawConfig from "@config/shops.json";
import { parseShopConfig, ShopDirectory, type ShopDefinition } from "@config/shop-config";
import { ASSET_CACHE, cachingWorkerScript, killSwitchScript, MAX_CACHED_ASSETS, offlinePage } from "./service-worker";
import { CH, DE, testApp } from "@tests/kit/edge";

const config = parseShopConfig(rawConfig);
const shop = (id: string): ShopDefinition => config.shops.find((candidate) => candidate.id === id)!;

function directoryWith(id: string, change: Partial<ShopDefinition>): ShopDirectory {
  return new ShopDirectory(
    parseShopConfig({ ...rawConfig, shops: rawConfig.shops.map((candidate) => (candidate.id === id ? { ...candidate, ...change } : candidate)) }),
  );
}

describe("the edge serves /sw.js", () => {
  test("the caching worker of the shop, revalidated on every check, under the site's CSP", async () => {
    const response = await testApp().request(`${DE}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toContain("worker-src 'self'");
    const script = await response.text();
    expect(script).toBe(cachingWorkerScript(shop("DE")));
    expect(script).toContain("Keine Verbindung");
  });

  test("the kill switch at the same path when the shop's config says so", async () => {
    const app = testApp({ directory: directoryWith("DE", { serviceWorker: "kill-switch" } as Partial<ShopDefinition>) });
    const script = await (await app.request(`${DE}/sw.js`)).text();
    expect(script).toBe(killSwitchScript(shop("DE")));
    expect(script).toContain("unregister");
    // The other shops keep theirs.
    expect(await (await app.request(`${CH}/sw.js`)).text()).toBe(cachingWorkerScript(shop("CH")));
  });

  test("only GET and HEAD, only at the root, not below a language prefix", async () => {
    expect((await testApp().request(`${DE}/sw.js`, { method: "HEAD" })).status).toBe(200);
    expect((await testApp().request(`${DE}/sw.js`, { method: "POST" })).status).not.toBe(200);
    const prefixed = await testApp().request(`${CH}/fr/sw.js`);
    expect(prefixed.status).toBe(404);
  });

  test("a config with an unknown mode is refused", () => {
    expect(() => directoryWith("DE", { serviceWorker: "sometimes" } as unknown as Partial<ShopDefinition>)).toThrow(/serviceWorker/);
  });
});

describe("the offline page", () => {
  test.each([
    ["de", "Keine Verbindung", "Erneut versuchen"],
    ["at", "Keine Verbindung", "Erneut versuchen"],
    ["en", "No connection", "Try again"],
    ["fr", "Pas de connexion", "Réessayer"],
    ["it", "Nessuna connessione", "Riprova"],
    ["nl", "Geen verbinding", "Opnieuw proberen"],
  ] as const)("%s", (language, title, retry) => {
    const html = offlinePage("Bodenhaus <Test>", language);
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(retry);
    expect(html).toContain("Bodenhaus &lt;Test&gt;");
    expect(html).not.toMatch(/<script/i);
  });
});

/** A service-worker scope to run a script in: listeners, in-memory Cache Storage, a network that can be cut. */
function scope(origin: string) {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const stores = new Map<string, Map<string, Response>>();
  const network = { online: true, requests: [] as { url: string; cache?: RequestCache; redirect?: RequestRedirect }[], pages: new Map<string, string>() };
  const cacheOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      match: async (request: Request) => store.get(request.url)?.clone(),
      put: async (request: Request, response: Response) => void store.set(request.url, response),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: Request) => store.delete(request.url),
    };
  };
  const caches = {
    open: async (name: string) => cacheOf(name),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const fetchFn = async (request: Request, init?: RequestInit) => {
    network.requests.push({ url: request.url, cache: init?.cache ?? request.cache, redirect: request.redirect });
    if (!network.online) throw new TypeError("Failed to fetch");
    const body = network.pages.get(new URL(request.url).pathname) ?? "file";
    return Object.defineProperty(new Response(body, { status: 200 }), "type", { value: "basic" });
  };
  const state = { unregistered: false, claimed: false, skipped: false, navigated: [] as string[] };
  const self = {
    location: new URL(`${origin}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => {
      state.skipped = true;
      return Promise.resolve();
    },
    clients: {
      claim: async () => void (state.claimed = true),
      matchAll: async () => [{ url: `${origin}/parkett.html`, navigate: async (url: string) => void state.navigated.push(url) }],
    },
    registration: { unregister: async () => (state.unregistered = true) },
  };
  async function dispatch(type: string, extra: Record<string, unknown> = {}): Promise<{ response: Response | null }> {
    const waits: Promise<unknown>[] = [];
    let responded: Promise<Response> | null = null;
    const event = { ...extra, waitUntil: (task: Promise<unknown>) => waits.push(task), respondWith: (answer: Promise<Response>) => (responded = answer) };
    for (const listener of listeners.get(type) ?? []) listener(event);
    const response = responded ? await (responded as Promise<Response>) : null;
    await Promise.all(waits);
    return { response };
  }
  const fetchEvent = (url: string, mode: RequestMode | "navigate" = "no-cors", method = "GET") => {
    const request = new Request(url, { method });
    Object.defineProperty(request, "mode", { value: mode });
    return dispatch("fetch", { request });
  };
  return {
    run: (script: string) => new Function("self", "caches", "fetch", script)(self, caches, fetchFn),
    dispatch,
    fetchEvent,
    network,
    stores,
    state,
    /** The scope's Cache Storage, for arranging caches before a script runs. */
    caches,
  };
}

describe("the caching worker at work", () => {
  test("takes over at once and keeps only its own cache of the current version", async () => {
    const sw = scope("http://de.localhost:8787");
    sw.run(cachingWorkerScript(shop("DE")));
    await sw.caches.open("bh-assets-v0");
    await sw.caches.open("someone-else");
    await sw.dispatch("install");
    await sw.dispatch("activate");
    expect(sw.state).toMatchObject({ skipped: true, claimed: true });
    expect([...sw.stores.keys()]).toEqual(["someone-else"]);
  });

  test("pages: always the network, past the HTTP cache and its validators; never stored", async () => {
    const sw = scope("http://de.localhost:8787");
    sw.run(cachingWorkerScript(shop("DE")));
    sw.network.pages.set("/parkett.html", "deploy 1");
    expect(await (await sw.fetchEvent("http://de.localhost:8787/parkett.html", "navigate")).response!.text()).toBe("deploy 1");
    sw.network.pages.set("/parkett.html", "deploy 2");
    expect(await (await sw.fetchEvent("http://de.localhost:8787/parkett.html", "navigate")).response!.text()).toBe("deploy 2");
    expect(sw.network.requests.map((request) => [request.cache, request.redirect])).toEqual([
      ["no-store", "manual"],
      ["no-store", "manual"],
    ]);
    expect(sw.stores.size).toBe(0);
  });

  test("without a network a page gets the offline page in the language of its path", async () => {
    const sw = scope("http://ch.localhost:8787");
    sw.run(cachingWorkerScript(shop("CH")));
    sw.network.online = false;
    const french = (await sw.fetchEvent("http://ch.localhost:8787/fr/parquet.html", "navigate")).response!;
    expect(french.status).toBe(503);
    expect(french.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await french.text()).toContain("Pas de connexion");
    expect(await (await sw.fetchEvent("http://ch.localhost:8787/it/", "navigate")).response!.text()).toContain("Nessuna connessione");
    // No or an unknown prefix: the shop's default language.
    expect(await (await sw.fetchEvent("http://ch.localhost:8787/xx/a.html", "navigate")).response!.text()).toContain("Keine Verbindung");
    expect(await (await sw.fetchEvent("http://ch.localhost:8787/__proto__/a", "navigate")).response!.text()).toContain("Keine Verbindung");
  });

  test("hashed bundles and /static/ files: from the cache once fetched, also offline", async () => {
    const sw = scope("http://de.localhost:8787");
    sw.run(cachingWorkerScript(shop("DE")));
    const bundle = "http://de.localhost:8787/app-0123456789abcdef0123.js";
    expect(await (await sw.fetchEvent(bundle)).response!.text()).toBe("file");
    sw.network.online = false;
    expect(await (await sw.fetchEvent(bundle)).response!.text()).toBe("file");
    expect(sw.network.requests.filter((request) => request.url === bundle)).toHaveLength(1);
    expect([...sw.stores.get(ASSET_CACHE)!.keys()]).toEqual([bundle]);
  });

  test("keeps at most its limit of files, dropping the oldest", async () => {
    const sw = scope("http://de.localhost:8787");
    sw.run(cachingWorkerScript(shop("DE")));
    for (let index = 0; index < MAX_CACHED_ASSETS + 5; index += 1) await sw.fetchEvent(`http://de.localhost:8787/static/${index}/x.png`);
    const kept = [...sw.stores.get(ASSET_CACHE)!.keys()];
    expect(kept).toHaveLength(MAX_CACHED_ASSETS);
    expect(kept[0]).toBe("http://de.localhost:8787/static/5/x.png");
  });

  test("leaves alone what it does not own: page-data, the API, other origins, writes", async () => {
    const sw = scope("http://de.localhost:8787");
    sw.run(cachingWorkerScript(shop("DE")));
    for (const [url, method] of [
      ["http://de.localhost:8787/page-data/index/page-data.json", "GET"],
      ["http://de.localhost:8787/apiv2/cart", "GET"],
      ["https://www.googletagmanager.com/gtm.js?id=GTM-AB12CD3", "GET"],
      ["http://de.localhost:8787/static/1/x.png", "POST"],
    ] as const) {
      expect((await sw.fetchEvent(url, "cors", method)).response).toBeNull();
    }
    expect(sw.network.requests).toEqual([]);
  });
});

describe("the kill switch at work", () => {
  test("deletes the worker's caches (only those), unregisters itself and reloads its pages", async () => {
    const sw = scope("http://de.localhost:8787");
    await (await sw.caches.open(ASSET_CACHE)).put(new Request("http://de.localhost:8787/static/1/x.png"), new Response("x"));
    await sw.caches.open("someone-else");
    sw.run(killSwitchScript(shop("DE")));
    await sw.dispatch("install");
    await sw.dispatch("activate");
    expect(sw.state).toMatchObject({ skipped: true, unregistered: true, navigated: ["http://de.localhost:8787/parkett.html"] });
    expect([...sw.stores.keys()]).toEqual(["someone-else"]);
    // It answers no request.
    expect((await sw.fetchEvent("http://de.localhost:8787/", "navigate")).response).toBeNull();
  });
});
