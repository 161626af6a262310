/**
 * The attack battery's runner (`npm run attack`, scripts/attack.ts): a list of small named
 * checks, each saying what it sends and what it expects; the runner runs them one after
 * the other within a time budget, records what each got, and prints a table and the
 * closing line `N passed, M failed`.
 */

/** What a check reports: whether it held, and what it got (one line). */
export interface Outcome {
  ok: boolean;
  got: string;
}

export interface Check<Context> {
  /** Group of the check (edge, api). */
  group: string;
  name: string;
  /** What it sends, in a few words. */
  sends: string;
  /** What it expects, in a few words. */
  expected: string;
  run(ctx: Context): Promise<Outcome>;
}

export interface CheckResult {
  group: string;
  name: string;
  sends: string;
  expected: string;
  got: string;
  ok: boolean;
  ms: number;
}

export interface RunOptions {
  /** The whole run's budget; checks not started within it fail as not run. */
  budgetMs: number;
  /** One check's time limit. */
  checkTimeoutMs: number;
  now?: () => number;
  /** Called after each check (progress). */
  onResult?: (result: CheckResult) => void;
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no outcome within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs the checks in order; a check that throws or times out fails with the error as what it got. */
export async function runChecks<Context>(checks: readonly Check<Context>[], ctx: Context, options: RunOptions): Promise<CheckResult[]> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMs;
  const results: CheckResult[] = [];
  for (const check of checks) {
    const started = now();
    let outcome: Outcome;
    if (started >= deadline) outcome = { ok: false, got: `not run: the run's ${Math.round(options.budgetMs / 1000)} s budget is spent` };
    else {
      try {
        outcome = await withTimeout(check.run(ctx), Math.min(options.checkTimeoutMs, deadline - started));
      } catch (error) {
        outcome = { ok: false, got: `error: ${message(error)}` };
      }
    }
    const result = {
      group: check.group,
      name: check.name,
      sends: check.sends,
      expected: check.expected,
      got: outcome.got,
      ok: outcome.ok,
      ms: now() - started,
    };
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

/** The closing line: exactly `N passed, M failed`. */
export function summaryLine(results: readonly Pick<CheckResult, "ok">[]): string {
  const passed = results.filter((result) => result.ok).length;
  return `${passed} passed, ${results.length - passed} failed`;
}

/** One line of a cell: control characters shown as spaces, cut to `width` with an ellipsis. */
function cell(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width);
}

const COLUMNS = [
  { title: "result", width: 6, value: (r: CheckResult) => (r.ok ? "PASS" : "FAIL") },
  { title: "case", width: 44, value: (r: CheckResult) => `${r.group}: ${r.name}` },
  { title: "sends", width: 52, value: (r: CheckResult) => r.sends },
  { title: "expected", width: 40, value: (r: CheckResult) => r.expected },
  { title: "got", width: 60, value: (r: CheckResult) => r.got },
] as const;

/** The table of results (a header, a rule, one line per check; `got` is never cut on a failure). */
export function formatTable(results: readonly CheckResult[]): string {
  const line = (cells: string[]) => cells.join(" | ").trimEnd();
  const header = line(COLUMNS.map((column) => column.title.padEnd(column.width)));
  const rule = COLUMNS.map((column) => "-".repeat(column.width)).join("-|-");
  const rows = results.map((result) =>
    line(
      COLUMNS.map((column) => {
        const value = column.value(result);
        return cell(value, column.title === "got" && !result.ok ? Math.max(column.width, value.length) : column.width);
      }),
    ),
  );
  return [header, rule, ...rows].join("\n");
}
