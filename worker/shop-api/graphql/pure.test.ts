import { buildSchema } from "graphql";
import { attachResolvers, buildExecutableSchema } from "./build-schema";
import { Loader } from "./loaders";
import { priceFacts } from "./resolvers/products";

describe("price facts (EU price-indication rule)", () => {
  const NOW = new Date("2026-03-01T12:00:00.000Z");
  const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
  const row = (price: number, days: number) => ({ sku: "S", package_price: price, valid_from: daysAgo(days) });

  test("no history, or no earlier price: the reference is the current price", () => {
    expect(priceFacts(1000, [], NOW)).toEqual({ current: 1000, reference: 1000, savingsPercentage: 0, since: null });
    expect(priceFacts(1000, [row(1000, 3)], NOW)).toEqual({ current: 1000, reference: 1000, savingsPercentage: 0, since: daysAgo(3) });
  });

  test("a reduction: the earlier price is the reference, the current price is excluded", () => {
    // 10.00 since 20 days, 8.00 since today (the demo catalogue's discount).
    expect(priceFacts(800, [row(1000, 20), row(800, 0)], NOW)).toEqual({ current: 800, reference: 1000, savingsPercentage: 20, since: daysAgo(0) });
  });

  test("the window is the 30 days before the current price took effect, not the last 30 days", () => {
    // 12.00 for a long time, 10.00 from 50 to 45 days ago, 8.00 since 45 days: the window
    // [75, 45) days ago saw 12.00 (in force at its start) and 10.00.
    expect(priceFacts(800, [row(1200, 200), row(1000, 50), row(800, 45)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20 });
    // A price that ended before the window began does not count.
    expect(priceFacts(800, [row(700, 100), row(1000, 60), row(800, 10)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20 });
  });

  test("the lowest price in the window wins, also when it is below the current price", () => {
    // 9.00 -> 7.00 (briefly) -> 8.00: reference 7.00, nothing to strike through.
    expect(priceFacts(800, [row(900, 25), row(700, 10), row(800, 5)], NOW)).toMatchObject({ reference: 700, savingsPercentage: 0 });
    // A price increase: the lower earlier price is the reference, no savings.
    expect(priceFacts(2500, [row(2000, 100), row(2500, 40)], NOW)).toMatchObject({ reference: 2000, savingsPercentage: 0 });
  });

  test("a re-import of an unchanged price does not move the day the price took effect", () => {
    expect(priceFacts(800, [row(1000, 30), row(800, 20), row(800, 2)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 20, since: daysAgo(20) });
  });

  test("a current price missing from the history is taken as effective now", () => {
    expect(priceFacts(900, [row(1200, 40), row(1000, 10)], NOW)).toMatchObject({ reference: 1000, savingsPercentage: 10, since: null });
  });
});

describe("schema building", () => {
  test("the executable schema builds", () => {
    expect(buildExecutableSchema().getQueryType()?.name).toBe("Query");
  });

  test("a resolver for a missing type or field fails loudly", () => {
    const schema = () => buildSchema("type Query { a: Int }");
    expect(() => attachResolvers(schema(), { Query: { b: () => 1 } })).toThrow("field Query.b does not exist");
    expect(() => attachResolvers(schema(), { Nope: { a: () => 1 } })).toThrow("type Nope is not an object type of the schema");
  });
});

describe("loader", () => {
  test("batches keys of one step and caches them", async () => {
    const calls: string[][] = [];
    const loader = new Loader<string, string>(async (keys) => {
      calls.push([...keys]);
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const values = await Promise.all([loader.load("a"), loader.load("b"), loader.load("a")]);
    expect(values).toEqual(["A", "B", "A"]);
    expect(calls).toEqual([["a", "b"]]);
    expect(await loader.load("b")).toBe("B");
    expect(calls).toHaveLength(1);
  });

  test("a failing batch rejects its keys and does not cache them", async () => {
    let fail = true;
    const loader = new Loader<string, string>(async (keys) => {
      if (fail) throw new Error("boom");
      return new Map(keys.map((k) => [k, k]));
    });
    await expect(loader.load("x")).rejects.toThrow("boom");
    fail = false;
    expect(await loader.load("x")).toBe("x");
  });
});
