/**
 * The media store through the edge (docs/decisions/0046): /images/* on every shop host is
 * the one folder `_media/` beside the builds, with its own cache policy and image types;
 * paths the store lacks, hostile paths and other hosts get the 404 page.
 */
import { FILES, CH, DE, testApp } from "@tests/kit/edge";
import { MEDIA_CACHE } from "./media";

const files = {
  ...FILES,
  "/_media/images/flags/de.svg": '<svg xmlns="http://www.w3.org/2000/svg"/>',
  "/_media/images/products/BH-1-1.jpg": "jpeg",
  "/_media/images/products/BH-1-1.400.avif": "avif",
  "/_media/images/products/BH-1-1.800.webp": "webp",
  "/DE/images/secret.jpg": "a shop build's own file",
};

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

  test("writing to the store is not possible", async () => {
    const t = testApp({ files });
    const res = await t.request(`${DE}/images/products/BH-1-1.jpg`, { method: "PUT", body: "x" });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(t.assets.requested.some((p) => p.startsWith("/_media/"))).toBe(false);
  });
});
