// ESLint 9 flat config (docs/decisions/0021-layering-and-tooling.md).
// typescript-eslint's recommended rules without type information: the type-checked
// presets need a full program per file set and take minutes on this 2-core machine;
// `npm run typecheck` already runs the compiler over every runtime.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Output and caches of builds, tests and wrangler, and generated code; never linted. */
const GENERATED = [
  "**/node_modules/",
  "**/.cache/",
  "**/public/",
  "dist/",
  ".build/",
  ".e2e/",
  ".wrangler/",
  ".bench/",
  // the deploy's work folder: rendered bundles and uploads (scripts/lib/deploy)
  ".deploy/",
  ".data/",
  "coverage/",
  "test-results/",
  "playwright-report/",
  // the invoices' font as a module (worker/shop-api/core/invoices/font.ts)
  "worker/shop-api/core/invoices/dejavu-sans.generated.ts",
  // GraphQL Code Generator's output (codegen.ts)
  "worker/shop-api/graphql/generated/",
  "site/sourcing/generated/",
];

export default defineConfig(
  { ignores: GENERATED },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a parameter or binding that is there for its position only.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    // Workers runtime: the edge worker, the shop API, GraphQL, shared rules and the config.
    files: ["worker/**", "domain/**", "config/**"],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    // The pages: browser code (gatsby-ssr also renders in Node, through the same globals it uses in the browser).
    files: ["site/**/*.{ts,tsx,js}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    // The two rules of hooks. The plugin's React Compiler rules stay off: the site does not use the
    // compiler, and its hydration pattern (state read from cookies or storage after mount) is what
    // `set-state-in-effect` refuses.
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // The back-office console: browser code, React with the two rules of hooks.
    files: ["console/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Build side of the site and everything that runs in Node.
    files: [
      "site/build/**",
      "site/sourcing/**",
      "site/index.js",
      "scripts/**",
      "builder/**",
      "tests/**",
      "gatsby-*.ts",
      "*.config.{ts,js,mjs,cjs}",
      "*.cjs",
      "jest.config.js",
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Jest tests run in Node whatever the folder's runtime.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/kit/**"],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // CommonJS config files.
    files: ["**/*.cjs", "jest.config.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
