/**
 * A shop published to R2 end to end (docs/decisions/0053): the publisher uploads through the shop
 * API's builder calls (over HTTP, as the builder does) into a real local R2 bucket, and the edge
 * serves the shop from that bucket with the same rules and headers as a shop on static assets.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { r2AssetStore } from "@builder/asset-store";
import { encodePutBatch, workerBucketClient } from "@builder/site-bucket";
import { HTML_CACHE, IMMUTABLE_CACHE, PAGE_DATA_CACHE } from "@worker/edge/cache-policy";
import { manifestOf, sha256, testApp } from "../kit/edge";
import type { ShopApiEnv, WorkerEnv } from "@worker/env";
import { pointerKey } from "@worker/lib/site-assets";
import { createTestDatabase, type TestDatabase } from "../kit/d1";
import { shopApiCaller, type ShopApiCaller } from "../kit/shop-api";

const TOKEN = "b".repeat(40);
const FR = "http://fr.localhost:8787";
const SCRIPT = 'window.pagePath="/parquet.html";';

function writeBuild(root: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function frBuild(root: string, generation: number): string {
  return writeBuild(join(root, `gen-${generation}`), {
    "index.html": `<!doctype html><html lang="fr"><body>FR accueil ${generation}</body></html>`,
    "parquet.html": `<!doctype html><html lang="fr"><head><script>${SCRIPT}</script></head><body>Parquet ${generation}</body></html>`,
    "guides/index.html": `<!doctype html><html lang="fr"><body>Guides</body></html>`,
    "404.html": `<!doctype html><html lang="fr"><body>FR 404 ${generation}</body></html>`,
    "contactez.html": `<!doctype html><html lang="fr"><body>Contact</body></html>`,
    "page-data/parquet.html/page-data.json": `{"generation":${generation}}`,
    "app-0123456789abcdef0123.js": "console.log(1)",
    "static/0123abcd/logo.png": "png",
    "_csp.json": manifestOf(generation === 1 ? { "/parquet.html": [SCRIPT], "/index.html": [], "/404.html": [] } : { "/index.html": [], "/404.html": [] }),
  });
}

describe("a shop published to R2 through the builder calls and served by the edge", () => {
  let t: TestDatabase;
  let env: ShopApiEnv;
  let call: ShopApiCaller;
  let server: Server;
  let origin: string;
  let root: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    env = { ...t.env, SITE_ASSETS: t.env.UPLOADS, BUILDER_TOKEN: TOKEN };
    call = shopApiCaller(env);
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request = new Request(`http://${req.headers.host}${req.url}`, {
          method: req.method,
          headers: Object.entries(req.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])),
          body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
        });
        void call(request).then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = mkdtempSync(join(tmpdir(), "site-assets-"));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const edge = () => testApp({ env: { SITE_ASSETS: env.SITE_ASSETS } as Partial<WorkerEnv> });
  const post = (op: string, body: BodyInit | Uint8Array, token = TOKEN, contentType = "application/json") =>
    call(
      new Request(`${origin}/admin/builder/site-assets/${op}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": contentType },
        body: body as BodyInit,
      }),
    );

  test("publish, then every page, data and script of the shop with the static store's headers; the 404 page and the CSP from the release", async () => {
    const store = r2AssetStore(workerBucketClient({ origin, token: TOKEN }));
    const result = await store.publish({ source: frBuild(root, 1), shop: "FR", buildId: 11 });
    expect(result).toMatchObject({ store: "r2", release: expect.stringMatching(/^build-11-[0-9a-f]{6}$/), pages: 5 });
    const app = edge();

    const page = await app.request(`${FR}/parquet.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Parquet 1");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toBe(HTML_CACHE);
    expect(page.headers.get("content-security-policy")).toContain(`'sha256-${sha256(SCRIPT)}'`);
    const etag = page.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await app.request(`${FR}/parquet.html`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    expect((await app.request(`${FR}/`)).status).toBe(200);
    const data = await app.request(`${FR}/page-data/parquet.html/page-data.json`);
    expect(await data.json()).toEqual({ generation: 1 });
    expect(data.headers.get("cache-control")).toBe(PAGE_DATA_CACHE);
    const script = await app.request(`${FR}/app-0123456789abcdef0123.js`);
    expect(script.headers.get("cache-control")).toBe(IMMUTABLE_CACHE);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await app.request(`${FR}/static/0123abcd/logo.png`)).headers.get("cache-control")).toBe(IMMUTABLE_CACHE);

    const head = await app.request(`${FR}/parquet.html`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");

    // The edge's rules are the same: the trailing slash, the SPEC route, the 404 page of the build, the manifest hidden.
    const guides = await app.request(`${FR}/guides`);
    expect(guides.status).toBe(301);
    expect(guides.headers.get("location")).toMatch(/\/guides\/$/);
    const missing = await app.request(`${FR}/nope.html`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("FR 404 1");
    expect((await app.request(`${FR}/_csp.json`)).status).toBe(404);
    expect((await app.request(`${FR}/..%2F_csp.json`)).status).toBe(404);

    // The next release goes live for the same isolate (after the pointer's second) with its own CSP manifest.
    await store.publish({ source: frBuild(root, 2), shop: "FR", buildId: 12 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const next = await app.request(`${FR}/parquet.html`);
    expect(await next.text()).toContain("Parquet 2");
    expect(next.headers.get("content-security-policy")).not.toContain(`'sha256-${sha256(SCRIPT)}'`);
    expect(await (await app.request(`${FR}/nope.html`)).text()).toContain("FR 404 2");
    // Shops on static assets are not touched by it.
    expect(await (await app.request("http://de.localhost:8787/parkett.html")).text()).toContain("Parkett");
  });

  test("a shop configured for R2 on a worker without the bucket answers 503, never another shop's files", async () => {
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const app = testApp({ env: { SITE_ASSETS: undefined } });
    const response = await app.request(`${FR}/parquet.html`);
    expect(response.status).toBe(503);
    expect(await response.text()).not.toContain("Parkett");
    expect(logged).toHaveBeenCalledWith("edge error page", 503, expect.stringContaining("SITE_ASSETS"));
    logged.mockRestore();
  });

  test("the builder calls need the builder's token and take only keys of configured shops in the layout", async () => {
    expect((await post("list", JSON.stringify({ prefix: "sites/FR/" }), "x".repeat(40))).status).toBe(401);
    const put = (key: string) => post("put", encodePutBatch([{ key, bytes: Buffer.from("x") }]), TOKEN, "application/octet-stream");
    for (const key of [
      "sites/XX/live.json",
      "sites/FR/other.txt",
      "uploads/abc",
      "sites/FR/blobs/../live.json",
      "sites/FR/releases/../x.json",
      "sites/fr/live.json",
    ]) {
      const answer = await put(key);
      expect([key, answer.status]).toEqual([key, 422]);
    }
    expect((await post("get", JSON.stringify({ key: "uploads/secret" }))).status).toBe(422);
    expect((await post("list", JSON.stringify({ prefix: "" }))).status).toBe(422);
    expect((await post("list", JSON.stringify({ prefix: "sites/" }))).status).toBe(422);
    expect((await post("delete", JSON.stringify({ keys: ["uploads/abc"] }))).status).toBe(422);
    expect((await post("rename", "{}")).status).toBe(404);
    const get = await call(new Request(`${origin}/admin/builder/site-assets/list`, { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(get.status).toBe(405);

    // Batches that are not exactly what their header says.
    const good = encodePutBatch([{ key: pointerKey("BRAND"), bytes: Buffer.from('{"version":1,"release":"x","publishedAt":""}') }]);
    for (const body of [
      good.subarray(0, 3),
      good.subarray(0, good.length - 1),
      Buffer.concat([good, Buffer.from("!")]),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 1]),
    ]) {
      const answer = await post("put", body, TOKEN, "application/octet-stream");
      expect(answer.status).toBe(400);
    }
    expect((await post("put", good, TOKEN, "application/octet-stream")).status).toBe(200);
    expect(await (await post("get", JSON.stringify({ key: pointerKey("BRAND") }))).text()).toContain('"release":"x"');
    expect((await post("delete", JSON.stringify({ keys: [pointerKey("BRAND")] }))).status).toBe(200);
    expect((await post("get", JSON.stringify({ key: pointerKey("BRAND") }))).status).toBe(404);
  });

  test("without the bucket bound the builder calls answer 503", async () => {
    const unbound = shopApiCaller({ ...t.env, BUILDER_TOKEN: TOKEN });
    const answer = await unbound(
      new Request(`${origin}/admin/builder/site-assets/list`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ prefix: "sites/FR/" }),
      }),
    );
    expect(answer.status).toBe(503);
  });
});
