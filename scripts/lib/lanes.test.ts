import { progressOf, spawnedCommand } from "./lanes";

describe("a running step's progress", () => {
  test("counts Jest's finished test files and the failed ones", () => {
    const output = "PASS domain/money.test.ts\nFAIL worker/x.test.ts (3 s)\n  ● a failing test\nPASS site/y.test.tsx\n";
    expect(progressOf(output)).toBe("3 test files, 1 failed (worker/x.test.ts)");
  });

  test("counts Playwright's finished tests, colours or not", () => {
    const output =
      "Running 119 tests using 1 worker\n\n  \u001b[32m✓\u001b[39m  1 [chromium] › a.spec.ts:3:1 › home (2.1s)\n  ✘  2 [chromium] › b.spec.ts:5:1 › cart (9.0s)\n  ✓  3 [chromium] › c.spec.ts:7:1 › search (1.0s)\n";
    expect(progressOf(output)).toBe("3 browser tests, 1 failed (b.spec.ts:5:1 › cart)");
  });

  test("says nothing before anything finished, and ignores lines that only mention the words", () => {
    expect(progressOf("")).toBe("");
    expect(progressOf("Determining test suites to run...\n  expect(PASS)\nthe FAIL case\n")).toBe("");
  });
});

describe("a step that yields the cores", () => {
  test("runs under nice with its niceness; a step without one runs as it is", () => {
    expect(spawnedCommand({ name: "lint", command: ["npm", "run", "lint"], niceness: 10 })).toEqual(["nice", "-n", "10", "npm", "run", "lint"]);
    expect(spawnedCommand({ name: "e2e", command: ["npm", "run", "test:e2e"] })).toEqual(["npm", "run", "test:e2e"]);
  });
});
