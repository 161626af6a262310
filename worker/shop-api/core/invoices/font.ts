/**
 * The invoices' font, DejaVu Sans (every Latin letter the shops' languages use, and €), bundled
 * with the worker as gzip in base64 (dejavu-sans.generated.ts): a module every runtime loads
 * as it is (workerd, wrangler's bundle, Jest), unpacked and parsed once per isolate. The PDF
 * embeds only the glyphs it uses (pdf-lib's subset).
 */
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument } from "pdf-lib";
import { base64Bytes } from "@worker/lib/base64";
import { DEJAVU_SANS_GZIP_BASE64 } from "./dejavu-sans.generated";

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];
type ParsedFont = ReturnType<Fontkit["create"]>;

let unpacked: Promise<Uint8Array> | undefined;

async function unpack(): Promise<Uint8Array> {
  const packed = base64Bytes(DEJAVU_SANS_GZIP_BASE64);
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The font's TrueType bytes. */
export function invoiceFont(): Promise<Uint8Array> {
  unpacked ??= unpack();
  return unpacked;
}

const parsed = new WeakMap<Uint8Array, ParsedFont>();

/**
 * fontkit for pdf-lib, parsing a font's bytes once per isolate: pdf-lib has the bytes it embeds
 * parsed for every PDF, and the parse (with the layout tables read at the first text) costs more
 * than the rest of an invoice. A parsed font is only read; each PDF takes a subset of its own.
 * A font of a collection (`postscriptName`) is parsed every time.
 */
export const onceParsingFontkit: Fontkit = {
  create(bytes, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(bytes, postscriptName);
    let font = parsed.get(bytes);
    if (!font) {
      font = fontkit.create(bytes);
      parsed.set(bytes, font);
    }
    return font;
  },
};
