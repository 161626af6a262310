import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * React 18's streaming renderer, with which Gatsby renders every page, leaks NUL bytes into
 * the HTML where a multi-byte UTF-8 character (ä, €, –) meets the end of its 2 KB write buffer:
 * it flushes the whole buffer, unwritten tail included (react#26228, fixed after React 18). The
 * characters themselves stay whole; the NULs are extra bytes that pages would show or compare
 * as text. After a build, every HTML file the build wrote (modified since it started) is cleaned
 * of them; answers how many files had any.
 */
export function stripNulBytes(dir: string, since: number): number {
  let cleaned = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) cleaned += stripNulBytes(path, since);
    else if (entry.isFile() && entry.name.endsWith(".html") && statSync(path).mtimeMs >= since) {
      const bytes = readFileSync(path);
      if (!bytes.includes(0)) continue;
      writeFileSync(
        path,
        bytes.filter((byte) => byte !== 0),
      );
      cleaned += 1;
    }
  }
  return cleaned;
}
