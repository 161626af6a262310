import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { readPdf } from "@tests/kit/pdf-reading";
import { invoiceFont, onceParsingFontkit } from "./font";

test("the bundled font is DejaVu Sans of the installed package, byte for byte", async () => {
  const installed = readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
  expect(Buffer.from(await invoiceFont()).equals(installed)).toBe(true);
});

test("the PDFs' fontkit parses the same font bytes once and other bytes apart", async () => {
  const bytes = await invoiceFont();
  const font = onceParsingFontkit.create(bytes);
  expect(onceParsingFontkit.create(bytes)).toBe(font);
  expect(font.familyName).toBe("DejaVu Sans");
  const copy = onceParsingFontkit.create(bytes.slice());
  expect(copy).not.toBe(font);
  expect(copy.familyName).toBe("DejaVu Sans");
});

test("each PDF embeds a subset of its own glyphs from the once parsed font", async () => {
  const bytes = await invoiceFont();
  const first = await PDFDocument.create();
  first.registerFontkit(onceParsingFontkit);
  (await first.embedFont(bytes, { subset: true })).encodeText("Aa");
  const second = await PDFDocument.create();
  second.registerFontkit(onceParsingFontkit);
  const font = await second.embedFont(bytes, { subset: true });
  second.addPage().drawText("Prix € 12,50 ÄÖÜ", { font, size: 10 });
  expect((await readPdf(await second.save())).texts).toEqual(["Prix € 12,50 ÄÖÜ"]);
});
