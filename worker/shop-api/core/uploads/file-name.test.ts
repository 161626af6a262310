import { attachmentDisposition, extensionOf, hasAllowedExtension, sanitiseFileName } from "./file-name";

describe("upload file names", () => {
  test("only the last path segment is kept", () => {
    expect(sanitiseFileName("../../../etc/passwd.jpg")).toBe("passwd.jpg");
    expect(sanitiseFileName("C:\\Users\\anna\\Bilder\\IMG_0001.HEIC")).toBe("IMG_0001.HEIC");
    expect(sanitiseFileName("..")).toBe("");
  });

  test("control characters, CR/LF and bidirectional overrides are removed; quotes and specials become _", () => {
    expect(sanitiseFileName("a\r\nContent-Type: text/html.jpg")).toBe("html.jpg");
    expect(sanitiseFileName("a\r\nX-Evil: 1.jpg")).toBe("aX-Evil_ 1.jpg");
    expect(sanitiseFileName('say "cheese".png')).toBe("say _cheese_.png");
    expect(sanitiseFileName("photo\u202egpj.exe")).toBe("photogpj.exe");
    expect(sanitiseFileName("zero\u200bwidth\u0000.webp")).toBe("zerowidth.webp");
    expect(sanitiseFileName("what?<*>|.jpg")).toBe("what_____.jpg");
  });

  test("leading dots, trailing dots and spaces go; spaces collapse; Unicode is kept (NFC)", () => {
    expect(sanitiseFileName(".hidden.jpg")).toBe("hidden.jpg");
    expect(sanitiseFileName("  Küche   Boden .jpg. ")).toBe("Küche Boden .jpg");
    expect(sanitiseFileName("Ku\u0308che.jpg")).toBe("Küche.jpg");
  });

  test("long names are cut to 120 characters, the extension kept", () => {
    const name = sanitiseFileName(`${"ä".repeat(300)}.jpeg`);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith(".jpeg")).toBe(true);
  });

  test("allowed extensions, in any case; no extension is not allowed", () => {
    for (const name of ["a.jpg", "a.JPEG", "a.png", "a.webp", "a.HEIC", "a.heif"]) expect(hasAllowedExtension(name)).toBe(true);
    for (const name of ["a.svg", "a.pdf", "a.html", "a.jpg.html", "a.gif", "jpg", "", "a."]) expect(hasAllowedExtension(name)).toBe(false);
    expect(extensionOf("IMG_1.HEIC")).toBe("heic");
  });

  test("Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266/5987)", () => {
    expect(attachmentDisposition("photo.jpg")).toBe(`attachment; filename="photo.jpg"; filename*=UTF-8''photo.jpg`);
    expect(attachmentDisposition("Küche (1)'s*.jpg")).toBe(`attachment; filename="K_che (1)'s*.jpg"; filename*=UTF-8''K%C3%BCche%20%281%29%27s%2A.jpg`);
    expect(attachmentDisposition('a"b\\c.png')).toBe(`attachment; filename="a_b_c.png"; filename*=UTF-8''a%22b%5Cc.png`);
  });
});
