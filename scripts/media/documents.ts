/**
 * The demo catalogue's PDF files (docs/decisions/0068): a product's datasheet (name, article
 * number, manufacturer, pack content, technical data with its dimensions) and laying guide
 * (the same head, then the laying steps), in the language of the download, written with
 * pdf-lib. pdf-lib embeds a TrueType font only through fontkit, which is not installed: the
 * text is set in the PDF standard fonts Helvetica and Helvetica-Bold (WinAnsi, which covers
 * every catalogue language); a character they lack is left out.
 */
import type { Language } from "@config/shop-config";
import type { ProductRecord } from "@shop-api/catalogue/import-format";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { DOCUMENT_TEXT } from "./document-texts";

export interface PdfSpec {
  kind: "datasheet" | "guide";
  language: Language;
  /** The download's title, as the product page links it ("Technisches Datenblatt"). */
  heading: string;
  title: string;
  sku: string;
  ean: string | null;
  manufacturer: string;
  packContent: string;
  attributes: { label: string; value: string }[];
}

/** A fixed date: the same product gives the same bytes. */
const DOCUMENT_DATE = new Date("2025-01-01T00:00:00Z");
const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** What a download of the product in a language shows. */
export function pdfSpec(product: ProductRecord, language: Language, heading: string, kind: PdfSpec["kind"], manufacturer: string): PdfSpec {
  const content = product.content?.[language];
  const words = DOCUMENT_TEXT;
  return {
    kind,
    language,
    heading,
    title: content?.title ?? product.sku,
    sku: product.sku,
    ean: product.ean ?? null,
    manufacturer,
    packContent: content?.measurement ?? "",
    attributes: (content?.attributes ?? [])
      .filter((attribute) => attribute.isVisible)
      .map((attribute) => ({
        label: attribute.label,
        value: attribute.type === "boolean" ? words[attribute.value === "true" ? "yes" : "no"][language] : attribute.value,
      })),
  };
}

/** The text without the characters the font cannot show. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].filter((char) => known.has(char.codePointAt(0)!)).join("");
}

/** Lines of at most `width` points. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  y = PAGE.height - PAGE.margin;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {}

  text(text: string, options: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}): void {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(font, size, printable(font, text), PAGE.width - 2 * PAGE.margin - indent)) {
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y, size, font, color: rgb(0.15, 0.13, 0.1) });
      this.y -= size * 1.4;
    }
    this.y -= options.gap ?? 0;
  }

  row(label: string, value: string): void {
    const size = 11;
    this.page.drawText(printable(this.fonts.bold, label), { x: PAGE.margin, y: this.y, size, font: this.fonts.bold });
    this.page.drawText(printable(this.fonts.regular, value), { x: PAGE.margin + 200, y: this.y, size, font: this.fonts.regular });
    this.y -= size * 1.6;
  }
}

/** The PDF of a datasheet or laying guide. */
export async function renderPdf(spec: PdfSpec): Promise<Uint8Array> {
  const words = DOCUMENT_TEXT;
  const lang = spec.language;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${spec.title}: ${spec.heading}`);
  pdf.setSubject(spec.sku);
  pdf.setLanguage(lang === "at" ? "de-AT" : lang);
  pdf.setCreationDate(DOCUMENT_DATE);
  pdf.setModificationDate(DOCUMENT_DATE);
  pdf.setProducer("Bodenhaus");
  pdf.setCreator("Bodenhaus");
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  const writer = new Writer(pdf.addPage([PAGE.width, PAGE.height]), fonts);
  writer.text(spec.heading, { size: 12 });
  writer.text(spec.title, { size: 20, bold: true, gap: 12 });
  writer.row(words.articleNumber[lang], spec.sku);
  if (spec.ean) writer.row(words.ean[lang], spec.ean);
  writer.row(words.manufacturer[lang], spec.manufacturer);
  if (spec.packContent) writer.text(spec.packContent, { gap: 12 });
  if (spec.kind === "datasheet") {
    writer.text(words.technicalData[lang], { size: 14, bold: true, gap: 4 });
    for (const attribute of spec.attributes) writer.row(attribute.label, attribute.value);
  } else {
    writer.text(words.steps[lang], { size: 14, bold: true, gap: 4 });
    words.layingSteps.forEach((step, index) => writer.text(`${index + 1}. ${step[lang]}`, { indent: 8, gap: 4 }));
  }
  return pdf.save({ useObjectStreams: false });
}
