// Activity (docs/subjects.md, "Activity"): the pairing-token exchange, the refresh-token grant and a registration by
// the app set lastSeen, at most once a minute; the lists sort by lastSeen (keyset, never seen first ascending) and
// filter by it, compared with a brute-force ordering over data with ties and nulls; the overviews' counters agree
// with direct SQL over the rows, whatever writes happened; both answer only whoever may read the subjects.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, bearerFor, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { freshnessOf, thresholdsOf } from '../../src/common/freshness';
import { addClient, tokenRequest } from './oauth-fixtures';
import { seedListDataset, walkByLink } from './subjects-dataset';
import { oracle, type OracleSubject } from './subjects-oracle';

let server: TestServer;
let all: (OracleSubject & { lastSeen: string | null })[];
let admin: AsUser;
const t = suite('subject activity: lastSeen, its sort and filters, the overviews');

const HOUR = 3_600_000;
const NOW = Date.now();
/** A few shared instants (ties), some distinct ones, and never (null), over 10 days. */
function lastSeenFor(i: number): string | null {
  if (i % 5 === 0) return null;
  if (i % 7 === 0) return new Date(Math.floor(NOW / 1000) * 1000 - 30 * HOUR).toISOString();
  if (i % 11 === 0) return new Date(Math.floor(NOW / 1000) * 1000 - 2 * HOUR).toISOString();
  return new Date(NOW - ((i * 7919) % 240) * HOUR - i * 1000).toISOString();
}

t.before(async () => {
  server = await startTestServer();
  const rows = await seedListDataset(server, 120);
  all = rows.map((s, i) => ({ ...s, lastSeen: lastSeenFor(i) }));
  for (const s of all) await server.app.db.query('UPDATE subject SET last_seen = $2 WHERE id = $1', [s.id, s.lastSeen]);
  await server.app.db.query(
    `INSERT INTO project_metadata (project_id, attribute_key, attribute_value)
     SELECT id, 'Freshness-late-hours', '12' FROM project WHERE project_name = 'radar'`);
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'] });
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  await createUser(server, 'other-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'other' }]);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

type Dir = 'asc' | 'desc';
const seenKey = (s: { lastSeen: string | null }) => (s.lastSeen === null ? -Infinity : Date.parse(s.lastSeen));

/** The brute-force order of `rows` by lastSeen (never as -infinity), then the given tie-breaker. */
function byLastSeen(rows: typeof all, dir: Dir, tie: ['id' | 'login', Dir]) {
  const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => {
    const c = cmp(seenKey(a), seenKey(b));
    if (c !== 0) return dir === 'asc' ? c : -c;
    const d = tie[0] === 'id' ? cmp(a.id, b.id) : Buffer.compare(Buffer.from(a.login), Buffer.from(b.login));
    return tie[1] === 'asc' ? d : -d;
  });
}

const inRadar = () => oracle(all, { project: 'radar', sort: [['id', 'asc']] }).map((s) => all.find((x) => x.id === s.id)!);
const SORTS: [string, Dir, ['id' | 'login', Dir]][] = [
  ['sort=lastSeen', 'asc', ['id', 'asc']],
  ['sort=lastSeen,desc', 'desc', ['id', 'asc']],
  ['sort=lastSeen,desc&sort=id,desc', 'desc', ['id', 'desc']],
  ['sort=lastSeen,asc,login,desc', 'asc', ['login', 'desc']],
];

t('the data set has ties and never-seen subjects in both projects', () => {
  const radar = inRadar();
  assert.ok(radar.filter((s) => s.lastSeen === null).length > 5);
  const counts = new Map<string, number>();
  for (const s of radar) if (s.lastSeen) counts.set(s.lastSeen, (counts.get(s.lastSeen) ?? 0) + 1);
  assert.ok([...counts.values()].some((n) => n > 3), 'ties');
});

t('sort=lastSeen: every direction walks every subject once, in the brute-force order, through the Link', async () => {
  for (const [sort, dir, tie] of SORTS) {
    const expected = byLastSeen(inRadar(), dir, tie).map((s) => s.login);
    const walk = await walkByLink(admin, `/api/projects/radar/subjects?size=7&${sort}`);
    assert.equal(walk.logins, expected, sort);
    assert.equal([...walk.totals], [String(expected.length)]);
  }
  const everywhere = oracle(all, { sort: [['id', 'asc']] }).map((s) => all.find((x) => x.id === s.id)!);
  const walk = await walkByLink(admin, '/api/subjects?size=9&sort=lastSeen,desc');
  assert.equal(walk.logins, byLastSeen(everywhere, 'desc', ['id', 'asc']).map((s) => s.login), 'global list');
});

t('the client cursor (last.lastSeen from the DTO, never for null) pages the same way', async () => {
  const expected = byLastSeen(inRadar(), 'desc', ['id', 'asc']).map((s) => s.login);
  const logins: string[] = [];
  let cursor = '';
  for (let i = 0; i < 100; i++) {
    const res = await admin('GET', `/api/projects/radar/subjects?size=6&sort=lastSeen,desc${cursor}`);
    assert.is(res.status, 200, res.text);
    if (!res.body.length) break;
    logins.push(...res.body.map((s: { login: string }) => s.login));
    const last = res.body[res.body.length - 1];
    cursor = `&last.id=${last.id}&last.login=${encodeURIComponent(last.login)}&last.lastSeen=${last.lastSeen ?? 'never'}`;
  }
  assert.equal(logins, expected);
});

t('lastSeen.before, lastSeen.after and neverSeen, alone and together, with a lastSeen sort', async () => {
  const cut = new Date(NOW - 48 * HOUR);
  const from = new Date(NOW - 150 * HOUR);
  const cases: [string, (s: (typeof all)[number]) => boolean][] = [
    ['neverSeen=true', (s) => s.lastSeen === null],
    ['neverSeen=false', (s) => s.lastSeen !== null],
    [`lastSeen.before=${cut.toISOString()}`, (s) => s.lastSeen !== null && seenKey(s) < cut.getTime()],
    [`lastSeen.after=${cut.toISOString()}`, (s) => s.lastSeen !== null && seenKey(s) >= cut.getTime()],
    [`lastSeen.after=${from.toISOString()}&lastSeen.before=${cut.toISOString()}`, (s) => s.lastSeen !== null && seenKey(s) >= from.getTime() && seenKey(s) < cut.getTime()],
    [`neverSeen=true&lastSeen.before=${cut.toISOString()}`, () => false],
  ];
  for (const [filter, keep] of cases) {
    for (const [sort, dir, tie] of SORTS.slice(0, 2)) {
      const expected = byLastSeen(inRadar().filter(keep), dir, tie).map((s) => s.login);
      const walk = await walkByLink(admin, `/api/projects/radar/subjects?size=8&${filter.replaceAll('+', '%2B')}&${sort}`);
      assert.equal(walk.logins, expected, `${filter} ${sort}`);
      assert.equal([...walk.totals], [String(expected.length)], `${filter}: total`);
    }
  }
  // Across projects; the totals of lastSeen-only filters come from the activity counters.
  const everywhere = oracle(all, { sort: [['id', 'asc']] }).map((s) => all.find((x) => x.id === s.id)!);
  for (const [filter, keep] of cases.slice(0, 5)) {
    const res = await admin('GET', `/api/subjects?size=500&${filter}`);
    const expected = everywhere.filter(keep);
    assert.is(res.body.length, expected.length, `global ${filter}`);
    assert.is(res.headers.get('x-total-count'), String(expected.length), `global ${filter}: total`);
  }
});

t('bad lastSeen criteria are 400s naming the parameter; the DTO carries lastSeen', async () => {
  for (const [q, field] of [['neverSeen=yes', 'neverSeen'], ['lastSeen.before=yesterday', 'lastSeen.before'],
    ['lastSeen.after=2024-02-01&lastSeen.before=2024-01-01', 'lastSeen'], ['sort=lastSeen&last.id=1&last.lastSeen=soon', 'last.lastSeen']]) {
    const res = await admin('GET', `/api/projects/radar/subjects?${q}`);
    assert.is(res.status, 400, q);
    assert.ok(res.body.fieldErrors.some((e: { field: string }) => e.field === field), `${q}: ${res.text}`);
  }
  const incomplete = await admin('GET', '/api/projects/radar/subjects?sort=lastSeen&last.id=1');
  assert.is(incomplete.status, 400);
  const seen = all.find((s) => s.lastSeen !== null)!;
  const one = await admin('GET', `/api/subjects/${encodeURIComponent(seen.login)}`);
  assert.is(one.body.lastSeen, seen.lastSeen);
  const never = all.find((s) => s.lastSeen === null)!;
  assert.is((await admin('GET', `/api/subjects/${encodeURIComponent(never.login)}`)).body.lastSeen, null);
});

/** The overview's numbers computed straight from the rows. */
async function directCounts(project: string, lateHours: number, staleHours: number) {
  const [row] = await server.app.db.query<Record<string, string | number>>(
    `SELECT count(*) AS subjects,
       count(*) FILTER (WHERE NOT s.removed AND u.activated) AS activated, count(*) FILTER (WHERE NOT s.removed AND NOT u.activated) AS deactivated,
       count(*) FILTER (WHERE s.removed AND NOT u.activated) AS discontinued, count(*) FILTER (WHERE s.removed AND u.activated) AS invalid,
       count(s.last_seen) AS paired,
       count(*) FILTER (WHERE s.last_seen > now() - $2::int * interval '1 hour') AS fresh,
       count(*) FILTER (WHERE s.last_seen <= now() - $2::int * interval '1 hour' AND s.last_seen > now() - $3::int * interval '1 hour') AS late,
       count(*) FILTER (WHERE s.last_seen <= now() - $3::int * interval '1 hour') AS stale
     FROM subject s JOIN radar_user u ON u.id = s.user_id JOIN project p ON p.id = s.project_id WHERE p.project_name = $1`,
    [project, lateHours, staleHours]);
  const n = (k: string) => Number(row[k]);
  return {
    subjects: n('subjects'), paired: n('paired'), neverPaired: n('subjects') - n('paired'),
    byStatus: { DEACTIVATED: n('deactivated'), ACTIVATED: n('activated'), DISCONTINUED: n('discontinued'), INVALID: n('invalid') },
    freshness: { fresh: n('fresh'), late: n('late'), stale: n('stale'), never: n('subjects') - n('paired') },
  };
}

const countsOf = (o: Record<string, unknown>) => ({
  subjects: o.subjects, paired: o.paired, neverPaired: o.neverPaired, byStatus: o.byStatus, freshness: o.freshness,
});

t('the overview agrees with direct SQL, also after moves, status changes, deletes and new contacts', async () => {
  const check = async (label: string) => {
    for (const [project, late] of [['radar', 12], ['pilot', 24]] as const) {
      const res = await admin('GET', `/api/projects/${project}/overview`);
      assert.is(res.status, 200, res.text);
      assert.equal(res.body.thresholds, { lateHours: late, staleHours: 72 });
      assert.equal(countsOf(res.body), await directCounts(project, late, 72), `${label}: ${project}`);
    }
  };
  await check('seeded');
  const db = server.app.db;
  const [a, b, c] = all.filter((s) => s.project === 'radar');
  await db.query("UPDATE subject SET project_id = (SELECT id FROM project WHERE project_name = 'pilot') WHERE id = $1", [a.id]);
  await db.query('UPDATE subject SET removed = NOT removed WHERE id = $1', [b.id]);
  await db.query('UPDATE radar_user SET activated = NOT activated WHERE id = (SELECT user_id FROM subject WHERE id = $1)', [c.id]);
  await db.query("UPDATE subject SET last_seen = now() - interval '80 hours' WHERE id = $1", [b.id]);
  await db.query("UPDATE subject SET last_seen = now() WHERE id = $1", [c.id]);
  await check('after writes');
  // Contacts that only move in time (the recording write's short way in the trigger), several in one statement.
  const seen = all.filter((s) => s.lastSeen !== null && s.id !== c.id).slice(0, 6).map((s) => s.id);
  await db.query("UPDATE subject SET last_seen = now() - (id % 5) * interval '20 hours' WHERE id = ANY($1::bigint[])", [seen]);
  await check('after contacts moved in time');
  const del = await admin('DELETE', `/api/subjects/${encodeURIComponent(c.login)}`);
  assert.is(del.status, 200, del.text);
  await check('after a delete');
  await insertSubjects(server, [{ login: 'late-comer', project: 'radar', enrollmentDate: new Date().toISOString() }]);
  await check('after an insert');
  a.project = 'pilot';
  all.splice(all.indexOf(c), 1);
});

t('the overview charts: 13 weeks of enrolments and 90 days of participants seen, from the rows', async () => {
  const res = await admin('GET', '/api/projects/radar/overview');
  const { enrolmentsPerWeek: weeks, seenPerDay: days } = res.body;
  assert.is(weeks.length, 13);
  assert.is(days.length, 90);
  assert.is(days[89].day, new Date().toISOString().slice(0, 10));
  const [row] = await server.app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id
      WHERE p.project_name = 'radar' AND s.enrollment_date >= (date_trunc('week', now() AT TIME ZONE 'UTC') - interval '12 weeks') AT TIME ZONE 'UTC'`);
  assert.is(weeks.reduce((n: number, w: { subjects: number }) => n + w.subjects, 0), Number(row.n));
  assert.ok(weeks[12].subjects >= 1, 'the late-comer enrolled this week');
  const perWeek = await server.app.db.query<{ week: string; n: number }>(
    `SELECT to_char(date_trunc('week', s.enrollment_date AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*)::int AS n
       FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = 'radar' AND s.enrollment_date IS NOT NULL GROUP BY 1`);
  const direct = new Map(perWeek.map((r) => [r.week, Number(r.n)]));
  assert.equal(weeks.map((w: { week: string; subjects: number }) => w.subjects), weeks.map((w: { week: string }) => direct.get(w.week) ?? 0));
  // The counter follows a changed enrollment date and a delete.
  await server.app.db.query("UPDATE subject SET enrollment_date = now() - interval '7 days' WHERE login = 'late-comer'");
  const moved = (await admin('GET', '/api/projects/radar/overview')).body.enrolmentsPerWeek;
  assert.is(moved.reduce((n: number, w: { subjects: number }) => n + w.subjects, 0), Number(row.n));
  // Seen per day counts each subject once per UTC day with contact: the seeded values and the writes above.
  const [seen] = await server.app.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id
      WHERE p.project_name = 'radar' AND (s.last_seen AT TIME ZONE 'UTC')::date = (now() AT TIME ZONE 'UTC')::date`);
  assert.ok(days[89].subjects >= Number(seen.n));
});

t('pairing and refresh set lastSeen, at most once a minute; a registration by the app sets the source\'s too', async () => {
  await insertSubjects(server, [{ login: 'app-user', project: 'radar' }]);
  const lastSeen = async () => (await server.app.db.query<{ last_seen: Date | null; xmin: string }>(
    'SELECT last_seen, xmin::text FROM subject WHERE login = $1', ['app-user']))[0];
  assert.is((await lastSeen()).last_seen, null);
  const pair = await admin('GET', `/api/oauth-clients/pair?${new URLSearchParams({ login: 'app-user', clientId: 'aRMT', persistent: 'false' })}`);
  assert.is(pair.status, 200, pair.text);
  const fetched = await server.request('GET', `/api/meta-token/${pair.body.tokenName}`);
  assert.is(fetched.status, 200, fetched.text);
  const paired = await lastSeen();
  assert.ok(paired.last_seen && Math.abs(new Date(paired.last_seen).getTime() - Date.now()) < 60_000, 'pairing is a contact');

  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: fetched.body.refreshToken }, ['aRMT', 'armt-secret']);
  assert.is(refreshed.status, 200, refreshed.text);
  const again = await lastSeen();
  assert.equal([again.last_seen, again.xmin], [paired.last_seen, paired.xmin], 'within the minute: no write at all');

  await server.app.db.query("UPDATE subject SET last_seen = now() - interval '61 seconds' WHERE login = 'app-user'");
  const before = await lastSeen();
  const next = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token }, ['aRMT', 'armt-secret']);
  assert.is(next.status, 200, next.text);
  const after = await lastSeen();
  assert.ok(new Date(after.last_seen!).getTime() > new Date(before.last_seen!).getTime() + 50_000, 'a minute later: written');
  const dto = await admin('GET', '/api/subjects/app-user');
  assert.is(dto.body.lastSeen, new Date(after.last_seen!).toISOString());
  assert.is(freshnessOf(dto.body.lastSeen, Date.now(), thresholdsOf({})), 'fresh');

  // Several requests at once (as from several server processes): each writes at most once.
  await server.app.db.query("UPDATE subject SET last_seen = now() - interval '2 minutes' WHERE login = 'app-user'");
  const [type] = await server.app.db.query<{ id: number }>(
    "INSERT INTO source_type (producer, model, catalog_version, source_type_scope, dynamic_registration) VALUES ('App', 'Phone', 'v1', 'ACTIVE', true) RETURNING id");
  await server.app.db.query("INSERT INTO project_source_type (project_id, source_type_id) SELECT id, $1 FROM project WHERE project_name = 'radar'", [type.id]);
  const appToken = await bearerFor(server, 'app-user');
  const registered = await server.request('POST', '/api/subjects/app-user/sources', {
    headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ sourceTypeId: type.id }),
  });
  assert.is(registered.status, 201, registered.text);
  const [source] = await server.app.db.query<{ last_seen: Date | null }>('SELECT last_seen FROM radar_source WHERE source_name = $1', [registered.body.sourceName]);
  assert.ok(source.last_seen, 'the source was seen');
  const subject = await admin('GET', '/api/subjects/app-user');
  assert.ok(Date.now() - Date.parse(subject.body.lastSeen) < 60_000, 'the subject was seen');
  assert.is(subject.body.sources[0].lastSeen, new Date(source.last_seen!).toISOString());

  // Staff registering on the subject's behalf is no contact.
  await server.app.db.query("UPDATE subject SET last_seen = now() - interval '2 hours' WHERE login = 'app-user'");
  await admin('POST', '/api/subjects/app-user/sources', { json: { sourceTypeId: type.id, sourceId: registered.body.sourceId } });
  assert.ok(Date.now() - Date.parse((await admin('GET', '/api/subjects/app-user')).body.lastSeen) > HOUR);
});

t('the overviews answer whoever may read the subjects; organization totals count only readable projects', async () => {
  const pilotAdmin = await asUser(server, 'pilot-admin');
  assert.is((await pilotAdmin('GET', '/api/projects/pilot/overview')).status, 200);
  assert.is((await pilotAdmin('GET', '/api/projects/radar/overview')).status, 403);
  assert.is((await server.request('GET', '/api/projects/radar/overview')).status, 401);
  assert.is((await admin('GET', '/api/projects/nope/overview')).status, 404);
  // Totals of an organization need a role on it: a project role reaches no organization's subjects.
  assert.is((await pilotAdmin('GET', '/api/organizations/other/overview')).status, 403);
  const otherAdmin = await asUser(server, 'other-admin');
  const org = await otherAdmin('GET', '/api/organizations/other/overview');
  assert.is(org.status, 200, org.text);
  assert.is((await otherAdmin('GET', '/api/organizations/main/overview')).status, 403);
  const pilot = await pilotAdmin('GET', '/api/projects/pilot/overview');
  assert.equal(countsOf(org.body), countsOf(pilot.body));
  assert.is(org.body.projects, 1);
  const main = await admin('GET', '/api/organizations/main/overview');
  const radar = await admin('GET', '/api/projects/radar/overview');
  assert.equal(countsOf(main.body), countsOf(radar.body));
  assert.is((await admin('GET', '/api/organizations/none/overview')).status, 404);
});

t.run();
