import { helpText, parseCommandLine, type CommandSpec, type OptionSpec } from "./cli";

const spec = {
  command: "npm run demo --",
  summary: "Does the demo.",
  options: {
    products: { type: "integer", default: 300, min: 1, description: "how many products" },
    port: { type: "integer", min: 1024, max: 65535, description: "the port" },
    format: { type: "string", choices: ["json", "csv"], description: "the format" },
    origin: { type: "string", default: "http://localhost:8787", value: "url", description: "the worker" },
    shop: { type: "list", description: "shops to build" },
    fresh: { type: "boolean", description: "start from scratch" },
  },
  positionals: { name: "file...", description: "files to read" },
  examples: ["npm run demo -- a.json --products 10"],
} satisfies CommandSpec<Record<string, OptionSpec>>;

const parse = (...args: string[]) => parseCommandLine(spec, args);

describe("the scripts' command-line parser", () => {
  test("typed values and defaults come back; positionals in order", () => {
    const outcome = parse("a.json", "--products", "12", "--format=csv", "--shop", "DE,ch", "--shop", " AT ", "b.json", "--fresh");
    expect(outcome).toEqual({
      kind: "run",
      values: { products: 12, port: undefined, format: "csv", origin: "http://localhost:8787", shop: ["DE", "ch", "AT"], fresh: true },
      positionals: ["a.json", "b.json"],
    });
    expect(parse()).toEqual({
      kind: "run",
      values: { products: 300, port: undefined, format: undefined, origin: "http://localhost:8787", shop: [], fresh: false },
      positionals: [],
    });
  });

  test("after -- everything is a positional, even what looks like an option", () => {
    expect(parse("--", "--fresh")).toMatchObject({ kind: "run", values: { fresh: false }, positionals: ["--fresh"] });
  });

  test.each([["--help"], ["-h"], ["a.json", "--help"]])("%s answers with the help", (...args) => {
    expect(parse(...args)).toEqual({ kind: "help", text: helpText(spec) });
  });

  test("the help has the usage line, every option with its description and default, and the example", () => {
    expect(helpText(spec)).toBe(
      [
        "Usage: npm run demo -- [file...] [options]",
        "",
        "Does the demo.",
        "",
        "Options:",
        "  file...              files to read",
        "  --products <n>       how many products (default: 300)",
        "  --port <n>           the port",
        "  --format <json|csv>  the format",
        "  --origin <url>       the worker (default: http://localhost:8787)",
        "  --shop <a,b>         shops to build",
        "  --fresh              start from scratch",
        "  -h, --help           show this help",
        "",
        "Example:",
        "  npm run demo -- a.json --products 10",
        "",
      ].join("\n"),
    );
  });

  test.each<[string[], string]>([
    [["--prodcts", "3"], "unknown option --prodcts (known: --products, --port, --format, --origin, --shop, --fresh, --help)"],
    [["-p", "3"], "unknown option -p (known: --products, --port, --format, --origin, --shop, --fresh, --help)"],
    [["--products"], "--products needs a value <n>"],
    [["--products", "--fresh"], "--products needs a value <n>"],
    [["--origin="], "--origin needs a value <url>"],
    [["--products", "0"], "--products must be a whole number of at least 1 (got '0')"],
    [["--products", "1e3"], "--products must be a whole number of at least 1 (got '1e3')"],
    [["--products", "12abc"], "--products must be a whole number of at least 1 (got '12abc')"],
    [["--port", "80"], "--port must be a whole number from 1024 to 65535 (got '80')"],
    [["--format", "xml"], "--format must be one of json, csv (got 'xml')"],
    [["--fresh=yes"], "--fresh takes no value (got 'yes')"],
    [["--constructor", "x"], "unknown option --constructor (known: --products, --port, --format, --origin, --shop, --fresh, --help)"],
  ])("%j is refused: %s", (args, message) => {
    expect(parse(...args)).toEqual({ kind: "refused", message });
  });

  test("a required option must be given, and is named in the help", () => {
    const required = {
      ...spec,
      options: {
        ...spec.options,
        email: { type: "string", required: true, description: "the address" },
        name: { type: "string", required: true, description: "the name" },
      },
    } satisfies CommandSpec<Record<string, OptionSpec>>;
    expect(parseCommandLine(required, ["--email", "a@b.c"])).toEqual({ kind: "refused", message: "--name is required" });
    expect(parseCommandLine(required, [])).toEqual({ kind: "refused", message: "--email, --name are required" });
    expect(parseCommandLine(required, ["--email", "a@b.c", "--name", "Anna"])).toMatchObject({ kind: "run", values: { email: "a@b.c", name: "Anna" } });
    expect(helpText(required)).toMatch(/--email <value> +the address \(required\)/);
  });

  test("a command without positionals refuses one; a required one must be given", () => {
    const optionsOnly = { ...spec, positionals: undefined };
    expect(parseCommandLine(optionsOnly, ["stray"])).toEqual({ kind: "refused", message: "unexpected argument 'stray' (this command takes options only)" });
    const required = { ...spec, positionals: { name: "file...", description: "files", required: true } };
    expect(parseCommandLine(required, ["--fresh"])).toEqual({ kind: "refused", message: "name at least one file..." });
    expect(helpText(required)).toMatch(/^Usage: npm run demo -- <file\.\.\.> \[options\]$/m);
  });
});
