/**
 * `npm run deploy -- --env staging|production|rehearsal [--shops DE,CH] [--builds dist] [--help]`:
 * one command from the checked configuration to the new version taking all traffic, with a smoke
 * test before the switch and a rollback when it fails (scripts/lib/deploy/deploy.ts, docs/ops.md).
 */
import { helpText, refuseUsage } from "./lib/cli";
import { DEPLOY_COMMAND, DeployInputError, parseDeployArgs } from "./lib/deploy/options";
import { deploy } from "./lib/deploy/deploy";
import { readWranglerConfig } from "./lib/deploy/settings";
import { cloudflareTarget, rehearsalTarget } from "./lib/deploy/targets";
import { loadShopConfig } from "./lib/shops";

async function main(): Promise<number> {
  const config = loadShopConfig();
  const options = parseDeployArgs(config);
  if (options === "help") {
    process.stdout.write(helpText(DEPLOY_COMMAND));
    return 0;
  }
  const target = options.target === "rehearsal" ? rehearsalTarget(await readWranglerConfig()) : cloudflareTarget(options.target);
  console.log(`Deploying to ${options.target} (shops ${options.shops.join(", ")}) ...`);
  const outcome = await deploy({ options, config, target, log: (line) => console.log(line) });
  if (outcome.ok) console.log(`${options.target}: version ${outcome.version} is live (before: ${outcome.previous ?? "none"}).`);
  else console.error(`${options.target}: the deploy stopped at "${outcome.step}"${outcome.rolledBackTo ? ` and rolled back to ${outcome.rolledBackTo}` : ""}.`);
  return outcome.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DeployInputError) refuseUsage(DEPLOY_COMMAND, error.message);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
