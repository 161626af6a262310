/**
 * The packages Jest loads once per process (jest.config.js, tests/kit/jest-environment.ts): a fresh
 * module registry, as every test file gets, finds the same copy; any other package is loaded anew.
 */
const loadedInFreshRegistry = (name: string): unknown => {
  let loaded: unknown;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(name);
  });
  return loaded;
};

test.each(["jsdom", "@pdf-lib/fontkit"])("%s is the one copy of the Jest process", (name) => {
  const first = loadedInFreshRegistry(name);
  expect(loadedInFreshRegistry(name)).toBe(first);
  expect(first).toBe(sharedModule(name));
});

test("pdf-lib, which checks dates with instanceof, is each test file's own", () => {
  expect(loadedInFreshRegistry("pdf-lib")).not.toBe(loadedInFreshRegistry("pdf-lib"));
});
