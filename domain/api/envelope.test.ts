import { errorItemsOf, isSuccess } from "./envelope";
import { CORE_ERROR_CODES, isCoreErrorCode } from "./errors";

test("a call succeeded only with HTTP 200 and data", () => {
  expect(isSuccess(200, { items: [] })).toBe(true);
  expect(isSuccess(200, 0)).toBe(true);
  expect(isSuccess(200, "")).toBe(true);
  expect(isSuccess(200, null)).toBe(false);
  expect(isSuccess(200, undefined)).toBe(false);
  expect(isSuccess(201, {})).toBe(false);
  expect(isSuccess(202, {})).toBe(false);
  expect(isSuccess(422, {})).toBe(false);
  expect(isSuccess(0, {})).toBe(false);
});

test("the error items of a received body: its list, else none", () => {
  const items = [{ message: "The given data was invalid.", code: "invalid" }];
  expect(errorItemsOf({ status: 422, data: null, errors: items, meta: {} })).toBe(items);
  expect(errorItemsOf({ errors: [] })).toEqual([]);
  expect(errorItemsOf({})).toEqual([]);
  expect(errorItemsOf(null)).toEqual([]);
  expect(errorItemsOf(undefined)).toEqual([]);
  // A body that is not the envelope (a proxy's page parsed as JSON, a hostile answer).
  expect(errorItemsOf({ errors: "boom" } as never)).toEqual([]);
  expect(errorItemsOf({ errors: { 0: { message: "x" }, length: 1 } } as never)).toEqual([]);
});

test("the core error codes are told apart from every other string", () => {
  for (const code of CORE_ERROR_CODES) expect(isCoreErrorCode(code)).toBe(true);
  expect(isCoreErrorCode("cart_empty")).toBe(false);
  expect(isCoreErrorCode("")).toBe(false);
  expect(isCoreErrorCode("Invalid")).toBe(false);
  expect(isCoreErrorCode("toString")).toBe(false);
  expect(isCoreErrorCode("__proto__")).toBe(false);
});
