// A subject's personal data follows the subject (docs/permissions.md, "A subject that left"): a caller sees person
// name, date of birth, external id and link, group, attributes and sources only while the subject is in a project
// the caller may read subjects of. A project's list of the participants it had, its export and the external-id lookup
// still name a subject that moved on, but only by its login, that it left and when; a revision snapshot shows a
// project the caller may not read by its name only. Subjects move both ways between `radar` (organization main) and
// `pilot` (organization other), and within main from radar to `trial`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { createGroup, projectRef } from '../setup/subjects';

let server: TestServer;
const as: Record<string, AsUser> = {};
const t = suite('subjects that moved');
/** Values only the subjects' later projects hold: none may reach the staff of the project they left. */
const SECRETS = ['Secret Person', 'SECRET-EXT', 'https://secret.example', '1977-07-07', 'secret-attr', 'pilot-group', 'trial-group', 'pilot description', 'Pilotville'];
const RADAR_STAFF = ['radar-admin', 'radar-owner', 'radar-affiliate', 'radar-analyst'];

t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'trial', 'main');
  const pilotId = await createProjectRow(server, 'pilot', 'other');
  await server.app.db.query("UPDATE project SET description = 'pilot description', location = 'Pilotville' WHERE id = $1", [pilotId]);
  await createGroup(server, 'pilot', 'pilot-group');
  await createGroup(server, 'trial', 'trial-group');
  await createGroup(server, 'radar', 'radar-group');
  await createUser(server, 'main-admin', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' }]);
  await createUser(server, 'radar-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'radar-owner', [{ authority: 'ROLE_PROJECT_OWNER', project: 'radar' }]);
  await createUser(server, 'radar-affiliate', [{ authority: 'ROLE_PROJECT_AFFILIATE', project: 'radar' }]);
  await createUser(server, 'radar-analyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  for (const login of ['admin', 'main-admin', ...RADAR_STAFF, 'pilot-admin']) as[login] = await asUser(server, login);
  const radar = await projectRef(server, 'radar');
  const pilot = await projectRef(server, 'pilot');
  const trial = await projectRef(server, 'trial');
  const create = async (login: string, project: { id: number; projectName: string }, extra: Record<string, unknown>) => {
    const res = await as.admin('POST', '/api/subjects', { json: { login, project, ...extra } });
    assert.is(res.status, 201, res.text);
    return res.body;
  };
  const update = async (body: Record<string, unknown>) => {
    const res = await as.admin('PUT', '/api/subjects', { json: body });
    assert.is(res.status, 200, res.text);
    return res.body;
  };
  // radar -> pilot, then edited in pilot.
  const mover = await create('mover', radar, { externalId: 'R-1', personName: 'Radar Person', group: 'radar-group', attributes: { site: 'radar-attr' } });
  const moved = await update({ ...mover, project: pilot, group: null });
  await update({ ...moved, project: pilot, personName: 'Secret Person', externalId: 'SECRET-EXT', externalLink: 'https://secret.example',
    dateOfBirth: '1977-07-07', group: 'pilot-group', attributes: { site: 'secret-attr' } });
  // pilot -> radar: its history starts in pilot.
  const arrival = await create('arrival', pilot, { externalId: 'P-9', group: 'pilot-group', attributes: { site: 'pilot-attr' } });
  await update({ ...arrival, project: radar, group: null });
  // radar -> trial (the same organization), edited in trial.
  const inner = await create('inner', radar, { externalId: 'R-2' });
  const innerMoved = await update({ ...inner, project: trial });
  await update({ ...innerMoved, project: trial, personName: 'Secret Person', group: 'trial-group' });
  // One that stays in radar.
  await create('stayer', radar, { externalId: 'R-3', personName: 'Radar Stayer' });
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const INACTIVE = 'authority=ROLE_INACTIVE_PARTICIPANT';
const BOTH = 'authority=ROLE_PARTICIPANT&authority=ROLE_INACTIVE_PARTICIPANT';
type Dto = Record<string, any>;
const byLogin = (list: Dto[], login: string) => list.find((s) => s.login === login);

function assertDeparted(dto: Dto | undefined, who: string) {
  assert.ok(dto, `${who}: the subject that left is listed`);
  assert.equal(Object.keys(dto!).sort(), ['attributes', 'id', 'leftDate', 'login', 'roles', 'sources', 'status'], `${who}: ${JSON.stringify(dto)}`);
  assert.equal(dto!.roles.map((r: Dto) => [r.authorityName, r.projectName]), [['ROLE_INACTIVE_PARTICIPANT', 'radar']]);
  assert.equal(dto!.attributes, {});
  assert.equal(dto!.sources, []);
  assert.match(dto!.leftDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/, 'when it left');
}

function assertNoSecret(text: string, who: string) {
  for (const secret of SECRETS) assert.not.ok(text.includes(secret), `${who} sees "${secret}": ${text.slice(0, 400)}`);
}

t('the project list of former participants: radar\'s staff see who left and when, nothing of where it is now', async () => {
  for (const login of RADAR_STAFF) {
    for (const path of [`/api/projects/radar/subjects?${INACTIVE}`, `/api/subjects?projectName=radar&${INACTIVE}`, `/api/projects/radar/subjects?${BOTH}`]) {
      const res = await as[login]('GET', path);
      assert.is(res.status, 200, `${login} ${path}: ${res.text}`);
      assertNoSecret(res.text, `${login} ${path}`);
      assertDeparted(byLogin(res.body, 'mover'), `${login} ${path}`);
      assertDeparted(byLogin(res.body, 'inner'), `${login} ${path}`);
    }
    const both = (await as[login]('GET', `/api/projects/radar/subjects?${BOTH}`)).body as Dto[];
    assert.is(byLogin(both, 'stayer')!.personName, 'Radar Stayer', 'its own subjects in full');
    assert.is(byLogin(both, 'arrival')!.externalId, 'P-9', 'a subject that arrived is the project\'s now');
  }
  // The organization admin of main reads trial too: the subject that moved within main is shown in full.
  const org = await as['main-admin']('GET', `/api/projects/radar/subjects?${INACTIVE}`);
  assertDeparted(byLogin(org.body, 'mover'), 'main-admin');
  assert.is(byLogin(org.body, 'inner')!.personName, 'Secret Person');
  // The system admin reads everything.
  const admin = await as.admin('GET', `/api/projects/radar/subjects?${INACTIVE}`);
  assert.is(byLogin(admin.body, 'mover')!.personName, 'Secret Person');
  assert.is(byLogin(admin.body, 'mover')!.leftDate, undefined);
});

t('filters and sorts on personal data never match or order by another project\'s values', async () => {
  for (const query of ['personName=Secret', 'externalId=SECRET', 'dateOfBirth.is=1977-07-07', 'groupId=1', 'humanReadableIdentifier=x', 'neverSeen=true']) {
    const res = await as['radar-admin']('GET', `/api/projects/radar/subjects?${INACTIVE}&${query}`);
    assert.is(res.status, 200, res.text);
    assert.not.ok(res.body.some((s: Dto) => s.login === 'mover' && query !== 'neverSeen=true'), `${query} matched a hidden value`);
  }
  const admin = await as.admin('GET', `/api/projects/radar/subjects?${INACTIVE}&personName=Secret`);
  assert.equal(admin.body.map((s: Dto) => s.login).sort(), ['inner', 'mover']);
  // Sorted by external id, a page of one: the next link's cursor carries no hidden value.
  let next: string | undefined = `/api/projects/radar/subjects?${INACTIVE}&sort=externalId,desc&size=1`;
  const seen: string[] = [];
  while (next) {
    const res = await as['radar-admin']('GET', next);
    assert.is(res.status, 200, res.text);
    assertNoSecret(res.text + (res.headers.get('link') ?? ''), 'paging');
    seen.push(...res.body.map((s: Dto) => s.login));
    const link: string | null = res.headers.get('link');
    next = link && res.body.length ? link.slice(1, link.indexOf('>')).replace(/^\/api/, '/api') : undefined;
    if (seen.length > 5) break;
  }
  assert.equal(seen.sort(), ['inner', 'mover']);
  // The exact lookup by another project's external id finds nothing.
  const lookup = await as['radar-admin']('GET', `/api/subjects?projectName=radar&${INACTIVE}&externalId=SECRET-EXT`);
  assert.is(lookup.status, 404, lookup.text);
  assert.is((await as.admin('GET', `/api/subjects?projectName=radar&${INACTIVE}&externalId=SECRET-EXT`)).body[0].login, 'mover');
});

t('the export of former participants: login and status only for a subject the caller may not read', async () => {
  for (const login of RADAR_STAFF) {
    for (const path of [`/api/projects/radar/subjects.csv?${INACTIVE}`, `/api/subjects.csv?projectName=radar&${INACTIVE}`]) {
      const res = await as[login]('GET', path);
      assert.is(res.status, 200, `${login} ${path}: ${res.text}`);
      assertNoSecret(res.text, `${login} ${path}`);
      const lines = res.text.replace(/^\uFEFF/, '').trim().split('\r\n');
      const header = lines[0].split(',');
      const mover = lines.find((l) => l.startsWith('mover,'))!.split(',');
      const cell = (name: string) => mover[header.indexOf(name)];
      assert.is(cell('status'), 'ACTIVATED');
      for (const name of ['externalId', 'project', 'personName', 'group', 'enrollmentDate', 'sources', 'paired']) {
        assert.ok(cell(name) === '' || (name === 'paired' && cell(name) === 'false'), `${login}: ${name} = ${cell(name)}`);
      }
      assert.not.ok(header.includes('attribute:site') && cell('attribute:site') !== '', 'no attribute of the other project');
    }
  }
  const admin = await as.admin('GET', `/api/projects/radar/subjects.csv?${INACTIVE}`);
  assert.ok(admin.text.includes('Secret Person'));
});

t('revisions: a nested project the caller may not read shows its name only, in both directions', async () => {
  // Created in pilot, moved to radar: radar's staff read its history, pilot's part of it by name only.
  for (const login of RADAR_STAFF) {
    const res = await as[login]('GET', '/api/subjects/arrival/revisions');
    assert.is(res.status, 200, `${login}: ${res.text}`);
    assertNoSecret(res.text, `${login} revisions`);
    assert.equal(res.body[0].entity.project, { projectName: 'pilot' });
    assert.is(res.body.at(-1).entity.project.projectName, 'radar');
    assert.ok(Object.keys(res.body.at(-1).entity.project).length > 1, 'its own project in full');
    const first = await as[login]('GET', `/api/subjects/arrival/revisions/${res.body[0].id}`);
    assert.is(first.status, 200);
    assert.equal(first.body.project, { projectName: 'pilot' });
  }
  const full = await as.admin('GET', '/api/subjects/arrival/revisions');
  assert.is(full.body[0].entity.project.description, 'pilot description');
  // Created in radar, moved to pilot: pilot's staff read it, radar's part by name only; radar's staff may not.
  const pilot = await as['pilot-admin']('GET', '/api/subjects/mover/revisions');
  assert.is(pilot.status, 200, pilot.text);
  assert.equal(pilot.body[0].entity.project, { projectName: 'radar' });
  assert.is(pilot.body.at(-1).entity.personName, 'Secret Person');
  for (const login of [...RADAR_STAFF, 'main-admin']) {
    assert.is((await as[login]('GET', '/api/subjects/mover/revisions')).status, 403, login);
    assert.is((await as[login]('GET', `/api/subjects/mover/revisions/${pilot.body[0].id}`)).status, 403, login);
    assert.is((await as[login]('GET', '/api/subjects/mover')).status, 403, login);
  }
  // Within main: the organization admin reads both projects in full.
  const org = await as['main-admin']('GET', '/api/subjects/inner/revisions');
  assert.is(org.body[0].entity.project.projectName, 'radar');
  assert.ok(Object.keys(org.body[0].entity.project).length > 1);
});

t('a role taken away since the token was issued: the list hides by the roles in the database, not the token\'s', async () => {
  const userId = await createUser(server, 'demoted', [
    { authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }, { authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'main' },
  ]);
  const demoted = await asUser(server, 'demoted');
  const path = `/api/projects/radar/subjects?${INACTIVE}`;
  assert.is(byLogin((await demoted('GET', path)).body, 'inner')!.personName, 'Secret Person', 'as organization admin');
  await server.app.db.query(
    `DELETE FROM role_users WHERE user_id = $1 AND role_id IN (SELECT id FROM radar_role WHERE authority_name = 'ROLE_ORGANIZATION_ADMIN')`, [userId]);
  const after = await demoted('GET', path);
  assert.is(after.status, 200, after.text);
  assertNoSecret(after.text, 'demoted');
  assertDeparted(byLogin(after.body, 'inner'), 'demoted');
});

t.run();
