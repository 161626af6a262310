/**
 * The cart page's words for the quote's codes (locales/<lang>/checkout.json, `cart.*`):
 * line problems, why a delivery mode is unavailable, what blocks the checkout, and the
 * refusal of a line change. Screens never show the API's English messages.
 */
import type { TFunction } from "i18next";
import { STORAGE_MINIMUM_ORDER_VALUE, type CheckoutQuote, type ModeReason, type QuoteLine } from "@domain/checkout";
import { formatMoney } from "@domain/money";
import { writtenDate } from "@domain/calendar-date";
import type { ApiResult } from "@site/api/client";

/** Codes a refused line change can carry, each with its words in `cart.problems`. */
const CHANGE_CODES = new Set([
  "out_of_stock",
  "quantity_unavailable",
  "minimum_order_quantity",
  "end_of_life",
  "unknown_product",
  "not_found",
  "sample_quantity",
]);

export function lineProblemText(t: TFunction, problem: NonNullable<QuoteLine["problem"]>): string {
  return t(`cart.problems.${problem.code}`, problem.params ?? {});
}

/** Why a mode cannot be chosen, in words; the storage minimum in the shop's currency. */
export function modeReasonText(t: TFunction, reason: ModeReason, currency: string, language: string): string {
  return t(`cart.reasons.${reason}`, reason === "minimum_order_value" ? { value: formatMoney(STORAGE_MINIMUM_ORDER_VALUE, currency, language) } : {});
}

/** What keeps the visitor from the checkout, once each: line problems as one sentence pointing at the lines. */
export function blockedReasons(t: TFunction, quote: Pick<CheckoutQuote, "problems" | "desiredDate">, language: string): string[] {
  const texts: string[] = [];
  for (const problem of quote.problems) {
    let text: string;
    if (problem === "desired_date_too_early" || problem === "desired_date_too_late")
      text = t(`cart.blocked.${problem}`, {
        earliest: quote.desiredDate ? writtenDate(quote.desiredDate.earliest, language) : "",
        latest: quote.desiredDate ? writtenDate(quote.desiredDate.latest, language) : "",
      });
    else if (["cart_empty", "not_deliverable", "too_many_lines", "desired_date_required"].includes(problem)) text = t(`cart.blocked.${problem}`);
    else text = t("cart.blocked.lines");
    if (!texts.includes(text)) texts.push(text);
  }
  return texts;
}

/** The refusal of a quantity change or removal in the visitor's words (the field error's code first), else the generic failure. */
export function changeErrorText(t: TFunction, result: Pick<ApiResult<unknown>, "errors" | "status">): string {
  const error = result.errors.find((candidate) => candidate.code && CHANGE_CODES.has(candidate.code));
  if (error) return t(`cart.problems.${error.code}`, error.params ?? {});
  return t("cart.changeFailed");
}

/** Refusals of a voucher code with words of their own in `cart.voucher.errors`. */
const VOUCHER_CODES = new Set(["voucher_not_found", "voucher_redeemed", "voucher_expired", "rate_limited"]);

/** Why a voucher code was not taken, in the visitor's words (never the API's English message). */
export function voucherErrorText(t: TFunction, result: Pick<ApiResult<unknown>, "errors" | "status">): string {
  const error = result.errors.find((candidate) => candidate.code && VOUCHER_CODES.has(candidate.code));
  if (error) return t(`cart.voucher.errors.${error.code}`);
  if (result.status === 422 && result.errors.some((candidate) => candidate.field === "code")) return t("cart.voucher.errors.required");
  return t("cart.voucher.errors.general");
}
