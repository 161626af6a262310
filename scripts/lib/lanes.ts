import { spawn } from "node:child_process";
import { delimiter, join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ROOT } from "./shops";

/** One check: a command found like an npm script's (node_modules/.bin first on the PATH). */
export interface TestStep {
  name: string;
  command: readonly [string, ...string[]];
  /** How much the step yields the cores to the others (`nice`'s niceness, 1-19): a step off the critical path yields. */
  niceness?: number;
}

/** The command as spawned: under `nice` when the step yields the cores. */
export function spawnedCommand(step: TestStep): readonly [string, ...string[]] {
  return step.niceness ? ["nice", "-n", String(step.niceness), ...step.command] : step.command;
}

interface StepOutcome {
  name: string;
  ok: boolean;
  seconds: number;
  output: string;
}

/** How often a running step reports its progress. */
const PROGRESS_EVERY_MS = 60_000;

/** Runs one step with its output captured (stdout and stderr in the order written); `output()` reads what it wrote so far. */
function runStep(step: TestStep, progress: (output: () => string) => void): Promise<StepOutcome> {
  const [bin, ...args] = spawnedCommand(step);
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(bin, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        PATH: [join(ROOT, "node_modules", ".bin"), process.env.PATH].join(delimiter),
        FORCE_COLOR: process.stdout.isTTY ? "1" : "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    progress(() => Buffer.concat(chunks).toString("utf8"));
    const finish = (ok: boolean, extra = "") =>
      resolve({ name: step.name, ok, seconds: (Date.now() - started) / 1000, output: Buffer.concat(chunks).toString("utf8") + extra });
    child.on("error", (error) => finish(false, `\n${error.message}\n`));
    child.on("close", (code, signal) => finish(code === 0, signal ? `\nstopped by ${signal}\n` : ""));
  });
}

/** The lines of a passing step's output that say what it checked (the type check's projects, Jest's and Playwright's counts). */
export function summaryOf(output: string): string {
  return stripVTControlCharacters(output)
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^(Tests:|Test Suites:|\d+ (passed|failed|skipped|flaky)\b|tsconfig[\w.]*\.json:)/.test(line))
    .join("; ");
}

/**
 * What a running step has finished so far: Jest's test files (PASS/FAIL lines) and Playwright's tests (✓/✘ lines),
 * naming the failed ones, so a failure is known while the step still runs rather than when it ends.
 */
export function progressOf(output: string): string {
  const lines = stripVTControlCharacters(output).split("\n");
  const files = lines.filter((line) => /^(PASS|FAIL) /.test(line)).length;
  const tests = lines.filter((line) => /^\s*[✓✘]\s+\d+ /.test(line)).length;
  const failed = lines.flatMap((line) => {
    const failure = /^FAIL (\S+)|^\s*✘\s+\d+ (?:\[[^\]]*\] › )?(.*?)(?: \([\d.]+m?s\))?$/.exec(line);
    return failure ? [(failure[1] ?? failure[2] ?? "").trim()] : [];
  });
  const parts = [
    files > 0 ? `${files} test files` : "",
    tests > 0 ? `${tests} browser tests` : "",
    failed.length > 0 ? `${failed.length} failed (${failed.join("; ")})` : "",
  ];
  return parts.filter(Boolean).join(", ");
}

/**
 * Runs the lanes side by side, each lane's steps one after the other, with a line when a step starts and ends and a
 * progress line every minute while it runs; a failing step's
 * whole output is shown, a passing step's summary. Resolves true when every step passed.
 */
export async function runLanes(lanes: readonly (readonly TestStep[])[], log: (line: string) => void = console.log): Promise<boolean> {
  const started = Date.now();
  const clock = () => {
    const seconds = Math.round((Date.now() - started) / 1000);
    return `[${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}]`;
  };
  const runLane = async (steps: readonly TestStep[]) => {
    const outcomes: StepOutcome[] = [];
    for (const step of steps) {
      log(`${clock()} ${step.name} started`);
      let timer: NodeJS.Timeout | undefined;
      const outcome = await runStep(step, (output) => {
        timer = setInterval(() => {
          const done = progressOf(output());
          if (done) log(`${clock()} ${step.name} running: ${done} done`);
        }, PROGRESS_EVERY_MS);
      });
      clearInterval(timer);
      outcomes.push(outcome);
      const summary = summaryOf(outcome.output);
      if (outcome.ok) log(`${clock()} ${step.name} passed in ${outcome.seconds.toFixed(0)} s${summary ? `: ${summary}` : ""}`);
      else log(`${clock()} ${step.name} FAILED after ${outcome.seconds.toFixed(0)} s; its output:\n${outcome.output}`);
    }
    return outcomes;
  };
  const outcomes = (await Promise.all(lanes.map(runLane))).flat();
  log(`${clock()} ${outcomes.map((outcome) => `${outcome.name} ${outcome.ok ? "ok" : "FAILED"} (${outcome.seconds.toFixed(0)} s)`).join(", ")}`);
  return outcomes.every((outcome) => outcome.ok);
}
