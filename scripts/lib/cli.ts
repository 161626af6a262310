/**
 * The one command-line parser of the scripts (over node:util parseArgs). A command declares its
 * options once (name, type, description, default) and gets typed values back:
 *   - `--help` / `-h` prints the usage line, every option with its description and default, and
 *     the examples, and exits 0;
 *   - an unknown option, a missing or invalid value, or an argument the command does not take
 *     is refused with one line on stderr naming the problem (and, for an unknown option, the
 *     known ones) and exit code 2, before the command does anything.
 * Options are long (`--name value` or `--name=value`); `--` ends them.
 */
import { parseArgs } from "node:util";

interface OptionBase {
  description: string;
}

interface StringOption extends OptionBase {
  type: "string";
  default?: string;
  /** The only values allowed. */
  choices?: readonly string[];
  /** The value's placeholder in the help (default: value). */
  value?: string;
  /** The command cannot run without it. */
  required?: boolean;
}

interface ListOption extends OptionBase {
  type: "list";
  /** Comma-separated values; the option may be given more than once. */
  default?: readonly string[];
  value?: string;
}

interface IntegerOption extends OptionBase {
  type: "integer";
  default?: number;
  min?: number;
  max?: number;
  value?: string;
}

interface BooleanOption extends OptionBase {
  type: "boolean";
}

export type OptionSpec = StringOption | ListOption | IntegerOption | BooleanOption;

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** How the command is run, e.g. `npm run import --`. */
  command: string;
  /** What the command does, one or two sentences. */
  summary: string;
  options: O;
  /** The positional arguments, if the command takes any: their name in the usage line and what they are. */
  positionals?: { name: string; description: string; required?: boolean };
  /** At least one example invocation. */
  examples: readonly [string, ...string[]];
}

type ValueOf<S extends OptionSpec> = S extends BooleanOption
  ? boolean
  : S extends ListOption
    ? string[]
    : S extends IntegerOption
      ? S extends { default: number }
        ? number
        : number | undefined
      : S extends { default: string } | { required: true }
        ? string
        : string | undefined;

type OptionValues<O extends Record<string, OptionSpec>> = { -readonly [K in keyof O]: ValueOf<O[K]> };

interface ParsedCommandLine<O extends Record<string, OptionSpec>> {
  values: OptionValues<O>;
  positionals: string[];
}

type CommandLineOutcome<O extends Record<string, OptionSpec>> =
  ({ kind: "run" } & ParsedCommandLine<O>) | { kind: "help"; text: string } | { kind: "refused"; message: string };

/** A refused command line: its message is the one line the command prints. */
class UsageError extends Error {}

const placeholder = (spec: OptionSpec): string => {
  if (spec.type === "boolean") return "";
  if (spec.type === "string" && spec.choices) return ` <${spec.choices.join("|")}>`;
  return ` <${spec.value ?? (spec.type === "integer" ? "n" : spec.type === "list" ? "a,b" : "value")}>`;
};

const defaultText = (spec: OptionSpec): string => {
  if (spec.type === "string" && spec.required) return " (required)";
  if (spec.type === "boolean" || spec.default === undefined) return "";
  const value = Array.isArray(spec.default) ? spec.default.join(",") : String(spec.default);
  return ` (default: ${value === "" ? '""' : value})`;
};

/** The help text: usage line, summary, options with description and default, examples. */
export function helpText<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): string {
  const positional = spec.positionals ? (spec.positionals.required ? ` <${spec.positionals.name}>` : ` [${spec.positionals.name}]`) : "";
  const rows: [string, string][] = Object.entries(spec.options).map(([name, option]) => [
    `--${name}${placeholder(option)}`,
    `${option.description}${defaultText(option)}`,
  ]);
  if (spec.positionals) rows.unshift([spec.positionals.name, spec.positionals.description]);
  rows.push(["-h, --help", "show this help"]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `Usage: ${spec.command}${positional} [options]`,
    "",
    spec.summary,
    "",
    "Options:",
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    "",
    spec.examples.length > 1 ? "Examples:" : "Example:",
    ...spec.examples.map((example) => `  ${example}`),
    "",
  ].join("\n");
}

function optionValue(name: string, spec: OptionSpec, text: string): string | number {
  if (spec.type === "integer") {
    const number = /^-?\d+$/.test(text.trim()) ? Number(text) : NaN;
    const min = spec.min ?? Number.MIN_SAFE_INTEGER;
    const max = spec.max ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(number) || number < min || number > max) {
      const range = spec.max !== undefined ? `from ${min} to ${max}` : spec.min !== undefined ? `of at least ${min}` : "";
      throw new UsageError(`--${name} must be a whole number${range ? ` ${range}` : ""} (got '${text}')`);
    }
    return number;
  }
  if (spec.type === "string" && spec.choices && !spec.choices.includes(text)) {
    throw new UsageError(`--${name} must be one of ${spec.choices.join(", ")} (got '${text}')`);
  }
  return text;
}

/** Parses the arguments against the command's options; never exits (see runCommandLine). */
export function parseCommandLine<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, args: readonly string[]): CommandLineOutcome<O> {
  const known = Object.keys(spec.options);
  const declared = Object.fromEntries(
    known.map((name) => [name, { type: spec.options[name]!.type === "boolean" ? ("boolean" as const) : ("string" as const) }]),
  );
  const { tokens } = parseArgs({
    args: [...args],
    options: { ...declared, help: { type: "boolean", short: "h" } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  try {
    for (const token of tokens) {
      if (token.kind === "option-terminator") continue;
      if (token.kind === "positional") {
        if (!spec.positionals) throw new UsageError(`unexpected argument '${token.value}' (this command takes options only)`);
        positionals.push(token.value);
        continue;
      }
      if (token.name === "help") return { kind: "help", text: helpText(spec) };
      const option = Object.hasOwn(spec.options, token.name) ? spec.options[token.name] : undefined;
      if (!option || token.rawName !== `--${token.name}`) {
        throw new UsageError(`unknown option ${token.rawName} (known: ${[...known.map((name) => `--${name}`), "--help"].join(", ")})`);
      }
      if (option.type === "boolean") {
        if (token.value !== undefined) throw new UsageError(`--${token.name} takes no value (got '${token.value}')`);
        values[token.name] = true;
        continue;
      }
      // A value that looks like the next option means the value was left out.
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith("--")) || token.value.trim() === "") {
        throw new UsageError(`--${token.name} needs a value${placeholder(option)}`);
      }
      if (option.type === "list") {
        const items = token.value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), ...items];
      } else {
        values[token.name] = optionValue(token.name, option, token.value);
      }
    }
    if (spec.positionals?.required && positionals.length === 0) throw new UsageError(`name at least one ${spec.positionals.name}`);
    const missing = known.filter((name) => {
      const option = spec.options[name]!;
      return option.type === "string" && option.required && !(name in values);
    });
    if (missing.length > 0) throw new UsageError(`${missing.map((name) => `--${name}`).join(", ")} ${missing.length > 1 ? "are" : "is"} required`);
  } catch (error) {
    if (error instanceof UsageError) return { kind: "refused", message: error.message };
    throw error;
  }
  for (const [name, option] of Object.entries(spec.options)) {
    if (name in values) continue;
    if (option.type === "boolean") values[name] = false;
    else if (option.type === "list") values[name] = [...(option.default ?? [])];
    else values[name] = option.default;
  }
  return { kind: "run", values: values as OptionValues<O>, positionals };
}

/** The command's name in messages: the npm script's, or the script file's. */
const commandName = <O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): string =>
  spec.command
    .replace(/^npm (run )?/, "")
    .replace(/ --$/, "")
    .replace(/^npx tsx scripts\/(.+)\.ts$/, "$1");

/**
 * The command's options from process.argv: prints the help and exits 0 for --help, prints the
 * refusal and exits 2 for a bad command line, else returns the typed values.
 */
export function runCommandLine<O extends Record<string, OptionSpec>>(
  spec: CommandSpec<O>,
  args: readonly string[] = process.argv.slice(2),
): ParsedCommandLine<O> {
  const outcome = parseCommandLine(spec, args);
  if (outcome.kind === "help") {
    process.stdout.write(outcome.text);
    process.exit(0);
  }
  if (outcome.kind === "refused") refuseUsage(spec, outcome.message);
  return { values: outcome.values, positionals: outcome.positionals };
}

/**
 * Refuses the command line with one line on stderr and exit code 2: what the parser found, or a
 * value the command checks itself (one that depends on other options or on the config).
 */
export function refuseUsage<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, message: string): never {
  process.stderr.write(`${commandName(spec)}: ${message}; see --help\n`);
  process.exit(2);
}
