// Latency helpers for the subject benchmark: sequential timed runs (one request or query at a time, so a figure is
// the latency of one call, not a queue), percentiles, and an HTTP GET over a keep-alive connection.
import http from 'node:http';

export interface Figures {
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `call(i)` `warmup` times untimed, then `runs` times timed; answers p50 and p99 in ms. */
export async function timed(runs: number, warmup: number, call: (i: number) => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Like `timed`, for two calls taken in turns (a(i) then b(i)), so both see the same moments of a busy host and
 * their ratio holds even when the host's load changes during the run. */
export async function timedInTurns(
  runs: number,
  warmup: number,
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
): Promise<[Figures, Figures]> {
  for (let i = 0; i < warmup; i++) {
    await a(i);
    await b(i);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a(i);
    ta.push(performance.now() - t0);
    t0 = performance.now();
    await b(i);
    tb.push(performance.now() - t0);
  }
  const figures = (times: number[]): Figures => {
    times.sort((x, y) => x - y);
    return { p50: percentile(times, 50), p99: percentile(times, 99) };
  };
  return [figures(ta), figures(tb)];
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function httpClient(baseUrl: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      http.get(baseUrl + path, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      }).on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}

export const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;
