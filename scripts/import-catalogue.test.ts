import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sampleDocument } from "@tests/kit/catalogue";
import { createTestDatabase, type TestDatabase } from "@tests/kit/d1";
import { freePort } from "@scripts/lib/free-port";
import { serveShopApi, type ShopApiServer } from "@tests/kit/shop-api-server";
import { goLive, mediaBeside } from "./import-catalogue";
import { importHeaders, importOrigin } from "./lib/remote-import";
import { ROOT } from "./lib/shops";

/** The local worker's builder API, as far as the import uses it: POST /admin/builder/sweep with the builder token. */
function worker(status: number): { server: Server; calls: { url?: string; auth?: string }[] } {
  const calls: { url?: string; auth?: string }[] = [];
  const server = createServer((req, res) => {
    calls.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization });
    req.resume();
    req.on("end", () => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(status === 200 ? { data: { enqueued: 1 }, errors: [] } : { data: null, errors: [{ message: "Not found", code: "not_found" }] }));
    });
  });
  return { server, calls };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("an import against the local database goes live through the running worker", () => {
  test("the worker is asked to enqueue the rebuild, with the builder token", async () => {
    const { server, calls } = worker(200);
    const origin = await listen(server);
    try {
      expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "enqueued" });
      expect(calls).toEqual([{ url: "POST /admin/builder/sweep", auth: `Bearer ${"b".repeat(40)}` }]);
    } finally {
      server.close();
    }
  });

  test("no worker: the import says so instead of failing", async () => {
    const { server } = worker(200);
    const origin = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "no-worker" });
  });

  test("a worker that refuses (an older one without the builder API) is named with its answer", async () => {
    const { server } = worker(404);
    const origin = await listen(server);
    try {
      expect(await goLive(origin, "b".repeat(40))).toEqual({ kind: "refused", message: "/admin/builder/sweep: HTTP 404 Not found" });
    } finally {
      server.close();
    }
  });
});

describe("the shop API's origin an import goes to", () => {
  test.each([
    ["https://admin.bodenhaus.example/admin/catalogue/import", { origin: "https://admin.bodenhaus.example" }],
    ["http://127.0.0.1:8787", { origin: "http://127.0.0.1:8787" }],
    ["http://admin.localhost:8787/", { origin: "http://admin.localhost:8787" }],
    ["http://[::1]:8787", { origin: "http://[::1]:8787" }],
  ])("%s is taken as %j", (text, expected) => {
    expect(importOrigin(text)).toEqual(expected);
  });

  test.each([
    ["admin.bodenhaus.example", "must be an http(s) URL"],
    ["ftp://admin.bodenhaus.example", "must be an http(s) URL"],
    ["file:///etc/passwd", "must be an http(s) URL"],
    ["javascript:alert(1)", "must be an http(s) URL"],
    ["http://admin.bodenhaus.example", "must use https"],
    ["http://localhost.evil.example", "must use https"],
    ["http://127.0.0.1.evil.example", "must use https"],
  ])("%s is refused", (text, problem) => {
    expect(importOrigin(text)).toEqual({ problem: expect.stringContaining(problem) });
  });
});

describe("the upload's headers", () => {
  test("the token and the format's Content-Type; the Access service token only when both of its variables are set", () => {
    expect(importHeaders("t".repeat(32), "csv-prices", {})).toEqual({ Authorization: `Bearer ${"t".repeat(32)}`, "Content-Type": "text/csv" });
    expect(importHeaders("t".repeat(32), "json", { CF_ACCESS_CLIENT_ID: "id.access", CF_ACCESS_CLIENT_SECRET: "secret" })).toEqual({
      Authorization: `Bearer ${"t".repeat(32)}`,
      "Content-Type": "application/json",
      "CF-Access-Client-Id": "id.access",
      "CF-Access-Client-Secret": "secret",
    });
    expect(importHeaders("t".repeat(32), "json", { CF_ACCESS_CLIENT_ID: "id.access", CF_ACCESS_CLIENT_SECRET: " " })).not.toHaveProperty("CF-Access-Client-Id");
  });
});

describe("npm run import into a deployed shop: the real shop API over HTTP stands in for the remote one", () => {
  const TOKEN = "import-token-0123456789abcdef0123456789";
  let t: TestDatabase;
  let api: ShopApiServer;
  let dir: string;
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    api = await serveShopApi({ ...t.env, CATALOGUE_IMPORT_TOKEN: TOKEN });
    dir = mkdtempSync(join(tmpdir(), "import-cli-"));
  });
  afterAll(async () => {
    await api?.close();
    await t?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The command as `npm run import` runs it, without the caller's tokens and origin. */
  function runImport(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    const { CATALOGUE_IMPORT_TOKEN: _token, SHOP_API_ORIGIN: _origin, ...inherited } = process.env;
    return new Promise((resolve) => {
      execFile(
        join(ROOT, "node_modules", ".bin", "tsx"),
        [join(ROOT, "scripts", "import-catalogue.ts"), ...args],
        { cwd: ROOT, env: { ...inherited, ...env }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
      );
    });
  }

  const importRows = async () => (await t.db.prepare("SELECT source, format, actor FROM imports ORDER BY id").all()).results;

  test("--origin with --token posts each file, prints progress and what was imported; the shop API wrote it", async () => {
    const catalogue = file("catalogue.json", JSON.stringify(sampleDocument()));
    const result = await runImport([catalogue, "--origin", api.origin, "--token", TOKEN]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^→ ${catalogue} \\(json, \\d+\\.\\d KB\\) to ${api.origin}/admin/catalogue/import \\.\\.\\.$`));
    expect(lines[1]).toMatch(new RegExp(`^✓ ${catalogue} \\(json\\): import #\\d+, .*3 products, 3 prices.*; 3 product\\(s\\) changed \\(\\d+\\.\\d s\\)$`));
    expect(lines[2]).toBe(`Imported: the shop API on ${api.origin} rebuilds the shops the import changed.`);
    expect(await importRows()).toEqual([{ source: "catalogue.json", format: "json", actor: "http" }]);
  });

  test("--remote takes the origin from SHOP_API_ORIGIN and the token from CATALOGUE_IMPORT_TOKEN", async () => {
    const prices = file("prices.csv", "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\n");
    const result = await runImport([prices, "--remote"], { SHOP_API_ORIGIN: api.origin, CATALOGUE_IMPORT_TOKEN: TOKEN });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`✓ ${prices} (csv-prices): import #`);
    expect((await importRows()).at(-1)).toEqual({ source: "prices.csv", format: "csv-prices", actor: "http" });
  });

  test("a refused file names each problem by row and column and exits 1; nothing is written", async () => {
    const before = await importRows();
    const prices = file("bad-prices.csv", "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\nP-100,CH,CHF,99.001,45\n");
    const result = await runImport([prices, "--origin", api.origin, "--token", TOKEN]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `✗ ${prices} (csv-prices) refused, nothing was written: 1 problem(s)\n  row 2, column packagePrice: must have at most 2 decimals\n`,
    );
    expect(await importRows()).toEqual(before);
  });

  test("a wrong token is the shop API's refusal: exit 1 with its status and message", async () => {
    const prices = file("wrong-token.csv", "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\n");
    const result = await runImport([prices, "--origin", api.origin, "--token", "x".repeat(40)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^✗ ${prices}: the shop API refused it: HTTP 401 \\S.*\\n$`));
  });

  test("an origin where nothing answers: exit 1, naming it", async () => {
    const origin = `http://127.0.0.1:${await freePort()}`;
    const prices = file("unreachable.csv", "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\n");
    const result = await runImport([prices, "--origin", origin, "--token", TOKEN]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`✗ ${prices}: cannot reach the shop API on ${origin}: ECONNREFUSED\n`);
  });

  test.each<[string, string[], Record<string, string>, string]>([
    ["no token", ["--origin", "https://admin.bodenhaus.example"], {}, "importing into a shop API needs its token: --token, or CATALOGUE_IMPORT_TOKEN"],
    [
      "a short token",
      ["--origin", "https://admin.bodenhaus.example", "--token", "short"],
      {},
      "the token must be the shop API's CATALOGUE_IMPORT_TOKEN, at least 32 characters",
    ],
    ["an origin that is not http(s)", ["--origin", "ftp://admin.bodenhaus.example", "--token", TOKEN], {}, "must be an http(s) URL"],
    ["--remote without SHOP_API_ORIGIN", ["--remote"], { CATALOGUE_IMPORT_TOKEN: TOKEN }, "SHOP_API_ORIGIN, which is not set"],
  ])("%s: exit 2 with one line, before anything is sent", async (_, args, env, message) => {
    const prices = file("usage.csv", "sku,shop,currency,packagePrice,unitPrice\nP-100,DE,EUR,99.00,45.00\n");
    const result = await runImport([prices, ...args], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/^import: [^\n]+; see --help\n$/);
    expect(result.stdout).toBe("");
  });

  test("a file that does not exist: exit 2, naming it", async () => {
    const result = await runImport([join(dir, "missing.json"), "--origin", api.origin, "--token", TOKEN]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`import: ${join(dir, "missing.json")}: no such file; see --help\n`);
  });
});

describe("the media files beside a JSON import file", () => {
  test("are checked by their bytes before anything is imported; CSV and unreadable JSON carry none", () => {
    const dir = mkdtempSync(join(tmpdir(), "import-media-"));
    try {
      const document = sampleDocument();
      const product = document.products![0]!;
      product.downloads = { de: [{ title: "Datenblatt", url: "/downloads/P-100/datenblatt-de.pdf" }] };
      product.media = [...(product.media ?? []), { kind: "video", url: "/videos/products/P-100.mp4" }];
      mkdirSync(join(dir, "downloads", "P-100"), { recursive: true });
      mkdirSync(join(dir, "videos", "products"), { recursive: true });
      writeFileSync(join(dir, "downloads", "P-100", "datenblatt-de.pdf"), "%PDF-1.7");
      writeFileSync(join(dir, "videos", "products", "P-100.mp4"), "<html>not a video</html>");
      const file = join(dir, "catalogue.json");
      const text = JSON.stringify(document);
      const found = mediaBeside({ file, text, format: "json", source: "catalogue.json" });
      expect([...found.files.keys()]).toEqual(["/downloads/P-100/datenblatt-de.pdf"]);
      expect(found.problems).toEqual(["/videos/products/P-100.mp4: the file is not an MP4 video (its bytes are of no known kind)"]);
      expect(mediaBeside({ file, text: "{ not json", format: "json", source: "x" })).toEqual({ files: new Map(), problems: [] });
      expect(mediaBeside({ file: join(dir, "prices.csv"), text: "sku;shop\n", format: "csv-prices", source: "x" })).toEqual({ files: new Map(), problems: [] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
