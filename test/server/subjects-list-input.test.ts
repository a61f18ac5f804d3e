// The subject lists over HTTP with bad input (a 400 in the API's error shapes, never a 500), unknown projects, and
// the original's exact external-id lookup on `GET api/subjects?projectName=..&externalId=..`.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';

let server: TestServer;
let admin: AsUser;
const t = suite('subject list input');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await insertSubjects(server, [
    { login: 'sub-1', project: 'radar', externalId: 'P-1', hrid: 'H-1' },
    { login: 'sub-2', project: 'radar', externalId: 'P-10' },
    { login: 'moved', project: 'pilot', externalId: 'P-7', inactiveIn: ['radar'] },
  ]);
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

t('bad parameters are 400 on both lists, with the error header the client reads', async () => {
  const queries = ['size=abc', 'size=0', 'page=-2', 'groupId=x', 'last.id=abc&last.login=a', 'dateOfBirth.is=2020-02-31',
    'dateOfBirth.from=2021-01-01&dateOfBirth.to=2020-01-01', 'enrollmentDate.from=2024-01-01T00:00[Mars/Olympus]',
    'enrollmentDate.from=2024-02-01T00:00[Europe/Amsterdam]&enrollmentDate.to=2024-01-01T23:59[Europe/Amsterdam]',
    'authority=ROLE_PROJECT_ADMIN', 'unknown=1', 'size=1&size=2'];
  for (const base of ['/api/subjects', '/api/projects/radar/subjects']) {
    for (const query of queries) {
      const res = await admin('GET', `${base}?${query}`);
      assert.is(res.status, 400, `${base}?${query}: ${res.text}`);
      assert.is(res.body.message, 'error.validation');
      assert.is(res.headers.get('x-managementportalapp-error'), 'error.validation');
    }
  }
});

t('an unknown sort property, or a cursor without the value its sort key needs, is a 400 EX for entity subject', async () => {
  for (const query of ['sort=bogus', 'sort=login,sideways', 'sort=login&last.id=1', 'last.login=sub-1', 'sort=externalId&last.login=x']) {
    const res = await admin('GET', `/api/projects/radar/subjects?${query}`);
    assert.is(res.status, 400, `${query}: ${res.text}`);
    assert.equal([res.body.errorCode, res.body.entityName], ['error.validation', 'subject'], query);
    assert.is(res.headers.get('x-managementportalapp-params'), 'subject');
  }
  const ok = await admin('GET', '/api/projects/radar/subjects?sort=externalId&last.id=1&last.login=sub-1');
  assert.is(ok.status, 200, 'a missing last.externalId means none (the Link leaves it out when empty)');
});

t('an unknown project: 404 on the project list, an empty page on api/subjects', async () => {
  const res = await admin('GET', '/api/projects/nowhere/subjects');
  assert.is(res.status, 404);
  assert.is(res.body.errorCode, 'error.projectNameNotFound');
  const all = await admin('GET', '/api/subjects?projectName=nowhere');
  assert.equal([all.status, all.body, all.headers.get('x-total-count')], [200, [], '0']);
});

t('projectName + externalId is an exact lookup: one subject with its project, no paging headers', async () => {
  const res = await admin('GET', '/api/subjects?projectName=radar&externalId=P-1&sort=login');
  assert.is(res.status, 200, res.text);
  assert.equal(res.body.map((s: { login: string }) => s.login), ['sub-1'], 'P-10 contains P-1 but is not it');
  assert.is(res.body[0].project.projectName, 'radar');
  assert.equal(res.body[0].attributes, { 'Human-readable-identifier': 'H-1' });
  assert.is(res.headers.get('x-total-count'), null);
  assert.is(res.headers.get('link'), null);
  const none = await admin('GET', '/api/subjects?projectName=radar&externalId=p-1');
  assert.is(none.status, 404);
  assert.is(none.body.description, '404 NOT_FOUND');
  assert.is((await admin('GET', '/api/subjects?projectName=radar&externalId=P-7')).status, 404, 'authority filter applies');
  const inactive = await admin('GET', '/api/subjects?projectName=radar&externalId=P-7&authority=ROLE_INACTIVE_PARTICIPANT');
  assert.equal(inactive.body.map((s: { login: string }) => s.login), ['moved']);
  assert.is(inactive.body[0].project.projectName, 'pilot', 'its project is where it is active');
  assert.is((await admin('GET', '/api/subjects?projectName=nowhere&externalId=P-1')).status, 404);
});

t('without projectName, externalId is a substring filter again', async () => {
  const res = await admin('GET', '/api/subjects?externalId=p-1&sort=login');
  assert.equal(res.body.map((s: { login: string }) => s.login), ['sub-1', 'sub-2']);
  assert.is(res.body[0].project, undefined, 'lists carry no project');
});

t.run();
