/**
 * Shared fakes for the edge tests: an in-memory ASSETS fetcher, a recording
 * upstream and a helper that sends a request to a fresh app through app.request().
 */
import { createHash } from "node:crypto";
import rawConfig from "@config/shops.json";
import { parseShopConfig, ShopDirectory } from "@config/shop-config";
import type { WorkerEnv } from "@worker/env";
import { createEdgeApp } from "@worker/edge/app";
import type { EdgeDependencies } from "@worker/edge/context";
import type { Upstream } from "@worker/edge/upstream";
import { CLIENT_IP_HEADER, TRUSTED_PROXY_HEADER } from "@worker/lib/shop-headers";
import { blobKey, pointerKey, releaseKey, shardCountFor, shardKey, shardOf, siteContentType, type SiteFileEntry } from "@worker/lib/site-assets";

export const UPSTREAM_ORIGIN = "https://shop-api.internal";

/** The hash a CSP source names for an inline script. */
export const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

/** A build's CSP manifest naming these scripts for these build files. */
export function manifestOf(pages: Record<string, string[]>): string {
  const hashes = [...new Set(Object.values(pages).flat().map(sha256))];
  return JSON.stringify({
    version: 1,
    hashes,
    pages: Object.fromEntries(Object.entries(pages).map(([file, scripts]) => [file, scripts.map((script) => hashes.indexOf(sha256(script)))])),
  });
}

export const FILES: Record<string, string> = {
  "/DE/index.html": '<!doctype html><html lang="de"><head><script>window.pagePath="/";</script></head><body>DE home</body></html>',
  "/DE/_csp.json": manifestOf({ "/index.html": ['window.pagePath="/";'], "/parkett.html": [], "/404.html": [] }),
  "/DE/parkett.html": '<!doctype html><html lang="de"><body>Parkett</body></html>',
  "/DE/kontakt.html": '<!doctype html><html lang="de"><body>Kontakt</body></html>',
  "/DE/404.html": '<!doctype html><html lang="de"><body>DE 404: Diese Seite konnte nicht gefunden werden</body></html>',
  "/DE/search/index.html": '<!doctype html><html lang="de"><body>Neue Suche</body></html>',
  "/DE/ratgeber/index.html": '<!doctype html><html lang="de"><body>Ratgeber</body></html>',
  "/DE/app-0123456789abcdef0123.js": "console.log(1)",
  "/DE/styles.0123456789abcdef0123.css": "body{}",
  "/DE/page-data/index/page-data.json": "{}",
  "/DE/sw.js": "self.addEventListener('fetch',()=>{})",
  "/DE/static/0123abcd/logo.png": "png",
  "/CH/de/index.html": '<!doctype html><html lang="de"><body>CH Startseite</body></html>',
  "/CH/fr/index.html": '<!doctype html><html lang="fr"><body>CH Accueil</body></html>',
  "/CH/it/index.html": '<!doctype html><html lang="it"><body>CH Home</body></html>',
  "/CH/de/parkett.html": '<!doctype html><html lang="de"><body>Parkett</body></html>',
  "/CH/fr/parkett.html": '<!doctype html><html lang="fr"><body>Parquet</body></html>',
  "/CH/fr/contactez.html": '<!doctype html><html lang="fr"><body>Contact</body></html>',
  "/CH/app-0123456789abcdef0123.js": "console.log(1)",
  "/CH/page-data/fr/parkett.html/page-data.json": "{}",
  "/CH/static/0123abcd/logo.png": "png",
  "/CH/sitemap.xml": '<?xml version="1.0"?><sitemapindex/>',
  "/CH/robots.txt": "User-agent: *",
  "/CH/404.html": '<!doctype html><html lang="de"><body>CH 404</body></html>',
  "/CH/_csp.json": manifestOf({}),
  "/AT/index.html": '<!doctype html><html lang="de-AT"><body>AT home</body></html>',
  "/AT/_csp.json": manifestOf({}),
  "/COM/index.html": '<!doctype html><html lang="en"><body>COM home</body></html>',
  "/COM/flooring.html": '<!doctype html><html lang="en"><body>COM flooring</body></html>',
  "/COM/_csp.json": manifestOf({}),
};

export function fakeAssets(files: Record<string, string> = FILES): { fetcher: WorkerEnv["ASSETS"]; requested: string[] } {
  const requested: string[] = [];
  const fetcher = {
    async fetch(input: string | Request, init?: RequestInit) {
      const url = new URL(typeof input === "string" ? input : input.url);
      requested.push(url.pathname);
      // As the Workers assets server: each segment decoded, repeated slashes collapsed.
      const path = url.pathname
        .split("/")
        .map((segment) => {
          try {
            return decodeURIComponent(segment);
          } catch {
            return segment;
          }
        })
        .join("/")
        .replace(/\/+/g, "/");
      const body = files[path];
      if (body === undefined) return new Response("not found", { status: 404 });
      const type = path.endsWith(".html")
        ? "text/html; charset=utf-8"
        : path.endsWith(".js")
          ? "text/javascript"
          : path.endsWith(".css")
            ? "text/css"
            : path.endsWith(".json")
              ? "application/json"
              : "application/octet-stream";
      const response = new Response(init?.method === "HEAD" ? null : body, { headers: { "content-type": type, etag: '"abc"' } });
      return response;
    },
  };
  return { fetcher, requested };
}

/**
 * The same files as an R2 bucket in the layout of worker/lib/site-assets.ts (one release per
 * shop), for shops the config publishes to R2: the edge tests reach every shop's files through
 * whichever store the shop uses. `requested` lists the keys read.
 */
export function fakeSiteAssets(files: Record<string, string> = FILES): { bucket: NonNullable<WorkerEnv["SITE_ASSETS"]>; requested: string[] } {
  const objects = new Map<string, string>();
  const hex = (text: string) => createHash("sha256").update(text).digest("hex");
  const byShop = new Map<string, Map<string, SiteFileEntry>>();
  for (const [path, body] of Object.entries(files)) {
    const [, shop, ...rest] = path.split("/");
    const file = `/${rest.join("/")}`;
    const hash = hex(body);
    objects.set(blobKey(shop!, hash), body);
    if (!byShop.has(shop!)) byShop.set(shop!, new Map());
    byShop.get(shop!)!.set(file, [hash, Buffer.byteLength(body), siteContentType(file)]);
  }
  for (const [shop, entries] of byShop) {
    const count = shardCountFor(entries.size);
    const shards = Array.from({ length: count }, () => ({}) as Record<string, SiteFileEntry>);
    for (const [file, entry] of entries) shards[shardOf(file, count)]![file] = entry;
    const hashes = shards.map((shard) => {
      const text = JSON.stringify({ version: 1, files: shard });
      objects.set(shardKey(shop, hex(text)), text);
      return hex(text);
    });
    objects.set(releaseKey(shop, "test"), JSON.stringify({ version: 1, shop, release: "test", shards: hashes, files: entries.size }));
    objects.set(pointerKey(shop), JSON.stringify({ version: 1, release: "test", publishedAt: "" }));
  }
  const requested: string[] = [];
  const bucket = {
    async get(key: string) {
      requested.push(key);
      const text = objects.get(key);
      if (text === undefined) return null;
      const bytes = new TextEncoder().encode(text);
      return {
        key,
        size: bytes.byteLength,
        body: new Response(bytes).body,
        text: async () => text,
        arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      };
    },
  };
  return { bucket: bucket as unknown as NonNullable<WorkerEnv["SITE_ASSETS"]>, requested };
}

export interface RecordingUpstream extends Upstream {
  requests: Request[];
  bodies: string[];
}

/** An upstream that records each request and answers with `respond` (default: 200 JSON). */
export function recordingUpstream(respond?: (request: Request, attempt: number) => Response | Promise<Response>): RecordingUpstream {
  const requests: Request[] = [];
  const bodies: string[] = [];
  return {
    name: "recording",
    requests,
    bodies,
    async fetch(request: Request) {
      requests.push(request);
      bodies.push(request.method === "GET" || request.method === "HEAD" ? "" : await request.clone().text());
      if (respond) return respond(request, requests.length);
      return Response.json({ status: 200, data: { ok: true }, errors: [], meta: {} });
    },
  };
}

export const directory = new ShopDirectory(parseShopConfig(rawConfig));

export interface TestAppOptions extends Partial<Omit<EdgeDependencies, "upstream">> {
  upstream?: RecordingUpstream;
  files?: Record<string, string>;
  env?: Partial<WorkerEnv>;
}

export function testApp(options: TestAppOptions = {}) {
  const upstream = options.upstream ?? recordingUpstream();
  const assets = fakeAssets(options.files);
  const app = createEdgeApp({
    directory: options.directory ?? directory,
    upstream: () => ({ upstream, origin: UPSTREAM_ORIGIN }),
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? 200,
    retryDelayMs: options.retryDelayMs ?? 0,
    guards: options.guards,
    gates: options.gates,
    access: options.access,
  });
  const siteAssets = fakeSiteAssets(options.files);
  const env = { ASSETS: assets.fetcher, SITE_ASSETS: siteAssets.bucket, ENVIRONMENT_NAME: "development", ...options.env } as WorkerEnv;
  return {
    app,
    upstream,
    assets,
    siteAssets,
    request(url: string, init: RequestInit = {}) {
      return app.request(url, init, env);
    },
  };
}

/** A proxy of its own in front of the edge (worker/edge/client-address.ts): its secret, and the headers it sets for a client address. */
export const TRUSTED_PROXY = {
  env: { TRUSTED_PROXY_SECRET: "trusted-proxy-secret-of-the-edge-tests-0123" },
  headers: (ip: string) => ({ [TRUSTED_PROXY_HEADER]: TRUSTED_PROXY.env.TRUSTED_PROXY_SECRET, [CLIENT_IP_HEADER]: ip }),
};

export const DE = "http://de.localhost:8787";
export const CH = "http://ch.localhost:8787";
export const AT = "http://at.localhost:8787";
export const COM = "http://com.localhost:8787";
export const DE_PROD = "https://www.bodenhaus.example";
export const CH_PROD = "https://www.bodenhaus.example.ch";
