// A small bar chart drawn as SVG by the app itself (no chart library): one bar per point, a value axis with a few
// ticks, labels under some bars. The figure has a title and a description for assistive technology, and every bar
// a <title> with its label and value (shown on hover); the same numbers are available as a table by the caller.
import type { ReactNode } from 'react';
import { AxisLabel, ChartFrame, LEFT, valueScale, WIDTH, type ChartProps } from './chart-frame';

export function BarChart({ points, title, description, labelEvery = 1, pointText }: ChartProps): ReactNode {
  const scale = valueScale(points);
  const { y } = scale;
  const slot = (WIDTH - LEFT) / Math.max(1, points.length);
  return (
    <ChartFrame kind="bar" title={title} description={description} scale={scale}>
      {points.map((point, i) => {
        const x = LEFT + i * slot;
        const h = y(0) - y(point.value);
        return (
          <g key={point.label} className="chart__point">
            <rect className="chart__bar" x={x + slot * 0.15} width={slot * 0.7} y={y(point.value)} height={Math.max(h, 0)}>
              <title>{pointText(point)}</title>
            </rect>
            {i % labelEvery === 0 && <AxisLabel x={x + slot / 2} label={point.label} />}
          </g>
        );
      })}
    </ChartFrame>
  );
}
