// SIGNING_KEY_FILE after a switch from ManagementPortal: its refresh tokens are exchanged once and rotated, its
// access tokens verify, token_key and jwks publish its public key, and new tokens are signed with it; EC P-256
// (ES256, ManagementPortal's default) and RSA (RS256), PKCS#8 and traditional PEM.
import { createPublicKey, createSign, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createUser } from '../setup/auth';
import { verifyJwt } from '../../src/server/auth/jwt';
import { loadConfig } from '../../src/server/config';
import { importFromMp } from '../../src/server/import-mp/import-run';
import { addClient, testRouter, tokenRequest } from './oauth-fixtures';
import { addTestRows, createMpDatabase, type MpSource } from './import-mp-source';

const dir = mkdtempSync(join(tmpdir(), 'mp-signing-'));
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const EC_FILE = join(dir, 'ec.pem');
const RSA_FILE = join(dir, 'rsa.pem');
writeFileSync(EC_FILE, ec.privateKey.export({ type: 'sec1', format: 'pem' })); // "BEGIN EC PRIVATE KEY", as openssl ec writes it
writeFileSync(RSA_FILE, rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }));

/** A token as ManagementPortal signs it: its claims, and a header without a kid. */
function mpToken(key: KeyObject, claims: Record<string, unknown>): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    aud: ['res_ManagementPortal'], sub: 'sub-1', user_name: 'sub-1', scope: ['SUBJECT.READ', 'SUBJECT.UPDATE', 'PROJECT.READ'],
    iss: 'ManagementPortal', iat: now - 60, exp: now + 3600, jti: randomUUID(), client_id: 'aRMT', grant_type: 'authorization_code',
    authorities: ['ROLE_PARTICIPANT'], roles: ['radar:ROLE_PARTICIPANT'], sources: [], ...claims,
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${b64({ alg: key.asymmetricKeyType === 'rsa' ? 'RS256' : 'ES256', typ: 'JWT' })}.${b64(payload)}`;
  const signer = createSign('SHA256');
  signer.update(signingInput);
  const signature = key.asymmetricKeyType === 'rsa' ? signer.sign(key) : signer.sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

const claimsOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
const headerOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString());
const refresh = (server: TestServer, token: string, clientId = 'aRMT') =>
  tokenRequest(server, { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });

const e = suite('signing key file: EC P-256 (ES256) after an import');
let server: TestServer;
let mp: MpSource;
e.before(async () => {
  mp = await createMpDatabase();
  await addTestRows(mp.db);
  server = await startTestServer({ SIGNING_KEY_FILE: EC_FILE }, { router: testRouter() });
  const report = await importFromMp(mp.db, server.app.db);
  assert.ok(report.written, report.format());
});
e.after(async () => {
  await server?.close();
  await mp?.drop();
});

e('a refresh token ManagementPortal issued is exchanged once, rotated, and a replay revokes the new chain', async () => {
  const old = mpToken(ec.privateKey, { ati: randomUUID() });
  const res = await refresh(server, old);
  assert.is(res.status, 200, res.text);
  assert.is(res.body.sub, 'sub-1');
  assert.ok(res.body.scope.split(' ').includes('SUBJECT.READ'));
  const rotated = res.body.refresh_token as string;
  assert.is.not(rotated, old);
  assert.ok(verifyJwt(rotated, () => [ec.publicKey]).ok, 'the new refresh token is signed with the imported key');
  const replay = await refresh(server, old);
  assert.is(replay.status, 400);
  assert.is(replay.body.error, 'invalid_grant');
  const afterReplay = await refresh(server, rotated);
  assert.is(afterReplay.status, 400, 'the replay revoked the chain it started');
});

e('a rotated ManagementPortal refresh token keeps working like our own', async () => {
  const first = await refresh(server, mpToken(ec.privateKey, { ati: randomUUID() }));
  assert.is(first.status, 200, first.text);
  const second = await refresh(server, first.body.refresh_token);
  assert.is(second.status, 200, second.text);
});

e('another client, an expired token, an unknown user or another key are refused', async () => {
  assert.is((await refresh(server, mpToken(ec.privateKey, { client_id: 'radar_redcap_integrator' }))).status, 400);
  const now = Math.floor(Date.now() / 1000);
  assert.is((await refresh(server, mpToken(ec.privateKey, { iat: now - 7200, exp: now - 10 }))).status, 400);
  assert.is((await refresh(server, mpToken(ec.privateKey, { user_name: 'nobody', sub: 'nobody' }))).status, 400);
  const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  assert.is((await refresh(server, mpToken(stranger, {}))).status, 400);
});

e('a password changed in the portal ends the refresh tokens ManagementPortal issued before', async () => {
  const token = mpToken(ec.privateKey, { user_name: 'sub-2', sub: 'sub-2', ati: randomUUID(), roles: ['pilot:ROLE_PARTICIPANT'] });
  await server.app.db.query(`UPDATE radar_user SET credentials_changed_at = now() WHERE login = 'sub-2'`);
  assert.is((await refresh(server, token)).status, 400);
  const later = mpToken(ec.privateKey, { user_name: 'sub-2', sub: 'sub-2', ati: randomUUID(), iat: Math.floor(Date.now() / 1000) + 2 });
  assert.is((await refresh(server, later)).status, 200);
});

e('an access token ManagementPortal issued verifies', async () => {
  const res = await server.request('GET', '/api/test/whoami', { headers: { authorization: `Bearer ${mpToken(ec.privateKey, {})}` } });
  assert.is(res.status, 200, res.text);
  assert.is(res.body.login, 'sub-1');
});

e('token_key and jwks publish the imported public key first; new tokens are ES256 with its kid', async () => {
  const der = createPublicKey(ec.privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  const tokenKey = await server.request('GET', '/oauth/token_key');
  assert.equal(tokenKey.body.keys[0], { alg: 'ES256', kty: 'EC', value: `-----BEGIN EC PUBLIC KEY-----\n${der}\n-----END EC PUBLIC KEY-----`, x5c: [], x5t: null });
  const jwks = await server.request('GET', '/oauth/jwks');
  const jwk = ec.publicKey.export({ format: 'jwk' });
  assert.equal({ x: jwks.body.keys[0].x, y: jwks.body.keys[0].y, alg: jwks.body.keys[0].alg }, { x: jwk.x, y: jwk.y, alg: 'ES256' });
  const issued = await tokenRequest(server, { grant_type: 'client_credentials' }, ['radar_redcap_integrator', 'redcap-secret']);
  assert.is(issued.status, 200, issued.text);
  assert.equal(headerOf(issued.body.access_token), { alg: 'ES256', typ: 'JWT', kid: jwks.body.keys[0].kid });
  assert.ok(verifyJwt(issued.body.access_token, () => [ec.publicKey]).ok);
  assert.is(claimsOf(issued.body.access_token).client_id, 'radar_redcap_integrator');
});

const r = suite('signing key file: RSA (RS256)');
let rsaServer: TestServer;
r.before(async () => {
  rsaServer = await startTestServer({ SIGNING_KEY_FILE: RSA_FILE }, { router: testRouter() });
  await createUser(rsaServer, 'pam', [], { password: 'Pam-Password-1' });
  await addClient(rsaServer, { clientId: 'aRMT', secret: null });
  await addClient(rsaServer, { clientId: 'app', secret: 'app-secret' });
});
r.after(async () => {
  await rsaServer?.close();
  await dropTemplates();
  rmSync(dir, { recursive: true, force: true });
});

r('tokens are RS256, published as RSA keys, and an RS256 ManagementPortal refresh token is exchanged', async () => {
  const issued = await tokenRequest(rsaServer, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, ['app', 'app-secret']);
  assert.is(issued.status, 200, issued.text);
  assert.is(headerOf(issued.body.access_token).alg, 'RS256');
  assert.ok(verifyJwt(issued.body.access_token, () => [rsa.publicKey]).ok);
  const me = await rsaServer.request('GET', '/api/test/whoami', { headers: { authorization: `Bearer ${issued.body.access_token}` } });
  assert.is(me.status, 200);
  const tokenKey = await rsaServer.request('GET', '/oauth/token_key');
  assert.is(tokenKey.body.keys[0].kty, 'RSA');
  assert.is(tokenKey.body.keys[0].alg, 'RS256');
  assert.match(tokenKey.body.keys[0].value, /^-----BEGIN PUBLIC KEY-----\n/);
  const jwks = await rsaServer.request('GET', '/oauth/jwks');
  assert.equal({ kty: jwks.body.keys[0].kty, alg: jwks.body.keys[0].alg, n: jwks.body.keys[0].n }, { kty: 'RSA', alg: 'RS256', n: rsa.publicKey.export({ format: 'jwk' }).n });
  const res = await refresh(rsaServer, mpToken(rsa.privateKey, { user_name: 'pam', sub: 'pam', ati: randomUUID(), authorities: [], roles: [] }));
  assert.is(res.status, 200, res.text);
  assert.is(headerOf(res.body.refresh_token).alg, 'RS256');
});

r('a SIGNING_KEY_FILE that is missing, not a key, or of another curve stops the start with a message', () => {
  const p256k = join(dir, 'k1.pem');
  writeFileSync(p256k, generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  const junk = join(dir, 'junk.pem');
  writeFileSync(junk, 'not a key');
  for (const [file, message] of [[join(dir, 'missing.pem'), /cannot read/], [junk, /no unencrypted PEM private key/], [p256k, /only P-256/]] as const) {
    assert.throws(() => loadConfig({ SIGNING_KEY_FILE: file }), (error: Error) => /SIGNING_KEY_FILE/.test(error.message) && message.test(error.message));
  }
});

e.run();
r.run();
