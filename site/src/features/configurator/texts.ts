/** The configurators' texts (locales/<lang>/configurator.json) and the words for a refusal by its code. */
import type { ApiErrorItem } from "@site/api/client";

export const NAMESPACE = "configurator";

const KNOWN_CODES = [
  "configuration_unavailable",
  "unknown_product",
  "out_of_stock",
  "end_of_life",
  "quantity_unavailable",
  "minimum_order_quantity",
  "step_required",
  "does_not_fit",
  "not_in_step",
  "one_choice",
  "rate_limited",
];

/**
 * "Configuration cart add fails: server response text if present, else the generic
 * message": the refusal's own words in the page's language where the code is known, else the
 * server's message, else the generic one.
 */
export function failureText(errors: ApiErrorItem[], t: (key: string, options?: Record<string, unknown>) => string): string {
  const specific = errors.find((error) => error.code && error.code !== "invalid" && error.code !== "missing") ?? errors[0];
  if (specific?.code && KNOWN_CODES.includes(specific.code)) return t(`errors.${specific.code}`, specific.params ?? {});
  return specific?.message || t("errors.general");
}
