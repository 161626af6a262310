declare global {
  /** Set by tests/kit/jest-environment.ts: a package as its Jest process loaded it once, for every test file. */
  var sharedModule: (name: string) => unknown;
}
export {};
