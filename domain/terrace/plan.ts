/**
 * The terrace planner's plan (docs/decisions/0042-terrace-geometry.md): the outline
 * a visitor draws, the cut-outs left out of it and the laying direction, with the limits and
 * the zod schema factory the planner screen and the shop API share, so both refuse the same
 * plans with the same codes. Texts are injected as in domain/returns-forms.ts: the screen
 * passes its locale texts, the shop API its English messages; a refusal carries its code in
 * the issue's `params.code` and its numbers (`max`) as further params.
 *
 * Units: metres in the plan, degrees for the direction (0 = boards parallel to the x axis).
 * Pure: no I/O. zod and polygon-clipping load with this module: import it from the planner's
 * own chunk or the server, never from code every page loads.
 */
import polygonClipping from "polygon-clipping";
import type { MultiPolygon, Polygon } from "polygon-clipping";
import { z } from "zod";

export type Point = [number, number];

export interface TerracePlan {
  /** A simple polygon, 3..64 points, metres, no self-intersection (either orientation). */
  outline: Point[];
  /** 0..16 polygons to leave out (a tree, a drain); clipped against the outline. */
  cutouts: Point[][];
  /** 0..179 degrees, whole degrees; 0 = boards parallel to the x axis. */
  direction: number;
  boardSku?: string;
  substructureId?: string;
  /** Edge boards along the outline (the house wall side excepted). */
  edgeBoards?: boolean;
  /** The side of the outline along the house wall: side i runs from outline[i] to outline[i + 1] (the last closes the ring). */
  houseWallEdge?: number | null;
}

export const TERRACE_LIMITS = { maxPoints: 64, maxCutouts: 16, maxSideMetres: 50, maxAreaM2: 500 };

/** Coordinates are kept within this many metres of the origin (a drawing, not a map). */
export const MAX_COORDINATE_METRES = 1000;

/** Coordinates are taken to the millimetre. */
const toMillimetre = (value: number): number => Math.round(value * 1000) / 1000;

// ---------------------------------------------------------------------------------------
// Geometry

/** The signed area of a ring (shoelace; positive when counter-clockwise in x-right, y-up axes). */
export function ringArea(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/** The area of a polygon-clipping result: outer rings minus holes. */
export function multiPolygonArea(shape: MultiPolygon): number {
  let area = 0;
  for (const polygon of shape) polygon.forEach((ring, index) => (area += (index === 0 ? 1 : -1) * Math.abs(ringArea(ring as Point[]))));
  return area;
}

/** The length of side `index` of a ring (from point index to the next, the last closing the ring). */
export function sideLength(ring: readonly Point[], index: number): number {
  const [x1, y1] = ring[index]!;
  const [x2, y2] = ring[(index + 1) % ring.length]!;
  return Math.hypot(x2 - x1, y2 - y1);
}

/** The perimeter of a ring. */
export function perimeter(ring: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) sum += sideLength(ring, i);
  return sum;
}

/** The laid surface: the outline minus the cut-outs (each clipped against the outline), as polygon-clipping's MultiPolygon. */
export function planRegion(plan: Pick<TerracePlan, "outline" | "cutouts">): MultiPolygon {
  const outline: Polygon = [plan.outline];
  const cutouts = plan.cutouts.filter((cutout) => cutout.length >= 3).map((cutout): Polygon => [cutout]);
  return cutouts.length === 0 ? polygonClipping.union(outline) : polygonClipping.difference(outline, ...cutouts);
}

/** m², outline minus cut-outs (polygon-clipping). */
export function planArea(plan: TerracePlan): number {
  return multiPolygonArea(planRegion(plan));
}

/** A w x d rectangle from the origin (metres). */
export function rectangle(w: number, d: number): Point[] {
  return [
    [0, 0],
    [w, 0],
    [w, d],
    [0, d],
  ];
}

/** A w x d rectangle without its far right corner, a cutW x cutD rectangle: an L. */
export function lShape(w: number, d: number, cutW: number, cutD: number): Point[] {
  return [
    [0, 0],
    [w, 0],
    [w, toMillimetre(d - cutD)],
    [toMillimetre(w - cutW), toMillimetre(d - cutD)],
    [toMillimetre(w - cutW), d],
    [0, d],
  ];
}

/** A w x d rectangle with an innerW x innerD notch in the middle of its far side: a U opening away from the origin. */
export function uShape(w: number, d: number, innerW: number, innerD: number): Point[] {
  const left = toMillimetre((w - innerW) / 2);
  const right = toMillimetre(left + innerW);
  const bottom = toMillimetre(d - innerD);
  return [
    [0, 0],
    [w, 0],
    [w, d],
    [right, d],
    [right, bottom],
    [left, bottom],
    [left, d],
    [0, d],
  ];
}

/**
 * A point as the drawing takes it: with `rightAngles`, on the horizontal or vertical line
 * through the previous point (whichever is nearer); then its free coordinates on the grid
 * (metres, 0 = no grid); millimetre precision.
 */
export function snap(point: Point, previous: Point | null, options: { grid: number; rightAngles: boolean }): Point {
  const onGrid = (value: number) => (options.grid > 0 ? Math.round(value / options.grid) * options.grid : value);
  let [x, y] = point;
  let keepX = false;
  let keepY = false;
  if (options.rightAngles && previous) {
    if (Math.abs(x - previous[0]) >= Math.abs(y - previous[1])) {
      y = previous[1];
      keepY = true;
    } else {
      x = previous[0];
      keepX = true;
    }
  }
  return [toMillimetre(keepX ? x : onGrid(x)), toMillimetre(keepY ? y : onGrid(y))];
}

/** The orientation of c relative to the line a->b: >0 left, <0 right, 0 on it. */
function orient(a: Point, b: Point, c: Point): number {
  const value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(value) < 1e-12 ? 0 : Math.sign(value);
}

function onSegment(a: Point, b: Point, c: Point): boolean {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd meet (touching counts). */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orient(a, b, c);
  const o2 = orient(a, b, d);
  const o3 = orient(c, d, a);
  const o4 = orient(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/**
 * Whether a ring is simple: no side of zero length, no two sides meeting but neighbours at
 * their shared corner, no side folding back onto its neighbour.
 */
export function isSimpleRing(ring: readonly Point[]): boolean {
  const n = ring.length;
  if (n < 3) return false;
  for (let i = 0; i < n; i++) if (sideLength(ring, i) === 0) return false;
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    const c = ring[(i + 2) % n]!;
    // Neighbours fold back when the corner is on one line and the next side points back.
    if (orient(a, b, c) === 0 && (c[0] - b[0]) * (b[0] - a[0]) + (c[1] - b[1]) * (b[1] - a[1]) < 0) return false;
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(a, b, ring[j]!, ring[(j + 1) % n]!)) return false;
    }
  }
  return Math.abs(ringArea(ring)) > 1e-9;
}

// ---------------------------------------------------------------------------------------
// Schema

/** The planner's messages, in the language of whoever reads them. `{max}` placeholders are filled here. */
export interface TerraceTexts {
  /** 'Please draw the terrace.' (an outline or a cut-out that is no list of points; a missing outline) */
  required: string;
  /** 'Please enter a number.' (not a finite number: NaN, Infinity, text) */
  number: string;
  /** 'Please draw at least 3 corners.' */
  tooFewPoints: string;
  /** 'A terrace can have at most {max} corners.' */
  tooManyPoints: string;
  /** 'At most {max} cut-outs are possible.' */
  tooManyCutouts: string;
  /** 'The drawing must stay within {max} m of its origin.' */
  coordinateRange: string;
  /** 'A side can be at most {max} m long.' */
  sideTooLong: string;
  /** 'The terrace can be at most {max} m² large.' */
  areaTooLarge: string;
  /** 'Please fill field room area to continue to the next step' (no area left: a line, or cut-outs covering everything) */
  areaEmpty: string;
  /** 'The sides must not cross or touch each other.' */
  selfIntersecting: string;
  /** 'Please choose a direction from 0 to 179 degrees.' */
  direction: string;
  /** 'Please choose one of the terrace's sides as the house wall.' */
  houseWallEdge: string;
  /** 'Please choose a product.' (a product or system reference that cannot be one) */
  reference: string;
}

const fill = (template: string, params: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** Refusal codes (`params.code` of the issues; the shop API answers them as the errors' `code`). */
export const TERRACE_CODES = [
  "invalid_shape",
  "invalid_number",
  "too_few_points",
  "too_many_points",
  "too_many_cutouts",
  "coordinate_range",
  "side_too_long",
  "area_too_large",
  "area_empty",
  "self_intersecting",
  "invalid_direction",
  "invalid_house_wall_edge",
  "invalid_reference",
] as const;
export type TerraceCode = (typeof TERRACE_CODES)[number];

/** A refusal: fatal, so no later check reads a value that failed an earlier one (a million points are not measured). */
const issue = (message: string, code: TerraceCode, params: Record<string, number> = {}) => ({ message, params: { code, ...params }, fatal: true });

function coordinateField(texts: TerraceTexts) {
  return z
    .unknown()
    .superRefine((value, context) => {
      if (typeof value !== "number" || !Number.isFinite(value)) context.addIssue({ code: "custom", ...issue(texts.number, "invalid_number") });
      else if (Math.abs(value) > MAX_COORDINATE_METRES)
        context.addIssue({
          code: "custom",
          ...issue(fill(texts.coordinateRange, { max: MAX_COORDINATE_METRES }), "coordinate_range", { max: MAX_COORDINATE_METRES }),
        });
    })
    .transform((value) => toMillimetre(value as number));
}

function pointField(texts: TerraceTexts) {
  return z.tuple([coordinateField(texts), coordinateField(texts)]).transform((point): Point => [point[0], point[1]]);
}

/**
 * A ring: its length is checked on the raw value first (a million points are refused without
 * being read one by one; zod's own arrays visit every item before checking the length), then
 * each point, then the sides and simplicity.
 */
function ringField(texts: TerraceTexts) {
  const { maxPoints, maxSideMetres } = TERRACE_LIMITS;
  return z
    .unknown()
    .superRefine((ring, context) => {
      if (!Array.isArray(ring)) context.addIssue({ code: "custom", ...issue(texts.required, "invalid_shape") });
      else if (ring.length < 3) context.addIssue({ code: "custom", ...issue(texts.tooFewPoints, "too_few_points", { min: 3 }) });
      else if (ring.length > maxPoints)
        context.addIssue({ code: "custom", ...issue(fill(texts.tooManyPoints, { max: maxPoints }), "too_many_points", { max: maxPoints }) });
    })
    .pipe(z.array(pointField(texts)))
    .superRefine((ring, context) => {
      for (let i = 0; i < ring.length; i++) {
        if (sideLength(ring, i) > maxSideMetres) {
          context.addIssue({
            code: "custom",
            ...issue(fill(texts.sideTooLong, { max: maxSideMetres }), "side_too_long", { max: maxSideMetres, side: i }),
          });
          return;
        }
      }
      if (!isSimpleRing(ring)) context.addIssue({ code: "custom", ...issue(texts.selfIntersecting, "self_intersecting") });
    });
}

const REFERENCE = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/;

/** A catalogue reference (a board's SKU, a substructure system's id). */
function referenceField(texts: TerraceTexts) {
  return z
    .string({ invalid_type_error: texts.reference })
    .refine((reference) => REFERENCE.test(reference), { message: texts.reference, params: { code: "invalid_reference" } })
    .optional();
}

/** A TerracePlan as the planner saves it and the shop API takes it (POST /apiv2/terrace/configurations). */
export function terracePlanSchema(texts: TerraceTexts): z.ZodType<TerracePlan, z.ZodTypeDef, unknown> {
  const { maxCutouts, maxAreaM2 } = TERRACE_LIMITS;
  return z
    .object({
      outline: ringField(texts),
      cutouts: z
        .unknown()
        .superRefine((cutouts, context) => {
          if (!Array.isArray(cutouts)) context.addIssue({ code: "custom", ...issue(texts.required, "invalid_shape") });
          else if (cutouts.length > maxCutouts)
            context.addIssue({ code: "custom", ...issue(fill(texts.tooManyCutouts, { max: maxCutouts }), "too_many_cutouts", { max: maxCutouts }) });
        })
        .pipe(z.array(ringField(texts)))
        .default([]),
      direction: z.unknown().superRefine((value, context) => {
        if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 179)
          context.addIssue({ code: "custom", ...issue(texts.direction, "invalid_direction", { min: 0, max: 179 }) });
      }),
      boardSku: referenceField(texts),
      substructureId: referenceField(texts),
      edgeBoards: z.boolean({ invalid_type_error: texts.required }).optional(),
      houseWallEdge: z.number({ invalid_type_error: texts.houseWallEdge }).nullable().optional(),
    })
    .strict()
    .superRefine((plan, context) => {
      const wall = plan.houseWallEdge;
      if (wall !== undefined && wall !== null && (!Number.isInteger(wall) || wall < 0 || wall >= plan.outline.length))
        context.addIssue({ code: "custom", ...issue(texts.houseWallEdge, "invalid_house_wall_edge"), path: ["houseWallEdge"] });
      const outlineArea = Math.abs(ringArea(plan.outline));
      if (outlineArea > maxAreaM2) {
        context.addIssue({ code: "custom", ...issue(fill(texts.areaTooLarge, { max: maxAreaM2 }), "area_too_large", { max: maxAreaM2 }), path: ["outline"] });
        return;
      }
      if (planArea({ ...plan, direction: 0 }) < 0.01) context.addIssue({ code: "custom", ...issue(texts.areaEmpty, "area_empty"), path: ["outline"] });
    })
    .transform((plan): TerracePlan => ({ ...plan, direction: plan.direction as number }));
}
