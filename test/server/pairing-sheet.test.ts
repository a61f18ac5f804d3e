// POST api/projects/{p}/pairing-sheet and GET api/projects/{p}/meta-tokens (docs/subjects.md, "Pairing sheet",
// "Invitations"): links for many subjects in one transaction, who may ask, bad bodies, the list of a project's links
// with their state, revoking one, and the pairing remembered for the export after an exchange.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects, writeFootprint } from '../setup/subjects';
import { addClient } from './oauth-fixtures';

const APP_CLIENT = 'aRMT';

let server: TestServer;
let admin: AsUser;
const t = suite('pairing sheet and invitations');
const logins = Array.from({ length: 12 }, (_, i) => `sheet-${i}`);
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'pilot', 'main');
  await insertSubjects(server, [...logins.map((login, i) => ({ login, project: 'radar', externalId: `S-${i}` })), { login: 'elsewhere', project: 'pilot' }]);
  await createUser(server, 'pilot-admin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'pilot' }]);
  await addClient(server, { clientId: APP_CLIENT, secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'], additionalInformation: { dynamic_registration: 'true' } });
  admin = await asUser(server, 'admin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const sheet = (as: AsUser, body: unknown, project = 'radar') => as('POST', `/api/projects/${project}/pairing-sheet`, { json: body });

t('one link per subject, in the order asked, with the subject\'s ids and expiry, recorded with its author', async () => {
  const res = await sheet(admin, { clientId: APP_CLIENT, logins, persistent: false });
  assert.is(res.status, 200, res.text);
  assert.equal(res.body.map((e: { login: string }) => e.login), logins);
  assert.is(res.body[3].externalId, 'S-3');
  assert.match(res.body[0].tokenUrl, new RegExp(`/api/meta-token/${res.body[0].tokenName}$`));
  assert.ok(Date.parse(res.body[0].timesOutAt) > Date.now());
  const [row] = await server.app.db.query<{ created_by: string; created_at: Date | null }>('SELECT created_by, created_at FROM radar_meta_token WHERE token_name = $1', [res.body[0].tokenName]);
  assert.is(row.created_by, 'admin');
  assert.ok(row.created_at);
});

t('refusals write nothing: a login of another project, an unknown app, too many logins, other projects\' admins', async () => {
  const before = await writeFootprint(server);
  const count = async () => (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_meta_token'))[0].n;
  const tokens = await count();
  let res = await sheet(admin, { clientId: APP_CLIENT, logins: ['sheet-1', 'elsewhere'] });
  assert.is(res.status, 400);
  assert.is(res.body.errorCode, 'error.subjectNotFound');
  res = await sheet(admin, { clientId: 'no-such-app', logins: ['sheet-1'] });
  assert.is(res.status, 404);
  res = await sheet(admin, { clientId: APP_CLIENT, logins: Array.from({ length: 501 }, (_, i) => `x${i}`) });
  assert.is(res.status, 400);
  res = await sheet(admin, { clientId: APP_CLIENT, logins: [] });
  assert.is(res.status, 400);
  res = await sheet(await asUser(server, 'pilot-admin'), { clientId: APP_CLIENT, logins: ['sheet-1'] });
  assert.is(res.status, 403);
  assert.is(await count(), tokens);
  assert.equal(await writeFootprint(server), before);
});

t('the invitations list: the project\'s links, newest first, paged, by state; revoke; the pairing kept for the export', async () => {
  let res = await admin('GET', '/api/projects/radar/meta-tokens?size=5');
  assert.is(res.status, 200, res.text);
  assert.is(res.headers.get('x-total-count'), '12');
  assert.is(res.body.length, 5);
  assert.equal(Object.keys(res.body[0]).sort(), ['clientId', 'createdAt', 'createdBy', 'expiresAt', 'externalId', 'persistent', 'status', 'subjectLogin', 'tokenName', 'usedAt']);
  assert.is(res.body[0].status, 'PENDING');
  const first = res.body[0];
  const exchange = await server.request('GET', `/api/meta-token/${first.tokenName}`);
  assert.is(exchange.status, 200, exchange.text);
  res = await admin('GET', '/api/projects/radar/meta-tokens?status=USED');
  assert.equal(res.body.map((m: { tokenName: string }) => m.tokenName), [first.tokenName]);
  assert.ok(res.body[0].usedAt);
  const csv = await admin('GET', `/api/projects/radar/subjects.csv?login=${first.subjectLogin}`);
  assert.match(csv.text, /,true,\d{4}-\d\d-\d\dT/);
  const pending = (await admin('GET', '/api/projects/radar/meta-tokens?status=PENDING')).body;
  assert.is((await admin('DELETE', `/api/meta-token/${pending[0].tokenName}`)).status, 204);
  assert.is((await admin('GET', '/api/projects/radar/meta-tokens?status=PENDING')).headers.get('x-total-count'), '10');
  assert.is((await admin('GET', '/api/projects/radar/meta-tokens?status=NOPE')).status, 400);
  assert.is((await (await asUser(server, 'pilot-admin'))('GET', '/api/projects/radar/meta-tokens')).status, 403);
  assert.is((await admin('GET', '/api/projects/none/meta-tokens')).status, 404);
});

t.run();
