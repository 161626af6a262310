import React from "react";
import { formatQuantity } from "@domain/money";

/** A rating as the page's language writes numbers (one decimal at most; the same in the build and the browser): 4,3 in de, 4.3 in en. */
export function ratingText(value: number, language: string): string {
  return formatQuantity(Math.round(value * 10) / 10, language);
}

/** Filled and empty stars for a rating of 0 to `max`, rounded to whole stars (the text next to them says the exact number). */
export function Stars({ value, max = 5 }: { value: number; max?: number }) {
  const full = Math.round(Math.min(max, Math.max(0, value)));
  return (
    <span className="stars" aria-hidden="true">
      {"★".repeat(full)}
      {"☆".repeat(max - full)}
    </span>
  );
}
