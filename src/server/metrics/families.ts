// A process's metrics as plain data (what a worker sends its primary over IPC, cluster-metrics.ts) and the three kinds
// Prometheus knows. Label values are kept in a fixed order per family (`labelNames`), so one series is one string key.
export type Labels = Record<string, string>;

export interface ScalarSeries {
  labels: Labels;
  value: number;
}

export interface HistogramSeries {
  labels: Labels;
  /** Observations per bucket, not cumulative: `counts[i]` fell in (bounds[i-1], bounds[i]]; the last is above all. */
  counts: number[];
  sum: number;
}

interface FamilyBase {
  name: string;
  help: string;
  /**
   * `sum`: the cluster answers one series per label set, added up over its workers (requests, grants). `worker`: one
   * series per worker, labelled with it (its memory, its pool), because a sum would say nothing.
   */
  across: 'sum' | 'worker';
}

export type Family =
  | (FamilyBase & { type: 'counter' | 'gauge'; series: ScalarSeries[] })
  | (FamilyBase & { type: 'histogram'; bounds: number[]; series: HistogramSeries[] });

/** One string per label set, in the order the caller names the labels (every call site names them in one order). */
function keyOf(labels: Labels): string {
  let key = '';
  for (const name in labels) key += `${name}\u0001${labels[name]}\u0000`;
  return key;
}

/** Counts that only grow, per label set. */
export class Counter {
  private readonly series = new Map<string, ScalarSeries>();
  constructor(readonly name: string, readonly help: string) {}
  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const found = this.series.get(key);
    if (found) found.value += by;
    else this.series.set(key, { labels: { ...labels }, value: by });
  }
  family(): Family {
    return { name: this.name, help: this.help, type: 'counter', across: 'sum', series: [...this.series.values()].map((s) => ({ ...s })) };
  }
}

/** Observations counted into fixed buckets, per label set, with their sum. */
export class Histogram {
  private readonly series = new Map<string, HistogramSeries>();
  constructor(readonly name: string, readonly help: string, readonly bounds: number[]) {}
  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let found = this.series.get(key);
    if (!found) this.series.set(key, (found = { labels: { ...labels }, counts: new Array(this.bounds.length + 1).fill(0), sum: 0 }));
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]) i++;
    found.counts[i]++;
    found.sum += value;
  }
  family(): Family {
    return {
      name: this.name, help: this.help, type: 'histogram', across: 'sum', bounds: this.bounds,
      series: [...this.series.values()].map((s) => ({ labels: s.labels, counts: [...s.counts], sum: s.sum })),
    };
  }
}

/** A value read when the metrics are collected. */
export function gauge(name: string, help: string, series: ScalarSeries[], across: 'sum' | 'worker' = 'worker'): Family {
  return { name, help, type: 'gauge', across, series };
}

/** One string per label set whatever the order of its labels (merging samples of several processes). */
export function seriesKey(labels: Labels): string {
  return keyOf(Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}
