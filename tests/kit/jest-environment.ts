/**
 * Jest's Node environment with one thing more: `workerShared`, a map that outlives the test
 * file. Jest gives every test file fresh modules and globals; this module itself is loaded
 * once per Jest process (worker, or the one process of an in-band run), so what a test file
 * puts into the map the next file of the same process finds there. The test kit keeps its
 * local runtime for databases there (tests/kit/database-pool.ts), instead of starting one per
 * test file.
 */
import { TestEnvironment } from "jest-environment-node";

const workerShared = new Map<string, unknown>();

export default class SharedNodeEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.global.workerShared = workerShared;
  }
}
