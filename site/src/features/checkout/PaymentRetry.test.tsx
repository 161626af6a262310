import { paymentRetryPossible } from "./PaymentRetry";

test("another try is offered after a failure or expiry, and while the payment waits without a page or with its page left unpaid; never when paid or processing", () => {
  expect(paymentRetryPossible({ paymentState: "failed" })).toBe(true);
  expect(paymentRetryPossible({ paymentState: "cancelled" })).toBe(true);
  expect(paymentRetryPossible({ paymentState: "pending", paymentProgress: "not_started" })).toBe(true);
  expect(paymentRetryPossible({ paymentState: "pending", paymentProgress: "open" })).toBe(true);
  expect(paymentRetryPossible({ paymentState: "pending", paymentProgress: "processing" })).toBe(false);
  expect(paymentRetryPossible({ paymentState: "pending", paymentProgress: null })).toBe(false);
  expect(paymentRetryPossible({ paymentState: "paid" })).toBe(false);
  expect(paymentRetryPossible({ paymentState: null })).toBe(false);
});
