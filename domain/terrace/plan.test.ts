import type { ZodIssue } from "zod";
import {
  isSimpleRing,
  lShape,
  planArea,
  rectangle,
  snap,
  TERRACE_LIMITS,
  terracePlanSchema,
  uShape,
  type Point,
  type TerracePlan,
  type TerraceTexts,
} from "./plan";

const texts: TerraceTexts = {
  required: "required",
  number: "number",
  tooFewPoints: "tooFewPoints",
  tooManyPoints: "at most {max} corners",
  tooManyCutouts: "at most {max} cut-outs",
  coordinateRange: "within {max} m",
  sideTooLong: "side at most {max} m",
  areaTooLarge: "at most {max} m²",
  areaEmpty: "Please fill field room area to continue to the next step",
  selfIntersecting: "selfIntersecting",
  direction: "direction",
  houseWallEdge: "houseWallEdge",
  reference: "reference",
};

const schema = terracePlanSchema(texts);

/** The refusals of a parse as `path: message (code)`. */
function refusals(input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue: ZodIssue) => {
    const code = issue.code === "custom" ? (issue.params?.code as string | undefined) : issue.code;
    return `${issue.path.join(".")}: ${issue.message} (${code})`;
  });
}

const plan = (extra: Partial<TerracePlan> = {}): TerracePlan => ({ outline: rectangle(4, 5), cutouts: [], direction: 0, ...extra });

describe("areas", () => {
  it("measures rectangles, L and U shapes", () => {
    expect(planArea(plan())).toBeCloseTo(20, 9);
    // 6 x 4 without its 2 x 2 corner: 24 - 4.
    expect(planArea(plan({ outline: lShape(6, 4, 2, 2) }))).toBeCloseTo(20, 9);
    // 6 x 4 without a 2 x 2 notch: 24 - 4.
    expect(planArea(plan({ outline: uShape(6, 4, 2, 2) }))).toBeCloseTo(20, 9);
    // A right triangle 4 x 3: 6.
    expect(
      planArea(
        plan({
          outline: [
            [0, 0],
            [4, 0],
            [0, 3],
          ],
        }),
      ),
    ).toBeCloseTo(6, 9);
  });

  it("measures either orientation the same", () => {
    expect(planArea(plan({ outline: [...rectangle(4, 5)].reverse() }))).toBeCloseTo(20, 9);
  });

  it("takes cut-outs away, clipped against the outline, overlaps counted once", () => {
    const tree: Point[] = rectangle(1, 1).map(([x, y]) => [x + 1.5, y + 2]);
    expect(planArea(plan({ cutouts: [tree] }))).toBeCloseTo(19, 9);
    // Half of this one lies outside the 4 x 5 outline: only 0.5 x 1 goes.
    const edge: Point[] = rectangle(1, 1).map(([x, y]) => [x + 3.5, y + 1]);
    expect(planArea(plan({ cutouts: [edge] }))).toBeCloseTo(19.5, 9);
    // Two overlapping cut-outs: 1 + 1 - 0.25.
    const overlapping: Point[] = rectangle(1, 1).map(([x, y]) => [x + 2, y + 2.5]);
    expect(planArea(plan({ cutouts: [tree, overlapping] }))).toBeCloseTo(18.25, 9);
    // Entirely outside: nothing goes.
    const outside: Point[] = rectangle(1, 1).map(([x, y]) => [x + 10, y + 10]);
    expect(planArea(plan({ cutouts: [outside] }))).toBeCloseTo(20, 9);
  });
});

describe("shapes and snapping", () => {
  it("draws the starting shapes as simple polygons", () => {
    expect(rectangle(3, 2)).toEqual([
      [0, 0],
      [3, 0],
      [3, 2],
      [0, 2],
    ]);
    expect(lShape(6, 4, 2, 1.5)).toEqual([
      [0, 0],
      [6, 0],
      [6, 2.5],
      [4, 2.5],
      [4, 4],
      [0, 4],
    ]);
    expect(uShape(6, 4, 2, 2)).toEqual([
      [0, 0],
      [6, 0],
      [6, 4],
      [4, 4],
      [4, 2],
      [2, 2],
      [2, 4],
      [0, 4],
    ]);
    for (const ring of [rectangle(3, 2), lShape(6, 4, 2, 1.5), uShape(6, 4, 2, 2)]) expect(isSimpleRing(ring)).toBe(true);
  });

  it("snaps to the grid and to right angles from the previous point", () => {
    expect(snap([1.234, 2.26], null, { grid: 0.1, rightAngles: true })).toEqual([1.2, 2.3]);
    expect(snap([1.234, 2.26], null, { grid: 0, rightAngles: false })).toEqual([1.234, 2.26]);
    // Mostly to the right of the previous point: on its horizontal line.
    expect(snap([3.04, 1.3], [1, 1], { grid: 0.25, rightAngles: true })).toEqual([3, 1]);
    // Mostly above it: on its vertical line, even where that is off the grid.
    expect(snap([1.2, 4.1], [1.03, 1], { grid: 0.5, rightAngles: true })).toEqual([1.03, 4]);
    expect(snap([3.04, 1.3], [1, 1], { grid: 0.25, rightAngles: false })).toEqual([3, 1.25]);
  });

  it("tells simple rings from crossing and degenerate ones", () => {
    expect(
      isSimpleRing([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toBe(false); // a bow tie
    expect(
      isSimpleRing([
        [0, 0],
        [2, 0],
        [1, 0],
      ]),
    ).toBe(false); // flat
    expect(
      isSimpleRing([
        [0, 0],
        [1, 0],
        [1, 0],
        [1, 1],
      ]),
    ).toBe(false); // a side of no length
    expect(
      isSimpleRing([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0.0],
        [0, 4],
      ]),
    ).toBe(false); // a corner on another side
    expect(
      isSimpleRing([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0.5],
        [0, 4],
      ]),
    ).toBe(true);
  });
});

describe("terracePlanSchema", () => {
  it("takes a plan and keeps coordinates to the millimetre", () => {
    const result = schema.safeParse({
      outline: [
        [0, 0],
        [4.00049, 0],
        [4, 5],
        [0, 5],
      ],
      cutouts: [],
      direction: 30,
      boardSku: "WPC-4000",
      substructureId: "alu-pedestals",
      edgeBoards: true,
      houseWallEdge: 2,
    });
    expect(result.success && result.data).toEqual({
      outline: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      cutouts: [],
      direction: 30,
      boardSku: "WPC-4000",
      substructureId: "alu-pedestals",
      edgeBoards: true,
      houseWallEdge: 2,
    });
    expect(schema.parse({ outline: rectangle(2, 2), direction: 0 }).cutouts).toEqual([]);
    expect(refusals({ ...plan(), houseWallEdge: null })).toEqual([]);
  });

  it("refuses self-intersecting outlines and cut-outs", () => {
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [4, 4],
            [4, 0],
            [0, 4],
          ],
        }),
      ),
    ).toEqual(["outline: selfIntersecting (self_intersecting)"]);
    expect(
      refusals(
        plan({
          cutouts: [
            [
              [1, 1],
              [2, 2],
              [2, 1],
              [1, 2],
            ],
          ],
        }),
      ),
    ).toEqual(["cutouts.0: selfIntersecting (self_intersecting)"]);
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [4, 0],
            [4, 5],
            [4, 5],
            [0, 5],
          ],
        }),
      ),
    ).toEqual(["outline: selfIntersecting (self_intersecting)"]);
  });

  it("refuses a million points without reading them", () => {
    // The arrays count the elements read: a refusal by length reads none of the million.
    let reads = 0;
    const counted = <T>(items: T[]): T[] =>
      new Proxy(items, {
        get(target, key, receiver) {
          if (typeof key === "string" && /^\d+$/.test(key)) reads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    const many = counted(Array.from({ length: 1_000_000 }, (_, i): Point => [i % 7, i % 11]));
    expect(refusals(plan({ outline: many }))).toEqual(["outline: at most 64 corners (too_many_points)"]);
    expect(refusals(plan({ cutouts: [many] }))).toEqual(["cutouts.0: at most 64 corners (too_many_points)"]);
    expect(refusals({ ...plan(), cutouts: counted(Array.from({ length: 1_000_000 }, () => rectangle(1, 1))) })).toEqual([
      "cutouts: at most 16 cut-outs (too_many_cutouts)",
    ]);
    expect(reads).toBe(0);
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [1, 0],
          ],
        }),
      ),
    ).toEqual(["outline: tooFewPoints (too_few_points)"]);
  });

  it("refuses NaN, infinities, text and huge coordinates", () => {
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [NaN, 0],
            [4, 5],
          ],
        }),
      ),
    ).toEqual(["outline.1.0: number (invalid_number)"]);
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [4, Infinity],
            [4, 5],
          ],
        }),
      ),
    ).toEqual(["outline.1.1: number (invalid_number)"]);
    expect(
      refusals({
        ...plan(),
        outline: [
          [0, 0],
          ["4", 0],
          [4, 5],
        ],
      }),
    ).toEqual(["outline.1.0: number (invalid_number)"]);
    expect(
      refusals(
        plan({
          outline: [
            [0, 0],
            [1e308, 0],
            [1e308, 1e308],
          ],
        }),
      ),
    ).toEqual([
      "outline.1.0: within 1000 m (coordinate_range)",
      "outline.2.0: within 1000 m (coordinate_range)",
      "outline.2.1: within 1000 m (coordinate_range)",
    ]);
    expect(
      refusals({
        ...plan(),
        outline: [
          [0, 0, 0],
          [4, 0],
          [4, 5],
        ],
      }),
    ).toHaveLength(1);
    expect(refusals({ ...plan(), outline: "0,0 4,0 4,5" })).toEqual(["outline: required (invalid_shape)"]);
    expect(refusals({ direction: 0 })).toEqual(["outline: required (invalid_shape)"]);
    expect(refusals({ ...plan(), cutouts: { 0: rectangle(1, 1) } })).toEqual(["cutouts: required (invalid_shape)"]);
    expect(refusals({ ...plan(), outline: { length: 3, 0: [0, 0], 1: [4, 0], 2: [4, 5] } })).toHaveLength(1);
  });

  it("refuses sides over 50 m and areas over 500 m²", () => {
    expect(refusals(plan({ outline: rectangle(51, 2) }))).toEqual(["outline: side at most 50 m (side_too_long)"]);
    expect(refusals(plan({ outline: rectangle(30, 20) }))).toEqual(["outline: at most 500 m² (area_too_large)"]);
    // 25 x 20 is just allowed.
    expect(refusals(plan({ outline: rectangle(25, 20) }))).toEqual([]);
    expect(TERRACE_LIMITS).toEqual({ maxPoints: 64, maxCutouts: 16, maxSideMetres: 50, maxAreaM2: 500 });
  });

  it("refuses a plan whose cut-outs leave nothing", () => {
    const all: Point[] = rectangle(6, 7).map(([x, y]) => [x - 1, y - 1]);
    expect(refusals(plan({ cutouts: [all] }))).toEqual(["outline: Please fill field room area to continue to the next step (area_empty)"]);
  });

  it("refuses bad directions, house wall sides, references and unknown fields", () => {
    for (const direction of [-1, 180, 45.5, NaN, "0", null]) expect(refusals({ ...plan(), direction })).toEqual(["direction: direction (invalid_direction)"]);
    expect(refusals({ outline: rectangle(4, 5) })).toEqual(["direction: direction (invalid_direction)"]);
    expect(refusals(plan({ houseWallEdge: 4 }))).toEqual(["houseWallEdge: houseWallEdge (invalid_house_wall_edge)"]);
    expect(refusals(plan({ houseWallEdge: 1.5 }))).toEqual(["houseWallEdge: houseWallEdge (invalid_house_wall_edge)"]);
    expect(refusals(plan({ boardSku: "<script>" }))).toEqual(["boardSku: reference (invalid_reference)"]);
    expect(refusals(plan({ substructureId: "x".repeat(65) }))).toEqual(["substructureId: reference (invalid_reference)"]);
    expect(refusals({ ...plan(), price: 0 })).toEqual([": Unrecognized key(s) in object: 'price' (unrecognized_keys)"]);
    expect(refusals(null)).toHaveLength(1);
  });
});
