/**
 * `npm run rollback -- --env staging|production|rehearsal [--to <version id>]`: the version that
 * was live before the current one (or the one named) takes all traffic again. The deploy does
 * this by itself when its smoke test fails (docs/ops.md).
 */
import { DeployInputError, parseRollbackArgs, ROLLBACK_USAGE } from "./lib/deploy/options";
import { rollback } from "./lib/deploy/deploy";
import { readWranglerConfig } from "./lib/deploy/settings";
import { cloudflareTarget, rehearsalTarget } from "./lib/deploy/targets";

async function main(): Promise<void> {
  const options = parseRollbackArgs(process.argv.slice(2));
  if (options === "help") return console.log(ROLLBACK_USAGE);
  const target = options.target === "rehearsal" ? rehearsalTarget(await readWranglerConfig()) : cloudflareTarget(options.target);
  const live = await rollback(target, options.to, (line) => console.log(line));
  console.log(`${options.target}: version ${live} takes all traffic.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof DeployInputError ? `${error.message}\n\n${ROLLBACK_USAGE}` : error instanceof Error ? error.message : error);
  process.exit(error instanceof DeployInputError ? 2 : 1);
});
