/** Unit and integration tests (Node). Browser tests live in tests/e2e and run under Playwright. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/domain", "<rootDir>/worker", "<rootDir>/graphql", "<rootDir>/scripts", "<rootDir>/site", "<rootDir>/console", "<rootDir>/tests/unit"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  transform: {
    "^.+\\.tsx?$": ["ts-jest", { tsconfig: { module: "commonjs", moduleResolution: "node", jsx: "react-jsx", isolatedModules: true } }],
  },
  moduleFileExtensions: ["ts", "tsx", "js", "json"],
  testTimeout: 30000,
};
