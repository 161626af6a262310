/**
 * Type-checks the four runtimes (`npm run typecheck [-- tsconfig.site.json ...]`): the Workers code, the pages, the
 * console and Node (scripts, tests), each with its own globals. One process checks them all and parses each file once
 * (the projects share the compiler options a parsed file depends on; only libs and globals differ), which saves the
 * three extra TypeScript start-ups and parses of four `tsc -p` runs. Each project keeps a build-info file under
 * node_modules/.cache/typecheck/, so a second run re-checks only what changed since.
 */
import { join } from "node:path";
import ts from "typescript";
import { refuseUsage, runCommandLine, type CommandSpec } from "./lib/cli";
import { ROOT } from "./lib/shops";

const TYPECHECK_PROJECTS = ["tsconfig.worker.json", "tsconfig.site.json", "tsconfig.console.json", "tsconfig.json"] as const;

const COMMAND = {
  command: "npm run typecheck --",
  summary: "Type-checks the Workers code, the pages, the console and Node in one process, re-checking only what changed since the last run.",
  options: {},
  positionals: { name: "project...", description: `the projects to check: ${TYPECHECK_PROJECTS.join(", ")} (default: all)` },
  examples: ["npm run typecheck", "npm run typecheck -- tsconfig.site.json"],
} satisfies CommandSpec<Record<string, never>>;

const BUILD_INFO_DIR = join(ROOT, "node_modules", ".cache", "typecheck");

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => ROOT,
  getNewLine: () => "\n",
};

/** Parsed files shared by the projects: a file's syntax tree depends only on its text and the parse options in the key. */
function sharedSourceFiles(): (host: ts.CompilerHost) => void {
  const parsed = new Map<string, ts.SourceFile>();
  return (host) => {
    const parse = host.getSourceFile.bind(host);
    host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
      const options = typeof languageVersionOrOptions === "object" ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
      const key = `${fileName}|${options.languageVersion}|${options.impliedNodeFormat ?? ""}|${options.jsDocParsingMode ?? ""}`;
      const known = shouldCreateNewSourceFile ? undefined : parsed.get(key);
      if (known) return known;
      const file = parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      if (file) parsed.set(key, file);
      return file;
    };
  };
}

/** The project's configuration with its root files. */
function readProject(project: string): ts.ParsedCommandLine {
  const config = ts.getParsedCommandLineOfConfigFile(join(ROOT, project), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.formatDiagnostic(diagnostic, formatHost));
    },
  });
  if (!config) throw new Error(`${project}: cannot read the configuration`);
  return config;
}

/**
 * The project's problems (configuration, syntax, types), after writing its build-info file for the next run.
 * A file another project of the run has among its own is type-checked there, with its runtime's globals,
 * not again where a test imports it (the Node project imports much of the Workers code and the pages).
 */
function checkProject(
  project: string,
  config: ts.ParsedCommandLine,
  checkedElsewhere: ReadonlySet<string>,
  share: (host: ts.CompilerHost) => void,
): readonly ts.Diagnostic[] {
  const options: ts.CompilerOptions = {
    ...config.options,
    incremental: true,
    tsBuildInfoFile: join(BUILD_INFO_DIR, project.replace(/\.json$/, ".tsbuildinfo")),
  };
  const host = ts.createIncrementalCompilerHost(options);
  share(host);
  const program = ts.createIncrementalProgram({
    rootNames: config.fileNames,
    options,
    host,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
    projectReferences: config.projectReferences,
  });
  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getSyntacticDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program
      .getSourceFiles()
      .filter((file) => !checkedElsewhere.has(file.fileName))
      .flatMap((file) => program.getSemanticDiagnostics(file)),
  ];
  // With noEmit this writes only the build-info file.
  program.emit();
  return diagnostics;
}

/** Colours as other tools decide them: FORCE_COLOR when set (0 is none), else when written to a terminal. */
const colours = process.env.FORCE_COLOR ? process.env.FORCE_COLOR !== "0" : process.stderr.isTTY === true;

function main(): void {
  const requested = runCommandLine(COMMAND).positionals;
  const unknown = requested.filter((project) => !(TYPECHECK_PROJECTS as readonly string[]).includes(project));
  if (unknown.length > 0) refuseUsage(COMMAND, `unknown project(s) ${unknown.join(", ")} (known: ${TYPECHECK_PROJECTS.join(", ")})`);
  const projects = requested.length > 0 ? requested : TYPECHECK_PROJECTS;
  const share = sharedSourceFiles();
  const configs = new Map(projects.map((project) => [project, readProject(project)]));
  let problems = 0;
  for (const [project, config] of configs) {
    const started = process.hrtime.bigint();
    const checkedElsewhere = new Set([...configs].filter(([other]) => other !== project).flatMap(([, each]) => each.fileNames));
    const diagnostics = checkProject(project, config, checkedElsewhere, share);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    problems += diagnostics.length;
    if (diagnostics.length > 0) {
      process.stderr.write((colours ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics)(diagnostics, formatHost));
    }
    console.log(`${project}: ${diagnostics.length === 0 ? "ok" : `${diagnostics.length} problem(s)`} (${seconds.toFixed(1)} s)`);
  }
  if (problems > 0) {
    console.error(`Type check failed: ${problems} problem(s)`);
    process.exit(1);
  }
}

main();
