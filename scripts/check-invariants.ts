/**
 * `npm run check:invariants`: checks the promises the shop's data keeps (scripts/lib/invariants.ts) on
 * every local shop database of `npm start`, the fault tests and the load runs. Prints what it checked and every
 * violation; exits 1 on a violation.
 */
import { runCommandLine, type CommandSpec, type OptionSpec } from "./lib/cli";
import { checkInvariants, hasViolations, reportLines } from "./lib/invariants";
import { applyLocalMigrations, withLocalBindings } from "./local-d1";

const COMMAND = {
  command: "npm run check:invariants --",
  summary:
    "Checks every local shop database (DB and those SHOP_DATABASES names), naming the database of each violation: every order is in its shop's database with its confirmation mail, stock is the import's share minus what orders hold, every rebuild request ended in one published build, the payment ledger sums up. Exits 1 on a violation.",
  options: {},
  examples: ["npm run check:invariants"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

async function main() {
  runCommandLine(COMMAND);
  await applyLocalMigrations();
  const results = await withLocalBindings((env) => checkInvariants(env));
  for (const line of reportLines(results)) console.log(line);
  if (hasViolations(results)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
