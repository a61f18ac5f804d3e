// Subject export benchmark (docs/subjects.md, "Export"): every subject of the seeded database (a million on
// PostgreSQL by default) streamed as CSV the way GET api/subjects.csv writes it, with time, rows, bytes, and the peak
// RSS and heap sampled while it runs (flat memory: one batch at a time). Prints figures, asserts nothing.
// `node --import tsx bench/subjects-export.ts [--db pglite|postgres] [--subjects N]`; on PostgreSQL its own database
// mp_bench_export (seeded once, reused).
import { loadavg } from 'node:os';
import { parseCriteria } from '../src/server/subjects/criteria';
import { exportSubjects } from '../src/server/subjects/subject-export';
import { benchDatabase, postgresServerUrl } from './subjects-database';

const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const kind = (option('db') ?? (postgresServerUrl() ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const subjects = Number(option('subjects') ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const log = (line: string) => console.log(line);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const { db } = await benchDatabase(kind, subjects, process.argv.includes('--fresh'), log, 'mp_bench_export');
const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM subject');
log(`${kind}: ${n} subjects; load average ${loadavg()[0].toFixed(2)}`);

for (const [label, query] of [['all, id order', ''], ['all, externalId desc', 'sort=externalId,desc']] as const) {
  global.gc?.();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const start = process.memoryUsage();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  for await (const chunk of exportSubjects(db, parseCriteria(new URLSearchParams(query)), undefined, [])) {
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += Buffer.byteLength(chunk);
    for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) lines++;
    sample();
  }
  clearInterval(timer);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  log(`  ${label.padEnd(22)} ${(ms / 1000).toFixed(1)} s (this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s), ${lines - 1} rows, ${mb(bytes)}; first bytes after ${firstByteMs.toFixed(0)} ms; ` +
    `RSS ${mb(start.rss)} -> peak ${mb(peakRss)}, heap ${mb(start.heapUsed)} -> peak ${mb(peakHeap)}`);
}
await db.close();
