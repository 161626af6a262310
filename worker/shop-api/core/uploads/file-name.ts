/**
 * File names of uploads: what is kept of the name the client sent, which extensions are
 * allowed, and how the name goes back out in Content-Disposition.
 *
 * The extension must be one of ALLOWED_EXTENSIONS ('file extension not allowed')
 * but need not agree with the type the bytes show (a phone's PNG screenshot renamed .jpg
 * is fine): the stored and served type is always the sniffed one, and the allowlist is
 * what keeps a downloaded file from ever being named .html, .svg or .exe.
 */

export const ALLOWED_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "heic", "heif"] as const;

const MAX_NAME_CHARACTERS = 120;
/** Control characters (C0, DEL, C1) and format characters (bidirectional overrides and isolates, zero-width characters, BOM). */
const INVISIBLE = /[\p{Cc}\p{Cf}]/gu;
/** Characters no file system or header should get from a client: quotes, path and shell specials. */
const RESERVED = /["*:<>?|\\/]/g;

/**
 * The name kept of a client's file name: its last path segment (so `../../x.jpg` is `x.jpg`),
 * Unicode NFC, without invisible characters, with reserved ones as `_`, single spaces, no
 * leading dots or trailing dots/spaces, at most 120 characters (the extension kept).
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? "";
  let name = lastSegment
    .normalize("NFC")
    .replace(INVISIBLE, "")
    .replace(RESERVED, "_")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+/, "")
    .replace(/[\s.]+$/, "");
  const characters = [...name];
  if (characters.length > MAX_NAME_CHARACTERS) {
    const extension = extensionOf(name);
    const keep = MAX_NAME_CHARACTERS - (extension ? extension.length + 1 : 0);
    name = characters.slice(0, keep).join("").trimEnd() + (extension ? `.${extension}` : "");
  }
  return name;
}

/** The lower-case extension of a name (`IMG_1.HEIC` -> `heic`), or "" without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

export function hasAllowedExtension(name: string): boolean {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

/** RFC 5987 attr-char: everything else is percent-encoded (encodeURIComponent leaves ' ( ) * as they are). */
const encodeRfc5987 = (value: string): string => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<percent-encoded>` (RFC 6266):
 * the fallback has every character outside printable ASCII, and `"` and `\`, as `_`.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
