/** Unit and integration tests (Node). Browser tests live in tests/e2e and run under Playwright. */
const { compilerOptions } = require("./tsconfig.base.json");

/** The path aliases of tsconfig.base.json (`@domain/*` -> `./domain/*`) as Jest module mappings. */
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace("/*", "/(.*)")}$`,
    `<rootDir>/${target.replace(/^\.\//, "").replace("*", "$1")}`,
  ]),
);

/**
 * Packages loaded once per Jest process instead of once per test file: each costs a tenth of a CPU second
 * (undici) to most of one (miniflare) to load and keeps nothing of one test file for the next (jsdom's windows
 * and pdf-lib's documents are the test's; the test kit's local runtime, a Miniflare, outlives its files anyway:
 * tests/kit/database-pool.ts). A test file gets them through tests/kit/shared-modules/<name>.ts from the test
 * environment (tests/kit/jest-environment.ts).
 */
const SHARED_MODULES = ["jsdom", "@pdf-lib/fontkit", "miniflare", "undici"];
const sharedModules = Object.fromEntries(SHARED_MODULES.map((name) => [`^${name}$`, `<rootDir>/tests/kit/shared-modules/${name}.ts`]));

/** SWC's options for a parser (TypeScript, with `tsx` also JSX in React's automatic runtime), as CommonJS for Jest. */
function swcOptions(parser) {
  return {
    jsc: { parser, target: "es2022", transform: { react: { runtime: "automatic" } } },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  };
}

module.exports = {
  // Node, with a map that outlives a test file: the test kit shares its local runtime through it (tests/kit/jest-environment.ts).
  testEnvironment: "<rootDir>/tests/kit/jest-environment.ts",
  // Two workers also on two cores (Jest's default there is one, in band): a test file waits on workerd
  // and its children for much of its time, which the other worker fills (docs/decisions/0076).
  maxWorkers: 2,
  roots: [
    "<rootDir>/domain",
    "<rootDir>/worker",
    "<rootDir>/config",
    "<rootDir>/scripts",
    "<rootDir>/builder",
    "<rootDir>/site",
    "<rootDir>/console",
    "<rootDir>/tests/unit",
  ],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  // Type checking is `npm run typecheck`'s job: Jest only strips the types (SWC, with jest.mock calls hoisted above the imports).
  transform: {
    "^.+\\.ts$": ["@swc/jest", swcOptions({ syntax: "typescript", tsx: false })],
    "^.+\\.tsx$": ["@swc/jest", swcOptions({ syntax: "typescript", tsx: true })],
    // jose ships ES modules only: its files are compiled to CommonJS like ours.
    "/node_modules/jose/.+\\.js$": ["@swc/jest", swcOptions({ syntax: "ecmascript" })],
  },
  transformIgnorePatterns: ["/node_modules/(?!jose/)"],
  moduleNameMapper: { ...sharedModules, ...moduleNameMapper },
  moduleFileExtensions: ["ts", "tsx", "js", "json"],
  // A test that hangs fails after this; it is no speed check (those are benchmarks). The heaviest tests (a catalogue
  // imported into two databases, a rebuild stream of a hundred changes) take 3-8 s alone, and ten to twenty times that
  // beside the browser tests and npm start's shop builds on two cores. A test past its limit keeps running behind the
  // next one and breaks it too, so the limit is far above the slowest honest run.
  testTimeout: 300_000,
};
