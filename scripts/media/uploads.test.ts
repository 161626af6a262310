/**
 * A merchant's own media files (docs/decisions/0068): taken from beside the import documents at
 * the paths they name only when their bytes are what the name says, refused with one line each
 * otherwise; a photo gets the store's AVIF/WebP sizes, a PDF or video is taken as it is.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { FALLBACK_WIDTH, MEDIA_WIDTHS, mediaHeight, variantPath } from "@domain/media";
import type { CatalogueDocument } from "@shop-api/catalogue/import-format";
import { writeMedia } from "./store";
import { findUploads, keepUploads, keptUploads, mediaBytesKind, mediaBytesProblem, uploadItems } from "./uploads";

const bytes = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom\0\0\x02\0isomiso2", "latin1")]);
const WEBM = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "media-uploads-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("media bytes", () => {
  test("each kind is told by its first bytes", async () => {
    const jpeg = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#a07040" } })
      .jpeg()
      .toBuffer();
    expect(mediaBytesKind(jpeg)).toBe("jpeg");
    expect(mediaBytesKind(PNG_HEAD)).toBe("png");
    expect(mediaBytesKind(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(mediaBytesKind(MP4)).toBe("mp4");
    expect(mediaBytesKind(WEBM)).toBe("webm");
    for (const other of [bytes(""), bytes("<html>"), bytes(" %PDF-"), bytes("ftyp"), bytes("GIF89a"), bytes("MZ\x90\0")])
      expect(mediaBytesKind(other)).toBeNull();
  });

  test("a file whose bytes are not what its name says is refused with a clear line", () => {
    expect(mediaBytesProblem("/downloads/A/x.pdf", bytes("%PDF-1.4"))).toBeNull();
    expect(mediaBytesProblem("/videos/a.mp4", MP4)).toBeNull();
    expect(mediaBytesProblem("/videos/a.webm", WEBM)).toBeNull();
    expect(mediaBytesProblem("/images/products/a.png", PNG_HEAD)).toBeNull();
    expect(mediaBytesProblem("/downloads/A/x.pdf", bytes("<html><script>alert(1)</script>"))).toBe(
      "/downloads/A/x.pdf: the file is not a PDF (its bytes are of no known kind)",
    );
    expect(mediaBytesProblem("/videos/a.mp4", WEBM)).toBe("/videos/a.mp4: the file is not an MP4 video (its bytes are a WebM video)");
    expect(mediaBytesProblem("/images/products/a.jpg", bytes("%PDF-1.4"))).toBe("/images/products/a.jpg: the file is not a JPEG image (its bytes are a PDF)");
    expect(mediaBytesProblem("/downloads/A/x.pdf", bytes(""))).toBe("/downloads/A/x.pdf: the file is empty");
    expect(mediaBytesProblem("/downloads/A/x.exe", bytes("MZ"))).toMatch(/the store takes no such file/);
  });
});

describe("the import's media files", () => {
  const document = {
    products: [
      {
        sku: "M-1",
        category: "parkett-landhausdielen",
        content: { de: { title: "Eiche natur" } },
        media: [
          { kind: "image", url: "/images/products/M-1-1.jpg" },
          { kind: "image", url: "/images/products/M-1-2.jpg" },
          { kind: "video", url: "/videos/products/M-1.mp4", poster: "/images/videos/products/m-1.jpg" },
        ],
        downloads: {
          de: [
            { title: "Datenblatt", url: "/downloads/M-1/datenblatt-de.pdf" },
            { title: "Verlegeanleitung", url: "/downloads/M-1/verlegeanleitung-de.pdf" },
            { title: "Fremd", url: "/downloads/../../escape.pdf" },
          ],
        },
      },
    ],
  } as unknown as CatalogueDocument;

  const put = (root: string, path: string, body: Uint8Array | string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  };

  test("named files with the right bytes are taken, wrong ones refused, others left to the generator", async () => {
    const folder = tempDir();
    const photo = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: "#806040" } })
      .jpeg()
      .toBuffer();
    put(folder, "/images/products/M-1-1.jpg", photo);
    put(folder, "/downloads/M-1/datenblatt-de.pdf", "%PDF-1.7 merchant's datasheet");
    put(folder, "/videos/products/M-1.mp4", MP4);
    put(folder, "/downloads/M-1/verlegeanleitung-de.pdf", "<!doctype html>");
    put(folder, "/images/products/M-1-2.jpg", "%PDF-1.7");
    put(folder, "/escape.pdf", "%PDF-1.7");
    put(folder, "/downloads/M-1/not-named.pdf", "%PDF-1.7");
    const found = findUploads([document], folder);
    expect([...found.files.keys()].sort()).toEqual(["/downloads/M-1/datenblatt-de.pdf", "/images/products/M-1-1.jpg", "/videos/products/M-1.mp4"]);
    expect(found.problems.sort()).toEqual([
      "/downloads/M-1/verlegeanleitung-de.pdf: the file is not a PDF (its bytes are of no known kind)",
      "/images/products/M-1-2.jpg: the file is not a JPEG image (its bytes are a PDF)",
    ]);

    // A photo gets the store's sizes (4:3 at the fallback width, AVIF and WebP of each width); a PDF is taken as it is.
    const out = tempDir();
    const cacheDir = tempDir();
    const stats = await writeMedia(uploadItems(found.files), { out, cacheDir, prune: false });
    expect(stats).toMatchObject({ paths: 3, rendered: 3 });
    expect(await sharp(join(out, "/images/products/M-1-1.jpg")).metadata()).toMatchObject({
      format: "jpeg",
      width: FALLBACK_WIDTH,
      height: mediaHeight(FALLBACK_WIDTH),
    });
    for (const width of MEDIA_WIDTHS) {
      expect(await sharp(join(out, variantPath("/images/products/M-1-1.jpg", width, "webp"))).metadata()).toMatchObject({
        format: "webp",
        width,
        height: mediaHeight(width),
      });
      expect(await sharp(join(out, variantPath("/images/products/M-1-1.jpg", width, "avif"))).metadata()).toMatchObject({ format: "heif", width });
    }
    expect(readFileSync(join(out, "/downloads/M-1/datenblatt-de.pdf"), "latin1")).toBe("%PDF-1.7 merchant's datasheet");

    // Kept in the state's upload folder, they are found again by their store paths.
    const kept = tempDir();
    keepUploads(found.files, kept);
    put(kept, "/notes.txt", "not a store path");
    expect([...keptUploads(kept).keys()].sort()).toEqual([...found.files.keys()].sort());
  });
});
