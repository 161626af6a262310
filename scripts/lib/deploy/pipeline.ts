/**
 * Named steps run in order, each reported with its time and what it did, then the total: the
 * shape of every deploy, rehearsed or not. The first failing step stops the run; the caller
 * decides what a failure at that point undoes.
 */
export interface Step<Run> {
  name: string;
  /** Does the step's work; answers a short line of what it did. */
  run(run: Run): Promise<string>;
}

export class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly reason: string,
  ) {
    super(`${step}: ${reason}`);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs the steps; throws StepFailed naming the step that failed. */
export async function runSteps<Run>(steps: Step<Run>[], run: Run, log: (line: string) => void): Promise<void> {
  const started = performance.now();
  for (const [index, step] of steps.entries()) {
    const stepStarted = performance.now();
    log(`[${index + 1}/${steps.length}] ${step.name} ...`);
    let detail: string;
    try {
      detail = await step.run(run);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`[${index + 1}/${steps.length}] ${step.name}: FAILED after ${seconds(performance.now() - stepStarted)}\n${indent(reason)}`);
      throw new StepFailed(step.name, reason);
    }
    log(`[${index + 1}/${steps.length}] ${step.name}: done in ${seconds(performance.now() - stepStarted)}${detail ? `; ${detail}` : ""}`);
  }
  log(`All ${steps.length} steps done in ${seconds(performance.now() - started)}`);
}

const indent = (text: string) =>
  text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
