/**
 * Reads Gatsby's plain (non-terminal) output for the builder's progress: which part of
 * the build runs, and during page rendering how many pages of how many are done.
 * Gatsby prints a line per finished step, e.g.
 *   success source and transform nodes - 1.234s
 *   success Building static HTML for pages - 3.210s - 312/312 97.20/s
 * Unknown lines are ignored; the progress is a hint, never a reason to fail a build.
 */
import type { BuildPhase } from "@domain/back-office/publishing";

export interface BuildProgress {
  phase: BuildPhase;
  /** The Gatsby step the line named (e.g. "Building static HTML for pages"). */
  step: string;
  done: number;
  total: number;
}

/** Gatsby steps up to and including the data layer: the sourcing phase. The rest renders. */
const SOURCING_STEPS = [
  /compile gatsby files/i,
  /load gatsby config/i,
  /open and validate gatsby-configs/i,
  /load plugins/i,
  /onPreInit/i,
  /initialize cache/i,
  /copy gatsby files/i,
  /Compiling Gatsby Functions/i,
  /onPreBootstrap/i,
  /createSchemaCustomization/i,
  /gatsby-plugin-react-i18next/i,
  /Checking for changed pages/i,
  /source and transform nodes/i,
  /building schema/i,
  /createPages/i,
  /create(PagesStatefully| pages)/i,
];

const STEP_LINE = /^(?:success|info|warn)\s+(.+?)\s+-\s+[\d.]+s(?:\s+-\s+(\d+)\/(\d+)(?:\s|$))?/;

/** Parses one line; null when it names no step. */
export function parseGatsbyLine(line: string): BuildProgress | null {
  // eslint-disable-next-line no-control-regex -- Gatsby may colour its output
  const plain = line.replace(/\u001b\[[0-9;]*m/g, "").trim();
  const match = STEP_LINE.exec(plain);
  if (!match) return null;
  const step = match[1]!;
  const phase: BuildPhase = SOURCING_STEPS.some((pattern) => pattern.test(step)) ? "sourcing" : "rendering";
  const done = match[2] !== undefined ? Number(match[2]) : 0;
  const total = match[3] !== undefined ? Number(match[3]) : 0;
  return { phase, step, done, total };
}

/** A line consumer that calls `report` for every line naming a step. */
export function gatsbyProgress(report: (progress: BuildProgress) => void): (line: string) => void {
  return (line) => {
    const progress = parseGatsbyLine(line);
    if (progress) report(progress);
  };
}
