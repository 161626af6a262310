/**
 * The media store through the edge (docs/decisions/0046, 0068): /images/*, /downloads/* and
 * /videos/* on every shop host are the one folder `_media/` beside the builds, with its own
 * cache policy, the files' types and byte ranges; paths the store lacks, hostile paths and
 * other hosts get the 404 page.
 */
import { FILES, CH, DE, testApp } from "@tests/kit/edge";
import { MEDIA_CACHE } from "./media";

const files = {
  ...FILES,
  "/_media/images/flags/de.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  "/_media/images/products/BH-1-1.jpg": "jpeg",
  "/_media/images/products/BH-1-1.400.avif": "avif",
  "/_media/images/products/BH-1-1.800.webp": "webp",
  "/_media/downloads/BH-1/datenblatt-de.pdf": "%PDF-1.7 datasheet",
  "/_media/videos/tutorials/parkett-de.mp4": "0123456789abcdefghij",
  "/_media/videos/tutorials/parkett-de.webm": "webm",
  "/DE/images/secret.jpg": "a shop build's own file",
  "/DE/downloads/secret.pdf": "a shop build's own file",
};

const VIDEO = `${DE}/videos/tutorials/parkett-de.mp4`;
const VIDEO_BYTES = "0123456789abcdefghij";

/** ASSETS as Workers Static Assets answers: a streamed body with its length. */
function streamingAssets(body: string) {
  return {
    async fetch(_input: string | Request, init?: RequestInit) {
      const bytes = new TextEncoder().encode(body);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.subarray(i, i + 3));
          controller.close();
        },
      });
      return new Response(init?.method === "HEAD" ? null : stream, { headers: { "content-length": String(bytes.length), etag: '"v1"' } });
    },
  };
}

describe("edge: media store", () => {
  test("every shop host serves the shared store with image types and the media cache policy", async () => {
    const t = testApp({ files });
    for (const [url, type, body] of [
      [`${DE}/images/flags/de.svg`, "image/svg+xml", '<svg xmlns="http://www.w3.org/2000/svg"/>'],
      [`${CH}/images/products/BH-1-1.jpg`, "image/jpeg", "jpeg"],
      [`${DE}/images/products/BH-1-1.400.avif`, "image/avif", "avif"],
      [`${CH}/images/products/BH-1-1.800.webp`, "image/webp", "webp"],
    ] as const) {
      const res = await t.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe(MEDIA_CACHE);
      expect(await res.text()).toBe(body);
    }
    // CH has language prefixes; the store is not behind one and is never redirected into one.
    expect(t.assets.requested).toContain("/_media/images/products/BH-1-1.jpg");
  });

  test("HEAD works and a missing image is the 404 page, never a shop build's file", async () => {
    const t = testApp({ files });
    const head = await t.request(`${DE}/images/flags/de.svg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const missing = await t.request(`${DE}/images/secret.jpg`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain("a shop build's own file");
  });

  test("hostile and odd paths are 404 without reaching another folder", async () => {
    const t = testApp({ files });
    for (const path of [
      "/images/%2e%2e/DE/index.html",
      "/images/../DE/_csp.json",
      "/images/%2F%2Fevil.example/x.jpg",
      "/images/products/BH-1-1.jpg%00.html",
      "/images/products/BH-1-1.exe",
      "/images/products/",
    ]) {
      const res = await t.request(`${DE}${path}`);
      expect([404, 301, 308]).toContain(res.status);
      expect(await res.text()).not.toContain("DE home");
    }
    // (`..` and `%2e%2e` are resolved by URL parsing before the edge sees them: those are shop paths, not store paths.)
    expect(t.assets.requested.filter((p) => p.startsWith("/_media") && !p.startsWith("/_media/images/"))).toEqual([]);
    expect(t.assets.requested).not.toContain("/_media/images/products/BH-1-1.exe");
  });

  test("datasheets and videos are served with their types, the media cache policy and Accept-Ranges", async () => {
    const t = testApp({ files });
    for (const [url, type, body] of [
      [`${DE}/downloads/BH-1/datenblatt-de.pdf`, "application/pdf", "%PDF-1.7 datasheet"],
      [`${CH}/downloads/BH-1/datenblatt-de.pdf`, "application/pdf", "%PDF-1.7 datasheet"],
      [VIDEO, "video/mp4", VIDEO_BYTES],
      [`${CH}/videos/tutorials/parkett-de.webm`, "video/webm", "webm"],
    ] as const) {
      const res = await t.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe(MEDIA_CACHE);
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-length")).toBe(String(body.length));
      expect(await res.text()).toBe(body);
    }
  });

  test.each([
    ["bytes=0-3", "0123", "bytes 0-3/20"],
    ["bytes=10-", "abcdefghij", "bytes 10-19/20"],
    ["bytes=-4", "ghij", "bytes 16-19/20"],
    ["bytes=18-500", "ij", "bytes 18-19/20"],
  ])("a range %s is a 206 with the part, from a buffered or a streamed file", async (range, part, contentRange) => {
    for (const t of [testApp({ files }), testApp({ files, env: { ASSETS: streamingAssets(VIDEO_BYTES) } })]) {
      const res = await t.request(VIDEO, { headers: { range } });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe(contentRange);
      expect(res.headers.get("content-length")).toBe(String(part.length));
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(await res.text()).toBe(part);
    }
  });

  test.each([["bytes=-0"], ["bytes=20-"], ["bytes=999999999999999999999-"]])("an unsatisfiable range %s is 416 naming the size", async (range) => {
    for (const t of [testApp({ files }), testApp({ files, env: { ASSETS: streamingAssets(VIDEO_BYTES) } })]) {
      const res = await t.request(VIDEO, { headers: { range } });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe("bytes */20");
      expect(await res.text()).toBe("");
    }
  });

  test.each([["bytes=0-1,5-6"], ["bytes=0-15,10-19"], ["bytes=5-2"], ["bytes=abc"], ["items=0-1"], [`bytes=${"9".repeat(500)}-`]])(
    "several, overlapping or garbage ranges (case %#) get the whole file",
    async (range) => {
      const res = await testApp({ files }).request(VIDEO, { headers: { range } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(VIDEO_BYTES);
    },
  );

  test("HEAD answers the size and the part without a body; If-Range of another version gets the whole file", async () => {
    const t = testApp({ files, env: { ASSETS: streamingAssets(VIDEO_BYTES) } });
    const head = await t.request(VIDEO, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("20");
    expect(head.headers.get("accept-ranges")).toBe("bytes");
    expect(await head.text()).toBe("");
    const part = await t.request(VIDEO, { method: "HEAD", headers: { range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 2-5/20");
    expect(await part.text()).toBe("");
    expect((await t.request(VIDEO, { headers: { range: "bytes=2-5", "if-range": '"v1"' } })).status).toBe(206);
    expect((await t.request(VIDEO, { headers: { range: "bytes=2-5", "if-range": '"v0"' } })).status).toBe(200);
  });

  test("a type the folder does not hold, a missing file and paths that climb out are the 404 page", async () => {
    const t = testApp({ files });
    for (const path of [
      "/downloads/BH-1/datenblatt-de.exe",
      "/downloads/BH-1/datenblatt-de.mp4",
      "/videos/tutorials/parkett-de.pdf",
      "/videos/tutorials/missing.mp4",
      "/downloads/secret.pdf",
      "/downloads/%2e%2e/%2e%2e/DE/index.html",
      "/downloads/%2e%2e%2fDE%2fdownloads%2fsecret.pdf",
      "/videos/%2F%2Fevil.example/x.mp4",
      "/videos/..%5c..%5cDE/x.mp4",
      "/videos/tutorials/parkett-de.mp4%00.html",
    ]) {
      const res = await t.request(`${DE}${path}`, { headers: { range: "bytes=0-1" } });
      expect([404, 301, 308]).toContain(res.status);
      expect(await res.text()).not.toContain("a shop build's own file");
    }
    expect(t.assets.requested.filter((p) => p.startsWith("/_media") && !/^\/_media\/(images|downloads|videos)\//.test(p))).toEqual([]);
  });

  test("writing to the store is not possible", async () => {
    const t = testApp({ files });
    const res = await t.request(`${DE}/images/products/BH-1-1.jpg`, { method: "PUT", body: "x" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(t.assets.requested.some((p) => p.startsWith("/_media/"))).toBe(false);
  });
});
