/**
 * How the import commands print a file's outcome, the same for the local database and a
 * deployed shop: a written import with its number, records per section and changed products;
 * a refused one with every problem, by row and column for CSV, by field for JSON.
 */
import type { ImportFormat, ImportProblem } from "@shop-api/catalogue/import-format";

type ImportOutcome = { ok: true; importId: number; counts: Record<string, number>; changedProducts: number } | { ok: false; problems: ImportProblem[] };

export function formatProblem(format: ImportFormat, problem: ImportProblem): string {
  if (problem.field === "(file)") return problem.row ? `row ${problem.row}: ${problem.message}` : problem.message;
  if (format === "json") return `${problem.field}: ${problem.message}`;
  return problem.row !== undefined ? `row ${problem.row}, column ${problem.field}: ${problem.message}` : `column ${problem.field}: ${problem.message}`;
}

/** Prints the file's outcome (a refusal on stderr); true when it was written. */
export function reportImport(file: string, format: ImportFormat, outcome: ImportOutcome, seconds: number): boolean {
  if (!outcome.ok) {
    console.error(`✗ ${file} (${format}) refused, nothing was written: ${outcome.problems.length} problem(s)`);
    for (const problem of outcome.problems) console.error(`  ${formatProblem(format, problem)}`);
    return false;
  }
  const counts = Object.entries(outcome.counts)
    .filter(([, n]) => n > 0)
    .map(([section, n]) => `${n} ${section}`)
    .join(", ");
  console.log(
    `✓ ${file} (${format}): import #${outcome.importId}, ${counts || "no records"}; ${outcome.changedProducts} product(s) changed (${seconds.toFixed(1)} s)`,
  );
  return true;
}
