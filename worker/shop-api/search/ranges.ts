/** Filter keys every shop has, and the unit of a range filter (the rule lives in domain/ranges.ts, shared with the pages). */
export { unitOfAttribute } from "@domain/ranges";

export const BUILT_IN_FILTERS = ["category", "price", "manufacturer"] as const;
