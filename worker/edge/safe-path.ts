/**
 * True when no segment of the path could change meaning once decoded by some later
 * reader: no encoded separators or NUL, no backslash, no dot segments, no control
 * characters. The static pages and the API proxy both refuse anything else.
 */
export function hasOnlySafeSegments(path: string): boolean {
  for (const segment of path.split("/").slice(1)) {
    if (/%(2f|5c|00)/i.test(segment) || segment.includes("\\")) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === "." || decoded === ".." || hasControlCharacter(decoded)) return false;
  }
  return true;
}

/** C0 control characters and DEL. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
