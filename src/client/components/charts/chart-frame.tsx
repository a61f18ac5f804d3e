// What the hand-drawn SVG charts share: their props, their size, the value scale and the frame (the figure with its
// title and description for assistive technology, and the value axis with a few ticks). Each chart draws its points
// inside the frame.
import type { ReactNode } from 'react';
import { niceMax, ticks } from './chart-scale';

export interface ChartPoint {
  label: string;
  value: number;
}

export interface ChartProps {
  points: readonly ChartPoint[];
  title: string;
  description: string;
  /** Every nth label is written under the axis (all the others are in the points' titles). */
  labelEvery?: number;
  /** Text of a point's title (shown on hover), e.g. "Week of 2024-01-01: 5". */
  pointText: (point: ChartPoint) => string;
}

export const WIDTH = 640;
export const HEIGHT = 200;
/** Where the plot starts, right of the tick labels. */
export const LEFT = 36;
const BOTTOM = 24;
const TOP = 8;

export interface ValueScale {
  /** The value at the top of the axis. */
  top: number;
  /** The y of a value. */
  y: (value: number) => number;
}

export function valueScale(points: readonly ChartPoint[]): ValueScale {
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  return { top, y: (value) => TOP + plotHeight - (value / top) * plotHeight };
}

export function ChartFrame({ kind, title, description, scale, children }: {
  kind: 'bar' | 'line';
  title: string;
  description: string;
  scale: ValueScale;
  children: ReactNode;
}): ReactNode {
  const id = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <svg className={`chart chart--${kind}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {ticks(scale.top).map((tick) => (
        <g key={tick} className="chart__tick">
          <line x1={LEFT} x2={WIDTH} y1={scale.y(tick)} y2={scale.y(tick)} />
          <text x={LEFT - 4} y={scale.y(tick)} dy="0.32em" textAnchor="end">{tick}</text>
        </g>
      ))}
      {children}
    </svg>
  );
}

/** A point's label under the axis, centred on `x`. */
export function AxisLabel({ x, label }: { x: number; label: string }): ReactNode {
  return <text className="chart__label" x={x} y={HEIGHT - 6} textAnchor="middle">{label}</text>;
}
