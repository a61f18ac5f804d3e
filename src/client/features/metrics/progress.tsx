// A labelled bar for one share (memory used of max, threads in a state).
import type { ReactNode } from 'react';

export function Progress({ value, label }: { value: number; label: string }): ReactNode {
  return (
    <div className="metrics-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(value)} aria-label={label}>
      <div className="metrics-progress__bar" style={{ width: `${value}%` }} />
      <span className="metrics-progress__text">{value.toFixed(0)}%</span>
    </div>
  );
}
