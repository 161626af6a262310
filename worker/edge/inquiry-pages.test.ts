import rawConfig from "@config/shops.json";
import { inquiryPath } from "@domain/routes";
import { inquiryPagePaths } from "../../site/sourcing/inquiry-pages";
import { HTML_CACHE } from "./cache-policy";
import { inquiryPageFile } from "./inquiry-pages";
import { CH, DE, manifestOf, sha256, testApp } from "@tests/kit/edge";

/**
 * `/{inquiry}/{sku}`: the build has one inquiry page per shop language and type
 * (site/sourcing/inquiry-pages.ts); the edge serves it for any sku below it, with that page's
 * CSP (the hash of its inline script) and HTML caching, and nothing else changes.
 */
const PAGE_SCRIPT = 'window.inquiryPage="x";';

function buildFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const shop of rawConfig.shops) {
    const pages: Record<string, string[]> = { "/404.html": [] };
    for (const path of inquiryPagePaths(shop)) {
      files[`/${shop.id}${path}index.html`] = `<!doctype html><html><head><script>${PAGE_SCRIPT}</script></head><body>${shop.id} ${path}</body></html>`;
      pages[`${path}index.html`] = [PAGE_SCRIPT];
    }
    files[`/${shop.id}/404.html`] = `<!doctype html><html><body>${shop.id} 404</body></html>`;
    files[`/${shop.id}/_csp.json`] = manifestOf(pages);
  }
  return files;
}

const app = testApp({ files: buildFiles() });

test("any path below an inquiry page names that page's file; everything else names none", () => {
  const de = { languages: ["de"], domainPrefixes: [] };
  const ch = { languages: ["de", "fr", "it"], domainPrefixes: ["de", "fr", "it"] };
  expect(inquiryPageFile(de, "/fragen-zum-produkt/PARKETT-1")).toBe("/fragen-zum-produkt/index.html");
  expect(inquiryPageFile(de, "/grossabnehmeranfrage/PARKETT-1")).toBe("/grossabnehmeranfrage/index.html");
  expect(inquiryPageFile(de, "/grossabnehmeranfrage/a/b/c.html")).toBe("/grossabnehmeranfrage/index.html");
  expect(inquiryPageFile(ch, "/fr/fragen-zum-produkt/PARKETT-1")).toBe("/fr/fragen-zum-produkt/index.html");
  expect(inquiryPageFile(ch, "/it/grossabnehmeranfrage/X")).toBe("/it/grossabnehmeranfrage/index.html");
  // The page itself, other pages and look-alikes are not below an inquiry page.
  for (const path of ["/fragen-zum-produkt/", "/fragen-zum-produkt", "/fragen-zum-produktX/1", "/x/fragen-zum-produkt/1", "/parkett.html", "/"]) {
    expect([path, inquiryPageFile(de, path)]).toEqual([path, null]);
  }
  // A language that is not the shop's is no prefix (the language rules answer it first).
  expect(inquiryPageFile(de, "/fr/fragen-zum-produkt/1")).toBeNull();
  expect(inquiryPageFile(ch, "/nl/fragen-zum-produkt/1")).toBeNull();
});

test.each([
  ["/fragen-zum-produkt/PARKETT-EICHE-1", "/fragen-zum-produkt/"],
  ["/grossabnehmeranfrage/PARKETT-EICHE-1", "/grossabnehmeranfrage/"],
  // Any remainder: encoded characters, more segments, a trailing slash, something that looks like a file.
  [inquiryPath({ domainPrefixes: [] }, "de", "product", "Dielen & Bohlen 20×140"), "/fragen-zum-produkt/"],
  ["/fragen-zum-produkt/A/B/C", "/fragen-zum-produkt/"],
  ["/fragen-zum-produkt/PARKETT-1/", "/fragen-zum-produkt/"],
  ["/grossabnehmeranfrage/SKU.1234", "/grossabnehmeranfrage/"],
])("DE %s is the page at %s, with its CSP and HTML caching", async (path, page) => {
  const response = await app.request(`${DE}${path}`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(`DE ${page}`);
  expect(response.headers.get("cache-control")).toBe(HTML_CACHE);
  expect(response.headers.get("content-security-policy")).toContain(`'sha256-${sha256(PAGE_SCRIPT)}'`);
});

test("the Swiss shop serves the page of the path's language; without a prefix the visitor is sent to one", async () => {
  for (const language of ["de", "fr", "it"]) {
    const response = await app.request(`${CH}/${language}/grossabnehmeranfrage/PARKETT-1`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`CH /${language}/grossabnehmeranfrage/`);
  }
  const bare = await app.request(`${CH}/fragen-zum-produkt/PARKETT-1`, { headers: { cookie: "shop_locale=it" } });
  expect(bare.status).toBe(302);
  expect(new URL(bare.headers.get("location")!).pathname).toBe("/it/fragen-zum-produkt/PARKETT-1");
});

test("every shop serves both inquiry pages for a product, in each of its languages", async () => {
  for (const shop of rawConfig.shops) {
    const host = shop.hosts.development[0]!;
    for (const language of shop.languages) {
      for (const type of ["product", "bulk"] as const) {
        const path = inquiryPath(shop, language, type, "PARKETT-1");
        const response = await app.request(`http://${host}${path}`);
        expect([shop.id, path, response.status]).toEqual([shop.id, path, 200]);
      }
    }
  }
});

test("hostile and foreign remainders are refused as everywhere else", async () => {
  // Encoded separators and dot segments never reach a build file.
  for (const path of ["/fragen-zum-produkt/..%2F..%2F_csp.json", "/fragen-zum-produkt/a%2Fb", "/fragen-zum-produkt/%00", "/fragen-zum-produkt/a%5Cb"]) {
    expect([path, (await app.request(`${DE}${path}`)).status]).toEqual([path, 404]);
  }
  // A shop without language prefixes answers a prefixed inquiry path 404.
  expect((await app.request(`${DE}/fr/fragen-zum-produkt/PARKETT-1`)).status).toBe(404);
  // The offer page and the bare inquiry page are plain pages; nothing else is invented.
  expect((await app.request(`${DE}/offer/`)).status).toBe(200);
  expect((await app.request(`${DE}/offer/O-1234567890`)).status).toBe(404);
  expect((await app.request(`${DE}/fragen-zum-produkt/`)).status).toBe(200);
  expect((await app.request(`${DE}/fragen-zum-produkt`)).status).toBe(301);
  // Other methods are not pages.
  expect((await app.request(`${DE}/fragen-zum-produkt/PARKETT-1`, { method: "POST" })).status).not.toBe(200);
});
