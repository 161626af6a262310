/**
 * The terrace planner API's refusals in the API's English (like core/envelope.ts MESSAGES); each
 * goes with a stable `code` the planner translates by, and the shared plan rules
 * (domain/terrace/plan.ts terracePlanSchema) get the same texts as SERVER_TEXTS.
 */
import type { TerraceTexts } from "@domain/terrace/plan";
import { MESSAGES } from "../core/envelope";

export const TERRACE_MESSAGES = {
  /** Unknown and malformed numbers alike (nothing tells one from the other). */
  configurationNotFound: "This terrace configuration could not be found.",
  unknownBoard: "This decking board is not available in this shop.",
  unknownSubstructure: "This substructure does not fit the chosen decking board.",
  incomplete: "Please choose a decking board and a substructure first.",
  nothingToAdd: "None of the materials of this configuration can be put into the cart.",
} as const;

export const SERVER_TEXTS: TerraceTexts = {
  required: MESSAGES.required,
  number: "Please enter a number.",
  tooFewPoints: "Please draw at least 3 corners.",
  tooManyPoints: "A terrace can have at most {max} corners.",
  tooManyCutouts: "At most {max} cut-outs are possible.",
  coordinateRange: "The drawing must stay within {max} m of its origin.",
  sideTooLong: "A side can be at most {max} m long.",
  areaTooLarge: "The terrace can be at most {max} m² large.",
  areaEmpty: "Please fill field room area to continue to the next step",
  selfIntersecting: "The sides must not cross or touch each other.",
  direction: "Please choose a direction from 0 to 179 degrees.",
  houseWallEdge: "Please choose one of the terrace's sides as the house wall.",
  reference: "Please choose a product.",
};
