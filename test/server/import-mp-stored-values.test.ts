// What ManagementPortal stores, read as ManagementPortal itself accepts it, after a database-only import of MP 3.0's
// real schema (test/fixtures/mp-3.0, with its dev data and its real key store): each kind of stored value that the
// importer carries over has a row here written as MP writes it, and a check that the portal accepts what MP accepted.
//
// - Client secrets: MP's JdbcClientDetailsService stores an empty secret as the bcrypt hash of the empty string, so
//   the apps' public clients (pRMT, aRMT, THINC-IT, radar_dashboard) authenticate with their id alone. They must stay
//   public: a refresh with no secret works, for tokens MP issued and for tokens of a pairing link. Clients imported
//   by an earlier run (which kept the hash) are mended by a repeat import and at the next start.
// - Password hashes: bcrypt in each of the forms Spring's BCrypt reads ($2a$, $2b$, $2y$), and passwords longer than
//   bcrypt's 72 bytes, which MP accepted (bcrypt reads the first 72).
// - Token validities: MP's columns may be NULL (Spring's defaults) or 0 and below (MP's tokens then carry no expiry);
//   the portal issues tokens with its defaults for both, never tokens that are expired when issued.
// - additional_information: MP ignores a value that is not a JSON object; the import does too, and still imports
//   the client.
import { randomUUID, createSign, type KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import bcrypt from 'bcryptjs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { readKeyStore } from '../../src/server/auth/key-store';
import { importFromMp } from '../../src/server/import-mp/import-run';
import type { ImportReport } from '../../src/server/import-mp/report';
import { mendImportedEmptySecrets } from '../../src/server/oauth/imported-empty-secrets';
import { addClient, testRouter, tokenRequest } from './oauth-fixtures';
import { createMpDatabase, type MpSource } from './import-mp-source';

const STORE = resolve('test/fixtures/mp-3.0/keystore.p12');
const mpKey = readKeyStore(STORE, 'radarbase').find((e) => e.alias === 'radarbase-managementportal-ec')!.privateKey;

/** bcrypt as Spring's BCryptPasswordEncoder writes it: `$2a$`, cost 10. */
const springBcrypt = (secret: string, version = '2a') => bcrypt.hashSync(secret, 10).replace(/^\$2b\$/, `$${version}$`);
const EMPTY_SECRET_HASH = springBcrypt('');
const PUBLIC_CLIENTS = ['pRMT', 'aRMT', 'THINC-IT', 'radar_dashboard'];
const LONG_PASSWORD = 'correct horse battery staple, and then some more words to pass 72 bytes: ok!'; // 78 bytes
const APP_SCOPES = 'SUBJECT.READ,SUBJECT.UPDATE,PROJECT.READ,SOURCETYPE.READ,MEASUREMENT.CREATE';

/** A refresh token as ManagementPortal signs it with its key store's EC key (no kid in the header). */
function mpRefreshToken(key: KeyObject, clientId: string, login: string): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    aud: ['res_ManagementPortal', 'res_gateway'], sub: login, user_name: login, scope: APP_SCOPES.split(','), iss: 'ManagementPortal',
    iat: now - 60, exp: now + 86400, jti: randomUUID(), ati: randomUUID(), client_id: clientId, grant_type: 'authorization_code',
    authorities: ['ROLE_PARTICIPANT'], roles: ['radar:ROLE_PARTICIPANT'], sources: [],
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64(payload)}`;
  const signature = createSign('SHA256').update(signingInput).sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** The app's refresh: its client id as a form field and no secret, as the RADAR apps send it. */
const appRefresh = (server: TestServer, clientId: string, refreshToken: string) =>
  tokenRequest(server, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

/** Rows as ManagementPortal writes them, beside its dev data (radar project, subjects sub-1 ... with their users). */
async function addMpRows(mp: MpSource): Promise<void> {
  const q = (sql: string, params: unknown[] = []) => mp.db.query(sql, params);
  const client = (id: string, secret: string | null, grants: string, extra: { access?: number | null; refresh?: number | null; info?: string | null } = {}) =>
    q(`INSERT INTO oauth_client_details (client_id, resource_ids, client_secret, scope, authorized_grant_types, web_server_redirect_uri,
         authorities, access_token_validity, refresh_token_validity, additional_information, autoapprove)
       VALUES ($1, 'res_ManagementPortal,res_gateway', $2, $3, $4, NULL, NULL, $5, $6, $7, NULL)`,
    [id, secret, APP_SCOPES, grants, extra.access === undefined ? 43200 : extra.access, extra.refresh === undefined ? 7948800 : extra.refresh,
      extra.info === undefined ? '{"dynamic_registration": true}' : extra.info]);
  // The apps' public clients: the hash of the empty secret, as MP's client store writes it (once in Spring's
  // prefixed form), and a confidential client beside them.
  await client('pRMT', EMPTY_SECRET_HASH, 'refresh_token,authorization_code');
  await client('aRMT', `{bcrypt}${springBcrypt('')}`, 'refresh_token,authorization_code');
  await client('THINC-IT', springBcrypt(''), 'refresh_token,authorization_code', { access: 0, refresh: 0 });
  await client('radar_dashboard', springBcrypt(''), 'refresh_token,authorization_code,password', { access: -1, refresh: null, info: 'not json {' });
  await client('radar_gateway', springBcrypt('gateway-secret'), 'client_credentials', { access: null, refresh: null, info: '[1, 2]' });
  const [{ id: subjectId }] = await q(`SELECT s.id FROM subject s JOIN radar_user u ON u.id = s.user_id WHERE u.login = 'sub-1'`);
  await q(`INSERT INTO radar_meta_token (id, token_name, fetched, expiry_date, subject_id, client_id, persistent)
     VALUES (2000, 'pairPRMT1', false, now() + interval '1 hour', $1, 'pRMT', false)`, [subjectId]);
  // Staff whose passwords MP accepted: longer than bcrypt's 72 bytes, and each of the bcrypt versions Spring reads.
  const user = (id: number, login: string, hash: string) =>
    q(`INSERT INTO radar_user (id, login, password_hash, first_name, last_name, email, activated, lang_key)
       VALUES ($1, $2, $3, 'Staff', 'Member', $4, true, 'en')`, [id, login, hash, `${login}@example.org`]);
  await user(2000, 'long-pw', springBcrypt(LONG_PASSWORD));
  await user(2001, 'pw-2a', springBcrypt('Version-2a-pw', '2a'));
  await user(2002, 'pw-2b', springBcrypt('Version-2b-pw', '2b'));
  await user(2003, 'pw-2y', springBcrypt('Version-2y-pw', '2y'));
}

let server: TestServer;
let mp: MpSource;
let report: ImportReport;
const t = suite('import from ManagementPortal: stored values as ManagementPortal accepts them');

t.before(async () => {
  mp = await createMpDatabase();
  await addMpRows(mp);
  server = await startTestServer({ KEY_STORE_FILE: STORE }, { router: testRouter() });
  report = await importFromMp(mp.db, server.app.db);
  assert.ok(report.written, report.format());
});
t.after(async () => {
  await server?.close();
  await mp?.drop();
  await dropTemplates();
});

const q = <T = Record<string, any>>(sql: string, params: unknown[] = []) => server.app.db.query<T>(sql, params);
const secretOf = async (clientId: string) =>
  (await q<{ h: string | null }>('SELECT client_secret_hash AS h FROM oauth_client WHERE client_id = $1', [clientId]))[0]?.h;

t('a client whose stored secret is the hash of the empty secret arrives as a public client, and the report counts them', async () => {
  for (const id of PUBLIC_CLIENTS) assert.is(await secretOf(id), null, id);
  assert.match((await secretOf('radar_gateway'))!, /^\$2a\$10\$/, 'a real secret keeps its hash');
  assert.equal(report.toJSON().entities['oauth clients'].adjusted['made public: ManagementPortal stored the hash of an empty secret'], 4);
  assert.match(report.format(), /oauth clients: 4 made public: ManagementPortal stored the hash of an empty secret/);
});

t('every public client refreshes a token ManagementPortal issued with its id and no secret', async () => {
  for (const id of PUBLIC_CLIENTS) {
    const res = await appRefresh(server, id, mpRefreshToken(mpKey, id, 'sub-2'));
    assert.is(res.status, 200, `${id}: ${res.text}`);
    const again = await appRefresh(server, id, res.body.refresh_token);
    assert.is(again.status, 200, `${id}, the rotated token: ${again.text}`);
    // Some apps send HTTP Basic with the id and an empty secret instead.
    const basicEmpty = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: again.body.refresh_token }, [id, '']);
    assert.is(basicEmpty.status, 200, `${id} with Basic "${id}:": ${basicEmpty.text}`);
    again.body.refresh_token = basicEmpty.body.refresh_token;
    const withSecret = await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: again.body.refresh_token, client_id: id, client_secret: 'guess' });
    assert.is(withSecret.status, 401, `${id}: a public client has no secret to present`);
  }
});

t('a pairing link of a public client gives the app a refresh token that it refreshes with no secret', async () => {
  const meta = await server.request('GET', '/api/meta-token/pairPRMT1');
  assert.is(meta.status, 200, meta.text);
  const res = await appRefresh(server, 'pRMT', meta.body.refreshToken);
  assert.is(res.status, 200, res.text);
  assert.is(res.body.sub, 'sub-1');
});

t('a confidential client still needs its secret', async () => {
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials' }, ['radar_gateway', 'gateway-secret'])).status, 200);
  assert.is((await tokenRequest(server, { grant_type: 'client_credentials', client_id: 'radar_gateway' })).status, 401);
});

t('clients an earlier run imported with the hash are mended by a repeat import and at the next start', async () => {
  // As the import before this fix left them: the hash of the empty secret kept as the client's secret.
  await q(`UPDATE oauth_client SET client_secret_hash = $1 WHERE client_id IN ('pRMT', 'aRMT')`, [EMPTY_SECRET_HASH]);
  assert.is((await appRefresh(server, 'pRMT', mpRefreshToken(mpKey, 'pRMT', 'sub-2'))).status, 401, 'the fault: the app cannot refresh');
  const again = await importFromMp(mp.db, server.app.db);
  assert.ok(again.written, again.format());
  assert.is(again.toJSON().entities['oauth clients'].updated, 2);
  assert.is(await secretOf('pRMT'), null);
  assert.is(await secretOf('aRMT'), null);

  // No import at hand (ManagementPortal's database is gone): the start mends them.
  await q(`UPDATE oauth_client SET client_secret_hash = $1 WHERE client_id = 'pRMT'`, [EMPTY_SECRET_HASH]);
  const gatewayHash = springBcrypt('gateway-secret'); // as imported, before its first use upgraded it
  await q(`UPDATE oauth_client SET client_secret_hash = $1 WHERE client_id = 'radar_gateway'`, [gatewayHash]);
  const mended = await mendImportedEmptySecrets(server.app.db);
  assert.equal(mended, ['pRMT']);
  assert.is(await secretOf('pRMT'), null);
  assert.is(await secretOf('radar_gateway'), gatewayHash, 'a real secret is left alone');
  assert.is((await appRefresh(server, 'pRMT', mpRefreshToken(mpKey, 'pRMT', 'sub-2'))).status, 200);
});

t('passwords MP accepted sign in: longer than 72 bytes, and every bcrypt version Spring reads; then they are scrypt', async () => {
  await addClient(server, { clientId: 'staff-app', secret: 'staff-app-secret' });
  const signIn = (login: string, password: string) =>
    tokenRequest(server, { grant_type: 'password', username: login, password }, ['staff-app', 'staff-app-secret']);
  for (const [login, password] of [['long-pw', LONG_PASSWORD], ['pw-2a', 'Version-2a-pw'], ['pw-2b', 'Version-2b-pw'], ['pw-2y', 'Version-2y-pw']]) {
    const res = await signIn(login, password);
    assert.is(res.status, 200, `${login}: ${res.text}`);
    const [{ password_hash }] = await q<{ password_hash: string }>('SELECT password_hash FROM radar_user WHERE login = $1', [login]);
    assert.match(password_hash, /^scrypt\$/, login);
    assert.is((await signIn(login, password)).status, 200, `${login} with the upgraded hash`);
    assert.is((await signIn(login, `${password}x`.slice(1))).status, 400, `${login}: a wrong password`);
  }
});

t('a validity of 0 or less (tokens without expiry in MP) or none gives the default lifetimes, never an expired token', async () => {
  const validities = await q(`SELECT client_id, access_token_validity AS a, refresh_token_validity AS r FROM oauth_client
      WHERE client_id IN ('THINC-IT', 'radar_dashboard', 'radar_gateway') ORDER BY client_id`);
  assert.equal(validities, [
    { client_id: 'THINC-IT', a: null, r: null },
    { client_id: 'radar_dashboard', a: null, r: null },
    { client_id: 'radar_gateway', a: null, r: null },
  ]);
  assert.is(report.toJSON().entities['oauth clients'].adjusted['token validity of 0 or less (no expiry in ManagementPortal) read as the default'], 2);
  const res = await appRefresh(server, 'THINC-IT', mpRefreshToken(mpKey, 'THINC-IT', 'sub-3'));
  assert.is(res.status, 200, res.text);
  assert.ok(res.body.expires_in > 43000, `expires in ${res.body.expires_in} s`);
  const claims = JSON.parse(Buffer.from(res.body.refresh_token.split('.')[1], 'base64url').toString());
  assert.ok(claims.exp - claims.iat >= 2592000 - 5, 'the refresh token lives the default 30 days');
  const gateway = await tokenRequest(server, { grant_type: 'client_credentials' }, ['radar_gateway', 'gateway-secret']);
  assert.ok(gateway.body.expires_in > 43000, 'NULL: the default');
});

t('additional_information that is not a JSON object is ignored, as MP ignores it; the client still arrives', async () => {
  const rows = await q(`SELECT client_id, additional_information AS info FROM oauth_client WHERE client_id IN ('radar_dashboard', 'radar_gateway', 'pRMT') ORDER BY client_id`);
  assert.equal(rows, [
    { client_id: 'pRMT', info: { dynamic_registration: true } },
    { client_id: 'radar_dashboard', info: {} },
    { client_id: 'radar_gateway', info: {} },
  ]);
});

t.run();
