import { chunkReloadTarget, isChunkLoadError, withoutChunkReloadMarker } from "./chunk-reload";

describe("chunk reload guard", () => {
  const now = 1_700_000_000_000;

  test("the first failure reloads with a marker in the address", () => {
    expect(chunkReloadTarget("https://shop.example/parkett.html?page=2#top", now)).toBe(`https://shop.example/parkett.html?page=2&chunk-reload=${now}#top`);
  });

  test("no second reload within 60 seconds", () => {
    const reloaded = chunkReloadTarget("https://shop.example/a.html", now)!;
    expect(chunkReloadTarget(reloaded, now + 59_999)).toBeNull();
  });

  test("after 60 seconds a failure may reload again", () => {
    const reloaded = chunkReloadTarget("https://shop.example/a.html", now)!;
    expect(chunkReloadTarget(reloaded, now + 60_000)).toBe(`https://shop.example/a.html?chunk-reload=${now + 60_000}`);
  });

  test("a marker from the future or garbage does not block", () => {
    expect(chunkReloadTarget(`https://shop.example/a.html?chunk-reload=${now + 5000}`, now)).not.toBeNull();
    expect(chunkReloadTarget("https://shop.example/a.html?chunk-reload=x", now)).not.toBeNull();
  });

  test("recognises chunk errors only", () => {
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "Loading chunk 123 failed." })).toBe(true);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Loading CSS chunk styles failed"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("ChunkLoadError")).toBe(false);
  });

  test("the marker is removed again", () => {
    expect(withoutChunkReloadMarker(`https://shop.example/a.html?x=1&chunk-reload=${now}`)).toBe("https://shop.example/a.html?x=1");
    expect(withoutChunkReloadMarker("https://shop.example/a.html")).toBeNull();
  });
});
