import { brokenLimits, figuresTable, LOAD_LIMITS, PAGE_KIND, percentile, PLACE_ORDER_KIND, StepRecorder } from "./stats";

test("percentile is the nearest rank of the sorted values; none gives 0", () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(values, 50)).toBe(50);
  expect(percentile(values, 95)).toBe(95);
  expect(percentile(values, 99)).toBe(99);
  expect(percentile([7], 99)).toBe(7);
  expect(percentile([], 95)).toBe(0);
});

test("a step's figures per kind: throughput over the step's seconds, percentiles, unexpected answers by status", () => {
  const recorder = new StepRecorder();
  for (let i = 1; i <= 20; i++) recorder.record(PAGE_KIND, i, 200, true);
  recorder.record(PLACE_ORDER_KIND, 30, 200, true);
  recorder.record(PLACE_ORDER_KIND, 40, 429, false, "POST /apiv2/checkout/order");
  recorder.record(PLACE_ORDER_KIND, 50, 0, false, "POST /apiv2/checkout/order?first");
  recorder.record(PLACE_ORDER_KIND, 50, 0, false, "POST /apiv2/checkout/order?second");
  const [page, order] = recorder.figures(10);
  expect(page).toEqual({ kind: PAGE_KIND, count: 20, perSecond: 2, p50: 10, p95: 19, p99: 20, errors: {}, examples: {} });
  expect(order).toMatchObject({
    count: 4,
    errors: { "429": 1, "0": 2 },
    examples: { "429": "POST /apiv2/checkout/order", "0": "POST /apiv2/checkout/order?first" },
  });
  expect(figuresTable([page!, order!]).join("\n")).toContain("0: 2 (first: POST /apiv2/checkout/order?first), 429: 1 (first: POST /apiv2/checkout/order)");
});

describe("the limits of a step", () => {
  const step = (pageMs: number, orderMs: number, expected = true) => {
    const recorder = new StepRecorder();
    for (let i = 0; i < 100; i++) recorder.record(PAGE_KIND, pageMs, 200, true);
    for (let i = 0; i < 100; i++) recorder.record(PLACE_ORDER_KIND, orderMs, expected ? 200 : 503, expected);
    return brokenLimits(recorder.figures(1));
  };

  test("kept at the limits themselves", () => {
    expect(step(LOAD_LIMITS.pageP95Ms, LOAD_LIMITS.placeOrderP95Ms)).toEqual([]);
  });

  test("broken by slow pages, slow orders, or any error", () => {
    expect(step(LOAD_LIMITS.pageP95Ms + 1, 10)).toEqual([`p95 pages ${LOAD_LIMITS.pageP95Ms + 1} ms > ${LOAD_LIMITS.pageP95Ms} ms`]);
    expect(step(10, LOAD_LIMITS.placeOrderP95Ms + 1)).toEqual([`p95 place order ${LOAD_LIMITS.placeOrderP95Ms + 1} ms > ${LOAD_LIMITS.placeOrderP95Ms} ms`]);
    expect(step(10, 10, false)).toEqual([`errors: ${PLACE_ORDER_KIND} 503 x100`]);
  });

  test("one error among many fast answers breaks them", () => {
    const recorder = new StepRecorder();
    for (let i = 0; i < 1000; i++) recorder.record(PAGE_KIND, 1, 200, true);
    recorder.record("search", 1, 500, false);
    expect(brokenLimits(recorder.figures(1))).toEqual(["errors: search 500 x1"]);
  });
});
