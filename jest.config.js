/** Unit and integration tests (Node). Browser tests live in tests/e2e and run under Playwright. */
const { compilerOptions } = require("./tsconfig.base.json");

/** The path aliases of tsconfig.base.json (`@domain/*` -> `./domain/*`) as Jest module mappings. */
const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace("/*", "/(.*)")}$`,
    `<rootDir>/${target.replace(/^\.\//, "").replace("*", "$1")}`,
  ]),
);

module.exports = {
  testEnvironment: "node",
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
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: { module: "commonjs", moduleResolution: "node", jsx: "react-jsx", isolatedModules: true } }],
    // jose ships ES modules only: its files are compiled to CommonJS like ours.
    "/node_modules/jose/.+\\.js$": ["ts-jest", { tsconfig: { module: "commonjs", allowJs: true, isolatedModules: true } }],
  },
  transformIgnorePatterns: ["/node_modules/(?!jose/)"],
  moduleNameMapper,
  moduleFileExtensions: ["ts", "tsx", "js", "json"],
  testTimeout: 30000,
};
