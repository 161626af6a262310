import React from "react";

/** Filled and empty stars for a rating of 0 to `max`, rounded to the nearest half (the text next to them says the number). */
export function Stars({ value, max = 5 }: { value: number; max?: number }) {
  const half = Math.round(Math.min(max, Math.max(0, value)) * 2) / 2;
  const full = Math.floor(half);
  return (
    <span className="stars" aria-hidden="true">
      {"★".repeat(full)}
      {half > full ? "⯪" : ""}
      {"☆".repeat(max - Math.ceil(half))}
    </span>
  );
}
