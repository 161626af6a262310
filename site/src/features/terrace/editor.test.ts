import { editorReducer, initialEditor, planOf, setSideLength, sideLengths, type EditorAction, type EditorState } from "./editor";
import { areaOf } from "./Planner";

jest.mock("../inquiries/InquiryModal", () => ({ __esModule: true, default: () => null }));

const run = (actions: EditorAction[], state: EditorState = initialEditor) => actions.reduce(editorReducer, state);

test("clicks add snapped points: on the 10 cm grid and square to the previous side", () => {
  const state = run([
    { type: "add", point: [0.04, 0.03] },
    { type: "add", point: [3.97, 0.2] },
    { type: "add", point: [4.1, 4.96] },
    { type: "add", point: [0.12, 5.04] },
  ]);
  // [3.97, 0.2] is nearer the horizontal through [0, 0]: it keeps y = 0 and its x goes to the grid.
  expect(state.outline).toEqual([
    [0, 0],
    [4, 0],
    [4, 5],
    [0.1, 5],
  ]);
  expect(areaOf(state)).toBeCloseTo(19.75, 6);
});

test("without snapping a click lands where it was (to the millimetre); a repeated click adds nothing", () => {
  const state = run([
    { type: "options", grid: false, rightAngles: false },
    { type: "add", point: [1.23456, 2.34567] },
    { type: "add", point: [1.23456, 2.34567] },
  ]);
  expect(state.outline).toEqual([[1.235, 2.346]]);
});

test("points move (snapped, or exactly by the arrow keys); hostile coordinates change nothing", () => {
  let state = run([{ type: "shape", shape: "rectangle", width: 4, depth: 5 }]);
  state = editorReducer(state, { type: "move", target: { kind: "outline" }, index: 2, point: [4.43, 5.06], snapped: true });
  // Right angles to the previous corner [4, 0]: stays on x = 4; y on the grid.
  expect(state.outline[2]).toEqual([4, 5.1]);
  state = editorReducer(state, { type: "move", target: { kind: "outline" }, index: 2, point: [4.1, 5.1], snapped: false });
  expect(state.outline[2]).toEqual([4.1, 5.1]);
  for (const point of [
    [NaN, 1],
    [Infinity, 0],
    [1e9, 0],
  ] as [number, number][]) {
    expect(editorReducer(state, { type: "move", target: { kind: "outline" }, index: 0, point })).toBe(state);
    expect(editorReducer({ ...state, drawing: { kind: "outline" } }, { type: "add", point }).outline).toHaveLength(4);
  }
  expect(editorReducer(state, { type: "move", target: { kind: "outline" }, index: 9, point: [1, 1] })).toBe(state);
});

test("rectangle, L and U starting shapes; clicks stop adding points once a shape is taken", () => {
  const rectangle = run([{ type: "shape", shape: "rectangle", width: 4, depth: 5 }]);
  expect(rectangle.outline).toEqual([
    [0, 0],
    [4, 0],
    [4, 5],
    [0, 5],
  ]);
  expect(rectangle.drawing).toBeNull();
  expect(editorReducer(rectangle, { type: "add", point: [7, 7] })).toBe(rectangle);
  const l = run([{ type: "shape", shape: "l", width: 6, depth: 4 }]);
  expect(l.outline).toHaveLength(6);
  expect(areaOf(l)).toBeCloseTo(6 * 4 - 3 * 2, 6);
  const u = run([{ type: "shape", shape: "u", width: 6, depth: 4 }]);
  expect(u.outline).toHaveLength(8);
  expect(areaOf(u)).toBeCloseTo(6 * 4 - 2 * 2, 6);
  // No shape of 0 or negative or absurd size.
  for (const [width, depth] of [
    [0, 5],
    [-4, 5],
    [NaN, 5],
    [4, 1e6],
  ])
    expect(editorReducer(rectangle, { type: "shape", shape: "rectangle", width: width!, depth: depth! })).toBe(rectangle);
});

test("a typed side length keeps a rectangle a rectangle and an L an L (the next parallel side takes up the change)", () => {
  const rectangle = run([{ type: "shape", shape: "rectangle", width: 4, depth: 5 }]);
  const wider = editorReducer(rectangle, { type: "sideLength", target: { kind: "outline" }, side: 0, metres: 6 });
  expect(wider.outline).toEqual([
    [0, 0],
    [6, 0],
    [6, 5],
    [0, 5],
  ]);
  const deeper = editorReducer(wider, { type: "sideLength", target: { kind: "outline" }, side: 1, metres: 3.5 });
  expect(sideLengths(deeper.outline)).toEqual([6, 3.5, 6, 3.5]);
  expect(areaOf(deeper)).toBeCloseTo(21, 6);
  const l = run([{ type: "shape", shape: "l", width: 6, depth: 4 }]);
  // Side 1 runs down the right edge (2 m); make it 3 m: the inner step moves down with it.
  const changed = setSideLength(l.outline, 1, 3);
  expect(sideLengths(changed)[1]).toBeCloseTo(3, 9);
  expect(changed[3]).toEqual([3, 3]);
  expect(changed[4]).toEqual([3, 4]);
  // Zero, negative and not-a-number lengths change nothing.
  for (const metres of [0, -1, NaN, 51]) expect(editorReducer(rectangle, { type: "sideLength", target: { kind: "outline" }, side: 0, metres })).toBe(rectangle);
});

test("cut-outs: a rectangle placed and typed, a drawn one, one left with too few points is dropped; the area leaves them out", () => {
  let state = run([
    { type: "shape", shape: "rectangle", width: 4, depth: 5 },
    { type: "addCutout", x: 1, y: 1, width: 1, depth: 1 },
  ]);
  expect(areaOf(state)).toBeCloseTo(19, 6);
  state = editorReducer(state, { type: "setCutoutRect", index: 0, x: 0.5, y: 2, width: 2, depth: 1.5 });
  expect(state.cutouts[0]).toEqual([
    [0.5, 2],
    [2.5, 2],
    [2.5, 3.5],
    [0.5, 3.5],
  ]);
  expect(areaOf(state)).toBeCloseTo(17, 6);
  state = run(
    [{ type: "drawCutout" }, { type: "add", point: [3, 0.5] }, { type: "add", point: [3.5, 0.5] }, { type: "add", point: [3.5, 1] }, { type: "finish" }],
    state,
  );
  expect(state.cutouts).toHaveLength(2);
  expect(areaOf(state)).toBeCloseTo(17 - 0.125, 6);
  const dropped = run([{ type: "drawCutout" }, { type: "add", point: [1, 4] }, { type: "finish" }], state);
  expect(dropped.cutouts).toHaveLength(2);
  expect(editorReducer(state, { type: "removeCutout", index: 0 }).cutouts).toEqual([state.cutouts[1]]);
  expect(planOf(run([{ type: "drawCutout" }, { type: "add", point: [1, 4] }], state)).cutouts).toHaveLength(2);
});

test("the house wall names a side of the outline, or none", () => {
  const state = run([
    { type: "shape", shape: "rectangle", width: 4, depth: 5 },
    { type: "houseWall", edge: 2 },
  ]);
  expect(state.houseWallEdge).toBe(2);
  expect(planOf(state).houseWallEdge).toBe(2);
  for (const edge of [4, -1, 1.5]) expect(editorReducer(state, { type: "houseWall", edge }).houseWallEdge).toBe(2);
  expect(editorReducer(state, { type: "houseWall", edge: null }).houseWallEdge).toBeNull();
  // A new outline forgets the wall.
  expect(editorReducer(state, { type: "newOutline" }).houseWallEdge).toBeNull();
});

test("at most 64 corners and 16 cut-outs", () => {
  let state: EditorState = { ...initialEditor, grid: false, rightAngles: false };
  for (let index = 0; index < 70; index += 1) state = editorReducer(state, { type: "add", point: [index * 0.1, (index % 2) * 0.5] });
  expect(state.outline).toHaveLength(64);
  for (let index = 0; index < 20; index += 1) state = editorReducer(state, { type: "addCutout", x: 0, y: 0, width: 0.1, depth: 0.1 });
  expect(state.cutouts).toHaveLength(16);
});
