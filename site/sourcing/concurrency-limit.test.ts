import { concurrencyLimit } from "./concurrency-limit";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("concurrencyLimit", () => {
  test("never more than max tasks at once, also when tasks finish while others arrive; all results come back", async () => {
    const limit = concurrencyLimit(3);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      inFlight += 1;
      most = Math.max(most, inFlight);
      for (let i = 0; i < (n % 4) + 1; i++) await tick();
      inFlight -= 1;
      return n * 2;
    };
    const first = Array.from({ length: 10 }, (_, n) => limit(task(n)));
    await tick();
    const later = Array.from({ length: 10 }, (_, n) => limit(task(n + 10)));
    expect(await Promise.all([...first, ...later])).toEqual(Array.from({ length: 20 }, (_, n) => n * 2));
    expect(most).toBe(3);
    // Waiting tasks start in the order they came.
    expect(started.slice(3)).toEqual([...started.slice(3)].sort((a, b) => a - b));
  });

  test("a failing task frees its slot and its error reaches its caller only", async () => {
    const limit = concurrencyLimit(1);
    const failing = limit(async () => {
      await tick();
      throw new Error("boom");
    });
    const next = limit(async () => "ok");
    await expect(failing).rejects.toThrow("boom");
    await expect(next).resolves.toBe("ok");
    await expect(limit(async () => "still ok")).resolves.toBe("still ok");
  });

  test("refuses a limit that would run nothing or is no whole number", () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => concurrencyLimit(max)).toThrow(/whole number/);
  });
});
