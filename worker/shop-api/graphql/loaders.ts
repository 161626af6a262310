/**
 * A small per-request batcher in the spirit of DataLoader: `load(key)` calls made while
 * resolving one level of a query are collected and answered by one `batch(keys)` call.
 * Dispatch waits for a macrotask (setTimeout 0), so every resolver of the current
 * execution step has had the chance to enqueue its key, however deep graphql-js chains
 * its promises. Results are cached per key for the lifetime of the loader (one request).
 */
export type BatchFn<K, V> = (keys: readonly K[]) => Promise<Map<K, V>>;

export class Loader<K, V> {
  private readonly cache = new Map<K, Promise<V | undefined>>();
  private queue: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly batch: BatchFn<K, V>,
    private readonly maxBatchSize = 500,
  ) {}

  load(key: K): Promise<V | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
    });
    this.cache.set(key, promise);
    if (!this.scheduled) {
      this.scheduled = true;
      setTimeout(() => void this.dispatch(), 0);
    }
    return promise;
  }

  /** Seeds the cache with a value already known (e.g. rows of the page query). */
  prime(key: K, value: V | undefined): void {
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value));
  }

  private async dispatch(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    this.scheduled = false;
    for (let start = 0; start < queue.length; start += this.maxBatchSize) {
      const chunk = queue.slice(start, start + this.maxBatchSize);
      try {
        const results = await this.batch(chunk.map((entry) => entry.key));
        for (const entry of chunk) entry.resolve(results.get(entry.key));
      } catch (error) {
        for (const entry of chunk) {
          this.cache.delete(entry.key);
          entry.reject(error);
        }
      }
    }
  }
}

/** Loaders memoised by name, so resolvers can create them lazily for a shop and language. */
export class LoaderRegistry {
  private readonly loaders = new Map<string, Loader<unknown, unknown>>();

  get<K, V>(name: string, create: () => Loader<K, V>): Loader<K, V> {
    let loader = this.loaders.get(name);
    if (!loader) {
      loader = create() as unknown as Loader<unknown, unknown>;
      this.loaders.set(name, loader);
    }
    return loader as unknown as Loader<K, V>;
  }
}

/** Groups rows by a key, keeping their order. */
export function groupBy<K, T>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
