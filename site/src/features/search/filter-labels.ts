/**
 * What a shopper reads of a filter: the display name of a chosen value (the manufacturer's
 * name, the category's, "Ja" for a yes/no attribute: the name the API gives the value, never
 * its key or slug) and range bounds in the page language's number format with their unit.
 */
import { formatMoney, formatQuantity } from "@domain/money";
import type { ActiveFilter, FilterOption, FilterValue } from "./types";

/** The shop's currency as the filter options name it (the price range's unit); EUR when there is no price range. */
export function currencyOf(options: FilterOption[]): string {
  return options.find((option) => option.key === "price")?.unit ?? "EUR";
}

function findValue(values: FilterValue[], key: string): FilterValue | undefined {
  for (const value of values) {
    if (value.key === key) return value;
    const inner = findValue(value.children ?? [], key);
    if (inner) return inner;
  }
  return undefined;
}

/** A range bound: the price with its currency, an attribute's value with its unit, in the language's format. */
export function formatBound(value: number, option: Pick<FilterOption, "key" | "unit">, currency: string, language: string): string {
  if (option.key === "price") return formatMoney(Math.round(value * 100), currency, language);
  const number = formatQuantity(value, language);
  return option.unit ? `${number}\u00a0${option.unit}` : number;
}

/** The chip text of an active filter's values or bounds (without the filter's name). */
export function describeFilter(filter: ActiveFilter, options: FilterOption[], language: string): string {
  const option = options.find((each) => each.key === filter.key);
  if ("values" in filter) return filter.values.map((key) => (option ? findValue(option.values, key)?.name : undefined) ?? key).join(", ");
  const currency = currencyOf(options);
  const unitOf = { key: filter.key, unit: option?.unit ?? null };
  const bound = (value: number | null) => (value === null ? "…" : formatBound(value, unitOf, currency, language));
  return `${bound(filter.min)} – ${bound(filter.max)}`;
}
