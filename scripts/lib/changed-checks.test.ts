import { changedChecks } from "./changed-checks";
import { summaryOf } from "./lanes";

const names = (lanes: ReturnType<typeof changedChecks>) => lanes.map((lane) => lane.map((step) => step.name));

describe("the checks of a change", () => {
  test("lint and format only the changed files; Jest runs the tests related to them", () => {
    const lanes = changedChecks(["domain/money.ts", "locales/de/common.json", "README.md"], { e2e: false });
    expect(names(lanes)).toEqual([["typecheck", "lint", "format", "layering"], ["unit"]]);
    const [checks, tests] = lanes;
    expect(checks?.find((step) => step.name === "lint")?.command).toEqual(["eslint", "--", "domain/money.ts"]);
    expect(checks?.find((step) => step.name === "format")?.command).toEqual([
      "prettier",
      "--check",
      "--ignore-unknown",
      "--",
      "domain/money.ts",
      "locales/de/common.json",
      "README.md",
    ]);
    expect(tests?.[0]?.command).toEqual(["jest", "--passWithNoTests", "--findRelatedTests", "domain/money.ts", "locales/de/common.json", "README.md"]);
  });

  test("no changed file: the type check and the layering only (nothing to lint, format or test)", () => {
    expect(names(changedChecks([], { e2e: true }))).toEqual([["typecheck", "layering"]]);
  });

  test("browser specs run only when asked for, and only the changed ones", () => {
    const files = ["tests/e2e/search.spec.ts", "tests/e2e/support/site.ts", "site/src/pages/index.tsx"];
    expect(names(changedChecks(files, { e2e: false }))[1]).toEqual(["unit"]);
    const browser = changedChecks(files, { e2e: true })[1]?.find((step) => step.name === "browser");
    expect(browser?.command).toEqual(["playwright", "test", "tests/e2e/search.spec.ts"]);
  });

  test("file names that look like options reach the tools as file names", () => {
    const [checks] = changedChecks(["--fix.ts"], { e2e: false });
    expect(checks?.find((step) => step.name === "lint")?.command).toEqual(["eslint", "--", "--fix.ts"]);
  });
});

describe("a passing step's summary", () => {
  test("keeps the counts of Jest, Playwright and the type check, without colours", () => {
    const output = [
      "\u001b[1mTest Suites:\u001b[22m 3 passed, 3 total",
      "Tests:       12 passed, 12 total",
      "  ✓  1 tests/e2e/search.spec.ts:10:1 › finds (2.1s)",
      "  27 passed (5.2m)",
      "tsconfig.worker.json: ok (4.0 s)",
      "Ran all test suites.",
    ].join("\n");
    expect(summaryOf(output)).toBe("Test Suites: 3 passed, 3 total; Tests:       12 passed, 12 total; 27 passed (5.2m); tsconfig.worker.json: ok (4.0 s)");
  });

  test("is empty when the output says nothing countable", () => {
    expect(summaryOf("All matched files use Prettier code style!\n")).toBe("");
  });
});
