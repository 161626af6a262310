/**
 * The parse step of the import: the text of a file as an unchecked document (JSON as
 * it is; CSV products or prices as the records of the JSON format, csv-import.ts).
 */
import { parseCsvImport } from "./csv-import";
import type { ImportFormat, ImportProblem } from "./import-format";

export interface ImportInput {
  format: ImportFormat;
  text: string;
}

/** `cellProblems`: CSV cells that are not a number or boolean; the validator still runs so every problem is reported at once. */
export type ParsedImport = { ok: true; raw: unknown; cellProblems: ImportProblem[] } | { ok: false; problems: ImportProblem[] };

export function parseImport(input: ImportInput): ParsedImport {
  switch (input.format) {
    case "json":
      try {
        return { ok: true, raw: JSON.parse(input.text.replace(/^\uFEFF/, "")), cellProblems: [] };
      } catch (error) {
        return { ok: false, problems: [{ field: "(file)", message: `malformed JSON: ${error instanceof Error ? error.message : String(error)}` }] };
      }
    case "csv-products":
    case "csv-prices": {
      const parsed = parseCsvImport(input.format, input.text);
      return parsed.ok ? { ok: true, raw: parsed.document, cellProblems: parsed.cellProblems } : parsed;
    }
    default:
      return { ok: false, problems: [{ field: "(file)", message: `unknown format '${String(input.format)}' (allowed: json, csv-products, csv-prices)` }] };
  }
}
