// One view of several processes' metrics (cluster-metrics.ts): families whose series add up are summed per label
// set, bucket by bucket for histograms; per-worker families keep each worker's series under a `worker` label.
import { seriesKey, type Family, type HistogramSeries, type ScalarSeries } from './families';

export interface WorkerSample {
  /** The worker's label value: its cluster id, or 0 outside a cluster. */
  worker: string;
  families: Family[];
}

/** Adds the series of `family` into `into` (same name, same kind); per-worker series are labelled with `worker`. */
function addFamily(into: Map<string, Family>, family: Family, worker?: string): void {
  let target = into.get(family.name);
  if (!target) {
    target = family.type === 'histogram'
      ? { ...family, series: [] }
      : { ...family, series: [] };
    into.set(family.name, target);
  }
  if (target.type !== family.type) return; // a name reused with another kind: the first one wins
  const labelled = <S extends { labels: Record<string, string> }>(s: S): S =>
    family.across === 'worker' && worker !== undefined ? { ...s, labels: { ...s.labels, worker } } : s;
  if (target.type === 'histogram' && family.type === 'histogram') {
    if (target.bounds.join() !== family.bounds.join()) return;
    const index = new Map(target.series.map((s) => [seriesKey(s.labels), s]));
    for (const raw of family.series) {
      const s = labelled(raw);
      const found = index.get(seriesKey(s.labels));
      if (found) {
        found.counts = found.counts.map((c, i) => c + (s.counts[i] ?? 0));
        found.sum += s.sum;
      } else {
        const copy: HistogramSeries = { labels: s.labels, counts: [...s.counts], sum: s.sum };
        target.series.push(copy);
        index.set(seriesKey(copy.labels), copy);
      }
    }
  } else if (target.type !== 'histogram' && family.type !== 'histogram') {
    const index = new Map(target.series.map((s) => [seriesKey(s.labels), s]));
    for (const raw of family.series) {
      const s = labelled(raw);
      const found = index.get(seriesKey(s.labels));
      if (found) found.value += s.value;
      else {
        const copy: ScalarSeries = { labels: s.labels, value: s.value };
        target.series.push(copy);
        index.set(seriesKey(copy.labels), copy);
      }
    }
  }
}

/** The families of every sample, and of workers gone since (`retired`, summed families only), as one set. */
export function mergeSamples(samples: WorkerSample[], retired: Family[] = []): Family[] {
  const merged = new Map<string, Family>();
  for (const family of retired) addFamily(merged, family);
  for (const sample of samples) for (const family of sample.families) addFamily(merged, family, sample.worker);
  return [...merged.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Folds a stopped worker's last sample into `retired`, so the cluster's counters never go back when it is replaced. */
export function retire(retired: Family[], sample: WorkerSample): Family[] {
  const summed = sample.families.filter((f) => f.across === 'sum');
  return mergeSamples([{ worker: sample.worker, families: summed }], retired);
}
