import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CSP_MANIFEST_FILE, type CspManifest } from "@worker/edge/csp-manifest";
import { FileMemo, writeWhole } from "./file-digests";
import { listFiles } from "./sync-directory";

/**
 * The CSP manifest of a shop's build (docs/decisions/0028): the SHA-256 hashes of the
 * inline scripts the build emitted, per HTML file, written as `_csp.json` into the build
 * output after Gatsby ran, so it reaches dist/<SHOP>/ with the pages. The edge allows a
 * page exactly its file's hashes; a script that is not in the built file (added later,
 * by anyone) is blocked by the browser.
 */

/** Inline script elements; attribute values may hold `>` inside quotes. The text ends at the first `</script`, as in a browser. */
const SCRIPT = /<script\b((?:"[^"]*"|'[^']*'|[^'">])*)>([\s\S]*?)<\/script[\s/>]/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Types a browser runs (HTML's JavaScript MIME type essences, and module); any other type is a data block. */
const RUNNABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!found.has(name)) found.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return found;
}

/** The texts of the inline scripts a browser would run (no src, no data blocks such as JSON-LD, not empty). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attrs = attributes(match[1]!);
    const text = match[2]!;
    if (attrs.has("src") || text.trim() === "") continue;
    if (!RUNNABLE_TYPES.has((attrs.get("type") ?? "").trim().toLowerCase())) continue;
    scripts.push(text);
  }
  return scripts;
}

/** The hash a CSP `'sha256-...'` source names: base64 of the SHA-256 of the script text's UTF-8 bytes. */
export function scriptHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}

/** The manifest of a set of HTML files (build file path -> HTML). */
export function cspManifest(pages: Iterable<[file: string, html: string]>): CspManifest {
  const hashed: [string, string[]][] = [];
  for (const [file, html] of pages) hashed.push([file, inlineScripts(html).map(scriptHash)]);
  return manifestOfHashes(hashed);
}

/** The manifest from each page's inline script hashes (in document order, repeats allowed). */
function manifestOfHashes(pages: Iterable<[file: string, hashes: string[]]>): CspManifest {
  const hashes: string[] = [];
  const indexOf = new Map<string, number>();
  const manifestPages: Record<string, number[]> = {};
  for (const [file, pageHashes] of pages) {
    const indexes = new Set<number>();
    for (const hash of pageHashes) {
      let index = indexOf.get(hash);
      if (index === undefined) {
        index = hashes.push(hash) - 1;
        indexOf.set(hash, index);
      }
      indexes.add(index);
    }
    manifestPages[file] = [...indexes];
  }
  return { version: 1, hashes, pages: manifestPages };
}

/**
 * Writes the manifest of every HTML file under `output` to `output/_csp.json` (whole, never half-written); returns it.
 * With `memo` (a file outside `output`), each page's script hashes are remembered by the file's identity
 * (file-digests.ts), so a rebuild that rewrote a few pages reads only those.
 */
export function writeCspManifest(output: string, options: { memo?: string } = {}): CspManifest {
  const files = listFiles(output).filter((file) => file.endsWith(".html"));
  const memo = new FileMemo(options.memo ?? null, (path) => inlineScripts(readFileSync(path, "utf8")).map(scriptHash));
  const manifest = manifestOfHashes(files.map((file) => [`/${file.split("\\").join("/")}`, memo.get(join(output, file))]));
  memo.save();
  writeWhole(join(output, CSP_MANIFEST_FILE), JSON.stringify(manifest));
  return manifest;
}
