/** The console's reading of the staff API's refusals: how long to wait, and the texts of the codes it knows. */
import { ApiError, errorText, retryAfterOf, throttledText } from "./api";

describe("how long a refusal asks to wait", () => {
  it.each<[string | null, unknown, number | null]>([
    ["720", undefined, 720],
    [" 60 ", undefined, 60],
    [null, 300, 300],
    [null, 12.2, 13],
    ["0", 90, 90],
    ["abc", 45, 45],
    ["-5", undefined, null],
    ["1e3", undefined, null],
    ["Wed, 21 Oct 2026 07:28:00 GMT", undefined, null],
    [null, "300", null],
    [null, -1, null],
    [null, Number.NaN, null],
    [null, undefined, null],
  ])("Retry-After %p and retryAfterSeconds %p: %p", (header, seconds, expected) => {
    const errors = [{ message: "x", code: "auth_throttled", ...(seconds === undefined ? {} : { params: { retryAfterSeconds: seconds as number } }) }];
    expect(retryAfterOf(header, errors)).toBe(expected);
  });
});

describe("the text of a refused login", () => {
  const now = new Date("2026-11-28T10:00:00Z");

  it("says how many minutes to wait, rounded up, and until when", () => {
    expect(throttledText(661, now)).toMatch(/^Too many failed logins\. Logging in is paused: please try again in 12 minutes \(at \d{2}:\d{2}\)\.$/);
    expect(throttledText(30, now)).toMatch(/try again in 1 minute \(at \d{2}:\d{2}\)\.$/);
    expect(throttledText(60, now)).toMatch(/in 1 minute /);
    expect(throttledText(61, now)).toMatch(/in 2 minutes /);
  });

  it("without a time, says to try later", () => {
    expect(throttledText(null, now)).toBe("Too many failed logins. Logging in is paused for a while: please try again later.");
  });

  it("is what an auth_throttled error reads, never the general message", () => {
    const error = new ApiError(
      429,
      [{ message: "Too many failed attempts. Try again later.", code: "auth_throttled", params: { retryAfterSeconds: 720 } }],
      720,
    );
    expect(error.message).toMatch(/in 12 minutes/);
    expect(error.general).toEqual([error.message]);
  });

  it("words the codes the console knows and keeps the message of any other", () => {
    expect(errorText({ message: "The e-mail address or the password is not correct.", code: "invalid_credentials" }, null)).toBe(
      "The e-mail address or the password is not correct.",
    );
    expect(errorText({ message: "Something went wrong. Try again.", code: "rate_limited" }, 60)).toBe("Too many requests. Please wait a moment and try again.");
    expect(errorText({ message: "Only this shop's SKUs.", code: "unknown_sku" }, null)).toBe("Only this shop's SKUs.");
  });
});
