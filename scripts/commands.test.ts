/**
 * Every command in scripts/ (and scripts/bench/) answers --help through the shared parser
 * (scripts/lib/cli.ts): exit 0, a usage line, its options and an example, and every option the
 * command reads is named in its help. A new command without help fails here; so does a
 * command that parses its arguments itself.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./lib/shops";
import type { CommandHelp } from "@tests/kit/command-help";

/** Modules beside the commands that are not commands themselves (helpers the commands import). */
const NOT_COMMANDS = ["local-d1.ts", "bench/build-report.ts", "bench/edge-cpu.ts", "bench/page-js.ts", "bench/wrk.ts"];

const commands = ["", "bench/"].flatMap((folder) =>
  readdirSync(join(ROOT, "scripts", folder))
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith("-worker.ts"))
    .map((name) => `${folder}${name}`)
    .filter((path) => !NOT_COMMANDS.includes(path)),
);

/** The options a command reads: `values.name` and `values["name"]`. */
function optionsRead(source: string): string[] {
  return [...new Set([...source.matchAll(/\bvalues(?:\.([a-z][\w]*)|\["([a-z][\w-]*)"\])/g)].map((match) => match[1] ?? match[2]!))];
}

test("the list of commands is what scripts/ holds (a helper module is listed as one)", () => {
  expect(commands).toEqual(expect.arrayContaining(["dev.ts", "import-catalogue.ts", "builder.ts", "typecheck.ts", "bench/api.ts", "bench/search.ts"]));
  for (const helper of NOT_COMMANDS) expect(readFileSync(join(ROOT, "scripts", helper), "utf8")).not.toMatch(/runCommandLine/);
});

test("no command parses its arguments itself", () => {
  for (const command of commands) {
    const source = readFileSync(join(ROOT, "scripts", command), "utf8");
    expect({ command, parseArgs: /\bparseArgs\b/.test(source), argv: /process\.argv\.slice/.test(source) }).toEqual({ command, parseArgs: false, argv: false });
  }
});

test("every command answers --help: exit 0, usage, options with descriptions, an example; each option it reads is named", () => {
  // All commands in one process (tests/kit/command-help.ts): the modules they share load once.
  const run = spawnSync(join(ROOT, "node_modules", ".bin", "tsx"), [join("tests", "kit", "command-help.ts"), ...commands], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
  });
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: "" });
  const answers = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as CommandHelp[];
  expect(answers.map((answer) => answer.command)).toEqual(commands);
  for (const { command, status, stdout: help, stderr } of answers) {
    expect({ command, status, stderr }).toEqual({ command, status: 0, stderr: "" });
    expect(help).toMatch(/^Usage: \S.* \[options\]\n\n\S.*\n\nOptions:\n/);
    expect(help).toMatch(/\n {2}-h, --help +show this help\n\nExamples?:\n {2}\S/);
    const source = readFileSync(join(ROOT, "scripts", command), "utf8");
    for (const option of optionsRead(source))
      expect({ command, named: help.includes(`--${option}`) ? option : `--${option} is missing` }).toEqual({ command, named: option });
  }
}, 240_000);
