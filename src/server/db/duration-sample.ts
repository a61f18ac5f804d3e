// A timer as Micrometer reports one to JHipster's metrics endpoint: count, total, mean and max over the whole run, and
// percentiles over the most recent durations. Recording is a few arithmetic operations into a preallocated ring, so it
// can sit on every database call; the sorting happens only when someone asks for the figures.
const RECENT = 1024; // a power of two: the ring index is a mask

/** The percentiles the metrics screen shows (Min is 0.0, Max 1.0), keyed as String.valueOf(double) writes them. */
const PERCENTILES: [string, number][] = [['0.0', 0], ['0.5', 0.5], ['0.75', 0.75], ['0.95', 0.95], ['0.99', 0.99], ['1.0', 1]];

export type TimerFigures = Record<string, number>;

export class DurationSample {
  count = 0;
  total = 0;
  max = 0;
  private readonly recent = new Float64Array(RECENT);

  record(ms: number): void {
    this.recent[this.count & (RECENT - 1)] = ms;
    this.count++;
    this.total += ms;
    if (ms > this.max) this.max = ms;
  }

  /** `{count, max, totalTime, mean, '0.0', '0.5', '0.75', '0.95', '0.99', '1.0'}` in milliseconds. */
  figures(): TimerFigures {
    const n = Math.min(this.count, RECENT);
    const sorted = this.recent.slice(0, n).sort();
    const figures: TimerFigures = { count: this.count, max: this.max, totalTime: this.total, mean: this.count ? this.total / this.count : 0 };
    for (const [key, p] of PERCENTILES) figures[key] = n ? sorted[Math.min(n - 1, Math.max(0, Math.ceil(p * n) - 1))] : 0;
    return figures;
  }
}
