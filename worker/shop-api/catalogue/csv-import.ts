/**
 * CSV imports: `csv-products` (one row per product) and `csv-prices` (one row per
 * price). Rows become the records of import-format.ts and go through the same
 * validator as JSON; problems name the CSV data row (1-based, header excluded) and
 * the column.
 */
import { parse } from "csv-parse/sync";
import { LANGUAGES } from "@config/shop-config";
import type { ImportFormat, ImportProblem } from "./import-format";
import { MAX_PROBLEMS } from "./problems";

type CellKind = "text" | "number" | "boolean" | "list";

const PRODUCT_COLUMNS: Record<string, CellKind> = {
  sku: "text",
  parentSku: "text",
  type: "text",
  manufacturer: "text",
  category: "text",
  categories: "list",
  shops: "list",
  ean: "text",
  unit: "text",
  packageContent: "number",
  blendPercent: "number",
  shippingGroup: "text",
  isDecking: "boolean",
  isExpress: "boolean",
  isClearance: "boolean",
  isPlus: "boolean",
  isFreeShipping: "boolean",
  isActive: "boolean",
  reachedEol: "boolean",
  deliveryDaysMin: "number",
  deliveryDaysMax: "number",
  stockQuantity: "number",
  minimumOrderQuantity: "number",
  notificationQuantity: "number",
  sampleActive: "boolean",
  sampleExpress: "boolean",
  sampleLongDeliveryTime: "boolean",
  sampleFree: "boolean",
  sampleMax: "number",
};
const CONTENT_FIELDS: Record<string, CellKind> = {
  title: "text",
  slug: "text",
  subtitle: "text",
  shortDescription: "text",
  description: "text",
  features: "list",
};
const PRICE_COLUMNS: Record<string, CellKind> = {
  sku: "text",
  shop: "text",
  currency: "text",
  packagePrice: "number",
  unitPrice: "number",
  taxRate: "number",
  validFrom: "text",
};
const REQUIRED: Record<"csv-products" | "csv-prices", string[]> = {
  "csv-products": ["sku", "type", "category", "shops", "unit", "packageContent", "shippingGroup", "deliveryDaysMin", "deliveryDaysMax", "stockQuantity"],
  "csv-prices": ["sku", "shop", "currency", "packagePrice", "unitPrice"],
};

/**
 * `document`: the rows as records of the JSON format, unchecked (the validator checks them like JSON).
 * `cellProblems`: cells that are not a number/boolean; the rows still go through the validator so every problem is reported.
 */
export type CsvParseResult =
  { ok: true; document: { products: unknown[] } | { prices: unknown[] }; cellProblems: ImportProblem[] } | { ok: false; problems: ImportProblem[] };

/** Which CSV format a header line belongs to, or undefined. */
export function detectCsvFormat(text: string): "csv-products" | "csv-prices" | undefined {
  const header = (text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "").split(/[;,]/).map((h) => h.trim().replace(/^"|"$/g, ""));
  if (header.includes("packagePrice") && header.includes("shop")) return "csv-prices";
  if (header.includes("sku") && (header.includes("unit") || header.includes("type"))) return "csv-products";
  return undefined;
}

function columnKind(format: "csv-products" | "csv-prices", column: string): CellKind | undefined {
  if (format === "csv-prices") return PRICE_COLUMNS[column];
  if (column in PRODUCT_COLUMNS) return PRODUCT_COLUMNS[column];
  const match = /^([A-Za-z]+)\.([a-z]+)$/.exec(column);
  if (match && match[1]! in CONTENT_FIELDS && (LANGUAGES as readonly string[]).includes(match[2]!)) return CONTENT_FIELDS[match[1]!];
  return undefined;
}

/**
 * Converts CSV text to a catalogue document. Header problems (unknown or missing
 * columns) and cell problems (bad numbers, booleans) are returned as problems.
 */
export function parseCsvImport(format: "csv-products" | "csv-prices", text: string): CsvParseResult {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  let records: string[][];
  try {
    records = parse(clean, { delimiter, skip_empty_lines: true, relax_quotes: false, trim: false }) as string[][];
  } catch (error) {
    const err = error as Error & { lines?: number };
    const line = typeof err.lines === "number" ? err.lines : undefined;
    return {
      ok: false,
      problems: [{ row: line !== undefined ? Math.max(line - 1, 0) : undefined, field: "(file)", message: `malformed CSV: ${err.message}` }],
    };
  }
  const header = (records[0] ?? []).map((h) => h.trim());
  if (header.length === 0 || header.every((h) => h === ""))
    return { ok: false, problems: [{ row: 0, field: "(file)", message: "the file has no header row" }] };
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  header.forEach((column) => {
    if (seen.has(column)) problems.push({ row: 0, field: column, message: `column '${column}' appears twice` });
    seen.add(column);
    if (!columnKind(format, column)) {
      const allowed =
        format === "csv-prices" ? Object.keys(PRICE_COLUMNS) : [...Object.keys(PRODUCT_COLUMNS), ...Object.keys(CONTENT_FIELDS).map((f) => `${f}.<language>`)];
      problems.push({ row: 0, field: column || "(empty)", message: `unknown column '${column}' (allowed: ${allowed.join(", ")})` });
    }
  });
  for (const column of REQUIRED[format]) if (!seen.has(column)) problems.push({ row: 0, field: column, message: `required column '${column}' is missing` });
  if (problems.length > 0) return { ok: false, problems };

  const decimalComma = delimiter === ";";
  const rows = records.slice(1);
  const products: unknown[] = [];
  const prices: unknown[] = [];
  rows.forEach((cells, index) => {
    const row = index + 1;
    const value = (column: string): string | number | boolean | string[] | undefined => {
      const position = header.indexOf(column);
      if (position < 0) return undefined;
      const raw = (cells[position] ?? "").trim();
      if (raw === "") return undefined;
      const kind = columnKind(format, column)!;
      if (kind === "number") {
        const normalized = decimalComma ? raw.replace(",", ".") : raw;
        if (!/^-?\d+(\.\d+)?$/.test(normalized)) {
          problems.push({ row, field: column, message: `must be a number (got '${raw}')` });
          return undefined;
        }
        return Number(normalized);
      }
      if (kind === "boolean") {
        const lower = raw.toLowerCase();
        if (["1", "true", "yes", "ja", "y"].includes(lower)) return true;
        if (["0", "false", "no", "nein", "n"].includes(lower)) return false;
        problems.push({ row, field: column, message: `must be a boolean: 1/0, true/false or yes/no (got '${raw}')` });
        return undefined;
      }
      if (kind === "list")
        return raw
          .split("|")
          .map((part) => part.trim())
          .filter(Boolean);
      return raw;
    };
    if (format === "csv-prices") {
      prices.push(
        compact({
          sku: value("sku"),
          shop: value("shop"),
          currency: value("currency"),
          packagePrice: value("packagePrice"),
          unitPrice: value("unitPrice"),
          taxRate: value("taxRate"),
          validFrom: value("validFrom"),
        }),
      );
      return;
    }
    const content: Record<string, Record<string, unknown>> = {};
    for (const column of header) {
      const match = /^([A-Za-z]+)\.([a-z]+)$/.exec(column);
      if (!match) continue;
      const cell = value(column);
      if (cell === undefined) continue;
      (content[match[2]!] ??= {})[match[1]!] = cell;
    }
    const sampleFields = {
      active: value("sampleActive"),
      express: value("sampleExpress"),
      longDeliveryTime: value("sampleLongDeliveryTime"),
      free: value("sampleFree"),
      max: value("sampleMax"),
    };
    const samples = Object.values(sampleFields).some((v) => v !== undefined) ? compact(sampleFields) : undefined;
    products.push(
      compact({
        sku: value("sku"),
        parentSku: value("parentSku"),
        type: value("type"),
        manufacturer: value("manufacturer"),
        category: value("category"),
        categories: value("categories"),
        shops: value("shops"),
        ean: value("ean"),
        unit: value("unit"),
        packageContent: value("packageContent"),
        blendPercent: value("blendPercent"),
        shippingGroup: value("shippingGroup"),
        isDecking: value("isDecking"),
        isExpress: value("isExpress"),
        isClearance: value("isClearance"),
        isPlus: value("isPlus"),
        isFreeShipping: value("isFreeShipping"),
        isActive: value("isActive"),
        reachedEol: value("reachedEol"),
        deliveryDays: compact({ min: value("deliveryDaysMin"), max: value("deliveryDaysMax") }),
        stock: compact({
          quantity: value("stockQuantity"),
          minimumOrderQuantity: value("minimumOrderQuantity"),
          notificationQuantity: value("notificationQuantity"),
        }),
        samples,
        content,
      }),
    );
  });
  if (rows.length === 0) return { ok: false, problems: [{ row: 0, field: "(file)", message: "the file has a header but no data rows" }] };
  return { ok: true, document: format === "csv-prices" ? { prices } : { products }, cellProblems: problems };
}

function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Cell problems first, then validator problems for other cells, capped like the validator's list. */
export function mergeCsvProblems(format: ImportFormat, cellProblems: ImportProblem[], validatorProblems: ImportProblem[]): ImportProblem[] {
  const cells = new Set(cellProblems.map((p) => `${p.row}\u0000${p.field}`));
  const merged = [...cellProblems, ...csvProblems(format, validatorProblems).filter((p) => !cells.has(`${p.row}\u0000${p.field}`))];
  if (merged.length <= MAX_PROBLEMS) return merged;
  return [...merged.slice(0, MAX_PROBLEMS), { field: "(file)", message: `… and ${merged.length - MAX_PROBLEMS} more` }];
}

/** Maps validator problems (`products[3].deliveryDays.min`) to CSV rows and columns (`row 4`, `deliveryDaysMin`). */
export function csvProblems(format: ImportFormat, problems: ImportProblem[]): ImportProblem[] {
  return problems.map((problem) => {
    const match = /^(products|prices)\[(\d+)\](?:\.(.*))?$/.exec(problem.field);
    if (!match) return problem;
    const row = Number(match[2]) + 1;
    return { row, field: format === "csv-prices" ? priceColumn(match[3] ?? "") : productColumn(match[3] ?? ""), message: problem.message };
  });
}

function priceColumn(path: string): string {
  return path.split(/[.[]/)[0] || "(row)";
}

function productColumn(path: string): string {
  const parts = path.split(".").map((p) => p.replace(/\[\d+\]$/, ""));
  const [first, second, third] = parts;
  switch (first) {
    case "deliveryDays":
      return second === "max" ? "deliveryDaysMax" : "deliveryDaysMin";
    case "stock":
      return second === "minimumOrderQuantity" ? "minimumOrderQuantity" : second === "notificationQuantity" ? "notificationQuantity" : "stockQuantity";
    case "samples": {
      const map: Record<string, string> = {
        active: "sampleActive",
        express: "sampleExpress",
        longDeliveryTime: "sampleLongDeliveryTime",
        free: "sampleFree",
        max: "sampleMax",
      };
      return map[second ?? "active"] ?? "sampleActive";
    }
    case "content":
      if (!second) return "content";
      return `${third ?? "title"}.${second}`;
    case undefined:
    case "":
      return "(row)";
    default:
      return first;
  }
}
