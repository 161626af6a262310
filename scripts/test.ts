/**
 * `npm test`: every check of the code base, in three lanes that run side by side, so the browser tests' shop build,
 * Jest and the static checks share the machine's cores instead of waiting for each other: the static checks (type
 * check, lint, format, layering, generated GraphQL types, unused code: one after the other), Jest, and Playwright (its global setup builds the shops).
 * The run fails if any step fails. docs/testing.md describes the lanes and the quicker `npm run test:changed`.
 */
import "./lib/require-project-node";
import { runCommandLine, type CommandSpec } from "./lib/cli";
import { runLanes, type TestStep } from "./lib/lanes";

const COMMAND = {
  command: "npm test --",
  summary: "Every check of the code base in three lanes side by side: static checks, Jest, the browser tests. Fails if any step fails.",
  options: {},
  examples: ["npm test"],
} satisfies CommandSpec<Record<string, never>>;

runCommandLine(COMMAND);

const script = (name: string, niceness?: number): TestStep => ({ name, command: ["npm", "run", "--silent", name], niceness });

/**
 * The static checks (about 2 minutes of CPU) yield the cores to the two long lanes, Jest and the browser tests, which
 * they would otherwise slow at their start. Jest yields a little to the browser tests, the longest lane: at the same
 * priority Jest ended two minutes before them, which then ran alone with a core partly idle (their serial tests wait on
 * mails and rebuilds). In band under `nice -n 5` (docs/decisions/0065), Jest starved and became the longest lane.
 */
const CHECKS_NICENESS = 10;
const JEST_NICENESS = 4;

runLanes([
  ["typecheck", "lint", "format:check", "deps:check", "workflows:check", "codegen:check", "knip"].map((name) => script(name, CHECKS_NICENESS)),
  [script("test:unit", JEST_NICENESS)],
  [script("test:e2e")],
])
  .then((ok) => {
    if (!ok) process.exit(1);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
