import { attemptFor, settles } from "./submit-attempt";

let counter = 0;
const newKey = () => `key-${(counter += 1)}`;

test("a retry of the same body keeps the key; another body gets a new one", () => {
  const first = attemptFor(null, '{"a":1}', newKey);
  expect(attemptFor(first, '{"a":1}', newKey)).toBe(first);
  const changed = attemptFor(first, '{"a":2}', newKey);
  expect(changed.key).not.toBe(first.key);
  expect(changed.fingerprint).toBe('{"a":2}');
});

test.each<[number, { code?: string }[], boolean]>([
  [200, [], true],
  [422, [{ code: "invalid" }], true],
  [409, [{ code: "price_changed" }], true],
  [409, [{ code: "out_of_stock" }], true],
  [404, [], true],
  [0, [], false],
  [500, [{ code: "general" }], false],
  [503, [{ code: "unavailable" }], false],
  [504, [], false],
  [429, [{ code: "rate_limited" }], false],
  [409, [{ code: "idempotency_in_progress" }], false],
])("status %i %j settles: %s", (status, errors, expected) => {
  expect(settles(status, errors)).toBe(expected);
});
