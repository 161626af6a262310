/**
 * Small real images for the upload tests: 1x1 pixel JPEG, PNG and WebP files as an image
 * library writes them, and a HEIC file's opening (the ftyp box an iPhone writes, then a
 * meta box start), which is all the type check reads.
 */
const base64 = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, "base64"));

export const JPEG = base64(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABv/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAI2f/2Q==",
);
export const PNG = base64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGM4UaEBAAN0AWnL+tDXAAAAAElFTkSuQmCC");
export const WEBP = base64("UklGRjoAAABXRUJQVlA4IC4AAADQAQCdASoBAAEAAUAmJaACdLoB+AADsAD+pNf/TSPGkeNI+Yt/84ljqd3aAAAA");

/** An ISO-BMFF `ftyp` box: size, "ftyp", major brand, minor version 0, compatible brands. */
export function ftyp(major: string, compatible: string[]): Uint8Array<ArrayBuffer> {
  const size = 16 + 4 * compatible.length;
  const box = new Uint8Array(size);
  new DataView(box.buffer).setUint32(0, size);
  box.set(new TextEncoder().encode(`ftyp${major}`), 4);
  compatible.forEach((brand, i) => box.set(new TextEncoder().encode(brand), 16 + 4 * i));
  return box;
}

export function join(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** A HEIF file's opening: the ftyp box, then the start of the meta box (34 bytes: version, hdlr box). */
export const heif = (major: string, compatible: string[]): Uint8Array<ArrayBuffer> =>
  join(ftyp(major, compatible), new Uint8Array([0, 0, 0, 0x22]), new TextEncoder().encode("meta\0\0\0\0\0\0\0\x1ahdlr"), new Uint8Array(18));

/** What an iPhone writes: ftyp heic (mif1, MiHE, miaf, heic), then the meta box. */
export const HEIC = heif("heic", ["mif1", "MiHE", "miaf", "heic"]);

export const text = (value: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(value);
