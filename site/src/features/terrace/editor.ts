/**
 * The drawing editor's state ("Draw"): the terrace outline and its cut-outs as
 * polygons in metres, what a click does (add a point to the outline or to a new cut-out, or
 * nothing), the snapping options and the house wall side. A pure reducer, so the screen and
 * the tests drive it alike; snapping is the geometry module's own (domain/terrace/plan.ts snap).
 */
import { lShape, rectangle, snap, TERRACE_LIMITS, uShape, type Point, type TerracePlan } from "@domain/terrace/plan";

/** The grid the points snap to, in metres (10 cm). */
export const GRID_METRES = 0.1;

export type Target = { kind: "outline" } | { kind: "cutout"; index: number };

export interface EditorState {
  outline: Point[];
  cutouts: Point[][];
  /** What a click on the drawing adds a point to; null: clicks add nothing (points can be dragged). */
  drawing: Target | null;
  grid: boolean;
  rightAngles: boolean;
  /** The side (index of its first point) along the house wall, or null. */
  houseWallEdge: number | null;
}

export type ShapeKind = "rectangle" | "l" | "u";

export type EditorAction =
  | { type: "add"; point: Point }
  | { type: "move"; target: Target; index: number; point: Point; snapped?: boolean }
  | { type: "undo" }
  | { type: "finish" }
  | { type: "newOutline" }
  | { type: "shape"; shape: ShapeKind; width: number; depth: number }
  | { type: "sideLength"; target: Target; side: number; metres: number }
  | { type: "drawCutout" }
  | { type: "addCutout"; x: number; y: number; width: number; depth: number }
  | { type: "setCutoutRect"; index: number; x: number; y: number; width: number; depth: number }
  | { type: "removeCutout"; index: number }
  | { type: "houseWall"; edge: number | null }
  | { type: "options"; grid?: boolean; rightAngles?: boolean }
  | { type: "load"; plan: Pick<TerracePlan, "outline" | "cutouts" | "houseWallEdge"> };

export const initialEditor: EditorState = { outline: [], cutouts: [], drawing: { kind: "outline" }, grid: true, rightAngles: true, houseWallEdge: null };

/** Rounds to millimetres (keeps typed and snapped values free of float noise). */
const mm = (value: number): number => Math.round(value * 1000) / 1000;
const roundPoint = (point: Point): Point => [mm(point[0]), mm(point[1])];

/** The polygon a target names. */
export function pointsOf(state: EditorState, target: Target): Point[] {
  return target.kind === "outline" ? state.outline : (state.cutouts[target.index] ?? []);
}

function withPoints(state: EditorState, target: Target, points: Point[]): EditorState {
  if (target.kind === "outline") return { ...state, outline: points };
  return { ...state, cutouts: state.cutouts.map((cutout, index) => (index === target.index ? points : cutout)) };
}

/** A point snapped as the options say (to the grid, and square to the previous side when right angles are on). */
export function snapped(state: EditorState, point: Point, previous: Point | null): Point {
  if (!Number.isFinite(point[0]) || !Number.isFinite(point[1])) return point;
  if (!state.grid && !state.rightAngles) return roundPoint(point);
  return roundPoint(snap(point, previous, { grid: state.grid ? GRID_METRES : 0, rightAngles: state.rightAngles }));
}

/** The length of each side of a polygon (side i runs from point i to point i+1, the last one back to the first). */
export function sideLengths(points: readonly Point[]): number[] {
  if (points.length < 2) return [];
  const count = points.length === 2 ? 1 : points.length;
  return Array.from({ length: count }, (_, index) => {
    const [ax, ay] = points[index]!;
    const [bx, by] = points[(index + 1) % points.length]!;
    return Math.hypot(bx - ax, by - ay);
  });
}

const parallel = (a: Point, b: Point): boolean => Math.abs(a[0] * b[1] - a[1] * b[0]) < 1e-9 * Math.max(1, Math.hypot(...a) * Math.hypot(...b));

/**
 * Gives side `side` the length `metres`: its end point moves along the side, and so do the points
 * after it up to the next side that runs parallel to it, which takes up the change. So a
 * rectangle stays a rectangle (its opposite side grows with it) and an L stays an L. When no
 * side is parallel, only the end point moves.
 */
export function setSideLength(points: readonly Point[], side: number, metres: number): Point[] {
  const count = points.length;
  if (count < 2 || side < 0 || side >= count || !Number.isFinite(metres) || metres <= 0) return [...points];
  const start = points[side]!;
  const end = points[(side + 1) % count]!;
  const direction: Point = [end[0] - start[0], end[1] - start[1]];
  const length = Math.hypot(...direction);
  if (length === 0) return [...points];
  const delta: Point = [(direction[0] / length) * (metres - length), (direction[1] / length) * (metres - length)];
  const moved = new Set<number>([(side + 1) % count]);
  for (let step = 1; step < count - 1; step += 1) {
    const from = (side + step) % count;
    const to = (from + 1) % count;
    const next: Point = [points[to]![0] - points[from]![0], points[to]![1] - points[from]![1]];
    if (parallel(next, direction)) break;
    if (step === count - 2) {
      // Went all the way round without a side to take up the change: move the end point only.
      moved.clear();
      moved.add((side + 1) % count);
      break;
    }
    moved.add(to);
  }
  return points.map((point, index) => (moved.has(index) ? roundPoint([point[0] + delta[0], point[1] + delta[1]]) : point));
}

const rect = (x: number, y: number, width: number, depth: number): Point[] =>
  [
    [x, y],
    [x + width, y],
    [x + width, y + depth],
    [x, y + depth],
  ].map((point) => roundPoint(point as Point));

/** The bounds of a polygon: left, top, width, depth. */
export function boundsOf(points: readonly Point[]): { x: number; y: number; width: number; depth: number } {
  if (points.length === 0) return { x: 0, y: 0, width: 0, depth: 0 };
  const xs = points.map((point) => point[0]);
  const ys = points.map((point) => point[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, depth: Math.max(...ys) - y };
}

/** True when the cut-out is an axis-parallel rectangle (its position and size can be typed). */
export function isRectangle(points: readonly Point[]): boolean {
  if (points.length !== 4) return false;
  const { x, y, width, depth } = boundsOf(points);
  return rect(x, y, width, depth).every((corner) => points.some((point) => Math.abs(point[0] - corner[0]) < 1e-6 && Math.abs(point[1] - corner[1]) < 1e-6));
}

const positive = (...values: number[]): boolean => values.every((value) => Number.isFinite(value) && value > 0 && value <= TERRACE_LIMITS.maxSideMetres);
const finite = (...values: number[]): boolean => values.every((value) => Number.isFinite(value) && Math.abs(value) <= TERRACE_LIMITS.maxSideMetres);

/**
 * A starting shape of `width` x `depth` metres: the rectangle; the L without its far right
 * quarter (half the width, half the depth); the U with a notch of a third of the width and half
 * the depth in the middle of its far side.
 */
export function shapePoints(shape: ShapeKind, width: number, depth: number): Point[] {
  if (shape === "l") return lShape(width, depth, width / 2, depth / 2);
  if (shape === "u") return uShape(width, depth, width / 3, depth / 2);
  return rectangle(width, depth);
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "add": {
      if (!state.drawing || !finite(...action.point)) return state;
      const points = pointsOf(state, state.drawing);
      if (points.length >= TERRACE_LIMITS.maxPoints) return state;
      const point = snapped(state, action.point, points[points.length - 1] ?? null);
      const last = points[points.length - 1];
      if (last && last[0] === point[0] && last[1] === point[1]) return state;
      return withPoints(state, state.drawing, [...points, point]);
    }
    case "move": {
      const points = pointsOf(state, action.target);
      if (!points[action.index] || !finite(...action.point)) return state;
      const previous = points.length > 1 ? points[(action.index - 1 + points.length) % points.length]! : null;
      const point = action.snapped === false ? roundPoint(action.point) : snapped(state, action.point, previous);
      return withPoints(
        state,
        action.target,
        points.map((existing, index) => (index === action.index ? point : existing)),
      );
    }
    case "undo": {
      if (!state.drawing) return state;
      const points = pointsOf(state, state.drawing);
      if (points.length === 0) {
        // An empty new cut-out: stop drawing it.
        if (state.drawing.kind === "cutout")
          return { ...state, cutouts: state.cutouts.filter((_, index) => index !== (state.drawing as { index: number }).index), drawing: null };
        return state;
      }
      return withPoints(state, state.drawing, points.slice(0, -1));
    }
    case "finish": {
      if (!state.drawing) return state;
      // A cut-out of fewer than 3 points is dropped.
      if (state.drawing.kind === "cutout" && pointsOf(state, state.drawing).length < 3) {
        const drop = state.drawing.index;
        return { ...state, cutouts: state.cutouts.filter((_, index) => index !== drop), drawing: null };
      }
      return { ...state, drawing: null };
    }
    case "newOutline":
      return { ...state, outline: [], houseWallEdge: null, drawing: { kind: "outline" } };
    case "shape": {
      const { width, depth } = action;
      if (!positive(width, depth)) return state;
      const outline = shapePoints(action.shape, width, depth).map(roundPoint);
      return { ...state, outline, drawing: null, houseWallEdge: null };
    }
    case "sideLength": {
      if (!positive(action.metres)) return state;
      return withPoints(state, action.target, setSideLength(pointsOf(state, action.target), action.side, action.metres));
    }
    case "drawCutout": {
      if (state.cutouts.length >= TERRACE_LIMITS.maxCutouts) return state;
      return { ...state, cutouts: [...state.cutouts, []], drawing: { kind: "cutout", index: state.cutouts.length } };
    }
    case "addCutout": {
      if (state.cutouts.length >= TERRACE_LIMITS.maxCutouts || !positive(action.width, action.depth) || !finite(action.x, action.y)) return state;
      return { ...state, cutouts: [...state.cutouts, rect(action.x, action.y, action.width, action.depth)], drawing: null };
    }
    case "setCutoutRect": {
      if (!state.cutouts[action.index] || !positive(action.width, action.depth) || !finite(action.x, action.y)) return state;
      return withPoints(state, { kind: "cutout", index: action.index }, rect(action.x, action.y, action.width, action.depth));
    }
    case "removeCutout": {
      if (!state.cutouts[action.index]) return state;
      const drawing = state.drawing?.kind === "cutout" ? null : state.drawing;
      return { ...state, cutouts: state.cutouts.filter((_, index) => index !== action.index), drawing };
    }
    case "houseWall": {
      const edge = action.edge;
      if (edge !== null && (!Number.isInteger(edge) || edge < 0 || edge >= state.outline.length)) return state;
      return { ...state, houseWallEdge: edge };
    }
    case "options":
      return { ...state, grid: action.grid ?? state.grid, rightAngles: action.rightAngles ?? state.rightAngles };
    case "load":
      return {
        ...state,
        outline: action.plan.outline.map(roundPoint),
        cutouts: action.plan.cutouts.map((cutout) => cutout.map(roundPoint)),
        houseWallEdge: action.plan.houseWallEdge ?? null,
        drawing: null,
      };
  }
}

/** The plan of the drawing (the parts the editor owns); cut-outs still being drawn with fewer than 3 points are left out. */
export function planOf(state: EditorState): Pick<TerracePlan, "outline" | "cutouts" | "houseWallEdge"> {
  return {
    outline: state.outline,
    cutouts: state.cutouts.filter((cutout) => cutout.length >= 3),
    houseWallEdge: state.houseWallEdge,
  };
}
