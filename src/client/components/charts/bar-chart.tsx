// A small bar chart drawn as SVG by the app itself (no chart library): one bar per point, a value axis with a few
// ticks, labels under some bars. The figure has a title and a description for assistive technology, and every bar
// a <title> with its label and value (shown on hover); the same numbers are available as a table by the caller.
import type { ReactNode } from 'react';
import { niceMax, ticks } from './chart-scale';

export interface ChartPoint {
  label: string;
  value: number;
}

export interface BarChartProps {
  points: readonly ChartPoint[];
  title: string;
  description: string;
  /** Every nth label is written under its bar (all the others are in the bars' titles). */
  labelEvery?: number;
  /** Text of a bar's title, e.g. "Week of 2024-01-01: 5". */
  pointText: (point: ChartPoint) => string;
}

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 36;
const BOTTOM = 24;
const TOP = 8;

export function BarChart({ points, title, description, labelEvery = 1, pointText }: BarChartProps): ReactNode {
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, points.length);
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const id = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <svg className="chart chart--bar" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {ticks(top).map((tick) => (
        <g key={tick} className="chart__tick">
          <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
          <text x={LEFT - 4} y={y(tick)} dy="0.32em" textAnchor="end">{tick}</text>
        </g>
      ))}
      {points.map((point, i) => {
        const x = LEFT + i * slot;
        const h = y(0) - y(point.value);
        return (
          <g key={point.label} className="chart__point">
            <rect className="chart__bar" x={x + slot * 0.15} width={slot * 0.7} y={y(point.value)} height={Math.max(h, 0)}>
              <title>{pointText(point)}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text className="chart__label" x={x + slot / 2} y={HEIGHT - 6} textAnchor="middle">{point.label}</text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
