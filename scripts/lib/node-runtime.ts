import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Every script runs on the Node that package.json's `engines.node` names (a caret range, e.g. "^24.11.0"), which npm
 * installs as the `node` package into node_modules/.bin: npm scripts and npx put that folder first on PATH, so every
 * `#!/usr/bin/env node` shebang and every `process.execPath` spawn below them uses it, whatever Node the machine has.
 */
export function enginesNode(packageJson: string): string {
  const engines = (JSON.parse(packageJson) as { engines?: { node?: unknown } }).engines?.node;
  if (typeof engines !== "string" || !/^\^\d+\.\d+\.\d+$/.test(engines)) {
    throw new Error(`package.json engines.node must be a caret range like "^24.11.0" (got ${JSON.stringify(engines)})`);
  }
  return engines;
}

function versionParts(version: string): [number, number, number] | undefined {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:$|-)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** Why Node `version` does not satisfy the caret range `engines` (same major, not older), or undefined when it does. */
export function nodeRuntimeProblem(version: string, engines: string): string | undefined {
  const have = versionParts(version);
  const [major, minor, patch] = versionParts(engines.slice(1))!;
  if (have && have[0] === major && (have[1] > minor || (have[1] === minor && have[2] >= patch))) return undefined;
  return (
    `This runs on Node ${version}, but the project needs Node ${engines} (package.json engines). ` +
    "Run it through npm (npm start, npm test, npm run <script>, npx <tool>): npm puts the Node that `npm ci` installs " +
    "(node_modules/.bin/node) first on PATH; if that file is missing, run `npm ci` first."
  );
}

/** Stops the process, naming the reason and the way out, when it does not run on the project's Node. */
export function requireProjectNode(): void {
  const engines = enginesNode(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8"));
  const problem = nodeRuntimeProblem(process.versions.node, engines);
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}
