// The public keys: oauth/token_key in ManagementPortal's form and oauth/jwks as a JWK Set, each able to verify a
// token the server minted, without any of the server's own code.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import { startTestServer, type TestServer } from '../setup/server';
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

t('token_key publishes the PEM public key in the legacy shape, publicly', async () => {
  const res = await server.request('GET', '/oauth/token_key');
  assert.is(res.status, 200);
  assert.is(res.body.keys.length, 1);
  const [key] = res.body.keys;
  assert.equal(Object.keys(key).sort(), ['alg', 'kty', 'value', 'x5c', 'x5t']);
  assert.is(key.alg, 'ES256');
  assert.is(key.kty, 'EC');
  assert.equal(key.x5c, []);
  assert.is(key.x5t, null);
  assert.match(key.value, /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----$/);
  const token = await bearerFor(server, 'admin');
  assert.ok(verifies(token, createPublicKey(key.value)));
  const tampered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
  assert.not.ok(verifies(tampered, createPublicKey(key.value)));
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
  const pem = (await server.request('GET', '/oauth/token_key')).body.keys[0].value;
  const jwk = (await server.request('GET', '/oauth/jwks')).body.keys[0];
  const fromJwk = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
  assert.is(fromJwk.export({ type: 'spki', format: 'pem' }).toString().trim(), pem);
});

t.run();
