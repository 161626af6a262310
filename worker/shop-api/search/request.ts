/**
 * Reading GET /apiv2/search and /apiv2/search/suggestions parameters: query
 * (printable text only, at most MAX_QUERY_TERMS terms), offset (default 0), limit
 * (default 50, at most 100), log=false, filters (a JSON list of
 * {name, type: "products", values} or {name, type: "products", min, max}), sort (one of the
 * category pages' orders, `price-asc`; absent or `position-asc`: by relevance).
 */
import { z } from "zod";
import { CATEGORY_SORT_KEY } from "@domain/category-listing";
import { roundRange } from "@domain/ranges";
import type { ActiveFilter } from "@domain/search-api";
import { fail, MESSAGES } from "../core/envelope";
import { MAX_QUERY_TERMS, printableText, queryTerms } from "./query-text";
import { DEFAULT_LIMIT, MAX_LIMIT, SearchInputError, type SearchSort } from "./types";
import { unitOfAttribute } from "./ranges";

/** What of a longer query is searched. */
const MAX_QUERY_CHARACTERS = 200;

export interface SearchParams {
  query: string;
  offset: number;
  limit: number;
  log: boolean;
  filters: ActiveFilter[];
  /** undefined: by relevance */
  sort?: SearchSort;
}

const FILTER_KEY = /^[a-z][a-z0-9_]{0,63}$/i;

const filterEntry = z
  .object({
    name: z.string().regex(FILTER_KEY, "must be a filter key of letters, digits and _"),
    type: z.literal("products"),
    values: z
      .array(z.union([z.string().min(1).max(200), z.number()]))
      .min(1)
      .max(100)
      .optional(),
    min: z.number().finite().nullable().optional(),
    max: z.number().finite().nullable().optional(),
  })
  .strict()
  .superRefine((entry, ctx) => {
    const hasValues = entry.values !== undefined;
    const hasRange = entry.min !== undefined || entry.max !== undefined;
    if (hasValues === hasRange) ctx.addIssue({ code: "custom", message: "needs either values or min/max" });
    if (typeof entry.min === "number" && typeof entry.max === "number" && entry.min > entry.max) {
      ctx.addIssue({ code: "custom", message: "min must not be greater than max" });
    }
  });

const filterList = z.array(filterEntry).max(20);

function integer(name: string, raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || raw === "") return fallback;
  if (!/^-?\d+$/.test(raw.trim())) throw new SearchInputError(`${name} must be a whole number.`);
  const value = Number(raw);
  if (value < min) throw new SearchInputError(min === 0 ? `${name} must not be negative.` : `${name} must be at least ${min}.`);
  if (value > max) throw new SearchInputError(`${name} must not be greater than ${max}.`);
  return value;
}

/** Parses the filters parameter; several entries with one key merge (values appended, range replaced). */
export function parseFilters(raw: string | null): ActiveFilter[] {
  if (raw === null || raw.trim() === "") return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new SearchInputError('filters must be a JSON list of {name, type: "products", values} or {name, type: "products", min, max}.');
  }
  const parsed = filterList.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `filters[${issue.path.join("].")}` : "filters";
    throw new SearchInputError(`${where.replace(/\]\.(\w+)$/, "].$1")}: ${issue.message}.`);
  }
  const byKey = new Map<string, ActiveFilter>();
  for (const entry of parsed.data) {
    const key = entry.name;
    const previous = byKey.get(key);
    if (entry.values) {
      const values = entry.values.map(String);
      if (previous && "min" in previous) throw new SearchInputError(`filters: '${key}' is given both as values and as a range.`);
      const merged = previous && "values" in previous ? [...previous.values, ...values] : values;
      byKey.set(key, { key, values: [...new Set(merged)] });
    } else {
      if (previous && "values" in previous) throw new SearchInputError(`filters: '${key}' is given both as values and as a range.`);
      const unit = key === "price" ? null : unitOfAttribute(key);
      const min = entry.min === undefined || entry.min === null ? null : roundRange(entry.min, unit, "down");
      const max = entry.max === undefined || entry.max === null ? null : roundRange(entry.max, unit, "up");
      byKey.set(key, { key, min, max });
    }
  }
  return [...byKey.values()];
}

/** The order of the results: relevance (`position-asc`, the category pages' "recommended", or none) or a category order. */
export function parseSort(raw: string | null): SearchSort | undefined {
  if (raw === null || raw === "" || raw === "position-asc") return undefined;
  const match = CATEGORY_SORT_KEY.exec(raw);
  if (!match || match[1] === "position") throw new SearchInputError("sort must be position-asc or one of price, name, newest followed by -asc or -desc.");
  return { field: match[1] as SearchSort["field"], direction: match[2] as SearchSort["direction"] };
}

/**
 * The query as searched: its printable text (printableText), at most MAX_QUERY_CHARACTERS
 * characters; more than MAX_QUERY_TERMS distinct terms are 400 'The given data was invalid.'.
 */
function searchQuery(raw: string | null): string {
  const query = [...printableText(raw ?? "")].slice(0, MAX_QUERY_CHARACTERS).join("");
  if (queryTerms(query).length > MAX_QUERY_TERMS) {
    throw fail(400, MESSAGES.invalid, "too_many_terms", { field: "query", params: { max: MAX_QUERY_TERMS } });
  }
  return query;
}

export function parseSearchParams(url: URL): SearchParams {
  const query = searchQuery(url.searchParams.get("query"));
  return {
    query,
    offset: integer("offset", url.searchParams.get("offset"), 0, 0, 10_000),
    limit: integer("limit", url.searchParams.get("limit"), DEFAULT_LIMIT, 1, MAX_LIMIT),
    log: url.searchParams.get("log") !== "false",
    filters: parseFilters(url.searchParams.get("filters")),
    sort: parseSort(url.searchParams.get("sort")),
  };
}
