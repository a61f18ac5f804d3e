// A small line chart (with the area under it) drawn as SVG by the app itself: one point per day, a value axis with a
// few ticks, every nth label under the axis. Titled and described for assistive technology; each point carries a
// <title> with its label and value.
import type { ReactNode } from 'react';
import type { ChartPoint } from './bar-chart';
import { niceMax, ticks } from './chart-scale';

export interface LineChartProps {
  points: readonly ChartPoint[];
  title: string;
  description: string;
  labelEvery?: number;
  pointText: (point: ChartPoint) => string;
}

const WIDTH = 640;
const HEIGHT = 200;
const LEFT = 36;
const BOTTOM = 24;
const TOP = 8;

export function LineChart({ points, title, description, labelEvery = 1, pointText }: LineChartProps): ReactNode {
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - LEFT) / Math.max(1, points.length - 1);
  const x = (i: number) => LEFT + i * step;
  const y = (value: number) => TOP + plotHeight - (value / top) * plotHeight;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length ? `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0)},${y(0)} Z` : '';
  const id = title.replace(/\W+/g, '-').toLowerCase();
  return (
    <svg className="chart chart--line" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {ticks(top).map((tick) => (
        <g key={tick} className="chart__tick">
          <line x1={LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
          <text x={LEFT - 4} y={y(tick)} dy="0.32em" textAnchor="end">{tick}</text>
        </g>
      ))}
      <path className="chart__area" d={area} />
      <path className="chart__line" d={line} />
      {points.map((point, i) => (
        <g key={point.label} className="chart__point">
          <circle className="chart__dot" cx={x(i)} cy={y(point.value)} r={3}>
            <title>{pointText(point)}</title>
          </circle>
          {i % labelEvery === 0 && (
            <text className="chart__label" x={x(i)} y={HEIGHT - 6} textAnchor="middle">{point.label}</text>
          )}
        </g>
      ))}
    </svg>
  );
}
