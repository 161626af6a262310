import { isDocumentOrVideoPath, mediaContentType, mediaFiles, mediaFolder } from "./media";

describe("the media store's names", () => {
  test("each folder holds its kinds of file, with their content types", () => {
    expect(mediaContentType("/downloads/BH-1/datenblatt-de.pdf")).toBe("application/pdf");
    expect(mediaContentType("/videos/tutorials/parkett-de.mp4")).toBe("video/mp4");
    expect(mediaContentType("/videos/products/BH-1.WEBM")).toBe("video/webm");
    expect(mediaContentType("/images/products/BH-1-1.800.avif")).toBe("image/avif");
    expect(mediaContentType("/images/flags/de.svg")).toBe("image/svg+xml");
    for (const other of ["/downloads/x.mp4", "/videos/x.pdf", "/images/x.pdf", "/downloads/x.exe", "/downloads/x", "/other/x.pdf", "/downloadsx/a.pdf"]) {
      expect(mediaContentType(other)).toBeNull();
    }
    expect(mediaFolder("/videos/a.mp4")).toBe("/videos/");
    expect(mediaFolder("/de/videos/a.mp4")).toBeNull();
  });

  test("a download or video path the catalogue names is ours and never climbs out", () => {
    for (const good of ["/downloads/BH-1/datenblatt-de.pdf", "/videos/tutorials/parkett-de.mp4", "/videos/a.webm"])
      expect(isDocumentOrVideoPath(good)).toBe(true);
    for (const bad of [
      "/downloads/../etc/x.pdf",
      "/downloads/a/../../x.pdf",
      "/downloads//x.pdf",
      "/downloads/%2e%2e/x.pdf",
      "/downloads/x.pdf?v=1",
      "//evil.example/downloads/x.pdf",
      "https://media.example/downloads/x.pdf",
      "/downloads/x.exe",
      "/videos/x.pdf",
      "/images/x.jpg",
      "/downloads/.hidden.pdf",
      "/downloads/a b.pdf",
      42,
      null,
    ]) {
      expect(isDocumentOrVideoPath(bad)).toBe(false);
    }
  });

  test("a PDF or video is one file; a raster image has its variants", () => {
    expect(mediaFiles("/downloads/BH-1/a.pdf")).toEqual(["/downloads/BH-1/a.pdf"]);
    expect(mediaFiles("/images/products/a.jpg")).toHaveLength(5);
  });
});
