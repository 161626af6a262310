/**
 * A structural PDF/A-3 check of a PDF the shop made (pdf-lib reads it): the rules an e-invoice PDF
 * must keep, each broken one returned by name (empty = conforming to what is checked). Not veraPDF
 * (a Java validator, which does not run here): it checks the document's structure, not its content
 * streams' operators, colours or fonts' glyph widths. Checked:
 * - `encrypted`: no /Encrypt in the trailer;
 * - `id`: the trailer's /ID, an array of two strings;
 * - `metadata`: the catalog's /Metadata, an XMP stream with pdfaid:part 3 and conformance A, B or U;
 * - `extension-schema`: for every namespace prefix the XMP uses beyond the standard schemas, a
 *   pdfaExtension schema naming that prefix and each of its properties used;
 * - `output-intent`: /OutputIntents with a GTS_PDFA1 intent whose DestOutputProfile stream has /N 3
 *   and is an ICC profile ('acsp' at byte 36, its size field = its length, colour space 'RGB ');
 * - `font-not-embedded`: every font descriptor (also Type0's descendant fonts) has FontFile, FontFile2 or FontFile3;
 * - `associated-file`: every embedded file spec has /AFRelationship, its stream /Subtype text/xml, and is in the catalog's /AF;
 * - `info-title`, `info-producer`, `info-dates`: the Info dictionary's Title, Producer and
 *   CreationDate/ModDate equal the XMP's dc:title, pdf:Producer and xmp:CreateDate/ModifyDate.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRawStream, PDFString, type PDFObject } from "pdf-lib";
import { streamBytes } from "./pdf-reading";

/** XMP namespaces PDF/A-3 knows without an extension schema (ISO 19005-3 / XMP 2005). */
const STANDARD_PREFIXES = new Set([
  "x",
  "rdf",
  "xml",
  "dc",
  "xmp",
  "xmpGImg",
  "xmpRights",
  "xmpMM",
  "xmpBJ",
  "xmpTPg",
  "xmpDM",
  "pdf",
  "photoshop",
  "tiff",
  "exif",
  "stRef",
  "stEvt",
  "stVer",
  "stJob",
  "stDim",
  "pdfaid",
  "pdfaExtension",
  "pdfaSchema",
  "pdfaProperty",
  "pdfaType",
  "pdfaField",
]);

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
const unescapeXml = (value: string) =>
  value.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-fA-F]+);/g, (_, entity: string) =>
    entity.startsWith("#x")
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith("#")
        ? String.fromCodePoint(Number(entity.slice(1)))
        : ENTITIES[entity]!,
  );

function xmpProblems(xmp: string): string[] {
  const problems: string[] = [];
  const part = /<pdfaid:part>\s*3\s*<\/pdfaid:part>|pdfaid:part="3"/.test(xmp);
  const conformance = /<pdfaid:conformance>\s*[ABU]\s*<\/pdfaid:conformance>|pdfaid:conformance="[ABU]"/.test(xmp);
  if (!part || !conformance) problems.push("metadata");
  const used = new Map<string, Set<string>>();
  for (const [, prefix, name] of xmp.matchAll(/<([A-Za-z][\w-]*):([A-Za-z][\w-]*)[\s>/]/g)) {
    if (STANDARD_PREFIXES.has(prefix!)) continue;
    used.set(prefix!, (used.get(prefix!) ?? new Set()).add(name!));
  }
  const schemas = [...xmp.matchAll(/<pdfaSchema:prefix>\s*([^<\s]+)\s*<\/pdfaSchema:prefix>/g)].map(([, prefix]) => prefix);
  const declared = new Set([...xmp.matchAll(/<pdfaProperty:name>\s*([^<\s]+)\s*<\/pdfaProperty:name>/g)].map(([, name]) => name));
  for (const [prefix, names] of used) if (!schemas.includes(prefix) || [...names].some((name) => !declared.has(name))) problems.push("extension-schema");
  return [...new Set(problems)];
}

/** The rules `bytes` breaks, by name (see the header); empty when it keeps all of them. */
export async function pdfaProblems(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  const { context, catalog } = pdf;
  // pdf-lib's object classes have private constructors: `type` is the class as a value.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  const lookup = <T>(value: PDFObject | undefined, type: Function & { prototype: T }): T | undefined => {
    const resolved: unknown = value ? context.lookup(value) : undefined;
    return resolved instanceof type ? (resolved as T) : undefined;
  };
  const problems: string[] = [];
  if (context.trailerInfo.Encrypt) problems.push("encrypted");

  const id = lookup(context.trailerInfo.ID, PDFArray);
  const isString = (object: PDFObject) => object instanceof PDFHexString || object instanceof PDFString;
  if (!id || id.size() !== 2 || !id.asArray().every(isString)) problems.push("id");

  const metadata = lookup(catalog.get(PDFName.of("Metadata")), PDFRawStream);
  const xmp = metadata ? Buffer.from(streamBytes(metadata)).toString("utf8") : "";
  problems.push(...(metadata ? xmpProblems(xmp) : ["metadata"]));

  const intents = lookup(catalog.get(PDFName.of("OutputIntents")), PDFArray)?.asArray() ?? [];
  const goodIntent = intents.some((ref) => {
    const intent = lookup(ref, PDFDict);
    const profile = lookup(intent?.get(PDFName.of("DestOutputProfile")), PDFRawStream);
    if (intent?.get(PDFName.of("S")) !== PDFName.of("GTS_PDFA1") || !profile) return false;
    const icc = Buffer.from(streamBytes(profile));
    const components = lookup(profile.dict.get(PDFName.of("N")), PDFNumber)?.asNumber();
    return (
      components === 3 &&
      icc.length >= 128 &&
      icc.toString("latin1", 36, 40) === "acsp" &&
      icc.readUInt32BE(0) === icc.length &&
      icc.toString("latin1", 16, 20) === "RGB "
    );
  });
  if (!goodIntent) problems.push("output-intent");

  const associated = lookup(catalog.get(PDFName.of("AF")), PDFArray)?.asArray() ?? [];
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    const type = object.get(PDFName.of("Type"));
    if (type === PDFName.of("Font")) {
      const subtype = object.get(PDFName.of("Subtype"));
      if (subtype === PDFName.of("Type3")) continue;
      const fonts =
        subtype === PDFName.of("Type0")
          ? (lookup(object.get(PDFName.of("DescendantFonts")), PDFArray)
              ?.asArray()
              .map((descendant) => lookup(descendant, PDFDict)) ?? [undefined])
          : [object];
      const embedded = (font: PDFDict | undefined) => {
        const descriptor = lookup(font?.get(PDFName.of("FontDescriptor")), PDFDict);
        return ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor?.get(PDFName.of(key)));
      };
      if (!fonts.every(embedded)) problems.push("font-not-embedded");
    }
    if (type === PDFName.of("Filespec")) {
      const file = lookup(lookup(object.get(PDFName.of("EF")), PDFDict)?.get(PDFName.of("F")), PDFRawStream);
      const listed = associated.some((entry) => entry === ref);
      if (!object.get(PDFName.of("AFRelationship")) || file?.dict.get(PDFName.of("Subtype")) !== PDFName.of("text/xml") || !listed)
        problems.push("associated-file");
    }
  }

  const xmpValue = (pattern: RegExp) => {
    const match = pattern.exec(xmp);
    return match ? unescapeXml(match[1]!) : undefined;
  };
  const xmpTime = (name: string) => {
    const value = xmpValue(new RegExp(`<xmp:${name}>([^<]*)</xmp:${name}>`));
    return value === undefined ? undefined : Date.parse(value);
  };
  if (pdf.getTitle() !== xmpValue(/<dc:title>\s*<rdf:Alt>\s*<rdf:li[^>]*>([^<]*)<\/rdf:li>/)) problems.push("info-title");
  if (pdf.getProducer() !== xmpValue(/<pdf:Producer>([^<]*)<\/pdf:Producer>/)) problems.push("info-producer");
  if (pdf.getCreationDate()?.getTime() !== xmpTime("CreateDate") || pdf.getModificationDate()?.getTime() !== xmpTime("ModifyDate")) problems.push("info-dates");
  return [...new Set(problems)];
}
