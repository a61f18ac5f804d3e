// Pairing (docs/oauth.md): GET api/oauth-clients/pair creates a meta-token for a subject; the app exchanges it
// at GET api/meta-token/{name} for a refresh token that works at oauth/token, once (or, persistent, until expiry);
// DELETE revokes it. Each role, project scoping, bad input, expiry and the audit event.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { asUser, createProjectRow, createUser, type AsUser } from '../setup/auth';
import { dropTemplates } from '../setup/database';
import { startTestServer, type TestServer } from '../setup/server';
import { insertSubjects } from '../setup/subjects';
import { addClient, auditEvents, tokenRequest } from './oauth-fixtures';

let server: TestServer;
let admin: AsUser;
let radarAdmin: AsUser;
const t = suite('pairing');
t.before(async () => {
  server = await startTestServer();
  await createProjectRow(server, 'radar', 'main');
  await createProjectRow(server, 'other', 'second');
  await createUser(server, 'radmin', [{ authority: 'ROLE_PROJECT_ADMIN', project: 'radar' }]);
  await createUser(server, 'ranalyst', [{ authority: 'ROLE_PROJECT_ANALYST', project: 'radar' }]);
  await createUser(server, 'oadmin2', [{ authority: 'ROLE_ORGANIZATION_ADMIN', organization: 'second' }]);
  await insertSubjects(server, [
    { login: 'sub-radar', project: 'radar' },
    { login: 'sub-other', project: 'other' },
    { login: 'sub-gone', project: 'radar', activated: false, removed: true },
  ]);
  await server.app.db.query("INSERT INTO project_metadata (project_id, attribute_key, attribute_value) SELECT id, 'Privacy-policy-url', 'https://radar.example/privacy' FROM project WHERE project_name = 'radar'");
  await addClient(server, { clientId: 'aRMT', secret: 'armt-secret', grantTypes: ['authorization_code', 'refresh_token'], additionalInformation: { dynamic_registration: 'true' } });
  await addClient(server, { clientId: 'noRefresh', secret: 'x-secret', grantTypes: ['client_credentials'] });
  admin = await asUser(server, 'admin');
  radarAdmin = await asUser(server, 'radmin');
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

const pairPath = (login: string, clientId = 'aRMT', persistent = 'false') =>
  `/api/oauth-clients/pair?${new URLSearchParams({ login, clientId, persistent })}`;
const fetchToken = (name: string) => server.request('GET', `/api/meta-token/${name}`);

t('round trip: pair, fetch the refresh token once, use it at oauth/token', async () => {
  const pair = await radarAdmin('GET', pairPath('sub-radar'));
  assert.is(pair.status, 200, pair.text);
  const info = pair.body;
  assert.match(info.tokenName, /^[A-Za-z0-9.-]{12}$/); // 72 bits (ASVS 3.2.2 asks at least 64)
  assert.is(info.tokenUrl, `${server.url}/api/meta-token/${info.tokenName}`);
  assert.is(info.baseUrl, server.url);
  assert.is(info.timeout, 3600000);
  const left = Date.parse(info.timesOutAt) - Date.now();
  assert.ok(left > 3500000 && left <= 3600000, String(left));
  assert.equal((await auditEvents(server, 'PAIR_CLIENT_REQUEST', 'radmin')).map((e) => e.data), [{ client_id: 'aRMT', subject_login: 'sub-radar' }]);

  const fetched = await fetchToken(info.tokenName);
  assert.is(fetched.status, 200, fetched.text);
  assert.is(fetched.body.privacyPolicyUrl, 'https://radar.example/privacy');
  assert.is(fetched.body.baseUrl, server.url);
  const refreshed = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: fetched.body.refreshToken }, ['aRMT', 'armt-secret']);
  assert.is(refreshed.status, 200, refreshed.text);
  assert.is(refreshed.body.sub, 'sub-radar');

  // A used link is answered as an unknown one: the answer does not tell a guesser that the name existed.
  const again = await fetchToken(info.tokenName);
  assert.is(again.status, 404);
  assert.is(again.body.errorCode, 'error.tokenNotFound');
  const unknown = await fetchToken('noSuchTokenX');
  assert.equal([unknown.status, unknown.body.errorCode, Object.keys(unknown.body).sort()], [again.status, again.body.errorCode, Object.keys(again.body).sort()]);
});

t('a persistent token can be fetched until it expires; an expired one is gone', async () => {
  const pair = await radarAdmin('GET', pairPath('sub-radar', 'aRMT', 'true'));
  assert.is(pair.status, 200, pair.text);
  assert.match(pair.body.tokenName, /^[A-Za-z0-9.-]{16}$/);
  assert.is(pair.body.timeout, 31 * 86400000);
  assert.is((await fetchToken(pair.body.tokenName)).status, 200);
  assert.is((await fetchToken(pair.body.tokenName)).status, 200);
  await server.app.db.query("UPDATE radar_meta_token SET expiry_date = now() - interval '1 second' WHERE token_name = $1", [pair.body.tokenName]);
  assert.is((await fetchToken(pair.body.tokenName)).status, 404);
  const unknown = await fetchToken('noSuchTok');
  assert.is(unknown.status, 404);
  assert.is(unknown.body.errorCode, 'error.tokenNotFound');
});

t('roles and scoping: SUBJECT.UPDATE on the subject\'s project', async () => {
  assert.is((await admin('GET', pairPath('sub-other'))).status, 200);
  assert.is((await (await asUser(server, 'ranalyst'))('GET', pairPath('sub-radar'))).status, 200);
  const oadmin = await asUser(server, 'oadmin2');
  assert.is((await oadmin('GET', pairPath('sub-other'))).status, 200);
  assert.is((await oadmin('GET', pairPath('sub-radar'))).status, 403);
  assert.is((await radarAdmin('GET', pairPath('sub-other'))).status, 403);
  const participant = await asUser(server, 'sub-radar');
  assert.is((await participant('GET', pairPath('sub-radar'))).status, 200); // a participant may update itself
  assert.is((await participant('GET', pairPath('sub-other'))).status, 403);
  assert.is((await server.request('GET', pairPath('sub-radar'))).status, 401);
});

t('bad input: unknown subject or client, missing parameters, bad persistent flag; nothing written', async () => {
  const before = (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_meta_token'))[0].n;
  const noSubject = await admin('GET', pairPath('nobody'));
  assert.is(noSubject.status, 404);
  assert.is(noSubject.body.errorCode, 'error.subjectNotFound');
  const noClient = await admin('GET', pairPath('sub-radar', 'nope'));
  assert.is(noClient.status, 404);
  assert.is(noClient.body.errorCode, 'error.oAuthClientIdNotFound');
  assert.is((await admin('GET', '/api/oauth-clients/pair?login=sub-radar')).status, 400);
  assert.is((await admin('GET', '/api/oauth-clients/pair?clientId=aRMT')).status, 400);
  assert.is((await admin('GET', pairPath('sub-radar', 'aRMT', 'maybe'))).status, 400);
  assert.is((await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_meta_token'))[0].n, before);
});

t('a token of a client without refresh grant or of a deactivated subject is refused and stays unfetched', async () => {
  const noRefresh = await admin('GET', pairPath('sub-radar', 'noRefresh'));
  assert.is((await fetchToken(noRefresh.body.tokenName)).status, 400);
  const gone = await admin('GET', pairPath('sub-gone'));
  assert.is(gone.status, 200);
  assert.is((await fetchToken(gone.body.tokenName)).status, 404);
  const rows = await server.app.db.query<{ fetched: boolean }>('SELECT fetched FROM radar_meta_token WHERE token_name = ANY($1::text[])', [[noRefresh.body.tokenName, gone.body.tokenName]]);
  assert.ok(rows.every((r) => !r.fetched));
});

t('DELETE api/meta-token: SUBJECT.UPDATE on the subject, 204, then 404', async () => {
  const pair = await admin('GET', pairPath('sub-other'));
  const name = pair.body.tokenName;
  assert.is((await radarAdmin('DELETE', `/api/meta-token/${name}`)).status, 403);
  assert.is((await server.request('DELETE', `/api/meta-token/${name}`)).status, 401);
  assert.is((await admin('DELETE', `/api/meta-token/${name}`)).status, 204);
  assert.is((await admin('DELETE', `/api/meta-token/${name}`)).status, 404);
  assert.is((await fetchToken(name)).status, 404);
});

t("the platform's address (PLATFORM_BASE_URL, MP's common.baseUrl) is the fetched token's baseUrl; the pairing answer keeps the portal's", async () => {
  server.app.config.platformBaseUrl = 'https://radar.example.org';
  try {
    const pair = await radarAdmin('GET', pairPath('sub-radar'));
    assert.is(pair.status, 200, pair.text);
    assert.is(pair.body.baseUrl, server.url);
    assert.is(pair.body.tokenUrl, `${server.url}/api/meta-token/${pair.body.tokenName}`);
    const fetched = await fetchToken(pair.body.tokenName);
    assert.is(fetched.status, 200, fetched.text);
    assert.is(fetched.body.baseUrl, 'https://radar.example.org');
  } finally {
    server.app.config.platformBaseUrl = undefined;
  }
});

t('persistent tokens can be disabled by configuration', async () => {
  server.app.config.persistentMetaTokenTimeoutMs = null;
  try {
    const res = await admin('GET', pairPath('sub-radar', 'aRMT', 'true'));
    assert.is(res.status, 400);
    assert.is(res.body.errorCode, 'error.persistentTokenDisabled');
  } finally {
    server.app.config.persistentMetaTokenTimeoutMs = 31 * 86400000;
  }
});

t('HEAD spends nothing: a HEAD of a pairing link is 405 and the app\'s GET still gets the refresh token', async () => {
  const pair = await radarAdmin('GET', pairPath('sub-radar'));
  const before = (await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_meta_token'))[0].n;
  const head = await server.request('HEAD', `/api/meta-token/${pair.body.tokenName}`);
  assert.is(head.status, 405);
  assert.match(head.headers.get('allow') ?? '', /\bGET\b/);
  // Nor does a HEAD of the other GETs that change state: pairing (mints a link) and activation (spends the key).
  assert.is((await radarAdmin('HEAD', pairPath('sub-radar'))).status, 405);
  assert.is((await server.request('HEAD', '/api/activate?key=12345678901234567890')).status, 405);
  assert.is((await server.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM radar_meta_token'))[0].n, before);
  const fetched = await fetchToken(pair.body.tokenName);
  assert.is(fetched.status, 200, fetched.text);
  // An ordinary read still answers HEAD.
  assert.is((await radarAdmin('HEAD', '/api/projects/radar')).status, 200);
});

t('failed exchanges are throttled per address: after 20 in the window every name gets 429 with Retry-After', async () => {
  await server.app.db.query("DELETE FROM request_limit WHERE limit_key LIKE 'pairing:%'");
  const pair = await radarAdmin('GET', pairPath('sub-radar'));
  try {
    for (let i = 0; i < 20; i++) assert.is((await fetchToken(`guess${String(i).padStart(7, '0')}`)).status, 404);
    const refused = await fetchToken('guess9999999');
    assert.is(refused.status, 429);
    assert.is(refused.body.message, 'error.tooManyRequests');
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait > 0 && wait <= 15 * 60, String(wait));
    // A right guess from that address is refused alike and the link is not spent.
    assert.is((await fetchToken(pair.body.tokenName)).status, 429);
    const [row] = await server.app.db.query<{ fetched: boolean }>('SELECT fetched FROM radar_meta_token WHERE token_name = $1', [pair.body.tokenName]);
    assert.is(row.fetched, false);
  } finally {
    await server.app.db.query("DELETE FROM request_limit WHERE limit_key LIKE 'pairing:%'");
  }
  assert.is((await fetchToken(pair.body.tokenName)).status, 200);
});

t.run();
