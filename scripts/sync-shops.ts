/**
 * `npm run shops:sync [-- --remote]`: writes the D1 shops table from config/shops.json
 * (migrations and the local start do this by themselves; `npm run deploy` syncs the staging and
 * production databases after their migrations, scripts/lib/deploy).
 */
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { syncShopsTable } from "./local-d1";

const COMMAND = {
  command: "npm run shops:sync --",
  summary: "Writes the D1 shops table from config/shops.json (a deploy runs it with --remote after applying the migrations).",
  options: { remote: { type: "boolean", description: "the deployed database (wrangler's login) instead of the local one" } },
  examples: ["npm run shops:sync", "npm run shops:sync -- --remote"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

const { values } = runCommandLine(COMMAND);
syncShopsTable(values.remote ? "remote" : "local")
  .then(() => console.log(`shops table written from config/shops.json (${values.remote ? "remote" : "local"} database)`))
  .catch((error: unknown) => {
    console.error(`shops:sync: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
