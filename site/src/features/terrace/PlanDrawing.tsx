/**
 * The result's drawing: the outline without its cut-outs, the boards laid at the chosen
 * direction (board width plus gap per row) and the joists across them at the layout's spacing,
 * both clipped to the terrace; the house wall side drawn thick.
 */
import React from "react";
import type { TerracePlan } from "@domain/terrace/plan";
import type { BoardSpec, Layout } from "@domain/terrace/layout";
import { boundsOf } from "./editor";
import { viewBoxOf } from "./DrawingEditor";

const pathOf = (points: readonly [number, number][]) => (points.length === 0 ? "" : `M${points.map(([x, y]) => `${x} ${y}`).join(" L")} Z`);

export function PlanDrawing({ plan, board, layout, label }: { plan: TerracePlan; board: BoardSpec | null; layout: Layout | null; label: string }) {
  const clipId = React.useId().replace(/:/g, "");
  if (plan.outline.length < 3) return null;
  const view = viewBoxOf(plan.outline);
  const bounds = boundsOf(plan.outline);
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.depth / 2;
  // Lines long enough to cover the terrace at any angle.
  const reach = Math.hypot(bounds.width, bounds.depth) / 2 + 1;
  const area = [pathOf(plan.outline), ...plan.cutouts.map(pathOf)].join(" ");
  const rows: React.ReactNode[] = [];
  if (board && board.widthMm > 0) {
    const pitch = (board.widthMm + board.gapMm) / 1000;
    const count = Math.min(2000, Math.ceil((2 * reach) / pitch));
    for (let row = 0; row < count; row += 1) {
      rows.push(<rect key={row} x={cx - reach} y={cy - reach + row * pitch} width={2 * reach} height={board.widthMm / 1000} />);
    }
  }
  const joists: React.ReactNode[] = [];
  if (layout && layout.joists.spacingCm > 0) {
    const spacing = layout.joists.spacingCm / 100;
    const count = Math.min(2000, Math.ceil((2 * reach) / spacing));
    for (let joist = 0; joist <= count; joist += 1) {
      const x = cx - reach + joist * spacing;
      joists.push(<line key={joist} x1={x} y1={cy - reach} x2={x} y2={cy + reach} />);
    }
  }
  const wall = plan.houseWallEdge ?? null;
  return (
    <svg className="terrace-plan" viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`} role="img" aria-label={label} data-testid="plan-drawing">
      <defs>
        <clipPath id={clipId}>
          <path d={area} clipRule="evenodd" />
        </clipPath>
      </defs>
      <path className="terrace-outline" d={area} fillRule="evenodd" />
      <g clipPath={`url(#${clipId})`}>
        <g className="terrace-joists" transform={`rotate(${plan.direction} ${cx} ${cy})`} data-testid="plan-joists" data-count={joists.length}>
          {joists}
        </g>
        <g className="terrace-boards" transform={`rotate(${plan.direction} ${cx} ${cy})`} data-testid="plan-boards" data-count={rows.length}>
          {rows}
        </g>
      </g>
      {plan.cutouts.map((cutout, index) => (
        <path key={index} className="terrace-cutout" d={pathOf(cutout)} />
      ))}
      {wall !== null && plan.outline[wall] ? (
        <line
          className="terrace-wall"
          x1={plan.outline[wall]![0]}
          y1={plan.outline[wall]![1]}
          x2={plan.outline[(wall + 1) % plan.outline.length]![0]}
          y2={plan.outline[(wall + 1) % plan.outline.length]![1]}
        />
      ) : null}
    </svg>
  );
}
