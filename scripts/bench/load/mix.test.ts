import { SCENARIOS, scenarioFor } from "./mix";

test("the mix is the Black Friday traffic's shares and adds up to 100 %", () => {
  expect(Object.fromEntries(SCENARIOS.map((scenario) => [scenario.name, scenario.share]))).toEqual({
    browsing: 70,
    search: 10,
    "cart and samples": 12,
    checkout: 5,
    "account and returns": 3,
  });
});

test("a draw in [0, 100) falls into the scenario its share covers", () => {
  const counts = new Map<string, number>();
  for (let draw = 0; draw < 100; draw += 0.5) counts.set(scenarioFor(draw).name, (counts.get(scenarioFor(draw).name) ?? 0) + 1);
  expect(Object.fromEntries(counts)).toEqual({ browsing: 140, search: 20, "cart and samples": 24, checkout: 10, "account and returns": 6 });
  expect(scenarioFor(0).name).toBe("browsing");
  expect(scenarioFor(69.999).name).toBe("browsing");
  expect(scenarioFor(70).name).toBe("search");
  expect(scenarioFor(99.999).name).toBe("account and returns");
});
