/**
 * The terrace planner on the wire (docs/decisions/0043): its catalogue, saved plans by number and
 * all materials into the cart. The answers are those of domain/terrace-configurations.ts
 * (`TerraceCatalogue`, `TerraceConfiguration`, `TerraceCartAnswer`); a plan is saved as
 * `TerracePlan` (domain/terrace/plan.ts).
 */

/** The refusals of the planner's calls besides the core codes and the plan's form rules. */
export type TerraceRefusalCode = "unknown_board" | "unknown_substructure" | "configuration_not_found" | "configuration_incomplete" | "nothing_to_add";
