/**
 * Byte ranges of a file (RFC 9110 section 14), for media that players seek in (docs/decisions/0068).
 * One range is answered as a part (206); a range that starts beyond the end of the file, a zero
 * suffix (`bytes=-0`) or any range of an empty file cannot be satisfied (416, its Content-Range
 * naming only the size); everything else (no header, another unit, garbage, a reversed
 * range, several or overlapping ranges) is answered with the whole file (200), which the RFC allows.
 */
export type ByteRange = { kind: "whole" } | { kind: "part"; start: number; end: number } | { kind: "unsatisfiable" };

/** Longer headers are garbage for our files (no player sends one), and are answered whole. */
const MAX_HEADER_LENGTH = 100;
const ONE_RANGE = /^bytes[ \t]*=[ \t]*(\d*)-(\d*)[ \t]*$/i;

const WHOLE: ByteRange = { kind: "whole" };
const UNSATISFIABLE: ByteRange = { kind: "unsatisfiable" };

/** The part of a file of `size` bytes that a `Range` header asks for. */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  if (!header || header.length > MAX_HEADER_LENGTH) return WHOLE;
  const match = ONE_RANGE.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return WHOLE;
  if (first === "") {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { kind: "part", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: "part", start, end: Math.min(end, size - 1) };
}

/** The `Content-Range` of a part, or of an unsatisfiable range (a star for the part, then the size). */
export function contentRange(range: ByteRange, size: number): string | null {
  if (range.kind === "part") return `bytes ${range.start}-${range.end}/${size}`;
  if (range.kind === "unsatisfiable") return `bytes */${size}`;
  return null;
}

/** The bytes `start` to `end` (inclusive) of a stream, ending it once they have passed. */
export function sliceStream(body: ReadableStream<Uint8Array>, start: number, end: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(start - offset, 0);
        const to = Math.min(end + 1 - offset, chunk.byteLength);
        offset += chunk.byteLength;
        if (to > from) controller.enqueue(chunk.subarray(from, to));
        if (offset > end) controller.terminate();
      },
    }),
  );
}
