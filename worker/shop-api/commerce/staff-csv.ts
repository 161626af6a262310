/**
 * CSV for the back office's exports (RFC 4180: comma separated, CRLF line ends, a cell in
 * double quotes when it holds a comma, a quote, CR or LF, its quotes doubled), safe to open
 * in a spreadsheet: a cell that starts with = + - @, a tab or CR would be read as a formula
 * (OWASP "CSV injection"), so it gets a leading apostrophe. A UTF-8 byte order mark first,
 * so spreadsheet programs read umlauts right.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised against formulas, quoted when it must be. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export const CSV_BOM = "\uFEFF";

/**
 * A CSV body that is written while it is read: the header line, then the rows as the
 * generator yields them (one D1 page at a time). An error in the middle ends the stream
 * with that error, so the download fails instead of looking complete.
 */
export function csvStream(header: readonly string[], rows: AsyncIterable<string[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
        return;
      }
      const lines: string[] = [];
      // Up to 100 rows per chunk: few small writes, never more than a page in memory.
      while (lines.length < 100) {
        const next = await iterator.next();
        if (next.done) {
          if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
          controller.close();
          return;
        }
        lines.push(csvLine(next.value));
      }
      controller.enqueue(encoder.encode(lines.join("")));
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
}
