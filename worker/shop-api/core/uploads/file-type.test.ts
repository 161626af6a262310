import { sniffImageType } from "./file-type";
import { ftyp, HEIC, heif, JPEG, join, PNG, text, WEBP } from "@tests/kit/images";

const SCRIPT = text("<script>alert(document.cookie)</script>");

describe("the type of an upload comes from its first bytes", () => {
  test("real JPEG, PNG, WebP and HEIC files", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    expect(sniffImageType(HEIC)).toBe("image/heic");
  });

  test.each(["heic", "heix", "hevc", "hevx", "heim", "heis"])("HEIC major brand %s", (brand) => {
    expect(sniffImageType(heif(brand, ["mif1"]))).toBe("image/heic");
  });

  test("a HEIF container without a HEVC brand is image/heif; with one it is image/heic", () => {
    expect(sniffImageType(heif("mif1", ["miaf"]))).toBe("image/heif");
    expect(sniffImageType(heif("msf1", []))).toBe("image/heif");
    expect(sniffImageType(heif("mif1", ["heic"]))).toBe("image/heic");
  });

  test("AVIF (which lists mif1 too), MP4 and QuickTime are not taken", () => {
    expect(sniffImageType(heif("avif", ["mif1", "miaf"]))).toBeNull();
    expect(sniffImageType(heif("mif1", ["avif"]))).toBeNull();
    expect(sniffImageType(heif("isom", ["mp41"]))).toBeNull();
    expect(sniffImageType(heif("qt  ", []))).toBeNull();
  });

  test("a broken ftyp box, or no box after it, is not taken", () => {
    const tooShort = heif("heic", []);
    new DataView(tooShort.buffer).setUint32(0, 12);
    expect(sniffImageType(tooShort)).toBeNull();
    const tooLong = heif("heic", ["mif1"]);
    new DataView(tooLong.buffer).setUint32(0, 400);
    expect(sniffImageType(tooLong)).toBeNull();
    expect(sniffImageType(ftyp("heic", ["mif1"]))).toBeNull();
    expect(sniffImageType(ftyp("heic", ["mif1"]).subarray(0, 12))).toBeNull();
  });

  test("a signature glued to a script is not an image", () => {
    expect(sniffImageType(join(new Uint8Array([0xff, 0xd8, 0xff]), SCRIPT))).toBeNull();
    expect(sniffImageType(join(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), SCRIPT))).toBeNull();
    expect(sniffImageType(join(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x4a, 0x46]), SCRIPT))).toBeNull();
    expect(sniffImageType(join(PNG.subarray(0, 8), SCRIPT))).toBeNull();
    expect(sniffImageType(join(PNG.subarray(0, 33), SCRIPT))).toBeNull();
    expect(sniffImageType(join(PNG.subarray(0, 33), new Uint8Array([0, 0, 0, 200]), text("IDAT"), SCRIPT))).toBeNull();
    expect(sniffImageType(join(ftyp("heic", ["mif1"]), SCRIPT))).toBeNull();
    expect(sniffImageType(join(WEBP, SCRIPT))).toBeNull();
    expect(sniffImageType(join(text("RIFF"), new Uint8Array([40, 0, 0, 0]), text("WEBPVP8 "), SCRIPT))).toBeNull();
  });

  test("HTML, SVG, PDF, GIF, a RIFF that is not WebP, text and nothing are not images", () => {
    expect(sniffImageType(text("<!doctype html><script>alert(1)</script>"))).toBeNull();
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'))).toBeNull();
    expect(sniffImageType(text("%PDF-1.7\n%âãÏÓ"))).toBeNull();
    expect(sniffImageType(text("GIF89a\x01\x00\x01\x00"))).toBeNull();
    expect(sniffImageType(join(text("RIFF"), new Uint8Array([12, 0, 0, 0]), text("WAVEfmt "), new Uint8Array(4)))).toBeNull();
    expect(sniffImageType(join(text("RIFF"), new Uint8Array([12, 0, 0, 0]), text("WEBPJUNK"), new Uint8Array(4)))).toBeNull();
    expect(sniffImageType(text("just some text"))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });

  test("only the start counts: image bytes later in an HTML file do not make it an image", () => {
    expect(sniffImageType(join(text("<html>"), JPEG))).toBeNull();
    expect(sniffImageType(join(new Uint8Array([0xff, 0xd8]), text("<html>")))).toBeNull();
  });
});
