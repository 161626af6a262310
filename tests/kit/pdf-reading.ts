/**
 * Reading a PDF the shop made (pdf-lib): the lines of text its pages show (the content streams'
 * text strings through the fonts' ToUnicode maps), its embedded font files, its attached files and
 * its XMP metadata: what the invoice tests check.
 */
import { inflateSync } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString } from "pdf-lib";

export interface PdfFacts {
  /** Each text string drawn, in drawing order. */
  texts: string[];
  /** The fonts' descriptors that embed a TrueType file (/FontFile2). */
  embeddedFonts: number;
  /** Fonts without an embedded file (a standard font the reader must have). */
  unembeddedFonts: number;
  /** Embedded files by name with their bytes as text. */
  attachments: Record<string, string>;
  /** The catalog's associated files (/AF, PDF/A-3): how many. */
  associatedFiles: number;
  /** The catalog's XMP metadata, or null. */
  metadata: string | null;
  title: string | undefined;
}

/** A stream's bytes, inflated when it is Flate-encoded. */
export function streamBytes(stream: PDFRawStream): Uint8Array {
  return stream.dict.get(PDFName.of("Filter")) === PDFName.of("FlateDecode") ? inflateSync(stream.contents) : stream.contents;
}

const decoded = (stream: PDFRawStream): string => Buffer.from(streamBytes(stream)).toString("latin1");

/** A ToUnicode CMap's code -> text (bfchar and bfrange entries). */
function unicodeMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, code, value] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), utf16(value!));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
    for (const [, from, to, value] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const start = parseInt(from!, 16);
      for (let code = start; code <= parseInt(to!, 16); code++)
        map.set(code.toString(16).toUpperCase().padStart(from!.length, "0"), String.fromCharCode(parseInt(value!, 16) + code - start));
    }
  return map;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  // pdf-lib's object classes have private constructors: `type` is the class as a value.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const lookup = <T>(value: unknown, type: Function & { prototype: T }): T | undefined => {
    const resolved: unknown = value ? pdf.context.lookup(value as never) : undefined;
    return resolved instanceof type ? (resolved as T) : undefined;
  };
  let embeddedFonts = 0;
  let unembeddedFonts = 0;
  const maps: Map<string, string>[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const subtype = object.get(PDFName.of("Subtype"));
    if (subtype === PDFName.of("Type0")) {
      const toUnicode = lookup(object.get(PDFName.of("ToUnicode")), PDFRawStream);
      if (toUnicode) maps.push(unicodeMap(decoded(toUnicode)));
      continue;
    }
    const descriptor = lookup(object.get(PDFName.of("FontDescriptor")), PDFDict);
    if (descriptor?.get(PDFName.of("FontFile2"))) embeddedFonts++;
    else unembeddedFonts++;
  }
  const texts: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => lookup(ref, PDFRawStream)) : [lookup(contents, PDFRawStream) ?? contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      for (const [, hex] of decoded(stream).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        const codes = hex!.toUpperCase().match(/.{4}/g) ?? [];
        const map = maps.find((candidate) => codes.every((code) => candidate.has(code))) ?? new Map<string, string>();
        texts.push(codes.map((code) => map.get(code) ?? "?").join(""));
      }
    }
  }
  const attachments: Record<string, string> = {};
  const names = lookup(pdf.catalog.get(PDFName.of("Names")), PDFDict);
  const files = lookup(lookup(names?.get(PDFName.of("EmbeddedFiles")), PDFDict)?.get(PDFName.of("Names")), PDFArray);
  for (let index = 0; files && index < files.size(); index += 2) {
    const name = lookup(files.get(index), PDFString) ?? lookup(files.get(index), PDFHexString);
    const spec = lookup(files.get(index + 1), PDFDict);
    const file = lookup(lookup(spec?.get(PDFName.of("EF")), PDFDict)?.get(PDFName.of("F")), PDFRawStream);
    if (name && file) attachments[name.decodeText()] = Buffer.from(decoded(file), "latin1").toString("utf8");
  }
  const metadata = lookup(pdf.catalog.get(PDFName.of("Metadata")), PDFStream);
  const associatedFiles = lookup(pdf.catalog.get(PDFName.of("AF")), PDFArray)?.size() ?? 0;
  return {
    texts,
    embeddedFonts,
    unembeddedFonts,
    attachments,
    associatedFiles,
    metadata: metadata instanceof PDFRawStream ? Buffer.from(decoded(metadata), "latin1").toString("utf8") : null,
    title: pdf.getTitle(),
  };
}
