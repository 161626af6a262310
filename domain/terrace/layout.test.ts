import { cutFromStock, isDiagonal, layTerrace, type BoardSpec, type FamilyRules } from "./layout";
import { lShape, planArea, rectangle, uShape, type Point, type TerracePlan } from "./plan";

/** A 4 m board, 145 mm wide with a 5 mm gap: one row every 150 mm. */
const BOARD: BoardSpec = { sku: "WPC-4000", lengthMm: 4000, widthMm: 145, gapMm: 5, family: "wpc" };
const RULES: FamilyRules = {
  family: "wpc",
  maxJoistSpacingCm: { straight: 50, diagonal: 40 },
  joistOverhangCm: 5,
  supportSpacingCm: 60,
  fastenersPerCrossing: 2,
};

const plan = (outline: Point[], direction = 0, cutouts: Point[][] = []): TerracePlan => ({ outline, cutouts, direction });
const moved = (ring: Point[], dx: number, dy: number): Point[] => ring.map(([x, y]) => [x + dx, y + dy]);

describe("board counts against hand calculations (4000 mm boards, 150 mm per row)", () => {
  const cases: { name: string; plan: TerracePlan; rows: number; pieces: number; naive: number }[] = [
    // 5 / 0.15 = 33.3 -> 34 rows of 4 m: one board each.
    { name: "rectangle 4 x 5 at 0", plan: plan(rectangle(4, 5)), rows: 34, pieces: 34, naive: 34 },
    // 4 / 0.15 = 26.7 -> 27 rows of 5 m: 27 whole boards + 27 rests of 1 m; one board gives 4 rests -> 7. 27 + 7 = 34; naive 54.
    { name: "rectangle 4 x 5 at 90", plan: plan(rectangle(4, 5), 90), rows: 27, pieces: 34, naive: 54 },
    // 20 rows of 6 m: 20 whole + 20 rests of 2 m, two per board -> 10. 30; naive 40.
    { name: "rectangle 6 x 3", plan: plan(rectangle(6, 3)), rows: 20, pieces: 30, naive: 40 },
    // 20 rows of 8 m: two boards each.
    { name: "rectangle 8 x 3", plan: plan(rectangle(8, 3)), rows: 20, pieces: 40, naive: 40 },
    // 2 / 0.15 -> 14 rows of 10 m: 2 whole + a 2 m rest each: 28 + 7 = 35; naive 42.
    { name: "rectangle 10 x 2", plan: plan(rectangle(10, 2)), rows: 14, pieces: 35, naive: 42 },
    // Rows 0..13 reach below y = 2 (row 13 spans 1.95..2.10): 6 m each (14 + 7); rows 14..26: 4 m each (13). 14 + 7 + 13 = 34; naive 41.
    { name: "L 6 x 4 without 2 x 2", plan: plan(lShape(6, 4, 2, 2)), rows: 27, pieces: 34, naive: 41 },
    // Rows 0..13: 6 m (14 + 7); rows 14..26: two 2 m runs (26 rests, two per board: 13). 34; naive 14*2 + 26 = 54.
    { name: "U 6 x 4 with a 2 x 2 notch", plan: plan(uShape(6, 4, 2, 2)), rows: 27, pieces: 34, naive: 54 },
    // A 1 x 1 tree at x 1.5..2.5, y 2..3: rows 13..19 (7) become two 1.5 m runs; a board gives two (2500 left, then 1000): 7.
    // The other 27 rows: one board each. 27 + 7 = 34; naive 27 + 14 = 41.
    {
      name: "rectangle 4 x 5 with a tree",
      plan: plan(rectangle(4, 5), 0, [moved(rectangle(1, 1), 1.5, 2)]),
      rows: 34,
      pieces: 34,
      naive: 41,
    },
    // A cut-out over x > 3 clipped against the outline: 3 x 5 left, 34 rows of 3 m, one board each (1 m offcuts fit nothing).
    {
      name: "cut-out beyond the outline",
      plan: plan(rectangle(4, 5), 0, [
        [
          [3, -1],
          [5, -1],
          [5, 6],
          [3, 6],
        ],
      ]),
      rows: 34,
      pieces: 34,
      naive: 34,
    },
    // Triangle 4 x 3: 20 rows of 4 - 0.2k m (k = 0..19): 4000 alone, then 3800 + 200, 3600 + 400, ... 2200 + 1800 pair up, 2000 alone: 1 + 9 + 1 = 11; naive 20.
    {
      name: "right triangle 4 x 3",
      plan: plan([
        [0, 0],
        [4, 0],
        [0, 3],
      ]),
      rows: 20,
      pieces: 11,
      naive: 20,
    },
    // Trapezoid 5 / 3 wide, 3 deep: rows of 5 - 0.1k m. k 0..10 one whole board each (11), rests 1000..100 and 3900..3100:
    // 3900 + 100 ... 3100 + 900 pair (9 boards), 1000 alone (1). 11 + 9 + 1 = 21 (area bound 81 m / 4 = 20.25); naive 30.
    {
      name: "trapezoid",
      plan: plan([
        [0, 0],
        [5, 0],
        [4, 3],
        [1, 3],
      ]),
      rows: 20,
      pieces: 21,
      naive: 30,
    },
    // A 3 x 3 square turned by 45 degrees, boards along its sides: like 3 x 3 at 0, 20 rows of 3 m, one board each.
    {
      name: "square turned 45, boards along its sides",
      plan: plan(
        [
          [0, 0],
          [3 * Math.SQRT1_2, 3 * Math.SQRT1_2],
          [0, 6 * Math.SQRT1_2],
          [-3 * Math.SQRT1_2, 3 * Math.SQRT1_2],
        ],
        45,
      ),
      rows: 20,
      pieces: 20,
      naive: 20,
    },
  ];

  it.each(cases)("$name", ({ plan: terrace, rows, pieces, naive }) => {
    const layout = layTerrace(terrace, BOARD, RULES, 4000);
    expect(Math.abs(layout.rows - rows)).toBeLessThanOrEqual(1);
    expect(Math.abs(layout.boards.pieces - pieces)).toBeLessThanOrEqual(1);
    expect(Math.abs(layout.boards.naivePieces - naive)).toBeLessThanOrEqual(1);
    expect(layout.boards.pieces).toBeLessThanOrEqual(layout.boards.naivePieces);
    expect(layout.areaM2).toBeCloseTo(planArea(terrace), 2);
  });

  it("works out the waste against the stock laid", () => {
    // 34 boards x 4 m x 0.15 m = 20.4 m² for 20 m²: 0.4 / 20.4 = 1.96 %.
    expect(layTerrace(plan(rectangle(4, 5)), BOARD, RULES, 4000).boards.wastePercent).toBe(2);
    // Triangle: 11 x 0.6 = 6.6 m² for 6 m²: 9.1 %.
    expect(
      layTerrace(
        plan([
          [0, 0],
          [4, 0],
          [0, 3],
        ]),
        BOARD,
        RULES,
        4000,
      ).boards.wastePercent,
    ).toBe(9.1);
  });
});

describe("cutting from stock", () => {
  it("reuses the smallest offcut that is long enough", () => {
    // 1500 from a new board leaves 2500: the next 1500 fits (1000 left), the third needs a new board.
    expect(cutFromStock([1500, 1500, 1500], 4000)).toEqual({ pieces: 2, naive: 3, cutLengthsMm: [1500, 1500, 1500] });
    // 3000 leaves 1000, 2500 leaves 1500: the 1200 goes into the 1500 (best fit), the 900 into the 1000.
    expect(cutFromStock([3000, 2500, 1200, 900], 4000).pieces).toBe(2);
    expect(cutFromStock([8000, 4000], 4000)).toEqual({ pieces: 3, naive: 3, cutLengthsMm: [] });
    expect(cutFromStock([], 4000)).toEqual({ pieces: 0, naive: 0, cutLengthsMm: [] });
  });
});

/** A small seeded generator (mulberry32): the same shapes on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("offcut reuse is never worse than laying every row from new stock", () => {
  const random = seeded(19);
  const between = (low: number, high: number) => Math.round((low + random() * (high - low)) * 100) / 100;
  const boards: BoardSpec[] = [
    BOARD,
    { ...BOARD, lengthMm: 4800 },
    { ...BOARD, lengthMm: 3050, widthMm: 120, gapMm: 7 },
    { ...BOARD, lengthMm: 3960, widthMm: 90, gapMm: 6 },
  ];

  it.each(Array.from({ length: 40 }, (_, index) => index))("random shape %i", () => {
    const w = between(1, 14);
    const d = between(1, 12);
    const outline = random() < 0.5 ? rectangle(w, d) : lShape(w, d, between(0.3, w - 0.3), between(0.3, d - 0.3));
    const direction = Math.floor(random() * 180);
    const board = boards[Math.floor(random() * boards.length)]!;
    const layout = layTerrace(plan(outline, direction), board, RULES, 4000);
    const pitch = (board.widthMm + board.gapMm) / 1000;

    expect(layout.boards.pieces).toBeLessThanOrEqual(layout.boards.naivePieces);
    // The stock laid covers the area (rows of board + gap), and every rest is cut from one stock length.
    expect(layout.boards.pieces * (board.lengthMm / 1000) * pitch).toBeGreaterThanOrEqual(layout.areaM2 - 1e-6);
    for (const cut of layout.boards.cutLengthsMm) expect(cut).toBeLessThan(board.lengthMm);
    // At least one piece per row, at most what the rows' spans need laid from new stock.
    expect(layout.boards.naivePieces).toBeGreaterThanOrEqual(layout.rows);
    expect(layout.boards.pieces).toBeGreaterThan(0);
  });

  it("holds for the cutting itself over random runs", () => {
    for (let round = 0; round < 200; round++) {
      const runs = Array.from({ length: 1 + Math.floor(random() * 30) }, () => 1 + Math.floor(random() * 12000));
      const stock = [3050, 4000, 4800][round % 3]!;
      const { pieces, naive } = cutFromStock(runs, stock);
      expect(pieces).toBeLessThanOrEqual(naive);
      expect(naive).toBe(runs.reduce((sum, run) => sum + Math.ceil(run / stock), 0));
      expect(pieces * stock).toBeGreaterThanOrEqual(runs.reduce((sum, run) => sum + run, 0));
    }
  });
});

describe("joists: 50 cm straight, 40 cm diagonal", () => {
  it("lays boards at 0 degrees on joists at most 50 cm apart", () => {
    expect(isDiagonal(0)).toBe(false);
    // 4 x 5, joists along y: 4 m - 2 x 5 cm = 3.9 m / 0.5 = 7.8 -> 8 gaps, 9 joists of 5 m, 48.75 cm apart.
    const layout = layTerrace(plan(rectangle(4, 5)), BOARD, RULES, 4000);
    expect(layout.joists).toEqual({ count: 9, totalLengthMm: 45000, spacingCm: 48.8, pieces: 12 });
    // Pieces: 9 x (4 m + 1 m rest); one 4 m length gives four 1 m rests: 9 + 3 = 12.
    // Supports: 5 m / 60 cm -> 9 gaps, 10 per joist = 90.
    expect(layout.supports).toBe(90);
    // Every one of the 34 rows crosses all 9 joists, 2 clips each.
    expect(layout.fasteners).toBe(34 * 9 * 2);
  });

  it("lays boards at 45 degrees on joists at most 40 cm apart", () => {
    expect(isDiagonal(45)).toBe(true);
    // 3.9 m / 0.4 = 9.75 -> 10 gaps, 11 joists of 5 m, 39 cm apart.
    const layout = layTerrace(plan(rectangle(4, 5), 45), BOARD, RULES, 4000);
    expect(layout.joists.count).toBe(11);
    expect(layout.joists.spacingCm).toBe(39);
    expect(layout.joists.totalLengthMm).toBe(55000);
    expect(layout.supports).toBe(110);
  });

  it("turns the joists with the boards", () => {
    // At 90 the joists run along x: 5 m - 10 cm = 4.9 / 0.5 -> 10 gaps, 11 joists of 4 m.
    const across = layTerrace(plan(rectangle(4, 5), 90), BOARD, RULES, 4000);
    expect(across.joists).toMatchObject({ count: 11, totalLengthMm: 44000, pieces: 11 });
    // At 60 (diagonal, nearer to y) the joists run along x too, 40 cm: 4.9 / 0.4 = 12.25 -> 13 gaps, 14 joists.
    const diagonal = layTerrace(plan(rectangle(4, 5), 60), BOARD, RULES, 4000);
    expect(diagonal.joists).toMatchObject({ count: 14, totalLengthMm: 56000 });
    expect(diagonal.joists.spacingCm).toBeLessThanOrEqual(40);
  });

  it("splits joist lines at notches and cut-outs", () => {
    // U 6 x 4 with the 2 x 2 notch at x 2..4: 5.9 / 0.5 -> 12 gaps, 13 lines 49.2 cm apart at 0.05 + 0.4917 i;
    // lines 4..8 (x 2.02..3.98) stop at y = 2 (2 m), the other 8 run 4 m, and none crosses the notch: 13 runs, 8 x 4 + 5 x 2 = 42 m.
    const layout = layTerrace(plan(uShape(6, 4, 2, 2)), BOARD, RULES, 4000);
    expect(layout.joists.count).toBe(13);
    expect(layout.joists.totalLengthMm).toBe(42000);
    // A 1 m wide tree splits the lines through it: 4 x 5 with a cut-out x 1.5..2.5 across y 2..3 hits lines at 1.512, 2.0, 2.487.
    const tree = layTerrace(plan(rectangle(4, 5), 0, [moved(rectangle(1, 1), 1.5, 2)]), BOARD, RULES, 4000);
    expect(tree.joists.count).toBe(12);
    expect(tree.joists.totalLengthMm).toBe(45000 - 3000);
  });
});

describe("edges and the drawing", () => {
  it("measures the edge without the house wall", () => {
    const terrace = { ...plan(rectangle(4, 5)), edgeBoards: true, houseWallEdge: 0 };
    // Perimeter 18 m without the 4 m side along the wall.
    expect(layTerrace(terrace, BOARD, RULES, 4000).edgeLengthMm).toBe(14000);
    expect(layTerrace({ ...terrace, houseWallEdge: null }, BOARD, RULES, 4000).edgeLengthMm).toBe(18000);
    expect(layTerrace({ ...terrace, edgeBoards: false }, BOARD, RULES, 4000).edgeLengthMm).toBe(0);
  });

  it("draws board strips and joists inside the outline", () => {
    const layout = layTerrace(plan(lShape(6, 4, 2, 2), 30), BOARD, RULES, 4000);
    const inside = ([x, y]: Point) => x >= -1e-6 && x <= 6 + 1e-6 && y >= -1e-6 && y <= 4 + 1e-6 && !(x > 4 + 1e-6 && y > 2 + 1e-6);
    expect(layout.drawing.boards.length).toBeGreaterThanOrEqual(layout.rows);
    for (const ring of layout.drawing.boards) for (const point of ring) expect(inside(point)).toBe(true);
    expect(layout.drawing.joists).toHaveLength(layout.joists.count);
    for (const [a, b] of layout.drawing.joists) expect(inside(a) && inside(b)).toBe(true);
  });

  it("refuses product data it cannot lay", () => {
    expect(() => layTerrace(plan(rectangle(4, 5)), { ...BOARD, widthMm: 1, gapMm: 0 }, RULES, 4000)).toThrow(RangeError);
    expect(() => layTerrace(plan(rectangle(4, 5)), { ...BOARD, lengthMm: 0 }, RULES, 4000)).toThrow(RangeError);
    expect(() => layTerrace(plan(rectangle(4, 5)), BOARD, { ...RULES, maxJoistSpacingCm: { straight: 0, diagonal: 40 } }, 4000)).toThrow(RangeError);
    expect(() => layTerrace(plan(rectangle(4, 5)), BOARD, RULES, NaN)).toThrow(RangeError);
  });
});
