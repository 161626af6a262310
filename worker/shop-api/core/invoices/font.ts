/**
 * The invoices' font, DejaVu Sans (every Latin letter the shops' languages use, and €), bundled
 * with the worker as gzip in base64 (dejavu-sans.generated.ts): a module every runtime loads
 * as it is (workerd, wrangler's bundle, Jest), unpacked once per isolate. The PDF embeds only
 * the glyphs it uses (pdf-lib's subset).
 */
import { DEJAVU_SANS_GZIP_BASE64 } from "./dejavu-sans.generated";

let unpacked: Promise<Uint8Array> | undefined;

async function unpack(): Promise<Uint8Array> {
  const packed = Uint8Array.from(atob(DEJAVU_SANS_GZIP_BASE64), (char) => char.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The font's TrueType bytes. */
export function invoiceFont(): Promise<Uint8Array> {
  unpacked ??= unpack();
  return unpacked;
}
