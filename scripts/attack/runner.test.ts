import { addressAllocator, assertLoopback } from "./client";
import { formatTable, runChecks, summaryLine, type Check } from "./runner";

const check = (name: string, run: Check<null>["run"]): Check<null> => ({ group: "edge", name, sends: `GET /${name}`, expected: "404", run });

describe("attack runner", () => {
  test("runs every check and closes with exactly `N passed, M failed`", async () => {
    const results = await runChecks(
      [
        check("held", async () => ({ ok: true, got: "404" })),
        check("broken", async () => ({ ok: false, got: "500" })),
        check("throws", async () => {
          throw new Error("socket hang up");
        }),
      ],
      null,
      { budgetMs: 10_000, checkTimeoutMs: 1000 },
    );
    expect(results.map((result) => [result.name, result.ok, result.got])).toEqual([
      ["held", true, "404"],
      ["broken", false, "500"],
      ["throws", false, "error: socket hang up"],
    ]);
    expect(summaryLine(results)).toBe("1 passed, 2 failed");
    expect(summaryLine([])).toBe("0 passed, 0 failed");
  });

  test("a check that never answers fails at its time limit; checks after the run's budget fail as not run", async () => {
    let clock = 0;
    const results = await runChecks(
      [
        check("hangs", () => new Promise(() => undefined)),
        check("late", async () => {
          clock += 5000;
          return { ok: true, got: "404" };
        }),
        check("never", async () => ({ ok: true, got: "404" })),
      ],
      null,
      { budgetMs: 4000, checkTimeoutMs: 20, now: () => clock },
    );
    expect(results.map((result) => [result.ok, result.got])).toEqual([
      [false, "error: no outcome within 20 ms"],
      [true, "404"],
      [false, "not run: the run's 4 s budget is spent"],
    ]);
  });

  test("the table has a header, a rule and one row per check with case, sends, expected and got", () => {
    const table = formatTable([
      { group: "edge", name: "open redirect //evil.com", sends: "GET //evil.com", expected: "no Location off-site", got: "404", ok: true, ms: 3 },
      { group: "api", name: "search NUL", sends: "GET /apiv2/search?query=a\u0000b", expected: "200 or 400", got: `500 ${"x".repeat(100)}`, ok: false, ms: 4 },
    ]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^result +\| case +\| sends +\| expected +\| got$/);
    expect(lines[1]).toMatch(/^-+(-\|-+)+$/);
    expect(lines[2]).toMatch(/^PASS +\| edge: open redirect \/\/evil\.com +\| GET \/\/evil\.com +\| no Location off-site +\| 404$/);
    // A failure's `got` is shown whole; control characters never reach the terminal.
    expect(lines[3]).toMatch(/^FAIL +\| api: search NUL +\| GET \/apiv2\/search\?query=a b +\| 200 or 400 +\| 500 x{100}$/);
    expect(table.includes("\u0000")).toBe(false);
  });
});

describe("loopback guard", () => {
  test.each(["http://127.0.0.1:8787", "http://127.8.9.10:8787", "http://localhost:8787", "http://[::1]:8787"])("%s is allowed", (origin) => {
    expect(assertLoopback(origin).origin).toBe(new URL(origin).origin);
  });

  test.each([
    "http://192.168.1.10:8787",
    "http://10.0.0.1",
    "http://shop.example",
    "http://de.localhost.evil.com:8787",
    "http://127.0.0.1.nip.io:8787",
    "http://[::ffff:8.8.8.8]",
    "https://127.0.0.1:8787",
    "not a url",
  ])("%s is refused", (origin) => {
    expect(() => assertLoopback(origin)).toThrow(/loopback|not a URL/);
  });

  test("client addresses stay inside 198.18.0.0/15 and wrap around", () => {
    const next = addressAllocator(131_070);
    expect([next(), next(), next()]).toEqual(["198.19.255.254", "198.19.255.255", "198.18.0.0"]);
  });
});
