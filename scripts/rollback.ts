/**
 * `npm run rollback -- --env staging|production|rehearsal [--to <version id>]`: the version that
 * was live before the current one (or the one named) takes all traffic again. The deploy does
 * this by itself when its smoke test fails (docs/ops.md).
 */
import { helpText, refuseUsage } from "./lib/cli";
import { DeployInputError, parseRollbackArgs, ROLLBACK_COMMAND } from "./lib/deploy/options";
import { rollback } from "./lib/deploy/deploy";
import { readWranglerConfig } from "./lib/deploy/settings";
import { cloudflareTarget, rehearsalTarget } from "./lib/deploy/targets";

async function main(): Promise<void> {
  const options = parseRollbackArgs();
  if (options === "help") return void process.stdout.write(helpText(ROLLBACK_COMMAND));
  const target = options.target === "rehearsal" ? rehearsalTarget(await readWranglerConfig()) : cloudflareTarget(options.target);
  const live = await rollback(target, options.to, (line) => console.log(line));
  console.log(`${options.target}: version ${live} takes all traffic.`);
}

main().catch((error: unknown) => {
  if (error instanceof DeployInputError) refuseUsage(ROLLBACK_COMMAND, error.message);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
