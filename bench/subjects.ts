// Subject list benchmark: `node --import tsx bench/subjects.ts [--subjects N] [--db pglite|postgres] [--requests N]
// [--fresh]`. Seeds the demo data set with N subjects (default 1,000,000 on PostgreSQL, 100,000 on PGlite), starts
// the server on it (on PostgreSQL as its own process, as deployed: the client's work does not share the server's
// event loop; PGlite's in-memory database can only be served in this process), and prints p50/p99 over HTTP (as the system admin, one request at a time, keep-alive) for the
// project list's first page, a page deep in the keyset, an external-id substring page, and filtered counts; then
// the same statements run directly on the database, and the ratio HTTP / SQL.
import { PERMISSIONS } from '../src/common/permission-matrix';
import { SigningKeys } from '../src/server/auth/signing-keys';
import { mintAccessToken } from '../src/server/auth/tokens';
import { parseCriteria } from '../src/server/subjects/criteria';
import { buildListStatement } from '../src/server/subjects/list-sql';
import { benchDatabase, postgresServerUrl } from './subjects-database';
import { inProcessServer, serverProcess } from './subjects-server';
import { availableParallelism, loadavg } from 'node:os';
import { httpClient, ms, timed, timedInTurns, type Figures } from './subjects-latency';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const kind = (option('db') ?? (postgresServerUrl() ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db must be pglite or postgres');
const subjects = Number(option('subjects') ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const requests = Number(option('requests') ?? 1000);
const log = (line: string) => console.log(line);

// `--database NAME`: another seeded database of the same data set (the activity benchmark's, say).
const { db, url: databaseUrl } = await benchDatabase(kind, subjects, process.argv.includes('--fresh'), log, option('database'));
const running = databaseUrl ? await serverProcess(databaseUrl) : await inProcessServer(db);
try {
  const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const { token } = await mintAccessToken(db, new SigningKeys(db), {
    clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 3600, grantType: 'authorization_code', userId: admin.id,
  });
  const [radar] = await db.query<{ id: number; n: number }>(
    "SELECT p.id, (SELECT count(*) FROM subject s WHERE s.project_id = p.id)::int8 AS n FROM project p WHERE p.project_name = 'radar'");
  log(`${kind}: ${subjects} subjects requested; project radar holds ${radar.n}; ${requests} timed requests per case; host load average (1 min) ${loadavg()[0].toFixed(2)}`);

  // Deep cursors: subjects between 60% and 95% down the radar list in login order (sampled once, rotated).
  const deep = await db.query<{ id: number; login: string; external_id: string | null }>(
    `SELECT id, login, external_id FROM subject WHERE project_id = $1 ORDER BY login COLLATE "C" OFFSET $2 LIMIT 1000`,
    [radar.id, Math.floor(Number(radar.n) * 0.6)]);
  const cursors = Array.from({ length: 20 }, (_, i) => deep[Math.floor((i * deep.length) / 20)]);
  // External-id fragments: the last four digits of some radar subjects' ids (each matches a few per 10,000 subjects).
  const fragments = (await db.query<{ f: string }>(
    `SELECT DISTINCT right(external_id, 4) AS f FROM subject WHERE project_id = $1 AND external_id IS NOT NULL AND id % 997 = 0 LIMIT 8`,
    [radar.id])).map((r) => r.f);
  const cases: [string, (i: number) => string, number?][] = [
    ['first page (login asc)', () => 'size=20&sort=login,asc'],
    ['deep keyset page', (i) => {
      const c = cursors[i % cursors.length];
      return `size=20&sort=login,asc&last.id=${c.id}&last.login=${c.login}&last.externalId=${c.external_id ?? ''}`;
    }],
    ['external-id substring page', (i) => `size=20&sort=login,asc&externalId=${fragments[i % fragments.length]}`],
    ['filtered count (ext id, size=1)', (i) => `size=1&sort=login,asc&externalId=${fragments[(i + 3) % fragments.length]}`],
    ['broad filtered count (name, size=1)', () => 'size=1&sort=login,asc&personName=anna', Math.min(requests, 200)],
  ];
  // Steady state, as a server that has been up a while: the first few thousand requests of a new process run code V8 has
  // not optimised yet (they would make the tail of the first case).
  const warm = httpClient(running.url, token);
  for (let i = 0; i < 6000; i++) await warm.get(`/api/projects/radar/subjects?${cases[i % 3][1](i)}`);
  warm.close();

  const rows: [string, Figures, Figures][] = [];
  for (const [label, query, runs = requests] of cases) {
    const warmup = Math.ceil(runs / 5);
    const client = httpClient(running.url, token);
    const probe = await client.get(`/api/projects/radar/subjects?${query(0)}`);
    if (probe.status !== 200) throw new Error(`${label}: HTTP ${probe.status} ${probe.body}`);
    const statements = Array.from({ length: 20 }, (_, i) => buildListStatement(parseCriteria(new URLSearchParams(query(i)), 'radar'), { name: 'radar' }));
    // HTTP and SQL in turns, so both meet the same moments of a busy host.
    const [httpFigures, sqlFigures] = await timedInTurns(
      runs,
      warmup,
      (i) => client.get(`/api/projects/radar/subjects?${query(i)}`),
      (i) => db.query(statements[i % 20].sql, statements[i % 20].params, { planPerCall: statements[i % 20].planPerCall }),
    );
    client.close();
    rows.push([label, httpFigures, sqlFigures]);
    log(`${label.padEnd(38)} total ${String(probe.headers['x-total-count']).padStart(8)}`);
  }
  const countOnly = await timed(Math.min(requests, 200), 10, () => db.query('SELECT count(*) FROM subject WHERE project_id = $1', [radar.id]));
  const counter = await timed(Math.min(requests, 200), 10, () => db.query('SELECT subjects FROM subject_count WHERE project_key = $1', [radar.id]));

  log(`\n${'case'.padEnd(38)} ${'HTTP p50'.padStart(10)} ${'HTTP p99'.padStart(10)} ${'SQL p50'.padStart(10)} ${'SQL p99'.padStart(10)}  ratio p50 / p99`);
  for (const [label, h, s] of rows) {
    log(`${label.padEnd(38)} ${ms(h.p50)} ${ms(h.p99)} ${ms(s.p50)} ${ms(s.p99)}  ${(h.p50 / s.p50).toFixed(2)} / ${(h.p99 / s.p99).toFixed(2)}`);
  }
  log(`\nhost load average (1 min) at the end: ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
  log(`unfiltered total of radar: count(*) p50 ${ms(countOnly.p50).trim()}, counter table p50 ${ms(counter.p50).trim()} (what the list uses)`);
} finally {
  await running.stop();
  await db.close();
}
