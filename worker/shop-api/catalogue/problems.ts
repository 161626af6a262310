/**
 * The problems of an import: each names its row and field; the list is capped so a
 * broken file of 100 000 rows still gives a readable answer.
 */
import type { z } from "zod";
import type { ImportProblem } from "./import-format";

export const MAX_PROBLEMS = 200;

/** `products[3].content.de.slug` from ["products", 3, "content", "de", "slug"]. */
function formatPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

/** Collects problems up to MAX_PROBLEMS, then counts the rest. */
export class ProblemList {
  private readonly items: ImportProblem[] = [];
  private dropped = 0;

  /** A problem of record `index` (0-based) of `section`, or of the section itself. */
  add(section: string, index: number | undefined, path: readonly (string | number)[], message: string): void {
    if (index === undefined) this.push({ field: formatPath([section, ...path]), message });
    else this.push({ row: index + 1, field: formatPath([section, index, ...path]), message });
  }

  push(problem: ImportProblem): void {
    if (this.items.length < MAX_PROBLEMS) this.items.push(problem);
    else this.dropped++;
  }

  get size(): number {
    return this.items.length + this.dropped;
  }

  result(): ImportProblem[] {
    if (this.dropped === 0) return this.items;
    return [...this.items, { field: "(file)", message: `… and ${this.dropped} more` }];
  }
}

/** The message of a zod issue, in the words merchandisers read in the problem list. */
export function issueMessage(issue: z.ZodIssue): string {
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `'${k}'`).join(", ")}`;
  if (issue.code === "invalid_type") {
    if (issue.received === "undefined") return "is required";
    return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected} (got ${issue.received})`;
  }
  if (issue.code === "invalid_enum_value") return `must be one of ${issue.options.join(", ")} (got '${String(issue.received)}')`;
  return issue.message;
}
