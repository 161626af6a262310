import React from "react";

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
