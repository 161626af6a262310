/**
 * `tsx tests/kit/command-help.ts <command>...`: what each command in scripts/ answers to
 * `--help`, all in this one process, so the modules the commands share load once instead of
 * once per command. Each command module is loaded as the main module with `process.argv` as
 * `tsx scripts/<command> --help` gives it; its first `process.exit` ends it (the code is its
 * status, what it wrote until then its output), and one that returns ends with 0. Prints one JSON line: `CommandHelp[]`.
 */
import Module from "node:module";
import { join } from "node:path";
import { ROOT } from "@scripts/lib/shops";

export interface CommandHelp {
  command: string;
  /** The first exit code (0 when the command ended without calling exit), or null when it threw. */
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Thrown by the stand-in `process.exit`: unwinds the command like an exit would. */
class CommandExit extends Error {}

async function helpOf(command: string): Promise<CommandHelp> {
  const result: CommandHelp = { command, status: null, stdout: "", stderr: "" };
  const capture = (stream: "stdout" | "stderr") =>
    ((chunk: string | Uint8Array) => {
      if (result.status === null) result[stream] += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      return true;
    }) as typeof process.stdout.write;
  const saved = { argv: process.argv, exit: process.exit, out: process.stdout.write, err: process.stderr.write };
  process.argv = [saved.argv[0]!, join(ROOT, "scripts", command), "--help"];
  process.exit = ((code?: number) => {
    result.status ??= code ?? 0;
    throw new CommandExit();
  }) as typeof process.exit;
  process.stdout.write = capture("stdout");
  process.stderr.write = capture("stderr");
  try {
    // Loaded afresh as the main module, as tsx loads it: a command that runs only `if (require.main === module)`
    // runs, also when another command imported it before.
    const path = require.resolve(join(ROOT, "scripts", command));
    delete require.cache[path];
    (Module as unknown as { _load(request: string, parent: null, isMain: boolean): unknown })._load(path, null, true);
    // A command that reads its options in an async main() exits, or ends, on the next turns.
    await new Promise((resolve) => setTimeout(resolve, 20));
    // One that printed its help and returned ends as a process does: with 0.
    result.status ??= 0;
  } catch (error) {
    if (!(error instanceof CommandExit) && result.status === null) result.stderr += String(error);
  } finally {
    Object.assign(process, { argv: saved.argv, exit: saved.exit });
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
  }
  return result;
}

async function main(): Promise<void> {
  // The rejected main() of a command that exited: its exit is recorded already.
  process.on("unhandledRejection", (error) => {
    if (!(error instanceof CommandExit)) throw error;
  });
  const results: CommandHelp[] = [];
  for (const command of process.argv.slice(2)) results.push(await helpOf(command));
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exit(0);
}

void main();
