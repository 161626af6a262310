/**
 * The workerd processes a benchmark starts (each Miniflare instance runs one) and the CPU time
 * they spend, read from /proc: how bench:edge and bench:load tell the runtime's CPU from their own.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The workerd processes this process started (each Miniflare instance runs one). */
export function workerdProcesses(): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  } catch {
    // ps exits with 1 when this process has no children
  }
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === "workerd")
    .map(([pid]) => Number(pid));
}

/** The one workerd process started since `before` was listed. */
export function newWorkerd(before: number[]): number {
  const started = workerdProcesses().filter((pid) => !before.includes(pid));
  if (started.length !== 1) throw new Error(`expected one new workerd process, found ${started.length}`);
  return started[0]!;
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** User and system CPU time of a process (all its threads), in seconds. */
export function cpuSeconds(pid: number): number {
  // /proc/<pid>/stat: utime and stime are fields 14 and 15; fields 3 onwards follow the ") " closing the command name.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
