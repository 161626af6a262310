/**
 * `npm run test:changed [-- --base BRANCH] [--e2e]`: the quick check of a change (docs/testing.md): what `npm test`
 * checks, narrowed to the files changed since the branch left BRANCH (main by default), including uncommitted ones.
 */
import { changedChecks, changedFiles } from "./lib/changed-checks";
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { runLanes } from "./lib/lanes";

const COMMAND = {
  command: "npm run test:changed --",
  summary: "The checks of npm test, narrowed to the files changed since the branch left BASE (uncommitted ones included).",
  options: {
    base: { type: "string", default: "main", value: "branch", description: "the branch the change is compared with" },
    e2e: { type: "boolean", description: "also the browser tests the change touches" },
  },
  examples: ["npm run test:changed", "npm run test:changed -- --base origin/main --e2e"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main(): Promise<void> {
  const { values } = runCommandLine(COMMAND);
  const files = changedFiles(values.base);
  console.log(`${files.length} file(s) changed since ${values.base}`);
  if (!(await runLanes(changedChecks(files, { e2e: values.e2e })))) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
