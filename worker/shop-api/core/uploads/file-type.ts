/**
 * The type of an uploaded image, decided by its first bytes only (never by its name or
 * the Content-Type the client sent): the format's signature and the structure that must
 * follow it, so a signature glued to a script or an HTML page is not an image.
 *   JPEG  FF D8 FF and a marker byte (C0-FE: APPn, DQT, SOFn, COM, ...), whose segment
 *         length fits the file and is followed by the next marker (FF)
 *   PNG   89 50 4E 47 0D 0A 1A 0A and the IHDR chunk (length 13) every PNG starts with,
 *         followed by a well-formed chunk header (a length that fits, a type of letters)
 *   WebP  "RIFF" <size> "WEBP" and a "VP8 ", "VP8L" or "VP8X" chunk; the RIFF size is the
 *         file's size less 8
 *   HEIC  an ISO-BMFF `ftyp` box whose major brand is heic, heix, hevc, hevx, heim, heis,
 *         mif1 or msf1 (what phones write) and that names no AVIF brand (AVIF lists mif1
 *         too), followed by a well-formed box header; image/heic when a HEVC brand is among
 *         its brands, else image/heif.
 * Anything else (HTML, SVG, PDF, GIF, AVIF, an empty file) is not an image we take.
 */
import type { UploadContentType } from "@shop-api/tables/uploads";

const ascii = (bytes: Uint8Array, start: number, length: number): string => String.fromCharCode(...bytes.subarray(start, start + length));

const uint32 = (bytes: Uint8Array, at: number): number => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);

const JPEG = [0xff, 0xd8, 0xff] as const;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const PNG_IHDR = [0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52] as const;
const WEBP_CHUNKS = new Set(["VP8 ", "VP8L", "VP8X"]);
const HEVC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis"]);
const HEIF_BRANDS = new Set([...HEVC_BRANDS, "mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
/** An ftyp box lists a handful of brands; anything larger is not a phone's image. */
const MAX_FTYP_BYTES = 256;
const BOX_TYPE = /^[A-Za-z0-9 ]{4}$/;

/** A box header at `at`: size 0 (to the end), 1 (64-bit size follows) or 8 up to what is left, and a type of letters/digits. */
function isBoxHeader(bytes: Uint8Array, at: number): boolean {
  if (bytes.length < at + 8 || !BOX_TYPE.test(ascii(bytes, at + 4, 4))) return false;
  const size = uint32(bytes, at);
  return size === 0 || size === 1 || (size >= 8 && size <= bytes.length - at);
}

function heifType(bytes: Uint8Array): UploadContentType | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const boxSize = uint32(bytes, 0);
  if (boxSize < 16 || boxSize > MAX_FTYP_BYTES || boxSize % 4 !== 0 || !isBoxHeader(bytes, boxSize)) return null;
  const major = ascii(bytes, 8, 4);
  const brands = [major];
  for (let offset = 16; offset < boxSize; offset += 4) brands.push(ascii(bytes, offset, 4));
  if (!HEIF_BRANDS.has(major) || brands.some((brand) => AVIF_BRANDS.has(brand))) return null;
  return brands.some((brand) => HEVC_BRANDS.has(brand)) ? "image/heic" : "image/heif";
}

/** RIFF sizes are little-endian. */
const riffSize = (bytes: Uint8Array): number => (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;

function isWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 20 &&
    ascii(bytes, 0, 4) === "RIFF" &&
    ascii(bytes, 8, 4) === "WEBP" &&
    WEBP_CHUNKS.has(ascii(bytes, 12, 4)) &&
    riffSize(bytes) === bytes.length - 8
  );
}

/** A JPEG's first segment after SOI: a marker C0-FE whose length (at least 2) fits the file, and the next marker after it. */
function isJpeg(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, JPEG) || bytes.length < 6 || bytes[3]! < 0xc0 || bytes[3]! > 0xfe) return false;
  const length = (bytes[4]! << 8) | bytes[5]!;
  const next = 4 + length;
  return length >= 2 && next < bytes.length && bytes[next] === 0xff;
}

/** The signature, the IHDR chunk (13 bytes of data and its CRC), and a well-formed header of the chunk after it. */
const IHDR_END = PNG.length + 8 + 13 + 4;
const CHUNK_TYPE = /^[A-Za-z]{4}$/;

function isPng(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, PNG) || !startsWith(bytes, PNG_IHDR, PNG.length) || bytes.length < IHDR_END + 8) return false;
  return CHUNK_TYPE.test(ascii(bytes, IHDR_END + 4, 4)) && uint32(bytes, IHDR_END) + 12 <= bytes.length - IHDR_END;
}

/** The image type of a file's first bytes, or null when they are not a JPEG, PNG, WebP or HEIC/HEIF image. */
export function sniffImageType(bytes: Uint8Array): UploadContentType | null {
  if (isJpeg(bytes)) return "image/jpeg";
  if (isPng(bytes)) return "image/png";
  if (isWebp(bytes)) return "image/webp";
  return heifType(bytes);
}
