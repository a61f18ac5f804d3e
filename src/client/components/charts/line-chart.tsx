// A small line chart (with the area under it) drawn as SVG by the app itself: one point per day, a value axis with a
// few ticks, every nth label under the axis. Titled and described for assistive technology; each point carries a
// <title> with its label and value.
import type { ReactNode } from 'react';
import { AxisLabel, ChartFrame, LEFT, valueScale, WIDTH, type ChartProps } from './chart-frame';

export function LineChart({ points, title, description, labelEvery = 1, pointText }: ChartProps): ReactNode {
  const scale = valueScale(points);
  const { y } = scale;
  const step = (WIDTH - LEFT) / Math.max(1, points.length - 1);
  const x = (i: number) => LEFT + i * step;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const area = points.length ? `${line} L${x(points.length - 1).toFixed(1)},${y(0)} L${x(0)},${y(0)} Z` : '';
  return (
    <ChartFrame kind="line" title={title} description={description} scale={scale}>
      <path className="chart__area" d={area} />
      <path className="chart__line" d={line} />
      {points.map((point, i) => (
        <g key={point.label} className="chart__point">
          <circle className="chart__dot" cx={x(i)} cy={y(point.value)} r={3}>
            <title>{pointText(point)}</title>
          </circle>
          {i % labelEvery === 0 && <AxisLabel x={x(i)} label={point.label} />}
        </g>
      ))}
    </ChartFrame>
  );
}
