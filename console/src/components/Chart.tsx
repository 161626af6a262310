/**
 * Small SVG charts for the console (no chart library): a line chart of figures over time
 * and a horizontal bar chart of ranked figures. Accessible: the figure has a caption, the
 * SVG is an image named by its title and described by its description, both axes carry a
 * label, series differ by dash pattern and marker as well as colour, and every figure is
 * also in a table (a disclosure under the chart), so nothing depends on seeing the drawing.
 */
import { useId } from "react";
import { formatNumber } from "../intl";
import { t } from "../texts";

export interface Series {
  name: string;
  values: number[];
}

/** Colours with at least 3:1 contrast on white; series also differ by dash and marker. */
const COLOURS = ["#1f5fa8", "#b3261e", "#2e7d32", "#7b3fa0", "#a15c00", "#00697a"];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4"];

/** A round upper bound for the axis (1, 2, 2.5, 5 times a power of ten), at least 1. */
export function niceMaximum(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

/** The indexes of at most `count` labels spread evenly over `length` positions, first and last included. */
export function labelIndexes(length: number, count: number): number[] {
  if (length <= count) return Array.from({ length }, (_, index) => index);
  const every = Math.ceil((length - 1) / (count - 1));
  const indexes: number[] = [];
  for (let index = 0; index < length - 1; index += every) indexes.push(index);
  if (length - 1 - indexes[indexes.length - 1]! < every / 2) indexes.pop();
  indexes.push(length - 1);
  return indexes;
}

interface ChartFrame {
  title: string;
  /** One sentence that says what the chart shows (read by screen readers with the title). */
  description: string;
  xAxisLabel: string;
  yAxisLabel: string;
}

function FigureTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <details className="chart-table">
      <summary>{t("chart.showTable")}</summary>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, index) => (
              <th key={index} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export interface LineChartProps extends ChartFrame {
  /** The labels of the x positions (e.g. days), one per value of every series. */
  xLabels: string[];
  series: Series[];
  width?: number;
  height?: number;
}

/** Lines over a shared x axis (days), y from 0. */
export function LineChart({ title, description, xAxisLabel, yAxisLabel, xLabels, series, width = 720, height = 280 }: LineChartProps) {
  const id = useId();
  const margin = { top: 16, right: 16, bottom: 56, left: 56 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const maximum = niceMaximum(Math.max(0, ...series.flatMap((line) => line.values)));
  const x = (index: number) => margin.left + (xLabels.length <= 1 ? plotWidth / 2 : (index / (xLabels.length - 1)) * plotWidth);
  const y = (value: number) => margin.top + plotHeight - (value / maximum) * plotHeight;
  const yTicks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * maximum);
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`}>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-svg-title`} aria-describedby={`${id}-desc`} width="100%">
        <title id={`${id}-svg-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} stroke="#d9d9d9" />
            <text x={margin.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fontSize="11">
              {formatNumber(tick, 1)}
            </text>
          </g>
        ))}
        <line x1={margin.left} x2={margin.left} y1={margin.top} y2={margin.top + plotHeight} stroke="#555" />
        <line x1={margin.left} x2={width - margin.right} y1={margin.top + plotHeight} y2={margin.top + plotHeight} stroke="#555" />
        {labelIndexes(xLabels.length, 8).map((index) => (
          <text key={index} x={x(index)} y={margin.top + plotHeight + 16} textAnchor="middle" fontSize="11">
            {xLabels[index]}
          </text>
        ))}
        <text x={margin.left + plotWidth / 2} y={height - 8} textAnchor="middle" fontSize="12">
          {xAxisLabel}
        </text>
        <text transform={`translate(14 ${margin.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize="12">
          {yAxisLabel}
        </text>
        {series.map((line, index) => (
          <g key={line.name} stroke={COLOURS[index % COLOURS.length]} fill={COLOURS[index % COLOURS.length]}>
            <polyline
              fill="none"
              strokeWidth="2"
              strokeDasharray={DASHES[index % DASHES.length]}
              points={line.values.map((value, position) => `${x(position)},${y(value)}`).join(" ")}
            />
            {line.values.length <= 62 &&
              line.values.map((value, position) =>
                index % 2 === 0 ? (
                  <circle key={position} cx={x(position)} cy={y(value)} r="3" />
                ) : (
                  <rect key={position} x={x(position) - 3} y={y(value) - 3} width="6" height="6" />
                ),
              )}
          </g>
        ))}
      </svg>
      <ul className="chart-legend" aria-label={t("chart.legend")}>
        {series.map((line, index) => (
          <li key={line.name}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" x2="28" y1="5" y2="5" stroke={COLOURS[index % COLOURS.length]} strokeWidth="2" strokeDasharray={DASHES[index % DASHES.length]} />
            </svg>{" "}
            {line.name}
          </li>
        ))}
      </ul>
      <FigureTable
        caption={title}
        head={[xAxisLabel, ...series.map((line) => line.name)]}
        rows={xLabels.map((label, position) => [label, ...series.map((line) => line.values[position] ?? 0)])}
      />
    </figure>
  );
}

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartProps extends ChartFrame {
  bars: Bar[];
  width?: number;
}

/** Horizontal bars, largest first as given; the value at the end of each bar. */
export function BarChart({ title, description, xAxisLabel, yAxisLabel, bars, width = 720 }: BarChartProps) {
  const id = useId();
  const row = 22;
  const margin = { top: 8, right: 48, bottom: 40, left: 180 };
  const height = margin.top + margin.bottom + Math.max(1, bars.length) * row;
  const plotWidth = width - margin.left - margin.right;
  const maximum = niceMaximum(Math.max(0, ...bars.map((bar) => bar.value)));
  const clip = (label: string) => (label.length > 28 ? `${label.slice(0, 27)}…` : label);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-svg-title`} aria-describedby={`${id}-desc`} width="100%">
        <title id={`${id}-svg-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.length === 0 && (
          <text x={width / 2} y={margin.top + row / 2} textAnchor="middle" fontSize="12">
            {t("chart.empty")}
          </text>
        )}
        {bars.map((bar, index) => {
          const top = margin.top + index * row;
          const length = (bar.value / maximum) * plotWidth;
          return (
            <g key={`${bar.label}-${index}`}>
              <text x={margin.left - 6} y={top + row / 2} textAnchor="end" dominantBaseline="middle" fontSize="11">
                <title>{bar.label}</title>
                {clip(bar.label)}
              </text>
              <rect x={margin.left} y={top + 3} width={Math.max(1, length)} height={row - 6} fill={COLOURS[0]} />
              <text x={margin.left + length + 4} y={top + row / 2} dominantBaseline="middle" fontSize="11">
                {bar.value}
              </text>
            </g>
          );
        })}
        <line x1={margin.left} x2={margin.left} y1={margin.top} y2={height - margin.bottom} stroke="#555" />
        <line x1={margin.left} x2={margin.left + plotWidth} y1={height - margin.bottom} y2={height - margin.bottom} stroke="#555" />
        {[0, 0.5, 1].map((share) => (
          <text key={share} x={margin.left + share * plotWidth} y={height - margin.bottom + 14} textAnchor="middle" fontSize="11">
            {share * maximum}
          </text>
        ))}
        <text x={margin.left + plotWidth / 2} y={height - 6} textAnchor="middle" fontSize="12">
          {xAxisLabel}
        </text>
        <text transform={`translate(12 ${margin.top + (height - margin.top - margin.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize="12">
          {yAxisLabel}
        </text>
      </svg>
      <FigureTable caption={title} head={[yAxisLabel, xAxisLabel]} rows={bars.map((bar) => [bar.label, bar.value])} />
    </figure>
  );
}
