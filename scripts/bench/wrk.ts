/** Load from Debian's `wrk` for the benchmarks that measure requests/s (bench:edge, bench:assets). */
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";

export interface WrkResult {
  rps: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  requests: number;
}

/** Fails with how to install wrk when it is missing. */
export function requireWrk(benchmark: string): void {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error(`${benchmark} needs wrk: apt-get install wrk`);
  }
}

/** One wrk run (`args` end with the URL); any non-2xx/3xx answer fails the run. */
export async function wrk(args: string[]): Promise<WrkResult> {
  const { stdout: out } = await promisify(execFile)("wrk", args, { encoding: "utf8" });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const latency = (pct: string) => {
    const match = new RegExp(`\\s${pct}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) throw new Error(`wrk printed no ${pct}% latency:\n${out}`);
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(out);
  if (non2xx) throw new Error(`wrk saw ${non2xx[1]} failed responses for ${args.at(-1)}`);
  return { rps, p50: latency("50"), p99: latency("99"), requests: Number(/(\d+) requests in/.exec(out)?.[1]) };
}

/** The run with the median requests/s. */
export function medianRun<T extends WrkResult>(runs: T[]): T {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}
