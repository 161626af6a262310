/**
 * Laying a terrace (docs/decisions/0042-terrace-geometry.md): boards in rows along
 * the plan's direction, clipped against the outline minus the cut-outs (polygon-clipping),
 * cut from stock lengths with offcuts reused where they fit; joists across the boards at the
 * family's spacing; supports along the joists; fasteners at the board-joist crossings; the
 * edge boards' length. Pure: no I/O, the same numbers on the server and in the planner.
 *
 * Units: metres in the plan, millimetres in the products and the answer's lengths.
 */
import polygonClipping from "polygon-clipping";
import type { MultiPolygon, Polygon } from "polygon-clipping";
import { multiPolygonArea, perimeter, planRegion, sideLength, type Point, type TerracePlan } from "./plan";

export interface BoardSpec {
  sku: string;
  lengthMm: number;
  widthMm: number;
  gapMm: number;
  family: string;
}

/** Data per product family, from the catalogue. */
export interface FamilyRules {
  family: string;
  /** The most a joist may be from the next, boards laid straight (direction a multiple of 90) or diagonally; e.g. 50 / 40. */
  maxJoistSpacingCm: { straight: number; diagonal: number };
  /** How far the outermost joists stay inside the outline (the boards' overhang beyond them). */
  joistOverhangCm: number;
  /** Pedestals or feet along a joist. */
  supportSpacingCm: number;
  /** Clips or screws per board-joist crossing. */
  fastenersPerCrossing: number;
}

export interface Layout {
  /** m², outline minus cut-outs. */
  areaM2: number;
  /** Rows of boards that hold at least one piece. */
  rows: number;
  /** Offcuts reused where they fit: `pieces` is never more than `naivePieces` (every row's spans from new stock). */
  boards: { pieces: number; naivePieces: number; cutLengthsMm: number[]; wastePercent: number };
  /** `count` joist runs (a joist line split by a cut-out or a notch is two), cut from `pieces` stock lengths; `spacingCm` as laid. */
  joists: { count: number; totalLengthMm: number; spacingCm: number; pieces: number };
  supports: number;
  fasteners: number;
  /** The outline's perimeter without the house wall side, with edge boards; 0 without. */
  edgeLengthMm: number;
  /** For the drawing, in plan coordinates (metres): each row's board strips (board and gap) and each joist run. */
  drawing: { boards: Point[][]; joists: [Point, Point][] };
}

/** The smallest board pitch (width + gap) laid: protects the row loop from nonsense product data. */
export const MIN_BOARD_PITCH_MM = 20;

const rotatePoint = ([x, y]: Point, degrees: number): Point => {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  return [x * cos - y * sin, x * sin + y * cos];
};

const rotateRing = (ring: readonly Point[], degrees: number): Point[] => ring.map((point) => rotatePoint(point, degrees));

function bounds(shape: MultiPolygon) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const polygon of shape)
    for (const [x, y] of polygon[0] ?? []) {
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  return { minX, maxX, minY, maxY };
}

/** Overlapping or touching intervals merged, in order. */
function mergeSpans(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of sorted) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1] + 1e-9) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}

/** The region's pieces inside the horizontal band [y0, y1] (polygon-clipping) and the x intervals they cover. */
function band(region: MultiPolygon, minX: number, maxX: number, y0: number, y1: number) {
  const strip: Polygon = [
    [
      [minX - 1, y0],
      [maxX + 1, y0],
      [maxX + 1, y1],
      [minX - 1, y1],
    ],
  ];
  const pieces = polygonClipping.intersection(region, strip).filter((polygon) => multiPolygonArea([polygon]) > 1e-7);
  const spans = mergeSpans(
    pieces.map((polygon): [number, number] => {
      const xs = (polygon[0] ?? []).map((point) => point[0]);
      return [Math.min(...xs), Math.max(...xs)];
    }),
  );
  return { pieces, spans };
}

/**
 * Bands of at most `height` cut from the region: the region is first cut into slabs of
 * BANDS_PER_SLAB bands, and each band from its slab, so a clip handles a few corners rather
 * than the whole outline with all its cut-outs (a 500 m² plan in narrow boards: hundreds of rows).
 */
const BANDS_PER_SLAB = 16;

function slicer(region: MultiPolygon, height: number) {
  const { minX, maxX, minY } = bounds(region);
  const slabHeight = height * BANDS_PER_SLAB;
  const pad = height + 0.001;
  const slabs = new Map<number, MultiPolygon>();
  return (y0: number, y1: number) => {
    const index = Math.max(0, Math.floor((y0 - minY) / slabHeight));
    let slab = slabs.get(index);
    if (!slab) {
      slab = band(region, minX, maxX, minY + index * slabHeight - pad, minY + (index + 1) * slabHeight + pad).pieces;
      slabs.set(index, slab);
    }
    return band(slab, minX, maxX, y0, y1);
  };
}

/**
 * Pieces of `stockMm` for the given runs: each run takes whole stock lengths and, for its
 * rest, the smallest offcut at least as long (best fit, longest rests first) or a new stock
 * length. `naive` lays every run from new stock. A rest is one piece whatever joist its ends
 * fall on (the ADR's simplification).
 */
export function cutFromStock(runsMm: readonly number[], stockMm: number): { pieces: number; naive: number; cutLengthsMm: number[] } {
  let pieces = 0;
  let naive = 0;
  const rests: number[] = [];
  for (const run of runsMm) {
    const whole = Math.floor(run / stockMm);
    const rest = run - whole * stockMm;
    pieces += whole;
    naive += whole + (rest > 0 ? 1 : 0);
    if (rest > 0) rests.push(rest);
  }
  rests.sort((a, b) => b - a);
  const offcuts: number[] = [];
  for (const rest of rests) {
    let best = -1;
    offcuts.forEach((offcut, index) => {
      if (offcut >= rest && (best < 0 || offcut < offcuts[best]!)) best = index;
    });
    if (best >= 0) offcuts[best] = offcuts[best]! - rest;
    else {
      pieces += 1;
      offcuts.push(stockMm - rest);
    }
  }
  return { pieces, naive, cutLengthsMm: rests };
}

/** Whether boards at `direction` count as laid diagonally (not a multiple of 90 degrees). */
export const isDiagonal = (direction: number): boolean => direction % 90 !== 0;

/** The joist spacing the family allows for the direction, in cm. */
export const maxJoistSpacingCm = (rules: FamilyRules, direction: number): number =>
  isDiagonal(direction) ? rules.maxJoistSpacingCm.diagonal : rules.maxJoistSpacingCm.straight;

/**
 * Lays the plan (validated by terracePlanSchema) with `board`, the family's `rules` and
 * joists cut from `joistStockMm`.
 *
 * Boards: the plan turned by -direction so boards run along x; rows of width + gap from the
 * lowest point up; each row's band clipped against the outline minus cut-outs; every covered
 * interval of a row is a run of boards (a board cut on a slanted side is as long as its long
 * edge). Joists: parallel to the outline's y axis when the boards run within 45 degrees of x,
 * else parallel to x (so diagonal boards cross them at 45 degrees or more), the outermost at
 * the overhang inside the outline, evenly spaced at most the family's spacing apart, each
 * line clipped into runs.
 */
export function layTerrace(plan: TerracePlan, board: BoardSpec, rules: FamilyRules, joistStockMm: number): Layout {
  const pitchMm = board.widthMm + board.gapMm;
  if (!(board.lengthMm > 0) || !(board.widthMm > 0) || !(board.gapMm >= 0) || !(pitchMm >= MIN_BOARD_PITCH_MM))
    throw new RangeError(`Board ${board.sku} has no usable dimensions`);
  const spacingLimitCm = maxJoistSpacingCm(rules, plan.direction);
  if (!(spacingLimitCm > 0) || !(rules.supportSpacingCm > 0) || !(rules.joistOverhangCm >= 0) || !(rules.fastenersPerCrossing >= 0))
    throw new RangeError(`Family ${rules.family} has no usable rules`);
  if (!(joistStockMm > 0)) throw new RangeError("The joists have no stock length");

  const region = planRegion(plan);
  const areaM2 = multiPolygonArea(region);

  // Boards, in the frame turned by -direction.
  const turned = planRegion({ outline: rotateRing(plan.outline, -plan.direction), cutouts: plan.cutouts.map((cutout) => rotateRing(cutout, -plan.direction)) });
  const pitch = pitchMm / 1000;
  const turnedBounds = bounds(turned);
  const rows: { centre: number; spans: [number, number][] }[] = [];
  const boardStrips: Point[][] = [];
  const rowBand = slicer(turned, pitch);
  for (let k = 0; turnedBounds.minY + k * pitch < turnedBounds.maxY - 0.001; k++) {
    const y0 = turnedBounds.minY + k * pitch;
    const { pieces, spans } = rowBand(y0, y0 + pitch);
    if (spans.length === 0) continue;
    // The middle of the board as far as it lies on the terrace (the last row's may be ripped narrower).
    const covered = bounds(pieces);
    rows.push({ centre: (y0 + Math.min(y0 + board.widthMm / 1000, covered.maxY)) / 2, spans });
    for (const polygon of pieces) boardStrips.push(rotateRing(polygon[0] ?? [], plan.direction));
  }
  const runsMm = rows.flatMap((row) => row.spans.map(([from, to]) => Math.ceil((to - from) * 1000 - 1e-6)));
  const cut = cutFromStock(runsMm, board.lengthMm);
  const stockAreaM2 = (cut.pieces * board.lengthMm * pitchMm) / 1e6;
  const wastePercent = stockAreaM2 > 0 ? Math.max(0, Math.round(((stockAreaM2 - areaM2) / stockAreaM2) * 1000) / 10) : 0;

  // Joists, in a frame where they are vertical lines x = c.
  const joistTurn = plan.direction <= 45 || plan.direction >= 135 ? 0 : 90;
  const joistFrame =
    joistTurn === 0 ? region : planRegion({ outline: rotateRing(plan.outline, -joistTurn), cutouts: plan.cutouts.map((c) => rotateRing(c, -joistTurn)) });
  const frameBounds = bounds(joistFrame);
  const overhang = rules.joistOverhangCm / 100;
  const inner = frameBounds.maxX - frameBounds.minX - 2 * overhang;
  const limit = spacingLimitCm / 100;
  const lines = inner <= 0 ? 1 : Math.max(2, Math.ceil(inner / limit - 1e-9) + 1);
  const step = lines > 1 ? inner / (lines - 1) : 0;
  const joistRuns: [Point, Point][] = [];
  const swapped = joistFrame.map((polygon) => polygon.map((ring) => ring.map(([px, py]): Point => [py, px])));
  const joistBand = slicer(swapped, Math.max(step, 0.001));
  for (let i = 0; i < lines; i++) {
    const x = lines > 1 ? frameBounds.minX + overhang + i * step : (frameBounds.minX + frameBounds.maxX) / 2;
    // A 1 mm wide strip along the joist line, clipped like a row (x and y swapped): its pieces' extents are the runs.
    const { spans } = joistBand(x - 0.0005, x + 0.0005);
    for (const [from, to] of spans) {
      if (to - from < 0.01) continue;
      joistRuns.push([rotatePoint([x, from], joistTurn), rotatePoint([x, to], joistTurn)]);
    }
  }
  const joistLengthsMm = joistRuns.map(([a, b]) => Math.round(Math.hypot(b[0] - a[0], b[1] - a[1]) * 1000));
  const supports = joistLengthsMm.reduce((sum, length) => sum + Math.ceil(length / (rules.supportSpacingCm * 10) - 1e-9) + 1, 0);

  // Crossings: where a joist run passes under the middle of a board row, within one of its runs.
  let crossings = 0;
  for (const [a, b] of joistRuns) {
    const [p, q] = [rotatePoint(a, -plan.direction), rotatePoint(b, -plan.direction)];
    if (Math.abs(q[1] - p[1]) < 1e-9) continue;
    for (const row of rows) {
      const t = (row.centre - p[1]) / (q[1] - p[1]);
      if (t < 0 || t > 1) continue;
      const x = p[0] + t * (q[0] - p[0]);
      if (row.spans.some(([from, to]) => x >= from - 1e-9 && x <= to + 1e-9)) crossings += 1;
    }
  }

  const wall = plan.houseWallEdge;
  const edgeMetres = plan.edgeBoards ? perimeter(plan.outline) - (wall !== undefined && wall !== null ? sideLength(plan.outline, wall) : 0) : 0;

  return {
    areaM2: Math.round(areaM2 * 1000) / 1000,
    rows: rows.length,
    boards: { pieces: cut.pieces, naivePieces: cut.naive, cutLengthsMm: cut.cutLengthsMm, wastePercent },
    joists: {
      count: joistRuns.length,
      totalLengthMm: joistLengthsMm.reduce((sum, length) => sum + length, 0),
      spacingCm: Math.round(Math.min(step * 100, spacingLimitCm) * 10) / 10,
      pieces: cutFromStock(joistLengthsMm, joistStockMm).pieces,
    },
    supports,
    fasteners: crossings * rules.fastenersPerCrossing,
    edgeLengthMm: Math.round(edgeMetres * 1000),
    drawing: { boards: boardStrips, joists: joistRuns },
  };
}
