/**
 * Migration files are `NNNN_name.sql`: four digits, unique and consecutive from 0001, so the
 * order wrangler applies them in (by file name) is the order they were written in and no
 * number is ever shared (docs/decisions/0022-migration-numbers.md).
 */
export const MIGRATION_FILE = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** What is wrong with the migration file names of a folder; empty when nothing is. Files other than .sql are not migrations. */
export function migrationNumberProblems(fileNames: readonly string[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<number, string[]>();
  for (const name of fileNames.filter((file) => file.endsWith(".sql"))) {
    const digits = MIGRATION_FILE.exec(name)?.[1];
    if (digits === undefined) {
      problems.push(`${name}: not NNNN_name.sql (four digits, an underscore, a lower-case name)`);
      continue;
    }
    byNumber.set(Number(digits), [...(byNumber.get(Number(digits)) ?? []), name]);
  }
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  for (const number of numbers) {
    const names = byNumber.get(number)!;
    if (names.length > 1) problems.push(`${pad(number)} is the number of ${names.length} migrations: ${names.sort().join(", ")}`);
  }
  const gap = numbers.findIndex((number, index) => number !== index + 1);
  if (gap >= 0) problems.push(`the numbers are not consecutive from 0001: ${pad(numbers[gap]!)} comes where ${pad(gap + 1)} belongs`);
  return problems;
}

const pad = (number: number) => String(number).padStart(4, "0");
