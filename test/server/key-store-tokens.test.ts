// The portal with ManagementPortal's key store (KEY_STORE_FILE, test/fixtures/mp-3.0): the signing alias signs new
// tokens; oauth/token_key and oauth/jwks publish the signing and checking keys with their certificates (x5c, x5t);
// tokens ManagementPortal signed with the EC key, or with the `selfsigned` RSA checking key, are accepted, and so
// are its refresh tokens, once, by the refresh grant.
import { createHash, createPublicKey, createSign, createVerify, randomUUID, X509Certificate, type KeyObject } from 'node:crypto';
import { resolve } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestServer, type TestServer } from '../setup/server';
import { dropTemplates } from '../setup/database';
import { createUser } from '../setup/auth';
import { readKeyStore } from '../../src/server/auth/key-store';
import { addClient, testRouter, tokenRequest } from './oauth-fixtures';

const STORE = resolve('test/fixtures/mp-3.0/keystore.p12');
const LEGACY_STORE = resolve('test/fixtures/mp-3.0/keystore-legacy.p12');
const EC_ALIAS = 'radarbase-managementportal-ec';
const privateKeys = (file: string) => Object.fromEntries(readKeyStore(file, 'radarbase').map((e) => [e.alias, e.privateKey]));
const store = privateKeys(STORE);

/** A token as ManagementPortal signs it: its claims, and a header without a kid. */
function mpToken(key: KeyObject, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    aud: ['res_ManagementPortal'], sub: 'pam', user_name: 'pam', scope: ['SUBJECT.READ', 'PROJECT.READ'],
    iss: 'ManagementPortal', iat: now - 60, exp: now + 3600, jti: randomUUID(), client_id: 'aRMT', grant_type: 'password',
    authorities: [], roles: [], sources: [], ...claims,
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${b64({ alg: key.asymmetricKeyType === 'rsa' ? 'RS256' : 'ES256', typ: 'JWT' })}.${b64(payload)}`;
  const signer = createSign('SHA256');
  signer.update(signingInput);
  const signature = key.asymmetricKeyType === 'rsa' ? signer.sign(key) : signer.sign({ key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** Verifies a JWS with a public key, independently of the portal's code. */
function verifies(token: string, key: KeyObject): boolean {
  const [header, payload, signature] = token.split('.');
  const verifier = createVerify('SHA256');
  verifier.update(`${header}.${payload}`);
  const bytes = Buffer.from(signature, 'base64url');
  return key.asymmetricKeyType === 'ec' ? verifier.verify({ key, dsaEncoding: 'ieee-p1363' }, bytes) : verifier.verify(key, bytes);
}

/** A token_key `value` read as radar-auth reads it: header and footer cut, base64 DER SubjectPublicKeyInfo. */
const valueKey = (value: string) =>
  createPublicKey({ key: Buffer.from(value.replace(/-----(BEGIN|END) ([A-Z]+ )?PUBLIC KEY-----/g, '').trim(), 'base64'), format: 'der', type: 'spki' });

const headerOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString());
const whoami = (server: TestServer, token: string) => server.request('GET', '/api/test/whoami', { headers: { authorization: `Bearer ${token}` } });
const refresh = (server: TestServer, token: string) => tokenRequest(server, { grant_type: 'refresh_token', refresh_token: token, client_id: 'aRMT' });

async function prepare(server: TestServer) {
  await createUser(server, 'pam', [], { password: 'Pam-Password-1' });
  await addClient(server, { clientId: 'aRMT', secret: null });
  await addClient(server, { clientId: 'app', secret: 'app-secret' });
}

const t = suite('key store: MP 3.0 keystore.p12 signs and verifies');
let server: TestServer;
t.before(async () => {
  server = await startTestServer({ KEY_STORE_FILE: STORE }, { router: testRouter() });
  await prepare(server);
});
t.after(async () => {
  await server?.close();
});

t('token_key publishes the signing key first, then the checking key, each with its certificate chain and thumbprint', async () => {
  const res = await server.request('GET', '/oauth/token_key');
  assert.is(res.status, 200);
  const [ec, rsa, ...others] = res.body.keys;
  assert.is(others.length, 0, 'the key store\'s keys only: no key was generated');
  assert.equal(Object.keys(ec), ['alg', 'kty', 'value', 'x5c', 'x5t']);
  assert.equal([ec.alg, ec.kty, rsa.alg, rsa.kty], ['ES256', 'EC', 'RS256', 'RSA']);
  assert.match(ec.value, /^-----BEGIN EC PUBLIC KEY-----\n[A-Za-z0-9+/=]+\n-----END EC PUBLIC KEY-----$/);
  assert.match(rsa.value, /^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=]+\n-----END PUBLIC KEY-----$/);
  for (const [key, alias] of [[ec, EC_ALIAS], [rsa, 'selfsigned']] as const) {
    assert.is(key.x5c.length, 1);
    const der = Buffer.from(key.x5c[0], 'base64');
    assert.is(key.x5c[0], der.toString('base64'), 'standard base64, as RFC 7517 has x5c');
    const certificate = new X509Certificate(der);
    assert.ok(certificate.publicKey.equals(valueKey(key.value)), 'the certificate is for the published key');
    assert.ok(certificate.publicKey.equals(createPublicKey(store[alias])), `the certificate of ${alias}`);
    assert.is(key.x5t, createHash('sha1').update(der).digest('base64url'));
  }
});

t('jwks publishes the same keys with their kids, x5c and x5t; the portal\'s tokens are ES256 under the signing key\'s kid', async () => {
  const tokenKeys = (await server.request('GET', '/oauth/token_key')).body.keys;
  const res = await server.request('GET', '/oauth/jwks');
  assert.is(res.status, 200);
  const [ec, rsa] = res.body.keys;
  assert.equal([ec.kty, ec.crv, ec.alg, ec.use, rsa.kty, rsa.alg], ['EC', 'P-256', 'ES256', 'sig', 'RSA', 'RS256']);
  assert.equal([ec.x5c, ec.x5t, rsa.x5c, rsa.x5t], [tokenKeys[0].x5c, tokenKeys[0].x5t, tokenKeys[1].x5c, tokenKeys[1].x5t]);
  const issued = await tokenRequest(server, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, ['app', 'app-secret']);
  assert.is(issued.status, 200, issued.text);
  const token: string = issued.body.access_token;
  assert.equal(headerOf(token), { alg: 'ES256', typ: 'JWT', kid: ec.kid });
  assert.ok(verifies(token, valueKey(tokenKeys[0].value)), 'verifies with token_key\'s value, as radar-auth reads it');
  assert.ok(verifies(token, new X509Certificate(Buffer.from(ec.x5c[0], 'base64')).publicKey), 'and with the x5c certificate');
  assert.ok(verifies(token, createPublicKey({ key: { kty: ec.kty, crv: ec.crv, x: ec.x, y: ec.y }, format: 'jwk' })), 'and with the JWK');
  assert.not.ok(verifies(token, valueKey(tokenKeys[1].value)));
  assert.ok(verifies(issued.body.refresh_token, valueKey(tokenKeys[0].value)), 'refresh tokens too');
  assert.is((await whoami(server, token)).status, 200);
});

t('access tokens ManagementPortal signed, with the EC signing key or the RSA checking key, are accepted', async () => {
  const byEc = await whoami(server, mpToken(store[EC_ALIAS]));
  assert.is(byEc.status, 200, byEc.text);
  assert.is(byEc.body.login, 'pam');
  const byRsa = await whoami(server, mpToken(store.selfsigned));
  assert.is(byRsa.status, 200, byRsa.text);
  assert.is(byRsa.body.login, 'pam');
  const legacy = privateKeys(LEGACY_STORE); // another store's keys: not this portal's
  assert.is((await whoami(server, mpToken(legacy[EC_ALIAS]))).status, 401);
  assert.is((await whoami(server, mpToken(legacy.selfsigned))).status, 401);
});

t('a refresh token ManagementPortal signed with the EC key is exchanged once and rotated; a replay is refused', async () => {
  const old = mpToken(store[EC_ALIAS], { ati: randomUUID(), exp: Math.floor(Date.now() / 1000) + 86400 });
  const res = await refresh(server, old);
  assert.is(res.status, 200, res.text);
  assert.is(res.body.sub, 'pam');
  const rotated: string = res.body.refresh_token;
  assert.is.not(rotated, old);
  assert.is(headerOf(rotated).alg, 'ES256');
  assert.ok(verifies(rotated, createPublicKey(store[EC_ALIAS])), 'the new one is signed by the signing alias');
  const replay = await refresh(server, old);
  assert.is(replay.status, 400);
  assert.is(replay.body.error, 'invalid_grant');
  assert.is((await refresh(server, rotated)).status, 400, 'the replay revoked the chain it started');
});

t('a refresh token ManagementPortal signed with the RSA checking key is accepted as ManagementPortal accepted it', async () => {
  const res = await refresh(server, mpToken(store.selfsigned, { ati: randomUUID() }));
  assert.is(res.status, 200, res.text);
  assert.is(headerOf(res.body.refresh_token).alg, 'ES256', 'and rotated into one signed by the signing alias');
  const legacy = privateKeys(LEGACY_STORE);
  assert.is((await refresh(server, mpToken(legacy[EC_ALIAS], { ati: randomUUID() }))).status, 400, 'another store\'s key is not');
});

t.run();

const l = suite('key store: JDK 8 encoding, RSA signing alias, one checking alias');
let legacyServer: TestServer;
const legacy = privateKeys(LEGACY_STORE);
l.before(async () => {
  legacyServer = await startTestServer(
    { KEY_STORE_FILE: LEGACY_STORE, SIGNING_KEY_ALIAS: 'selfsigned', CHECKING_KEY_ALIASES: 'selfsigned' },
    { router: testRouter() },
  );
  await prepare(legacyServer);
});
l.after(async () => {
  await legacyServer?.close();
  await dropTemplates();
});

l('the RSA alias signs RS256; only the aliases named verify and are published', async () => {
  const tokenKeys = (await legacyServer.request('GET', '/oauth/token_key')).body.keys;
  assert.is(tokenKeys.length, 1);
  assert.equal([tokenKeys[0].alg, tokenKeys[0].kty], ['RS256', 'RSA']);
  assert.ok(valueKey(tokenKeys[0].value).equals(createPublicKey(legacy.selfsigned)));
  const issued = await tokenRequest(legacyServer, { grant_type: 'password', username: 'pam', password: 'Pam-Password-1' }, ['app', 'app-secret']);
  assert.is(issued.status, 200, issued.text);
  assert.is(headerOf(issued.body.access_token).alg, 'RS256');
  assert.ok(verifies(issued.body.access_token, valueKey(tokenKeys[0].value)));
  assert.is((await whoami(legacyServer, mpToken(legacy.selfsigned))).status, 200);
  assert.is((await whoami(legacyServer, mpToken(legacy[EC_ALIAS]))).status, 401, 'the EC alias was left out of CHECKING_KEY_ALIASES');
});

l.run();
