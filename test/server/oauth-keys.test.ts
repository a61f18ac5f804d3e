// The public keys: oauth/token_key in ManagementPortal's form (read here as radar-auth reads it: docs/oauth.md) and
// oauth/jwks as a JWK Set, each able to verify a token the server minted, without any of the server's own code.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { tokenKeyOf } from '../../src/server/oauth/key-sets';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../setup/server';
import { addClient, tokenRequest } from './oauth-fixtures';
import { dropTemplates } from '../setup/database';
import { bearerFor } from '../setup/auth';

let server: TestServer;
const t = suite('oauth keys');
t.before(async () => {
  server = await startTestServer();
});
t.after(async () => {
  await server?.close();
  await dropTemplates();
});

function verifies(token: string, key: KeyObject): boolean {
  const [header, payload, signature] = token.split('.');
  const verifier = createVerify('SHA256');
  verifier.update(`${header}.${payload}`);
  return verifier.verify({ key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
}

/**
 * Reads a token_key `value` the way radar-auth (the library the platform's services verify tokens with) does: the
 * parser is chosen by the header the value starts with, EC first; the header and footer lines are cut out, the
 * rest is trimmed and base64-decoded, and loaded as an X.509 SubjectPublicKeyInfo for the algorithm the header
 * names. It fails where radar-auth fails: a key of another type than its header names does not load.
 */
const PARSERS = [
  { header: '-----BEGIN EC PUBLIC KEY-----', type: 'ec' },
  { header: '-----BEGIN PUBLIC KEY-----', type: 'rsa' },
] as const;
function radarAuthKey(value: string): KeyObject {
  const parser = PARSERS.find((p) => value.startsWith(p.header));
  if (!parser) throw new Error(`Unsupported public key: ${value}`);
  const body = value.replace(/-----BEGIN ([A-Z]+ )?PUBLIC KEY-----/g, '').replace(/-----END ([A-Z]+ )?PUBLIC KEY-----/g, '').trim();
  assert.match(body, /^[A-Za-z0-9+/]+={0,2}$/, 'plain base64 in one piece, as a strict decoder wants it');
  const key = createPublicKey({ key: Buffer.from(body, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== parser.type) throw new Error(`Cannot parse public key with key factory type ${parser.type}`);
  return key;
}

t('token_key publishes the EC key under the header radar-auth reads as EC, in ManagementPortal\'s shape, publicly', async () => {
  const res = await server.request('GET', '/oauth/token_key');
  assert.is(res.status, 200);
  assert.is(res.headers.get('cache-control'), 'public, max-age=300');
  assert.equal(Object.keys(res.body), ['keys']);
  assert.is(res.body.keys.length, 1);
  const [key] = res.body.keys;
  assert.equal(Object.keys(key), ['alg', 'kty', 'value', 'x5c', 'x5t'], 'member for member as ManagementPortal 3.0 sends them');
  assert.equal(key.x5c, [], 'no certificate: an empty chain');
  assert.is(key.x5t, null, 'no certificate: no thumbprint');
  assert.is(key.alg, 'ES256');
  assert.is(key.kty, 'EC');
  const lines = key.value.split('\n');
  assert.is(lines.length, 3, 'header, one line of base64, footer; no final newline');
  assert.is(lines[0], '-----BEGIN EC PUBLIC KEY-----');
  assert.is(lines[2], '-----END EC PUBLIC KEY-----');
  const publicKey = radarAuthKey(key.value);
  assert.is(publicKey.asymmetricKeyType, 'ec');
  assert.is(publicKey.asymmetricKeyDetails?.namedCurve, 'prime256v1');
  assert.is(lines[1], publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), 'the DER SubjectPublicKeyInfo');

  // A real token, from the token endpoint, verifies with it; a tampered one does not.
  await addClient(server, { clientId: 'key-test-app' });
  const granted = await tokenRequest(server, { grant_type: 'password', username: 'admin', password: ADMIN_PASSWORD }, ['key-test-app', 'app-secret']);
  assert.is(granted.status, 200);
  const token: string = granted.body.access_token;
  assert.ok(verifies(token, publicKey));
  const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  assert.not.ok(verifies(tampered, publicKey));
});

t('the plain PUBLIC KEY header would make radar-auth read the EC key as RSA, and fail', async () => {
  const [key] = (await server.request('GET', '/oauth/token_key')).body.keys;
  const plain = key.value.replaceAll('EC PUBLIC KEY', 'PUBLIC KEY');
  assert.throws(() => radarAuthKey(plain), /key factory type rsa/);
});

t('an RSA key gets the plain header and RS256, as ManagementPortal publishes its RSA keys', () => {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const published = tokenKeyOf(publicKey)!;
  assert.is(published.alg, 'RS256');
  assert.is(published.kty, 'RSA');
  const lines = published.value.split('\n');
  assert.is(lines.length, 3);
  assert.is(lines[0], '-----BEGIN PUBLIC KEY-----');
  assert.is(lines[2], '-----END PUBLIC KEY-----');
  const parsed = radarAuthKey(published.value);
  assert.is(parsed.asymmetricKeyType, 'rsa');
  assert.ok(parsed.equals(publicKey));
  const ec = tokenKeyOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)!;
  assert.ok(ec.value.startsWith('-----BEGIN EC PUBLIC KEY-----\n'));
  assert.is(tokenKeyOf(generateKeyPairSync('ed25519').publicKey), undefined, 'no form for a key type radar-auth cannot read');
});

t('jwks publishes a standard EC JWK named by the kid tokens carry', async () => {
  const res = await server.request('GET', '/oauth/jwks');
  assert.is(res.status, 200);
  const [jwk] = res.body.keys;
  assert.is(jwk.kty, 'EC');
  assert.is(jwk.crv, 'P-256');
  assert.is(jwk.alg, 'ES256');
  assert.is(jwk.use, 'sig');
  assert.type(jwk.x, 'string');
  assert.type(jwk.y, 'string');
  const token = await bearerFor(server, 'admin');
  const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
  assert.is(header.kid, jwk.kid);
  assert.ok(verifies(token, createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' })));
});

t('both key sets are the same key', async () => {
  const published = (await server.request('GET', '/oauth/token_key')).body.keys[0].value;
  const jwk = (await server.request('GET', '/oauth/jwks')).body.keys[0];
  const fromJwk = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
  assert.ok(fromJwk.equals(radarAuthKey(published)));
});

t.run();
