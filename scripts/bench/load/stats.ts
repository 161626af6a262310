/**
 * The figures of `npm run bench:load`: latencies and answers per kind of request within one
 * step of the ramp, their percentiles, and the verdict on the limits a step must keep
 * (p95 of pages and of placing an order, no errors).
 */

/** The limits a step of the ramp must keep to count as carried. */
export const LOAD_LIMITS = { pageP95Ms: 200, placeOrderP95Ms: 500 } as const;

/** The kind of request every static page view is counted under, and that of placing an order. */
export const PAGE_KIND = "page";
export const PLACE_ORDER_KIND = "place order";

export interface KindFigures {
  kind: string;
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers that were not the expected one, by HTTP status (0: no answer at all). */
  errors: Record<string, number>;
  /** The first request of each such status (method and path), to find the cause. */
  examples: Record<string, string>;
}

/** Nearest-rank percentile of ascending `sorted` (ms); 0 for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Collects one step's requests. */
export class StepRecorder {
  private readonly times = new Map<string, number[]>();
  private readonly errors = new Map<string, Record<string, number>>();
  private readonly examples = new Map<string, Record<string, string>>();

  /** `request`: what was asked (method and path), kept for the first unexpected answer of each status. */
  record(kind: string, ms: number, status: number, expected: boolean, request = ""): void {
    let times = this.times.get(kind);
    if (!times) this.times.set(kind, (times = []));
    times.push(ms);
    if (expected) return;
    const errors = this.errors.get(kind) ?? {};
    errors[String(status)] = (errors[String(status)] ?? 0) + 1;
    this.errors.set(kind, errors);
    const examples = this.examples.get(kind) ?? {};
    examples[String(status)] ??= request;
    this.examples.set(kind, examples);
  }

  /** Per kind, in the order first seen. */
  figures(seconds: number): KindFigures[] {
    return [...this.times].map(([kind, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        kind,
        count: sorted.length,
        perSecond: sorted.length / seconds,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        errors: this.errors.get(kind) ?? {},
        examples: this.examples.get(kind) ?? {},
      };
    });
  }
}

/** Why a step broke the limits; empty when it kept them. */
export function brokenLimits(figures: readonly KindFigures[]): string[] {
  const broken: string[] = [];
  const page = figures.find((f) => f.kind === PAGE_KIND);
  if (page && page.p95 > LOAD_LIMITS.pageP95Ms) broken.push(`p95 pages ${page.p95.toFixed(0)} ms > ${LOAD_LIMITS.pageP95Ms} ms`);
  const order = figures.find((f) => f.kind === PLACE_ORDER_KIND);
  if (order && order.p95 > LOAD_LIMITS.placeOrderP95Ms) broken.push(`p95 place order ${order.p95.toFixed(0)} ms > ${LOAD_LIMITS.placeOrderP95Ms} ms`);
  const errors = figures.flatMap((f) => Object.entries(f.errors).map(([status, n]) => `${f.kind} ${status} x${n}`));
  if (errors.length > 0) broken.push(`errors: ${errors.join(", ")}`);
  return broken;
}

/** The step's table: one row per kind. */
export function figuresTable(figures: readonly KindFigures[]): string[] {
  const ms = (value: number) => value.toFixed(1).padStart(8);
  const head = ["kind".padEnd(18), "req/s".padStart(8), "p50 ms".padStart(8), "p95 ms".padStart(8), "p99 ms".padStart(8), "  errors by status"].join(" ");
  return [
    head,
    ...figures.map((f) =>
      [
        f.kind.padEnd(18),
        f.perSecond.toFixed(1).padStart(8),
        ms(f.p50),
        ms(f.p95),
        ms(f.p99),
        "  " +
          (Object.entries(f.errors)
            .map(([status, n]) => `${status}: ${n}${f.examples[status] ? ` (first: ${f.examples[status]})` : ""}`)
            .join(", ") || "-"),
      ].join(" "),
    ),
  ];
}
