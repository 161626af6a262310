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
 * The browser lane is the longest, and it mostly waits on its Gatsby builds, workerd and Chromium: the static checks
 * (done in about 2 minutes) and Jest yield the cores to it, so its waits stay short while the others fill the idle time.
 */
const CHECKS_NICENESS = 10;
const JEST_NICENESS = 5;

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
