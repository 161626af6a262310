export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Runs at most `max` tasks at once; the others wait and start in the order they came. A task that
 * fails frees its slot like one that succeeds. (Sourcing's GraphQL requests, source-nodes.ts.)
 */
export function concurrencyLimit(max: number): Limit {
  if (!Number.isInteger(max) || max < 1) throw new Error(`concurrencyLimit needs a whole number of at least 1, not ${max}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A slot is taken here, or handed over by the task that frees it (so no newcomer slips in between).
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
