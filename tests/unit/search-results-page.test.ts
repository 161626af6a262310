/**
 * Search and filters through the edge in front of the shop API's real route table on a real local
 * D1: the search results page without JavaScript (the header form's target) and the
 * `X-Robots-Tag` of category pages requested with filters.
 */
import type { WorkerEnv } from "@worker/env";
import { manifestOf, fakeAssets } from "../kit/edge";
import { importCatalogueEverywhere } from "@shop-api/catalogue/apply-import";
import { searchCatalogue } from "../kit/search-catalogue";
import { createTestDatabase, everyTestDatabase, type TestDatabase } from "../kit/d1";
import { edgeWithShopApi } from "../kit/edge-with-shop-api";

const DE = "http://de.localhost:8787";
const CH = "http://ch.localhost:8787";
const shell = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta name="robots" content="noindex,follow"></head><body><header><form action="/search-results/"></form></header>` +
  `<main><h1>Suche</h1><section class="section search-results-static" data-slot="search-results-static"></section></main></body></html>`;
const files: Record<string, string> = {
  "/DE/search-results/index.html": shell("de"),
  "/DE/parkett.html": '<!doctype html><html lang="de"><head><meta name="robots" content="index,follow"></head><body>Parkett</body></html>',
  "/DE/404.html": "<!doctype html><html><body>404</body></html>",
  "/DE/_csp.json": manifestOf({ "/search-results/index.html": [], "/parkett.html": [], "/404.html": [] }),
  "/CH/fr/search-results/index.html": shell("fr"),
  "/CH/404.html": "<!doctype html><html><body>404</body></html>",
  "/CH/_csp.json": manifestOf({ "/fr/search-results/index.html": [], "/404.html": [] }),
};

let database: TestDatabase;
let env: WorkerEnv;
const { app, execution, tasks } = edgeWithShopApi(() => new Date("2026-11-24T10:00:00Z"));

beforeAll(async () => {
  database = await createTestDatabase();
  const result = await importCatalogueEverywhere(
    everyTestDatabase(database.db),
    { format: "json", text: JSON.stringify(searchCatalogue()) },
    { source: "test" },
  );
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  env = { ...database.env, ASSETS: fakeAssets(files).fetcher, ENVIRONMENT_NAME: "development", SHOP_API_MODE: "in-process" } as WorkerEnv;
});
afterAll(async () => {
  await Promise.allSettled(tasks);
  await database.dispose();
});

async function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await app.request(url, { headers }, env, execution);
  await Promise.all(tasks.splice(0));
  return response;
}

const slotOf = (html: string) => /data-slot="search-results-static">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? null;
const skusOf = (html: string) => [...html.matchAll(/data-sku="([^"]+)"/g)].map((match) => match[1]);

describe("the search results page without JavaScript", () => {
  it("answers the header form's query with the shop's results in its layout, not indexed", async () => {
    const response = await get(`${DE}/search-results/?q=landhausdiele+eiche`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("<header><form");
    const slot = slotOf(html)!;
    expect(slot).toContain("Suchergebnisse für „landhausdiele eiche“");
    expect(slot).toContain("Gefundene Produkte: 2");
    expect(skusOf(slot)).toEqual(["LD-2", "LD-1"]);
    expect(slot).toMatch(/<a href="\/landhausdiele-eiche-ld-2\.html">/);
    expect(slot).toContain("89,00");
    // Brand and item number tell results of one name apart.
    expect(slot).toContain('<span class="search-product-brand">Dielenmanufaktur</span>');
    expect(slot).toContain('<span class="search-product-sku">Art.-Nr. LD-2</span>');
  });

  it("pages by 24 with links that keep the query", async () => {
    const first = slotOf(await (await get(`${DE}/search-results/?q=sockelleiste`)).text())!;
    expect(skusOf(first)).toHaveLength(24);
    expect(first).toContain('rel="next" href="/search-results/?q=sockelleiste&amp;page=2"');
    const second = slotOf(await (await get(`${DE}/search-results/?q=sockelleiste&page=2`)).text())!;
    expect(skusOf(second).length).toBeGreaterThan(0);
    expect(second).toContain('rel="prev" href="/search-results/?q=sockelleiste"');
  });

  it("speaks the shop's language behind its prefix (CH in French)", async () => {
    const response = await get(`${CH}/fr/search-results/?q=parquet`);
    expect(response.status).toBe(200);
    const slot = slotOf(await response.text())!;
    expect(slot).toContain("Résultats de recherche pour « parquet »");
    expect(skusOf(slot)).toEqual(["LD-1"]);
    expect(slot).toContain('href="/fr/');
  });

  it("says when nothing was found, and asks for the minimum length", async () => {
    expect(slotOf(await (await get(`${DE}/search-results/?q=zzzzqqqq`)).text())).toContain("haben wir leider nichts gefunden");
    expect(slotOf(await (await get(`${DE}/search-results/?q=ab`)).text())).toContain("mindestens 3 Zeichen");
    expect(slotOf(await (await get(`${DE}/search-results/`)).text())).toBe("");
  });

  it("escapes what was typed and survives hostile input", async () => {
    const hostile = encodeURIComponent(`<script>alert(1)</script>" onmouseover="x`);
    const response = await get(`${DE}/search-results/?q=${hostile}&page=<b>`);
    expect(response.status).toBe(200);
    const slot = slotOf(await response.text())!;
    expect(slot).not.toContain("<script>");
    expect(slot).not.toContain('" onmouseover="');
    expect(slot).toContain("&lt;script&gt;");
    for (const q of ["%00%01", "a".repeat(5000), Array.from({ length: 40 }, (_, i) => `wort${i}`).join("+")]) {
      expect((await get(`${DE}/search-results/?q=${q}&page=99999`)).status).toBe(200);
    }
  });
});

describe("category pages with filters", () => {
  it("answer with X-Robots-Tag noindex when the query names a filter, and are indexed without", async () => {
    const filtered = await get(`${DE}/parkett.html?f-manufacturer=holzwerk&f-price-max=100`);
    expect(filtered.status).toBe(200);
    expect(filtered.headers.get("x-robots-tag")).toBe("noindex");
    const plain = await get(`${DE}/parkett.html`);
    expect(plain.headers.get("x-robots-tag")).toBeNull();
    const other = await get(`${DE}/parkett.html?utm_source=mail`);
    expect(other.headers.get("x-robots-tag")).toBeNull();
  });
});
