/**
 * SPEC 3 measurement units and their short labels per language.
 * Shared by the GraphQL layer (`Product.unit.label`) and the site (calculator, price labels).
 * An unknown unit code falls back to the label of TUBE (SPEC 3).
 */
import type { Language } from "../worker/config/shop-config";

export const UNIT_CODES = [
  "KG", "LBS", "G", "MG", "L", "ML", "M", "SQM", "IN", "CI", "MM", "LFM", "PCS", "PACKAGE", "PACKET",
  "CAN", "BOX", "ROLL", "PAIR", "SET", "BAG", "BOTTLE", "CANISTER", "TUBE",
] as const;
export type UnitCode = (typeof UNIT_CODES)[number];

/** The unit whose labels are used for a code we do not know. */
export const FALLBACK_UNIT: UnitCode = "TUBE";

type Labels = Record<Language, string>;
const same = (label: string): Labels => ({ de: label, at: label, en: label, fr: label, it: label, nl: label });

/** Short label of every unit per language. */
export const UNIT_LABELS: Readonly<Record<UnitCode, Readonly<Labels>>> = {
  KG: same("kg"),
  LBS: same("lbs"),
  G: same("g"),
  MG: same("mg"),
  L: same("l"),
  ML: same("ml"),
  M: same("m"),
  SQM: same("m²"),
  IN: same("in"),
  CI: same("cm"),
  MM: same("mm"),
  // Running metre; not "ml" in French/Italian, which would read as millilitres.
  LFM: { de: "lfm", at: "lfm", en: "lfm", fr: "m lin.", it: "m lin.", nl: "str. m" },
  PCS: { de: "Stk.", at: "Stk.", en: "pcs", fr: "pce", it: "pz", nl: "st" },
  PACKAGE: { de: "Paket", at: "Paket", en: "package", fr: "paquet", it: "confezione", nl: "pak" },
  PACKET: { de: "Pck.", at: "Pck.", en: "packet", fr: "sachet", it: "pacchetto", nl: "pakje" },
  CAN: { de: "Dose", at: "Dose", en: "can", fr: "boîte", it: "barattolo", nl: "blik" },
  BOX: { de: "Karton", at: "Karton", en: "box", fr: "carton", it: "scatola", nl: "doos" },
  ROLL: { de: "Rolle", at: "Rolle", en: "roll", fr: "rouleau", it: "rotolo", nl: "rol" },
  PAIR: { de: "Paar", at: "Paar", en: "pair", fr: "paire", it: "paio", nl: "paar" },
  SET: { de: "Set", at: "Set", en: "set", fr: "kit", it: "set", nl: "set" },
  BAG: { de: "Sack", at: "Sack", en: "bag", fr: "sac", it: "sacco", nl: "zak" },
  BOTTLE: { de: "Flasche", at: "Flasche", en: "bottle", fr: "bouteille", it: "bottiglia", nl: "fles" },
  CANISTER: { de: "Kanister", at: "Kanister", en: "canister", fr: "bidon", it: "tanica", nl: "jerrycan" },
  TUBE: { de: "Tube", at: "Tube", en: "tube", fr: "tube", it: "tubo", nl: "tube" },
};

export function isUnitCode(code: string): code is UnitCode {
  return Object.prototype.hasOwnProperty.call(UNIT_LABELS, code);
}

/** Short label of a unit in a language; unknown codes get TUBE's label, unknown languages German. */
export function unitLabel(code: string, language: string): string {
  const labels = UNIT_LABELS[isUnitCode(code) ? code : FALLBACK_UNIT];
  return (labels as Record<string, string | undefined>)[language] ?? labels.de;
}
