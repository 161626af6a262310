/**
 * `npm run test:changed [-- --base BRANCH] [--e2e]`: the quick check of a change (docs/testing.md): what `npm test`
 * checks, narrowed to the files changed since the branch left BRANCH (main by default), including uncommitted ones.
 */
import { parseArgs } from "node:util";
import { changedChecks, changedFiles } from "./lib/changed-checks";
import { runLanes } from "./lib/lanes";

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { base: { type: "string", default: "main" }, e2e: { type: "boolean", default: false } } });
  const files = changedFiles(values.base);
  console.log(`${files.length} file(s) changed since ${values.base}`);
  if (!(await runLanes(changedChecks(files, { e2e: values.e2e })))) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
