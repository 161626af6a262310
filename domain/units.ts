/**
 * Measurement units: the codes the catalogue import accepts and products carry.
 * Their labels are texts a person reads, kept in locales/<lang>/server.json under
 * `units.<CODE>` (read by the shop API's unitLabel, worker/lib/labels.ts).
 * An unknown unit code falls back to TUBE.
 */
export const UNIT_CODES = [
  "KG",
  "LBS",
  "G",
  "MG",
  "L",
  "ML",
  "M",
  "SQM",
  "IN",
  "CI",
  "MM",
  "LFM",
  "PCS",
  "PACKAGE",
  "PACKET",
  "CAN",
  "BOX",
  "ROLL",
  "PAIR",
  "SET",
  "BAG",
  "BOTTLE",
  "CANISTER",
  "TUBE",
] as const;
export type UnitCode = (typeof UNIT_CODES)[number];

/** The unit whose labels are used for a code we do not know. */
export const FALLBACK_UNIT: UnitCode = "TUBE";

const CODES: ReadonlySet<string> = new Set(UNIT_CODES);

export function isUnitCode(code: string): code is UnitCode {
  return CODES.has(code);
}

/** The unit a code stands for: itself when known, else the fallback unit. */
export function knownUnit(code: string): UnitCode {
  return isUnitCode(code) ? code : FALLBACK_UNIT;
}
