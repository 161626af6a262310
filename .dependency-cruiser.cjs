/**
 * Who may import whom (docs/decisions/0021-layering-and-tooling.md), checked by
 * `npm run deps:check` in `npm test`. Layers, lowest first:
 *
 *   domain/                   pure shared rules; imports nothing of the project but locales/
 *   worker/lib/               runtime-neutral helpers; imports domain/, locales/
 *   config/                   the validated shop config; imports domain/, worker/lib/
 *   worker/env.ts             the worker's bindings (a type); imports the config
 *   worker/shop-api/tables/   row types, mappers, SQL fragments; imports domain/, worker/lib/
 *   worker/shop-api/core/     shop, context, envelope, auth, services; imports the layers above
 *   worker/shop-api/graphql/  schema + resolvers; imports core, tables and below
 *   worker/shop-api/<module>/ catalogue, commerce, search, ...: core, tables and below; never each other
 *   worker/shop-api/*.ts      the route table and entry points: wire modules and graphql
 *   worker/edge/              the Hono edge: config, lib, domain; never the shop API
 *   worker/index.ts           wires edge and shop API
 *   site/                     the pages: domain/, locales/; the build side also the config
 *   console/                  the back-office console: domain/ (the API's wire contract, domain/api/), locales/
 *   builder/                  the publisher (builds, releases, asset stores): imports anything but tests
 *   scripts/, tests/          may import anything
 *
 * Tests (next to the code or in tests/) and the one test kit they share (tests/kit/: harnesses,
 * fixtures, stand-ins) may import anything; production code never imports them. A production
 * folder holds no test harness, and the tests of one shop-API module reach another module only
 * through the kit (the TEST rules below). Folders that do not exist yet (domain/, core/, tables/) are
 * covered by their rules as soon as they appear.
 */

/** Jest tests (beside the code they test) and everything under tests/, the test kit among it. */
const TEST_CODE = ["\\.test\\.tsx?$", "^tests/"];
/** A test harness or fixture file by its name (test-*.ts): it belongs in tests/kit/. */
const TEST_HARNESS = "(^|/)test-[a-z-]+\\.tsx?$";
/** npm packages (resolved through node_modules). */
const PACKAGES = "node_modules";

const DOMAIN = "^domain/";
const LOCALES = "^locales/";
const LIB = "^worker/lib/";
const CONFIG = "^config/";
const ENV = "^worker/env\\.ts$";
const TABLES = "^worker/shop-api/tables/";
const CORE = "^worker/shop-api/core/";
const GRAPHQL = "^worker/shop-api/graphql/";
/** A shop-API module: any folder of worker/shop-api/ but core/, tables/ and the GraphQL layer. */
const MODULE = "^worker/shop-api/(?!core/|tables/|graphql/)[^/]+/";
/** The shop API's own top-level files: the route table (app.ts) and entry points (main.ts, scheduled.ts). */
const SHOP_API_WIRING = "^worker/shop-api/[^/]+\\.ts$";
const EDGE = "^worker/edge/";

/**
 * A rule for production code of `from`: it may import only `allowed` and npm packages, and
 * runtime built-ins (node:*) unless `builtins` is false.
 */
function onlyImports(name, comment, from, allowed, { builtins = true } = {}) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, pathNot: TEST_CODE },
    to: builtins ? { pathNot: [...allowed, PACKAGES], dependencyTypesNot: ["core"] } : { pathNot: [...allowed, PACKAGES] },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "Modules that import each other cannot be understood, tested or moved one at a time: break the cycle.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-unresolvable",
      comment: "An import that resolves to no file (a typo, a moved module or a package that is not installed).",
      severity: "error",
      from: {},
      // cloudflare:* modules are built into the Workers runtime.
      to: { couldNotResolve: true, pathNot: "^cloudflare:" },
    },
    {
      name: "production-never-imports-tests",
      comment: "Tests, their fixtures and support code are not shipped: production code must not depend on them.",
      severity: "error",
      from: { pathNot: [...TEST_CODE, "^scripts/"] },
      to: { path: TEST_CODE },
    },
    // TEST rules: one test kit outside production code.
    {
      name: "test-harness-only-in-the-kit",
      comment: "Test harnesses and fixtures live in the one test kit (tests/kit/), never in a production folder: move it there.",
      severity: "error",
      from: { path: TEST_HARNESS, pathNot: "^tests/" },
      to: {},
    },
    {
      name: "test-harness-only-in-the-kit-even-alone",
      comment: "A test harness or fixture that imports nothing still belongs in tests/kit/, not in a production folder.",
      severity: "error",
      from: { path: TEST_HARNESS, pathNot: "^tests/", orphan: true },
      to: {},
    },
    {
      name: "module-tests-stay-in-their-module",
      comment:
        "The tests of a shop-API module (and of core/ and tables/) import their own module, core/, tables/, what lies below and the route table and entry points (worker/shop-api/*.ts); another module's behaviour (an import, an order, a customer) comes through the test kit (tests/kit/), which reaches it over the HTTP API or the shared tables.",
      severity: "error",
      from: { path: "^worker/shop-api/([^/]+)/.+\\.test\\.tsx?$" },
      to: { path: "^worker/shop-api/", pathNot: ["^worker/shop-api/($1|core|tables)/", SHOP_API_WIRING] },
    },
    onlyImports(
      "domain-imports-nothing",
      "domain/ holds pure shared rules (money, units, routes, constants) used by site, GraphQL and the worker: of the project it imports only itself and locales/ JSON, and no runtime built-ins (it runs in the browser, in Node and in Workers).",
      DOMAIN,
      [DOMAIN, LOCALES],
      { builtins: false },
    ),
    onlyImports(
      "lib-below-everything",
      "worker/lib/ holds runtime-neutral helpers (sql tag, texts, body reading, shop headers): of the project it imports only domain/, locales/ and itself, and no runtime built-ins.",
      LIB,
      [LIB, DOMAIN, LOCALES],
      { builtins: false },
    ),
    onlyImports("config-imports-domain-and-lib", "The validated shop config builds on domain/ and worker/lib/ only.", CONFIG, [CONFIG, LIB, DOMAIN, LOCALES]),
    onlyImports("env-imports-config-only", "worker/env.ts declares the bindings; it names config types and nothing else.", ENV, [CONFIG]),
    onlyImports("tables-import-domain-and-lib", "worker/shop-api/tables/ (row types, mappers, SQL fragments) build on domain/ and worker/lib/ only.", TABLES, [
      TABLES,
      LIB,
      DOMAIN,
      LOCALES,
    ]),
    onlyImports(
      "core-imports-below-modules",
      "worker/shop-api/core/ serves every module: it imports tables, config, lib, domain and locales, never a module, GraphQL or the edge.",
      CORE,
      [CORE, TABLES, CONFIG, ENV, LIB, DOMAIN, LOCALES],
    ),
    onlyImports(
      "graphql-imports-core-and-tables",
      "worker/shop-api/graphql/ reads through core/ and tables/ (and config, lib, domain); never through a shop-API module, the route table or the edge.",
      GRAPHQL,
      [GRAPHQL, CORE, TABLES, CONFIG, ENV, LIB, DOMAIN, LOCALES],
    ),
    {
      name: "shop-api-modules-never-import-each-other",
      comment: "A module of worker/shop-api/ (catalogue, commerce, search, ...) shares code with another only through core/ or tables/.",
      severity: "error",
      from: { path: "^worker/shop-api/([^/]+)/", pathNot: ["^worker/shop-api/(core|tables|graphql)/", ...TEST_CODE] },
      to: { path: "^worker/shop-api/[^/]+/", pathNot: ["^worker/shop-api/($1|core|tables)/", ...TEST_CODE] },
    },
    onlyImports(
      "shop-api-modules-import-below",
      "A shop-API module imports core, tables, config, lib, domain and locales; never GraphQL, the route table, the edge or the site.",
      MODULE,
      ["^worker/shop-api/[^/]+/", ENV, CONFIG, LIB, DOMAIN, LOCALES],
    ),
    {
      name: "only-the-route-table-wires-the-shop-api",
      comment: "The shop API's route table and entry points (worker/shop-api/*.ts) are imported only by worker/index.ts and each other.",
      severity: "error",
      from: { pathNot: ["^worker/index\\.ts$", SHOP_API_WIRING, "^scripts/", ...TEST_CODE] },
      to: { path: SHOP_API_WIRING },
    },
    onlyImports(
      "edge-never-imports-shop-api",
      "worker/edge/ (the Hono edge) reaches the shop API over fetch only; worker/index.ts wires the two. It imports config, lib, domain, locales and the bindings type.",
      EDGE,
      [EDGE, CONFIG, ENV, LIB, DOMAIN, LOCALES],
    ),
    onlyImports(
      "site-never-imports-worker",
      "The pages (site/src) run in the browser: they import domain/, locales/ and site code; never worker/, worker/shop-api/graphql/, the config (the build hands them what they need) or Node built-ins.",
      "^site/(?!build/|sourcing/)",
      ["^site/", DOMAIN, LOCALES],
      { builtins: false },
    ),
    onlyImports(
      "console-imports-console-and-locales",
      "The back-office console (console/) runs in the browser and reaches the shop API over fetch only: it imports its own code, locales/ and domain/ (the wire contract in domain/api/ and the back-office answer types in domain/back-office/); never worker/, the config or Node built-ins.",
      "^console/",
      ["^console/", DOMAIN, LOCALES],
      { builtins: false },
    ),
    onlyImports(
      "site-build-imports-domain-and-config",
      "The site's build side (sourcing the catalogue, creating pages) imports domain/, locales/, site code and the shop config; never the worker or GraphQL's code.",
      "^site/(build|sourcing)/",
      ["^site/", CONFIG, DOMAIN, LOCALES],
    ),
  ],
  options: {
    doNotFollow: { path: PACKAGES },
    // Generated folders (packages are kept as dependencies, just not followed).
    exclude: { path: "^(site/)?(\\.cache|public|dist|\\.build|\\.e2e|\\.wrangler|\\.bench|coverage)/" },
    // node_modules may be a symlink (worktrees share one): resolve packages to node_modules/..., not to where it points.
    preserveSymlinks: true,
    // `import type` counts: a type that runs back up a layer couples the layers as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
      // Packages of types only name their declarations in `typings` (@graphql-typed-document-node/core of the generated GraphQL documents).
      mainFields: ["main", "types", "typings"],
    },
    moduleSystems: ["es6", "cjs"],
    reporterOptions: { text: { highlightFocused: true } },
  },
};
