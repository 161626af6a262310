/**
 * The terrace planner's calls on the shop API (docs/decisions/0043), the answer types
 * the shop API (worker/shop-api/terrace/) and the planner screen share. Types and plain
 * constants only: no zod, no geometry (those are in domain/terrace/, loaded by the planner's own chunk).
 *
 *   GET  /apiv2/terrace/catalogue                          -> TerraceCatalogue
 *   POST /apiv2/terrace/configurations          TerracePlan -> TerraceConfiguration (createdAt included)
 *   GET  /apiv2/terrace/configurations/{number}             -> TerraceConfiguration (404 configuration_not_found)
 *   POST /apiv2/terrace/configurations/{number}/cart        -> TerraceCartAnswer
 */
import type { MoneyValue } from "./money";
import type { BillLine, CatalogueItem, TerraceSystem } from "./terrace/bill";
import type { BoardSpec, FamilyRules } from "./terrace/layout";
import type { TerracePlan } from "./terrace/plan";

/** A configuration number: 10 characters of Crockford's base32 (50 random bits; no I, L, O, U). */
export const TERRACE_NUMBER = /^[0-9A-HJKMNP-TV-Z]{10}$/;
export const TERRACE_NUMBER_LENGTH = 10;

/** A number as typed: trimmed, upper case, spaces and dashes dropped, the look-alikes read as Crockford's base32 reads them (O -> 0, I and L -> 1). */
export function normalizeTerraceNumber(text: string): string {
  return text.trim().toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

/** A board the planner offers in the shop: its laying data, its price, its picture and product page. */
/** A board the planner offers; its manufacturer tells it from another board of the same name. */
export type TerraceBoard = BoardSpec & CatalogueItem & { image: { src: string; alt: string } | null; link: string | null; manufacturer: string | null };

/** A substructure with its name in the request's language. */
export type TerraceSystemChoice = TerraceSystem & { name: string };

export interface TerraceCatalogue {
  boards: TerraceBoard[];
  systems: TerraceSystemChoice[];
  rules: FamilyRules[];
  /** Every product the boards and systems name that the shop sells (a part missing here is a bill line `not_in_catalogue`). */
  items: CatalogueItem[];
}

/** The plan's material list on the shop's catalogue of today; null while the plan names no board or substructure the shop knows. */
export interface TerraceBill {
  lines: BillLine[];
  total: MoneyValue;
  /** m², outline minus cut-outs. */
  areaM2: number;
  /** Of the boards bought, the share cut away. */
  wastePercent: number;
}

export interface TerraceConfiguration {
  number: string;
  plan: TerracePlan;
  bill: TerraceBill | null;
  /** ISO timestamp of the save. */
  createdAt: string;
}

/** Why a bill line did not go into the cart. */
export type TerraceSkipReason = "not_in_catalogue" | "out_of_stock" | "quantity_unavailable" | "minimum_order_quantity";

export interface TerraceCartAnswer {
  /** Lines in the cart now (the mini cart's count). */
  cartItemCount: number;
  skipped: { role: BillLine["role"]; sku: string | null; name: string; packages: number; reason: TerraceSkipReason }[];
}
