/**
 * What `npm run bench:build` reads from a finished build: the files it wrote (against the
 * platform's limit), Gatsby's slowest steps from its output, the top functions of node's
 * CPU profiles (`--cpu-prof`), and the median of repeated runs (`--repeat`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files and bytes under a folder (links followed: dist/<SHOP> links to its release). */
export function countFiles(dir: string): { count: number; bytes: number } {
  let count = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { count, bytes };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      const stat = entry.isSymbolicLink() ? statSync(path) : entry;
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) {
        count += 1;
        bytes += statSync(path).size;
      }
    }
  };
  walk(dir);
  return { count, bytes };
}

/** Gatsby prints `success <step> - 12.345s[ - done/total rate/s]` for every finished step. */
const STEP = /^(?:\[[A-Z]+\] )?(?:success|info)\s+(.+?)\s+-\s+([\d.]+)s\b/;

/** The steps of a Gatsby build's output that took longest, slowest first (`step 12.3 s, ...`). */
export function slowestSteps(logFile: string, count = 8): string {
  if (!existsSync(logFile)) return "(no output)";
  const steps = new Map<string, number>();
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    const match = STEP.exec(line.trim());
    if (!match) continue;
    const seconds = Number(match[2]);
    if (Number.isFinite(seconds)) steps.set(match[1]!, (steps.get(match[1]!) ?? 0) + seconds);
  }
  const sorted = [...steps.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  return sorted.length === 0 ? "(no step timings)" : sorted.map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`).join(", ");
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/**
 * Self time by function over every profile in the folder (the Gatsby process and its
 * workers), the `limit` largest: `  12.3 s  31.0 %  name (file:line)`. Paths are shortened
 * to the package or the project file.
 */
export function cpuProfileTop(dir: string, limit = 15): string {
  if (!existsSync(dir)) return "  (no profiles)";
  const self = new Map<string, number>();
  let total = 0;
  for (const name of readdirSync(dir).filter((file) => file.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, name), "utf8")) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    for (let index = 0; index < profile.samples.length; index += 1) {
      const node = byId.get(profile.samples[index]!);
      const micros = profile.timeDeltas[index] ?? 0;
      if (!node || micros <= 0) continue;
      const key = frameName(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + micros);
      total += micros;
    }
  }
  if (total === 0) return "  (empty profiles)";
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, micros]) => `  ${(micros / 1e6).toFixed(1).padStart(7)} s ${((micros / total) * 100).toFixed(1).padStart(5)} %  ${key}`)
    .join("\n");
}

function frameName(frame: { functionName: string; url: string; lineNumber: number }): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const url = frame.url.replace(/^file:\/\//, "");
  const modules = url.lastIndexOf("/node_modules/");
  const short = modules >= 0 ? url.slice(modules + "/node_modules/".length) : url.replace(/^.*?\/(site|scripts|domain|graphql|\.cache)\//, "$1/");
  return `${name} (${short}:${frame.lineNumber + 1})`;
}

/** The item with the median of `key`; the lower middle one of an even count. */
export function medianBy<T>(items: readonly T[], key: (item: T) => number): T {
  if (items.length === 0) throw new Error("no builds to take the median of");
  const sorted = [...items].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Of pairs of builds (ours and its base), the one with the median ratio of their seconds. */
export function medianPair<T extends { cold: { seconds: number }; trivial: { seconds: number } }>(pairs: readonly T[]): T {
  return medianBy(pairs, (pair) => pair.cold.seconds / pair.trivial.seconds);
}
