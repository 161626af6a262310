import { formatDateTime, isAccessLost, lookupErrorText, submitErrorText } from "./texts";

test("a failed lookup: the same words whichever field was wrong; the rate limit and the captcha have their own", () => {
  expect(lookupErrorText({ status: 404, errors: [{ message: "No order", code: "order_not_found" }] })).toEqual({ key: "lookup.notFound" });
  expect(lookupErrorText({ status: 404, errors: [] })).toEqual({ key: "lookup.notFound" });
  expect(lookupErrorText({ status: 429, errors: [{ message: "Too many", code: "rate_limited" }] })).toEqual({ key: "errors.tooMany" });
  expect(lookupErrorText({ status: 403, errors: [{ message: "Captcha", code: "captcha_failed" }] })).toEqual({ key: "errors.captcha" });
  expect(lookupErrorText({ status: 0, errors: [] })).toEqual({ key: "errors.general" });
});

test("a refused submit: the bound the API names, the access that is gone, else the general words", () => {
  expect(
    submitErrorText({ status: 422, errors: [{ message: "…", code: "quantity_exceeds_returnable", field: "items.0.quantity", params: { maxValue: 2 } }] }),
  ).toEqual({
    key: "form.maxValue",
    params: { maxValue: 2 },
  });
  expect(submitErrorText({ status: 401, errors: [] })).toEqual({ key: "errors.expired" });
  expect(isAccessLost({ status: 403, errors: [{ message: "…", code: "lookup_token_expired" }] })).toBe(true);
  expect(isAccessLost({ status: 404, errors: [{ message: "…", code: "order_not_found" }] })).toBe(false);
  expect(submitErrorText({ status: 422, errors: [{ message: "…", code: "withdrawal_not_available" }] })).toEqual({ key: "withdraw.notAvailable", params: {} });
  expect(submitErrorText({ status: 422, errors: [{ message: "…", code: "select_to_return", field: "items" }] })).toEqual({
    key: "form.selectToReturn",
    params: {},
  });
  expect(submitErrorText({ status: 422, errors: [{ message: "…", code: "too_many_images", params: { maxFiles: 6 } }] })).toEqual({
    key: "form.tooManyImages",
    params: { maxFiles: 6 },
  });
  expect(submitErrorText({ status: 500, errors: [] })).toEqual({ key: "errors.general" });
});

test("dates in the shop's time and the page's language", () => {
  expect(formatDateTime("2026-11-02T23:30:00.000Z", "de")).toBe("03.11.2026");
  expect(formatDateTime("2026-11-02T09:30:00.000Z", "de", true)).toBe("02.11.2026, 10:30");
  expect(formatDateTime("nonsense", "de")).toBe("");
});
