// The seed command (src/server/seed): the demo data set, bulk subjects that are real subjects (user, PARTICIPANT role
// of the mirrored project, counters), seeding twice appends, and it refuses a data directory a server holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { seedSubjects } from '../../src/server/seed/bulk-subjects';
import { seedDemoData } from '../../src/server/seed/demo-data';
import { asUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { spawnServer } from '../setup/process';
import { startTestServer, type TestServer } from '../setup/server';

let server: TestServer;
const t = suite('seed command');
t.before(async () => {
  server = await startTestServer();
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const one = async <T>(sql: string, params: unknown[] = []) => (await server.app.db.query<T>(sql, params))[0];

t('demo data and 1000 bulk subjects that behave like API-made subjects', async () => {
  const db = server.app.db;
  await db.transaction((tx) => seedDemoData(tx, '!x'));
  const result = await seedSubjects(db, 1000, { chunk: 300 });
  assert.equal([result.first, result.last], [1, 1000]);
  const perProject = await db.query<{ project_name: string; n: number }>(
    'SELECT p.project_name, count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id GROUP BY 1 ORDER BY 1');
  assert.equal([...perProject], [{ project_name: 'Radar-Pilot-01', n: 200 }, { project_name: 'radar', n: 800 }]);
  const mismatched = await one<{ n: number }>(`SELECT count(*)::int AS n FROM subject s WHERE NOT EXISTS (
    SELECT 1 FROM role_users ru JOIN radar_role r ON r.id = ru.role_id
     WHERE ru.user_id = s.user_id AND r.authority_name = 'ROLE_PARTICIPANT' AND r.project_id = s.project_id)`);
  assert.is(mismatched.n, 0, 'every subject holds the PARTICIPANT role of its mirrored project');
  const counters = await one<{ ok: boolean }>(`SELECT bool_and(c.subjects = (SELECT count(*) FROM subject s WHERE s.project_id = c.project_key)) AS ok
    FROM subject_count c`);
  assert.ok(counters.ok, 'counters match');
  const admin = await asUser(server, 'admin');
  const page = await admin('GET', '/api/projects/radar/subjects?size=3&sort=login,desc&externalId=ext-00009');
  assert.is(page.status, 200);
  assert.is(page.headers.get('x-total-count'), String((await one<{ n: number }>(
    "SELECT count(*)::int AS n FROM subject s JOIN project p ON p.id = s.project_id WHERE p.project_name = 'radar' AND s.external_id ILIKE '%ext-00009%'")).n));
  const statuses = new Set((await admin('GET', '/api/projects/radar/subjects?size=200')).body.map((s: { status: string }) => s.status));
  assert.ok(statuses.has('ACTIVATED') && statuses.has('DEACTIVATED'));
  const staff = await one<{ n: number }>("SELECT count(*)::int AS n FROM radar_user WHERE login IN ('padmin', 'padmin2', 'oadmin')");
  assert.is(staff.n, 3);
});

t('seeding again adds subjects after the last one and no duplicate demo rows', async () => {
  const db = server.app.db;
  const before = await one<{ orgs: number; groups: number; sources: number }>(
    'SELECT (SELECT count(*)::int FROM radar_organization) AS orgs, (SELECT count(*)::int FROM radar_group) AS groups, (SELECT count(*)::int FROM radar_source) AS sources');
  await db.transaction((tx) => seedDemoData(tx, '!x'));
  const again = await seedSubjects(db, 10);
  assert.equal([again.first, again.last], [1001, 1010]);
  assert.equal(await one('SELECT (SELECT count(*)::int FROM radar_organization) AS orgs, (SELECT count(*)::int FROM radar_group) AS groups, (SELECT count(*)::int FROM radar_source) AS sources'), before);
});

t('the seed command refuses an embedded database a running server holds', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp-seed-'));
  const lock = lockDataDir(dir);
  try {
    const seed = spawnServer({ DATA_DIR: dir }, 'src/server/seed/main.ts');
    assert.is(await seed.exited, 3, seed.output());
    assert.match(seed.output(), /in use by another server process/);
  } finally {
    lock.release();
    rmSync(dir, { recursive: true, force: true });
  }
});

t.run();
