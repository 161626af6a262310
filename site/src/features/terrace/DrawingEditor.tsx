/**
 * The planner's first step ("Draw"): the terrace as an SVG drawing in metres. A click
 * adds a corner to the outline (or to the cut-out being drawn), points are dragged with the
 * mouse or a finger, or moved with the arrow keys once focused (10 cm, with Shift 1 m); grid and
 * right-angle snapping; every side's length typed; rectangle, L and U as starting shapes;
 * rectangular cut-outs with typed position and size or drawn ones; the side along the house wall;
 * the area as it is drawn.
 */
import React from "react";
import { useTranslation } from "gatsby-plugin-react-i18next";
import type { Point } from "@domain/terrace/plan";
import { boundsOf, GRID_METRES, isRectangle, pointsOf, sideLengths, type EditorAction, type EditorState, type ShapeKind, type Target } from "./editor";
import { formatMetres, parseMetres } from "./numbers";

export const NAMESPACE = "terrace-ui";

interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the drawing shows: the plan with a margin, at least 10 × 8 m. */
export function viewBoxOf(points: readonly Point[]): ViewBox {
  const bounds = boundsOf(points);
  const width = Math.max(10, Math.ceil(bounds.width) + 2);
  const height = Math.max(8, Math.ceil(bounds.depth) + 2);
  const x = points.length > 0 ? Math.floor(bounds.x) - 1 : -1;
  const y = points.length > 0 ? Math.floor(bounds.y) - 1 : -1;
  return { x, y, width, height };
}

/** A pointer position in the drawing's metres. */
function toPlan(svg: SVGSVGElement, view: ViewBox, clientX: number, clientY: number): Point {
  const matrix = typeof svg.getScreenCTM === "function" ? svg.getScreenCTM() : null;
  if (matrix && typeof svg.createSVGPoint === "function") {
    const point = svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const local = point.matrixTransform(matrix.inverse());
    return [local.x, local.y];
  }
  const box = svg.getBoundingClientRect();
  const scale = Math.max(view.width / (box.width || 1), view.height / (box.height || 1));
  return [view.x + (clientX - box.left) * scale, view.y + (clientY - box.top) * scale];
}

const polygonPoints = (points: readonly Point[]) => points.map(([x, y]) => `${x},${y}`).join(" ");

/** A number field for metres that applies its value on Enter or when it loses the focus. */
export function MetresField({
  id,
  label,
  value,
  onCommit,
  testId,
}: {
  id: string;
  label: string;
  value: number;
  onCommit: (metres: number) => void;
  testId?: string;
}) {
  const { i18n } = useTranslation(NAMESPACE);
  const language = i18n?.language ?? "de";
  const shown = formatMetres(value, language);
  const [draft, setDraft] = React.useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const metres = parseMetres(draft);
    setDraft(null);
    if (metres !== null && Math.abs(metres - value) > 1e-9) onCommit(metres);
  };
  return (
    <span className="terrace-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={draft ?? shown}
        data-testid={testId}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
      />
    </span>
  );
}

export interface DrawingEditorProps {
  state: EditorState;
  dispatch: React.Dispatch<EditorAction>;
  area: number;
}

export function DrawingEditor({ state, dispatch, area }: DrawingEditorProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n?.language ?? "de";
  const svgRef = React.useRef<SVGSVGElement>(null);
  const [drag, setDrag] = React.useState<{ target: Target; index: number; view: ViewBox } | null>(null);
  const [selected, setSelected] = React.useState<{ target: Target; index: number } | null>(null);
  const [shape, setShape] = React.useState<{ kind: ShapeKind; width: number; depth: number }>({ kind: "rectangle", width: 4, depth: 5 });
  const allPoints = React.useMemo(() => [...state.outline, ...state.cutouts.flat()], [state.outline, state.cutouts]);
  const liveView = React.useMemo(() => viewBoxOf(allPoints), [allPoints]);
  // While a point is dragged the view stays put (it would run away from the pointer).
  const view = drag?.view ?? liveView;
  const drawingPoints = state.drawing ? pointsOf(state, state.drawing) : [];

  const onCanvasClick = (event: React.MouseEvent<SVGSVGElement>) => {
    if (!state.drawing || !svgRef.current) return;
    dispatch({ type: "add", point: toPlan(svgRef.current, view, event.clientX, event.clientY) });
  };
  const onPointerMove = (event: React.PointerEvent<SVGSVGElement>) => {
    if (!drag || !svgRef.current) return;
    dispatch({ type: "move", target: drag.target, index: drag.index, point: toPlan(svgRef.current, drag.view, event.clientX, event.clientY) });
  };
  const endDrag = () => setDrag(null);

  const handleKey = (target: Target, index: number, point: Point) => (event: React.KeyboardEvent) => {
    const step = event.shiftKey ? 1 : GRID_METRES;
    const moves: Record<string, Point> = {
      ArrowLeft: [point[0] - step, point[1]],
      ArrowRight: [point[0] + step, point[1]],
      ArrowUp: [point[0], point[1] - step],
      ArrowDown: [point[0], point[1] + step],
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    dispatch({ type: "move", target, index, point: next, snapped: false });
  };

  const handles = (target: Target, points: readonly Point[], cutout?: number) =>
    points.map((point, index) => {
      const isSelected = selected && selected.index === index && JSON.stringify(selected.target) === JSON.stringify(target);
      const label =
        cutout === undefined
          ? t("draw.point", { number: index + 1, x: formatMetres(point[0], language), y: formatMetres(point[1], language) })
          : t("draw.cutoutPoint", { cutout: cutout + 1, number: index + 1, x: formatMetres(point[0], language), y: formatMetres(point[1], language) });
      return (
        <circle
          key={`${cutout ?? "o"}-${index}`}
          className={`terrace-handle${isSelected ? " selected" : ""}${cutout === undefined ? "" : " cutout"}`}
          cx={point[0]}
          cy={point[1]}
          r={Math.max(0.12, view.width / 80)}
          tabIndex={0}
          role="button"
          aria-label={label}
          data-testid={cutout === undefined ? `point-${index}` : `cutout-${cutout}-point-${index}`}
          onFocus={() => setSelected({ target, index })}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={handleKey(target, index, point)}
          onPointerDown={(event) => {
            event.stopPropagation();
            (event.target as Element).setPointerCapture?.(event.pointerId);
            setSelected({ target, index });
            setDrag({ target, index, view });
          }}
        />
      );
    });

  const outlineSides = sideLengths(state.outline);
  const wall = state.houseWallEdge !== null && state.outline.length >= 3 ? state.houseWallEdge : null;
  const gridLines: React.ReactNode[] = [];
  for (let x = Math.ceil(view.x); x <= view.x + view.width; x += 1) gridLines.push(<line key={`x${x}`} x1={x} y1={view.y} x2={x} y2={view.y + view.height} />);
  for (let y = Math.ceil(view.y); y <= view.y + view.height; y += 1) gridLines.push(<line key={`y${y}`} x1={view.x} y1={y} x2={view.x + view.width} y2={y} />);

  return (
    <div className="terrace-draw" data-testid="terrace-draw">
      <div className="terrace-toolbar" role="group" aria-label={t("draw.shapes")}>
        <span className="terrace-field">
          <label htmlFor="terrace-shape">{t("draw.shapes")}</label>
          <select
            id="terrace-shape"
            value={shape.kind}
            data-testid="shape-kind"
            onChange={(event) => setShape({ ...shape, kind: event.target.value as ShapeKind })}
          >
            <option value="rectangle">{t("draw.rectangle")}</option>
            <option value="l">{t("draw.lShape")}</option>
            <option value="u">{t("draw.uShape")}</option>
          </select>
        </span>
        <MetresField
          id="terrace-shape-width"
          label={t("draw.width")}
          value={shape.width}
          testId="shape-width"
          onCommit={(width) => setShape({ ...shape, width })}
        />
        <MetresField
          id="terrace-shape-depth"
          label={t("draw.depth")}
          value={shape.depth}
          testId="shape-depth"
          onCommit={(depth) => setShape({ ...shape, depth })}
        />
        <button
          type="button"
          className="button secondary"
          data-testid="use-shape"
          onClick={() => dispatch({ type: "shape", shape: shape.kind, width: shape.width, depth: shape.depth })}
        >
          {t("draw.useShape")}
        </button>
        <button type="button" className="button link" data-testid="new-outline" onClick={() => dispatch({ type: "newOutline" })}>
          {t("draw.newOutline")}
        </button>
      </div>
      <div className="terrace-toolbar">
        <label className="terrace-check">
          <input type="checkbox" checked={state.grid} data-testid="snap-grid" onChange={(event) => dispatch({ type: "options", grid: event.target.checked })} />
          {t("draw.grid")}
        </label>
        <label className="terrace-check">
          <input
            type="checkbox"
            checked={state.rightAngles}
            data-testid="snap-right-angles"
            onChange={(event) => dispatch({ type: "options", rightAngles: event.target.checked })}
          />
          {t("draw.rightAngles")}
        </label>
        {state.drawing ? (
          <>
            <span className="muted" role="status" data-testid="drawing-status">
              {state.drawing.kind === "outline" ? t("draw.drawing", { count: drawingPoints.length }) : t("draw.drawingCutout", { count: drawingPoints.length })}
            </span>
            <button type="button" className="button link" data-testid="undo-point" onClick={() => dispatch({ type: "undo" })}>
              {t("draw.undo")}
            </button>
            <button type="button" className="button secondary" data-testid="finish-drawing" onClick={() => dispatch({ type: "finish" })}>
              {t("draw.finish")}
            </button>
          </>
        ) : null}
      </div>
      <p id="terrace-canvas-help" className="muted small">
        {t("draw.canvasHelp")}
      </p>
      <svg
        ref={svgRef}
        className={`terrace-canvas${state.drawing ? " drawing" : ""}`}
        viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
        role="group"
        aria-label={t("draw.canvas")}
        aria-describedby="terrace-canvas-help"
        data-testid="terrace-canvas"
        onClick={onCanvasClick}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <rect className="terrace-canvas-hit" x={view.x} y={view.y} width={view.width} height={view.height} />
        <g className="terrace-grid" aria-hidden="true">
          {gridLines}
        </g>
        {state.outline.length >= 3 ? <polygon className="terrace-outline" points={polygonPoints(state.outline)} data-testid="outline" /> : null}
        {state.outline.length === 2 || (state.drawing?.kind === "outline" && state.outline.length > 0) ? (
          <polyline className="terrace-outline-open" points={polygonPoints(state.outline)} />
        ) : null}
        {state.cutouts.map((cutout, index) =>
          cutout.length >= 3 ? <polygon key={index} className="terrace-cutout" points={polygonPoints(cutout)} data-testid={`cutout-${index}`} /> : null,
        )}
        {wall !== null ? (
          <line
            className="terrace-wall"
            data-testid="house-wall"
            x1={state.outline[wall]![0]}
            y1={state.outline[wall]![1]}
            x2={state.outline[(wall + 1) % state.outline.length]![0]}
            y2={state.outline[(wall + 1) % state.outline.length]![1]}
          />
        ) : null}
        {handles({ kind: "outline" }, state.outline)}
        {state.cutouts.map((cutout, index) => handles({ kind: "cutout", index }, cutout, index))}
      </svg>
      <p className="terrace-area" aria-live="polite" data-testid="terrace-area">
        {t("draw.area", { area: formatMetres(area, language, 2) })}
      </p>
      {outlineSides.length > 0 ? (
        <fieldset className="terrace-sides">
          <legend>{t("draw.sides")}</legend>
          {outlineSides.map((length, side) => (
            <MetresField
              key={side}
              id={`terrace-side-${side}`}
              label={t("draw.side", { number: side + 1 })}
              value={length}
              testId={`side-${side}`}
              onCommit={(metres) => dispatch({ type: "sideLength", target: { kind: "outline" }, side, metres })}
            />
          ))}
          {state.outline.length >= 3 ? (
            <span className="terrace-field">
              <label htmlFor="terrace-wall">{t("draw.houseWall")}</label>
              <select
                id="terrace-wall"
                data-testid="house-wall-side"
                value={state.houseWallEdge === null ? "" : String(state.houseWallEdge)}
                onChange={(event) => dispatch({ type: "houseWall", edge: event.target.value === "" ? null : Number(event.target.value) })}
              >
                <option value="">{t("draw.houseWallNone")}</option>
                {outlineSides.map((_, side) => (
                  <option key={side} value={side}>
                    {t("draw.houseWallSide", { number: side + 1 })}
                  </option>
                ))}
              </select>
            </span>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="terrace-cutouts">
        <legend>{t("draw.cutouts")}</legend>
        <p className="muted small">{t("draw.cutoutsHelp")}</p>
        {state.cutouts.map((cutout, index) => (
          <CutoutRow key={index} index={index} points={cutout} dispatch={dispatch} />
        ))}
        <button
          type="button"
          className="button secondary"
          data-testid="add-cutout"
          onClick={() => {
            const bounds = boundsOf(state.outline);
            const x = Math.round((bounds.x + Math.max(0, bounds.width - 1) / 2) * 10) / 10;
            const y = Math.round((bounds.y + Math.max(0, bounds.depth - 1) / 2) * 10) / 10;
            dispatch({ type: "addCutout", x, y, width: 1, depth: 1 });
          }}
        >
          {t("draw.addCutout")}
        </button>
        <button type="button" className="button link" data-testid="draw-cutout" onClick={() => dispatch({ type: "drawCutout" })}>
          {t("draw.drawCutout")}
        </button>
      </fieldset>
    </div>
  );
}

function CutoutRow({ index, points, dispatch }: { index: number; points: Point[]; dispatch: React.Dispatch<EditorAction> }) {
  const { t } = useTranslation(NAMESPACE);
  const rectangle = isRectangle(points);
  const bounds = boundsOf(points);
  const set = (change: Partial<typeof bounds>) => dispatch({ type: "setCutoutRect", index, ...bounds, ...change });
  const sides = sideLengths(points);
  return (
    <div className="terrace-cutout-row" role="group" aria-label={t("draw.cutout", { number: index + 1 })} data-testid={`cutout-row-${index}`}>
      <strong>{t("draw.cutout", { number: index + 1 })}</strong>
      {rectangle ? (
        <>
          <MetresField id={`cutout-${index}-x`} label={t("draw.cutoutX")} value={bounds.x} testId={`cutout-${index}-x`} onCommit={(x) => set({ x })} />
          <MetresField id={`cutout-${index}-y`} label={t("draw.cutoutY")} value={bounds.y} testId={`cutout-${index}-y`} onCommit={(y) => set({ y })} />
          <MetresField
            id={`cutout-${index}-w`}
            label={t("draw.cutoutWidth")}
            value={bounds.width}
            testId={`cutout-${index}-width`}
            onCommit={(width) => set({ width })}
          />
          <MetresField
            id={`cutout-${index}-d`}
            label={t("draw.cutoutDepth")}
            value={bounds.depth}
            testId={`cutout-${index}-depth`}
            onCommit={(depth) => set({ depth })}
          />
        </>
      ) : points.length >= 3 ? (
        sides.map((length, side) => (
          <MetresField
            key={side}
            id={`cutout-${index}-side-${side}`}
            label={t("draw.side", { number: side + 1 })}
            value={length}
            onCommit={(metres) => dispatch({ type: "sideLength", target: { kind: "cutout", index }, side, metres })}
          />
        ))
      ) : null}
      <button type="button" className="button link" data-testid={`remove-cutout-${index}`} onClick={() => dispatch({ type: "removeCutout", index })}>
        {t("draw.removeCutout", { number: index + 1 })}
      </button>
    </div>
  );
}
