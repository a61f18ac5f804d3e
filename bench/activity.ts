// Activity benchmark (docs/subjects.md, "Activity"): `node --import tsx bench/activity.ts [--subjects N]
// [--db pglite|postgres] [--requests N] [--fresh] [--public] [--only token|pages|overview]`. Seeds the demo data set with N subjects (default 1,000,000 on
// PostgreSQL, 100,000 on PGlite) in its own database `mp_bench_activity`, gives 70% of them a last contact spread
// over 120 days and 5% an enrolment in the last 13 weeks, starts the server on it, and prints:
//   - POST oauth/token (refresh grant) p50/p99, in turns: a refresh that writes lastSeen (the subject was last seen
//     over a minute ago) and one that does not (seen within the minute: the UPDATE matches nothing); the ratio;
//   - the lastSeen statement alone, writing and not writing;
//   - lastSeen-sorted pages (first, deep keyset, filtered) over HTTP and as SQL;
//   - GET api/projects/radar/overview over HTTP, and its two statements as SQL.
// One request at a time over a keep-alive connection; figures only, nothing asserted.
import http from 'node:http';
import { loadavg } from 'node:os';
import { PERMISSIONS } from '../src/common/permission-matrix';
import { SigningKeys } from '../src/server/auth/signing-keys';
import { mintAccessToken } from '../src/server/auth/tokens';
import { upsertClient } from '../src/server/oauth/client-store';
import { activityCounts, findOverviewProject, projectOverview } from '../src/server/projects/overview';
import { parseCriteria } from '../src/server/subjects/criteria';
import { buildListStatement } from '../src/server/subjects/list-sql';
import { benchDatabase, postgresServerUrl } from './subjects-database';
import { inProcessServer, serverProcess } from './subjects-server';
import { httpClient, ms, percentile, timed, type Figures } from './subjects-latency';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const kind = (option('db') ?? (postgresServerUrl() ? 'postgres' : 'pglite')) as 'pglite' | 'postgres';
const subjects = Number(option('subjects') ?? (kind === 'postgres' ? 1_000_000 : 100_000));
const requests = Number(option('requests') ?? 1000);
const log = (line: string) => console.log(line);
// `--public`: the app as a public client (no secret to verify: the refresh itself is cheaper, the write's share larger).
const publicClient = process.argv.includes('--public');
const CLIENT = publicClient ? ['bench-app-public', ''] as const : ['bench-app', 'bench-app-secret'] as const;
// `--only token|pages|overview`: one part (the database is kept between runs, so a second run starts at once).
const only = option('only');
const part = (name: string) => only === undefined || only === name;
const POOL = 200;

const { db, url: databaseUrl } = await benchDatabase(kind, subjects, process.argv.includes('--fresh'), log, 'mp_bench_activity');

// Last contacts and recent enrolments, once per database (chunked, so each statement's trigger sees a bounded batch).
const [{ seen }] = await db.query<{ seen: number }>('SELECT count(last_seen)::int8 AS seen FROM subject');
if (Number(seen) === 0) {
  const [{ max }] = await db.query<{ max: number }>('SELECT max(id) AS max FROM subject');
  const t0 = performance.now();
  for (let from = 0; from <= Number(max); from += 50_000) {
    await db.query(
      `UPDATE subject SET last_seen = date_trunc('milliseconds', now()) - ((id * 7919) % (120 * 24 * 60)) * interval '1 minute'
        WHERE id BETWEEN $1 AND $2 AND id % 10 < 7`, [from, from + 49_999]);
    await db.query(
      `UPDATE subject SET enrollment_date = now() - (id % 91) * interval '1 day' WHERE id BETWEEN $1 AND $2 AND id % 20 = 1`,
      [from, from + 49_999]);
  }
  if (kind === 'postgres') await db.query('VACUUM ANALYZE subject');
  log(`gave 70% of the subjects a last contact and 5% a recent enrolment in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

await upsertClient(db, {
  clientId: CLIENT[0], secret: CLIENT[1], scopes: [...PERMISSIONS], resourceIds: ['res_ManagementPortal'],
  grantTypes: ['authorization_code', 'refresh_token'], redirectUris: [], authorities: [], autoApproveScopes: [],
  accessTokenValidity: 3600, refreshTokenValidity: 86400, additionalInformation: {},
});

const running = databaseUrl ? await serverProcess(databaseUrl) : await inProcessServer(db);
try {
  const [admin] = await db.query<{ id: number }>("SELECT id FROM radar_user WHERE login = 'admin'");
  const { token } = await mintAccessToken(db, new SigningKeys(db), {
    clientId: 'ManagementPortalapp', scopes: [...PERMISSIONS], ttlSeconds: 3600, grantType: 'authorization_code', userId: admin.id,
  });
  const [radar] = await db.query<{ id: number; n: number }>(
    "SELECT p.id, (SELECT subjects FROM subject_count WHERE project_key = p.id)::int8 AS n FROM project p WHERE p.project_name = 'radar'");
  log(`${kind}: ${subjects} subjects requested; project radar holds ${radar.n}; ${requests} timed requests per case; load average ${loadavg()[0].toFixed(2)}`);

  // ---- oauth/token refresh, with and without the lastSeen write ----
  const api = httpClient(running.url, token);
  if (part('token')) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const basic = `Basic ${Buffer.from(`${CLIENT[0]}:${CLIENT[1]}`).toString('base64')}`;
    log(`client ${CLIENT[0]} (${publicClient ? 'public, no secret' : 'confidential: its secret is verified on every request'})`);
    const post = (path: string, form: Record<string, string>) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = new URLSearchParams(form).toString();
      const req = http.request(running.url + path, {
        method: 'POST', agent, headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end(body);
    });
    // 2 × POOL radar subjects, paired the way an app pairs: a pairing link, exchanged for a refresh token.
    const pool = await db.query<{ id: number; login: string }>(
      'SELECT id, login FROM subject WHERE project_id = $1 AND NOT removed ORDER BY id LIMIT $2', [radar.id, 2 * POOL]);
    await db.query("UPDATE radar_user SET activated = true WHERE id IN (SELECT user_id FROM subject WHERE id = ANY($1::bigint[]))", [pool.map((s) => s.id)]);
    const refresh = new Map<number, string>();
    for (const s of pool) {
      const pair = await api.get(`/api/oauth-clients/pair?login=${encodeURIComponent(s.login)}&clientId=${CLIENT[0]}&persistent=false`);
      if (pair.status !== 200) throw new Error(`pair ${s.login}: ${pair.status} ${pair.body}`);
      const exchanged = await api.get(`/api/meta-token/${JSON.parse(pair.body).tokenName}`);
      refresh.set(s.id, JSON.parse(exchanged.body).refreshToken);
  }
  const writers = pool.slice(0, POOL);
  const quiet = pool.slice(POOL);
  // Quiet subjects were "seen" in the future: the once-a-minute rule never lets their refresh write.
  await db.query("UPDATE subject SET last_seen = now() + interval '1 day' WHERE id = ANY($1::bigint[])", [quiet.map((s) => s.id)]);
  const refreshOnce = async (id: number) => {
    const res = await post('/oauth/token', { grant_type: 'refresh_token', refresh_token: refresh.get(id)! });
    if (res.status !== 200) throw new Error(`refresh: ${res.status} ${res.body}`);
    refresh.set(id, JSON.parse(res.body).refresh_token);
  };
  const writing: number[] = [];
  const skipping: number[] = [];
  const tokenRuns = Math.min(requests, 2000);
  for (let i = 0; i < tokenRuns + 100; i++) {
    const w = writers[i % POOL].id;
    const q = quiet[i % POOL].id;
    // Untimed, and the same for both: the writer made due (last seen two minutes ago), the quiet one kept in the future.
    // Each timed refresh follows the same kind of statement from this process, so neither meets a server that has
    // just been busy (or idle) more than the other.
    await db.query("UPDATE subject SET last_seen = now() - interval '2 minutes' WHERE id = $1", [w]);
    let t0 = performance.now();
    await refreshOnce(w);
    const a = performance.now() - t0;
    await db.query("UPDATE subject SET last_seen = now() + interval '1 day' WHERE id = $1", [q]);
    t0 = performance.now();
    await refreshOnce(q);
    const b = performance.now() - t0;
    if (i >= 100) {
      writing.push(a);
      skipping.push(b);
    }
  }
  const figures = (xs: number[]): Figures => {
    xs.sort((x, y) => x - y);
    return { p50: percentile(xs, 50), p99: percentile(xs, 99) };
  };
  const [fw, fs] = [figures(writing), figures(skipping)];
  const [written] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM subject WHERE id = ANY($1::bigint[]) AND last_seen > now() - interval '10 minutes'", [writers.map((s) => s.id)]);
  log('');
  log(`oauth/token refresh (${tokenRuns} each, in turns)     p50         p99`);
  log(`  writes lastSeen                      ${ms(fw.p50)} ${ms(fw.p99)}   (${written.n}/${POOL} writers recorded)`);
  log(`  lastSeen not written (seen < 1 min)  ${ms(fs.p50)} ${ms(fs.p99)}`);
  log(`  ratio p50 with / without write       ${(fw.p50 / fs.p50).toFixed(3)}x`);

  // The statement alone.
  const probeUser = (await db.query<{ user_id: number }>('SELECT user_id FROM subject WHERE id = $1', [writers[0].id]))[0].user_id;
  const stmt = "UPDATE subject SET last_seen = date_trunc('milliseconds', now()) WHERE user_id = $1 AND (last_seen IS NULL OR last_seen < now() - interval '1 minute')";
  const writes: number[] = [];
  for (let i = 0; i < 550; i++) {
    await db.query("UPDATE subject SET last_seen = now() - interval '2 minutes' WHERE user_id = $1", [probeUser]); // untimed
    const t0 = performance.now();
    await db.query(stmt, [probeUser]);
    if (i >= 50) writes.push(performance.now() - t0);
  }
  const sqlWrite = figures(writes);
  const sqlSkip = await timed(500, 50, () => db.query(stmt, [probeUser]));
  log(`  the UPDATE alone (SQL)               write p50 ${ms(sqlWrite.p50)} p99 ${ms(sqlWrite.p99)}; nothing to write p50 ${ms(sqlSkip.p50)}`);
  agent.destroy();
  }

  // ---- lastSeen pages ----
  if (part('pages')) {
    const deep = await db.query<{ id: number; login: string; seen: string }>(
      `SELECT id, login, coalesce(to_char(last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'never') AS seen FROM subject
        WHERE project_id = $1 ORDER BY coalesce(last_seen, '-infinity'::timestamptz) DESC, id ASC OFFSET $2 LIMIT 20`,
      [radar.id, Math.floor(Number(radar.n) * 0.6)]);
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const cases: [string, (i: number) => string][] = [
      ['sort=lastSeen,desc first page', () => 'size=20&sort=lastSeen,desc'],
      ['sort=lastSeen,asc first page', () => 'size=20&sort=lastSeen,asc'],
      ['sort=lastSeen,desc deep keyset page', (i) => {
        const c = deep[i % deep.length];
        return `size=20&sort=lastSeen,desc&last.id=${c.id}&last.login=${c.login}&last.lastSeen=${c.seen}`;
      }],
      ['neverSeen=true, by lastSeen (size=20)', () => 'size=20&sort=lastSeen,desc&neverSeen=true'],
      ['not seen for 7 days, by lastSeen', () => `size=20&sort=lastSeen,desc&lastSeen.before=${week}`],
    ];
    log('');
    log(`lastSeen pages (${requests} each)                     HTTP p50    HTTP p99     SQL p50     SQL p99   total`);
    for (const [label, query] of cases) {
      const probe = await api.get(`/api/projects/radar/subjects?${query(0)}`);
      if (probe.status !== 200) throw new Error(`${label}: ${probe.status} ${probe.body}`);
      const statements = Array.from({ length: 20 }, (_, i) => buildListStatement(parseCriteria(new URLSearchParams(query(i)), 'radar'), { name: 'radar' }));
      const h = await timed(requests, Math.ceil(requests / 5), (i) => api.get(`/api/projects/radar/subjects?${query(i)}`));
      const s = await timed(requests, Math.ceil(requests / 5), (i) => db.query(statements[i % 20].sql, statements[i % 20].params, { planPerCall: statements[i % 20].planPerCall }));
      log(`  ${label.padEnd(45)} ${ms(h.p50)} ${ms(h.p99)} ${ms(s.p50)} ${ms(s.p99)}  ${probe.headers['x-total-count']}`);
  }
  }

  // ---- the overview ----
  if (part('overview')) {
    const project = (await findOverviewProject(db, 'radar'))!;
    const overviewRuns = Math.min(requests, 500);
    const h = await timed(overviewRuns, 50, () => api.get('/api/projects/radar/overview'));
    const counts = await timed(overviewRuns, 50, () => activityCounts(db, project));
    const whole = await timed(overviewRuns, 50, () => projectOverview(db, project));
    const org = await timed(overviewRuns, 50, () => api.get('/api/organizations/main/overview'));
    const sample = JSON.parse((await api.get('/api/projects/radar/overview')).body);
    log('');
    log(`overview (${overviewRuns} each)                               p50         p99`);
    log(`  GET api/projects/radar/overview (HTTP)      ${ms(h.p50)} ${ms(h.p99)}`);
    log(`  counts statement (SQL)                      ${ms(counts.p50)} ${ms(counts.p99)}`);
    log(`  counts + charts statements (SQL)            ${ms(whole.p50)} ${ms(whole.p99)}`);
    log(`  GET api/organizations/main/overview (HTTP)  ${ms(org.p50)} ${ms(org.p99)}`);
    log(`  radar: ${sample.subjects} subjects, ${sample.paired} paired, fresh/late/stale/never ${sample.freshness.fresh}/${sample.freshness.late}/${sample.freshness.stale}/${sample.freshness.never}, `
      + `${sample.enrolmentsPerWeek.reduce((n: number, w: { subjects: number }) => n + w.subjects, 0)} enrolments in 13 weeks`);
  }
  api.close();
} finally {
  await running.stop();
  await db.close();
}
