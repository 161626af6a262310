/**
 * Jest's Node environment with two things more, both outliving the test file. Jest gives every
 * test file fresh modules and globals; this module itself is loaded once per Jest process
 * (worker, or the one process of an in-band run), so:
 * - `workerShared`, a map: what a test file puts into it the next file of the same process finds
 *   there. The test kit keeps its local runtime for databases there (tests/kit/database-pool.ts),
 *   instead of starting one per test file.
 * - `sharedModule(name)`: a package loaded by this process's own require when a test file first
 *   asks for it, the same module for every later file. jest.config.js maps the packages that are
 *   costly to load and keep no state between files to tests/kit/shared-modules/, which take them
 *   from here.
 */
import { TestEnvironment } from "jest-environment-node";

const workerShared = new Map<string, unknown>();

const stoppable = (value: unknown): value is { stop(): Promise<unknown> } =>
  typeof value === "object" && value !== null && typeof (value as { stop?: unknown }).stop === "function";

/**
 * Jest ends a worker that has not exited half a second after its last file with SIGTERM, which
 * Node answers by dying at once; the test kit's local runtime waits a second for a next file
 * (tests/kit/database-pool.ts), and its workerd process would outlive the run. What the map holds
 * with a `stop` is stopped first.
 */
process.once("SIGTERM", () => {
  const stopping = [...workerShared.values()].filter(stoppable).map((value) => value.stop());
  void Promise.allSettled(stopping).finally(() => process.exit(128 + 15));
});

export default class SharedNodeEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.global.workerShared = workerShared;
    // This process's own require: each package loads once, whichever test file asks first.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    this.global.sharedModule = (name: string): unknown => require(name);
  }
}
