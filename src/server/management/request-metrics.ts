// Counts every answered request for GET management/jhimetrics: per status code and per path and method (count, mean
// and max duration). Paths are capped so a crawler asking for endless distinct URLs cannot grow the table forever.
// With WORKERS above 1 the workers' counts travel as plain data (`state`) and are added up (`mergeRequestStates`), so
// the metrics screen shows the whole cluster (metrics/cluster-metrics.ts).
export interface Timing {
  count: number;
  max: number;
  mean: number;
}

const MAX_SERVICE_KEYS = 500;

/** [count, total ms, max ms] */
type Figures = [number, number, number];

export interface RequestMetricsState {
  all: number;
  perCode: [number, Figures][];
  perService: [string, [string, Figures][]][];
}

class Accumulator {
  count = 0;
  total = 0;
  max = 0;
  figures(): Figures {
    return [this.count, this.total, this.max];
  }
  merge([count, total, max]: Figures): void {
    this.count += count;
    this.total += total;
    if (max > this.max) this.max = max;
  }
  add(ms: number): void {
    this.count++;
    this.total += ms;
    if (ms > this.max) this.max = ms;
  }
  timing(): Timing {
    return { count: this.count, max: this.max, mean: this.count ? this.total / this.count : 0 };
  }
}

declare module '../services' {
  interface AppServices {
    /** Request counts and timings for management/jhimetrics; created by the request pipeline when missing. */
    metrics?: RequestMetrics;
  }
}

export class RequestMetrics {
  private all = 0;
  private readonly perCode = new Map<number, Accumulator>();
  private readonly perService = new Map<string, Map<string, Accumulator>>();

  record(method: string, path: string, status: number, ms: number): void {
    this.all++;
    let code = this.perCode.get(status);
    if (!code) this.perCode.set(status, (code = new Accumulator()));
    code.add(ms);
    let methods = this.perService.get(path);
    if (!methods) {
      if (this.perService.size >= MAX_SERVICE_KEYS) return;
      this.perService.set(path, (methods = new Map()));
    }
    let timing = methods.get(method);
    if (!timing) methods.set(method, (timing = new Accumulator()));
    timing.add(ms);
  }

  /** The counts as plain data, for the cluster's primary. */
  state(): RequestMetricsState {
    return {
      all: this.all,
      perCode: [...this.perCode].map(([code, acc]) => [code, acc.figures()]),
      perService: [...this.perService].map(([path, methods]) => [path, [...methods].map(([method, acc]) => [method, acc.figures()])]),
    };
  }

  /** Adds another process's counts to these. */
  add(state: RequestMetricsState): this {
    this.all += state.all;
    for (const [code, figures] of state.perCode) {
      let acc = this.perCode.get(code);
      if (!acc) this.perCode.set(code, (acc = new Accumulator()));
      acc.merge(figures);
    }
    for (const [path, methods] of state.perService) {
      let byMethod = this.perService.get(path);
      if (!byMethod) {
        if (this.perService.size >= MAX_SERVICE_KEYS) continue;
        this.perService.set(path, (byMethod = new Map()));
      }
      for (const [method, figures] of methods) {
        let acc = byMethod.get(method);
        if (!acc) byMethod.set(method, (acc = new Accumulator()));
        acc.merge(figures);
      }
    }
    return this;
  }

  /** `{all: {count}, percode: {code: {max, mean, count}}}` as JHipster's metrics endpoint answers it. */
  httpRequests(): { all: { count: number }; percode: Record<string, Timing> } {
    const percode: Record<string, Timing> = {};
    for (const [code, acc] of [...this.perCode].sort((a, b) => a[0] - b[0])) percode[String(code)] = acc.timing();
    return { all: { count: this.all }, percode };
  }

  /** `{uri: {METHOD: {max, mean, count}}}`. */
  services(): Record<string, Record<string, Timing>> {
    const out: Record<string, Record<string, Timing>> = {};
    for (const [path, methods] of [...this.perService].sort((a, b) => a[0].localeCompare(b[0]))) {
      out[path] = {};
      for (const [method, acc] of methods) out[path][method] = acc.timing();
    }
    return out;
  }
}

/** Several processes' counts as one. */
export function mergeRequestStates(states: RequestMetricsState[]): RequestMetricsState {
  const sum = new RequestMetrics();
  for (const state of states) sum.add(state);
  return sum.state();
}
