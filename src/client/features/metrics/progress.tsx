// A labelled bar for one share (memory used of max, threads in a state). The percentage stands beside the bar, on the
// page's background, where it keeps its contrast however full the bar is.
import type { ReactNode } from 'react';

export function Progress({ value, label }: { value: number; label: string }): ReactNode {
  return (
    <div className="metrics-progress">
      <div className="metrics-progress__track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value)} aria-label={label}>
        <div className="metrics-progress__bar" style={{ width: `${value}%` }} />
      </div>
      <span className="metrics-progress__text" aria-hidden="true">{value.toFixed(0)}%</span>
    </div>
  );
}
