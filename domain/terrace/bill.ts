/**
 * The bill of materials of a laid terrace (docs/decisions/0042-terrace-geometry.md):
 * what the boards and the chosen substructure system need, in each product's sales unit and
 * whole packages, priced in integer minor units (domain/money.ts). Anything the catalogue
 * cannot supply stays a visible line with `missing: "not_in_catalogue"` and no price.
 */
import { money, type MoneyValue } from "../money";
import type { BoardSpec, Layout } from "./layout";

/** One substructure choice: which products make it, from the catalogue. */
export interface TerraceSystem {
  id: string;
  family: string;
  kind: "joists_pedestals" | "joists_feet";
  joist: { sku: string; lengthMm: number } | null;
  support: { sku: string } | null;
  fastener: { sku: string; kind: "clip" | "screw" } | null;
  edge: { sku: string; lengthMm: number } | null;
}

/** A product as the bill prices it: its sales unit (domain/units.ts codes), what one package holds of it, the package's price. */
export interface CatalogueItem {
  sku: string;
  name: string;
  unit: string;
  packageContent: number;
  packagePrice: MoneyValue;
}

export interface BillLine {
  role: "board" | "joist" | "support" | "fastener" | "edge";
  /** The product; with `missing`, the SKU the board or system names (null when it names none): never put into a cart. */
  sku: string | null;
  name: string;
  /** What the terrace needs, in `unit`. */
  needed: number;
  unit: string;
  packages: number;
  packagePrice: MoneyValue | null;
  rowTotal: MoneyValue | null;
  /** A visible line for anything the catalogue cannot supply. */
  missing: null | "not_in_catalogue";
}

export type BillRole = BillLine["role"];

/** Sales units counted in metres and in square metres; every other unit counts pieces. */
const METRE_UNITS: ReadonlySet<string> = new Set(["M", "LFM"]);
const AREA_UNITS: ReadonlySet<string> = new Set(["SQM"]);

/** What a need comes to in a unit: pieces of `pieceLengthMm` (x `pieceWidthMm` for areas), or a length to buy by the metre. */
interface Need {
  pieces: number;
  pieceLengthMm: number;
  pieceWidthMm: number;
  /** Metres to buy when sold by the metre (joists and edges are bought by the piece length, boards by their stock length). */
  metres: number;
}

const hundredths = (value: number): number => Math.ceil(value * 100 - 1e-9) / 100;

function neededIn(unit: string, need: Need): { needed: number; unit: string } {
  if (METRE_UNITS.has(unit)) return { needed: hundredths(need.metres), unit };
  if (AREA_UNITS.has(unit)) return { needed: hundredths((need.pieces * need.pieceLengthMm * need.pieceWidthMm) / 1e6), unit };
  return { needed: need.pieces, unit };
}

/**
 * The bill for `layout` (laid with `board` and the system's joist length): one line per role
 * the system needs (the edge only with an edge length), packages rounded up, prices in
 * `currency` (an item priced in another currency counts as not in the catalogue), formatted
 * for `language` (default German).
 */
export function billOfMaterials(
  layout: Layout,
  board: BoardSpec,
  system: TerraceSystem,
  items: Map<string, CatalogueItem>,
  currency: string,
  language = "de",
): { lines: BillLine[]; total: MoneyValue } {
  const needs: { role: BillRole; sku: string | null; need: Need }[] = [
    {
      role: "board",
      sku: board.sku,
      need: {
        pieces: layout.boards.pieces,
        pieceLengthMm: board.lengthMm,
        pieceWidthMm: board.widthMm,
        metres: (layout.boards.pieces * board.lengthMm) / 1000,
      },
    },
    {
      role: "joist",
      sku: system.joist?.sku ?? null,
      need: {
        pieces: layout.joists.pieces,
        pieceLengthMm: system.joist?.lengthMm ?? 0,
        pieceWidthMm: 0,
        metres: system.joist ? (layout.joists.pieces * system.joist.lengthMm) / 1000 : layout.joists.totalLengthMm / 1000,
      },
    },
    { role: "support", sku: system.support?.sku ?? null, need: { pieces: layout.supports, pieceLengthMm: 0, pieceWidthMm: 0, metres: 0 } },
    { role: "fastener", sku: system.fastener?.sku ?? null, need: { pieces: layout.fasteners, pieceLengthMm: 0, pieceWidthMm: 0, metres: 0 } },
  ];
  if (layout.edgeLengthMm > 0) {
    const edgePieces = system.edge ? Math.ceil(layout.edgeLengthMm / system.edge.lengthMm - 1e-9) : 0;
    needs.push({
      role: "edge",
      sku: system.edge?.sku ?? null,
      need: { pieces: edgePieces, pieceLengthMm: system.edge?.lengthMm ?? 0, pieceWidthMm: 0, metres: layout.edgeLengthMm / 1000 },
    });
  }

  let total = 0;
  const lines = needs.map(({ role, sku, need }): BillLine => {
    const item = sku === null ? undefined : items.get(sku);
    if (!item || item.packagePrice.currency !== currency || !(item.packageContent > 0)) {
      const natural = role === "edge" || (role === "joist" && !system.joist) ? "M" : "PCS";
      return {
        role,
        sku,
        name: item?.name ?? sku ?? "",
        ...neededIn(natural, need),
        packages: 0,
        packagePrice: null,
        rowTotal: null,
        missing: "not_in_catalogue",
      };
    }
    const { needed, unit } = neededIn(item.unit, need);
    const packages = Math.ceil(needed / item.packageContent - 1e-9);
    const rowTotal = packages * item.packagePrice.amount;
    total += rowTotal;
    return {
      role,
      sku,
      name: item.name,
      needed,
      unit,
      packages,
      packagePrice: money(item.packagePrice.amount, currency, language),
      rowTotal: money(rowTotal, currency, language),
      missing: null,
    };
  });
  return { lines, total: money(total, currency, language) };
}
