/**
 * A streaming reader of multipart/form-data bodies (RFC 7578): it yields each part's
 * headers, then the part's bytes piece by piece as they arrive, then the part's end, so a
 * caller can refuse a part (too large, wrong type) while reading it and never has to hold
 * more than it chose to keep. It behaves the same in workerd and Node (the runtimes'
 * own `formData()` parsers differ in edge cases and buffer the whole body).
 * Malformed input (no opening boundary, a header block over 8 KiB, a missing final
 * boundary) throws MultipartError.
 */

export interface PartHeaders {
  /** The form field name (Content-Disposition `name`), or "" without one. */
  name: string;
  /** The `filename` (or RFC 5987 `filename*`) as sent, or null when the part is not a file. */
  fileName: string | null;
}

export type MultipartEvent = { kind: "part"; headers: PartHeaders } | { kind: "data"; bytes: Uint8Array } | { kind: "end" };

export class MultipartError extends Error {
  override readonly name = "MultipartError";
}

const MAX_HEADER_BYTES = 8192;
const CRLF = new Uint8Array([13, 10]);
const HEADER_END = new Uint8Array([13, 10, 13, 10]);
const DASH = 45;

/** The boundary of a `multipart/form-data` Content-Type (1-70 characters, RFC 2046), or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(;|$)/i.exec(contentType);
  const boundary = match ? (match[1] ?? match[2]!) : null;
  return boundary && /^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary) ? boundary : null;
}

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
export function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first, from); i !== -1 && i <= last; i = haystack.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Content-Disposition parameters; quoted strings may escape with a backslash; `name*` values are RFC 5987 (UTF-8''...). */
function dispositionParameters(value: string): Map<string, string> {
  const parameters = new Map<string, string>();
  const pattern = /;\s*([A-Za-z0-9!#$&+.^_`|~*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"?|([^;]*))/g;
  for (const match of value.matchAll(pattern)) {
    const key = match[1]!.toLowerCase();
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : match[3]!.trim();
    if (key.endsWith("*")) {
      const extended = /^utf-8'[^']*'(.*)$/i.exec(raw);
      if (!extended) continue;
      try {
        parameters.set(key.slice(0, -1), decodeURIComponent(extended[1]!));
      } catch {
        // a broken percent-encoding: the plain parameter (if any) stands
      }
    } else if (!parameters.has(key)) parameters.set(key, raw);
  }
  return parameters;
}

function parseHeaders(block: Uint8Array): PartHeaders {
  const lines = new TextDecoder().decode(block).split("\r\n");
  const disposition = lines.map((line) => /^content-disposition\s*:(.*)$/is.exec(line)?.[1]).find((value) => value !== undefined);
  if (disposition === undefined || !/^\s*form-data\s*(;|$)/i.test(disposition)) throw new MultipartError("a part without Content-Disposition: form-data");
  const parameters = dispositionParameters(disposition);
  return { name: parameters.get("name") ?? "", fileName: parameters.get("filename") ?? null };
}

type State = "preamble" | "delimiter" | "headers" | "body" | "epilogue";

/**
 * The events of a multipart/form-data body: for every part `part`, then its bytes in
 * `data` pieces (views that stay valid: the reader never writes into a buffer it handed
 * out), then `end`.
 */
export async function* multipartEvents(chunks: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  // A leading CRLF lets the first boundary match like every later one (a body may start with it).
  let buffer: Uint8Array = CRLF;
  let state: State = "preamble";
  for await (const chunk of chunks) {
    buffer = concat(buffer, chunk);
    for (;;) {
      if (state === "preamble") {
        const at = indexOfBytes(buffer, delimiter);
        if (at < 0) {
          buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
          break;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
      } else if (state === "delimiter") {
        // After a boundary: "--" closes the body, else optional white space and CRLF open a part.
        if (buffer.length < 2) break;
        if (buffer[0] === DASH && buffer[1] === DASH) {
          state = "epilogue";
          buffer = new Uint8Array();
          break;
        }
        let i = 0;
        while (i < buffer.length && (buffer[i] === 32 || buffer[i] === 9)) i++;
        if (buffer.length - i < 2) {
          if (i > 64) throw new MultipartError("white space after a boundary");
          break;
        }
        if (buffer[i] !== 13 || buffer[i + 1] !== 10) throw new MultipartError("a boundary not followed by CRLF");
        buffer = buffer.subarray(i + 2);
        state = "headers";
      } else if (state === "headers") {
        // An empty header block is the CRLF alone; otherwise the block ends with an empty line.
        const empty = buffer.length >= 2 && buffer[0] === 13 && buffer[1] === 10;
        const end = empty ? 0 : indexOfBytes(buffer, HEADER_END);
        if (!empty && end < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
          break;
        }
        if (end > MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
        yield { kind: "part", headers: parseHeaders(buffer.subarray(0, end)) };
        buffer = buffer.subarray(empty ? 2 : end + HEADER_END.length);
        state = "body";
      } else if (state === "body") {
        const at = indexOfBytes(buffer, delimiter);
        if (at < 0) {
          // Keep what could still be the start of a boundary; the rest is the part's.
          const safe = buffer.length - delimiter.length + 1;
          if (safe > 0) {
            yield { kind: "data", bytes: buffer.subarray(0, safe) };
            buffer = buffer.subarray(safe);
          }
          break;
        }
        if (at > 0) yield { kind: "data", bytes: buffer.subarray(0, at) };
        yield { kind: "end" };
        buffer = buffer.subarray(at + delimiter.length);
        state = "delimiter";
      } else break;
    }
    // Whatever follows the final boundary is not read (the body's stream is cancelled).
    if (state === "epilogue") return;
  }
  throw new MultipartError("the body ended before its final boundary");
}
